/**
 * Every finding the fixtures produce reads as the rule pages promise: whole sentences that end with a full stop
 * (or with the command the finding suggests), no bracket inside another bracket, and a suggested
 * `plexlint trace …` command that the command line accepts as written.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { runMain } from './support/main.js';
import { lintEstate } from './support/profile.js';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'fixtures');

/** The fixture units the fixture test lints one by one: each entry of fixtures/rules/<rule>/, the estates and the example. */
function units(): string[] {
  const out = [join(fixtures, 'example')];
  for (const id of readdirSync(join(fixtures, 'rules')).sort()) {
    for (const n of readdirSync(join(fixtures, 'rules', id)).sort()) if (!n.startsWith('.')) out.push(join(fixtures, 'rules', id, n));
  }
  for (const n of readdirSync(join(fixtures, 'estates')).sort()) out.push(join(fixtures, 'estates', n));
  return out;
}

interface Seen {
  unit: string;
  ruleId: string;
  message: string;
}

const seen: Seen[] = units().flatMap((unit) => lint([unit], { cwd: root }).diagnostics.map((d) => ({ unit, ruleId: d.ruleId, message: d.message })));

/** The deepest nesting of round brackets, not counting a function's empty "()" (bind()). */
function bracketDepth(message: string): number {
  let depth = 0;
  let max = 0;
  for (const c of message.replace(/\w\(\)/g, '')) {
    if (c === '(') max = Math.max(max, ++depth);
    if (c === ')') depth--;
  }
  return max;
}

const SUGGESTED_COMMAND = /See: (plexlint trace .*)$/;

afterEach(() => {
  process.exitCode = 0;
});

describe('finding messages on the fixtures', () => {
  it('were collected', () => {
    expect(seen.length).toBeGreaterThan(300);
  });

  it('end with a full stop, or with the command they suggest', () => {
    // A closing remark in brackets after the last sentence is fine: "Did you mean keyring? (names are case-sensitive)".
    const open = seen.filter((s) => !/[.?!]["”'`)]?$|[.?!] \([^()]*\)$/.test(s.message) && !SUGGESTED_COMMAND.test(s.message));
    expect(open.map((s) => `${s.ruleId}: …${s.message.slice(-80)}`)).toEqual([]);
  });

  it('never put a bracket inside another bracket', () => {
    const nested = seen.filter((s) => bracketDepth(s.message) > 1);
    expect(nested.map((s) => `${s.ruleId}: ${s.message.slice(0, 160)}`)).toEqual([]);
  });

  it("say plexlint's reading once per sentence, without a colon after a colon", () => {
    expect(seen.filter((s) => /: plexlint's reading:/.test(s.message)).map((s) => s.ruleId)).toEqual([]);
  });

  it('name a Route in the singular when there is one', () => {
    const empty = seen.filter((s) => s.ruleId === 'plugin-empty-virtual-host-group').map((s) => s.message);
    expect(empty.some((m) => m.includes('the Route that uses it routes nothing'))).toBe(true);
    expect(empty.filter((m) => /1 Route|Route that uses it route /.test(m))).toEqual([]);
  });

  it('suggest plexlint trace commands the command line accepts (one value per --down)', async () => {
    const commands = seen.flatMap((s) => {
      const m = SUGGESTED_COMMAND.exec(s.message);
      return m ? [{ unit: s.unit, ruleId: s.ruleId, words: m[1]!.split(' ').slice(1) }] : [];
    });
    expect(new Set(commands.map((c) => c.ruleId)).size).toBeGreaterThanOrEqual(2);
    for (const c of commands) {
      // The command names no estate: it is run on the estate of the finding.
      const [command, ...options] = c.words;
      const r = await runMain(command!, relative(process.cwd(), c.unit), ...options);
      expect({ rule: c.ruleId, command: c.words.join(' '), code: r.code, stderr: r.stderr }).toEqual({ rule: c.ruleId, command: c.words.join(' '), code: 0, stderr: '' });
    }
  });
});

describe('lists of names in messages', () => {
  it('read "a, b and c", and long ones end with how many more', async () => {
    const { listText } = await import('../src/rules/helpers.js');
    expect(listText(['edge1'])).toBe('edge1');
    expect(listText(['edge1', 'edge2'])).toBe('edge1 and edge2');
    expect(listText(['SYSA', 'SYSB', 'SYSC'])).toBe('SYSA, SYSB and SYSC');
    expect(listText(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d and 2 more');
  });

  it('of load balancers are never "a and b and c"', () => {
    const lb = (n: number) => [
      'dscontrol executor start',
      `dscontrol executor set nfa 10.20.1.5${n}`,
      'dscontrol cluster add 10.60.1.1',
      'dscontrol port add 10.60.1.1@80',
      'dscontrol server add 10.60.1.1@80@10.20.1.11',
      '',
    ].join('\n');
    const { diagnostics } = lintEstate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip }\nloadBalancers:\n  lb1: { config: lb1.cfg }\n  lb2: { config: lb2.cfg }\n  lb3: { config: lb3.cfg }\n',
      'SYSA.tcpip': 'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24\nSTART OSAQDIO1\n',
      'lb1.cfg': lb(1),
      'lb2.cfg': lb(2),
      'lb3.cfg': lb(3),
    });
    const d = diagnostics.find((x) => x.ruleId === 'dispatch-cluster-not-in-home');
    expect(d?.message).toContain('lb1, lb2 and lb3 forward connections for cluster 10.60.1.1');
  });
});
