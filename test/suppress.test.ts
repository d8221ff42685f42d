/**
 * Inline directives: each form in each comment syntax, unused and invalid
 * directives, `syntax` that cannot be suppressed, --no-inline-config, and
 * cross-file findings suppressed where they are reported.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding, RuleId } from '../src/core/diagnostic.js';
import { lint } from '../src/engine/lint.js';
import { applySuppressions, type SuppressionContext } from '../src/engine/suppress.js';
import type { FileKind } from '../src/frontends/detect.js';
import { findRule, rules } from '../src/rules/registry.js';
import { sourceFromText } from '../src/sources/source-file.js';

function context(files: Record<string, [FileKind, string]>): SuppressionContext {
  return {
    sources: new Map(Object.entries(files).map(([p, [, text]]) => [p, sourceFromText(p, text)])),
    kinds: new Map(Object.entries(files).map(([p, [kind]]) => [p, kind])),
    rule: (id) => {
      const r = findRule(id);
      return r ? { unsuppressible: r.meta.unsuppressible === true } : undefined;
    },
    ruleIds: rules.map((r) => r.meta.id),
  };
}

function at(file: string, line: number, ruleId: RuleId = 'optlocal-out-of-range', column = 1): Finding {
  return { ruleId, loc: { file, line, column, endLine: line, endColumn: column + 1 }, message: `${ruleId} at ${line}` };
}

/** What stays, as `line rule` strings (directive findings included). */
function kept(files: Record<string, [FileKind, string]>, findings: Finding[], inline = true): string[] {
  return applySuppressions(findings, context(files), inline)
    .findings.map((f) => `${f.loc.file}:${f.loc.line} ${f.ruleId}`)
    .sort();
}

/** One file per comment syntax, each with every directive form; findings on lines 2, 4, 6-8 and 10. */
const SYNTAXES: [string, FileKind, (directive: string) => string][] = [
  ['profile', 'profile', (d) => `; ${d}`],
  ['plugin-cfg.xml', 'plugin-cfg', (d) => `<!-- ${d.replace(' -- ', ' - ')} -->`],
  ['cluster.xml', 'cluster-xml', (d) => `<!-- ${d.replace(' -- ', ' - ')} -->`],
  ['lb.cfg', 'dscontrol', (d) => `# ${d}`],
  ['goActive', 'goscript', (d) => `# ${d}`],
  ['plexlint.yaml', 'manifest', (d) => `# ${d}`],
];

describe('each directive form in each comment syntax', () => {
  for (const [name, kind, c] of SYNTAXES) {
    it(name, () => {
      const text = [
        c('plexlint-disable-next-line optlocal-out-of-range -- lab values'), // 1
        'statement', // 2: suppressed
        'statement', // 3
        `statement ${c('plexlint-disable-line optlocal-out-of-range')}`, // 4: suppressed
        c('plexlint-disable optlocal-out-of-range, home-duplicate-address -- a range'), // 5
        'statement', // 6: suppressed (both rules)
        'statement', // 7
        c('plexlint-enable optlocal-out-of-range'), // 8: ends one of the two
        'statement', // 9: optlocal back, home-duplicate-address still off
        'statement', // 10
      ].join('\n');
      const findings = [at(name, 2), at(name, 3), at(name, 4), at(name, 6), at(name, 6, 'home-duplicate-address'), at(name, 9), at(name, 9, 'home-duplicate-address')];
      expect(kept({ [name]: [kind, text] }, findings)).toEqual([`${name}:3 optlocal-out-of-range`, `${name}:9 optlocal-out-of-range`]);
      const fileWide = `${c('plexlint-disable-file optlocal-out-of-range -- whole file')}\nstatement\nstatement`;
      expect(kept({ [name]: [kind, fileWide] }, [at(name, 2), at(name, 3), at(name, 3, 'home-duplicate-address')])).toEqual([`${name}:3 home-duplicate-address`]);
    });
  }

  it('a trailing directive in a profile covers its own line; sequence numbers in columns 73-80 are not rule ids', () => {
    const line = '   VIPADISTRIBUTE X ; plexlint-disable-line optlocal-out-of-range'.padEnd(72) + '00010000';
    expect(kept({ p: ['profile', `${line}\n`] }, [at('p', 1)])).toEqual([]);
  });

  it('next-line after an XML comment over several lines is the line after the comment ends', () => {
    const text = '<!--\n  plexlint-disable-next-line optlocal-out-of-range - the plug-in ignores it\n-->\n<Config/>';
    expect(kept({ x: ['plugin-cfg', text] }, [at('x', 4), at('x', 2)])).toEqual(['x:2 optlocal-out-of-range']);
  });

  it("'#' inside a word is not a comment in scripts and YAML", () => {
    const text = 'server add c1:80:a#plexlint-disable-line optlocal-out-of-range\n';
    expect(kept({ s: ['dscontrol', text] }, [at('s', 1)])).toEqual(['s:1 optlocal-out-of-range']);
  });

  it('directives are case-insensitive (ISPF CAPS ON)', () => {
    expect(kept({ p: ['profile', '; PLEXLINT-DISABLE-NEXT-LINE OPTLOCAL-OUT-OF-RANGE -- LAB\nX'] }, [at('p', 2)])).toEqual([]);
  });

  it('a file kind without comments (unknown) has no directives', () => {
    expect(kept({ u: ['unknown', '; plexlint-disable-file optlocal-out-of-range\nX'] }, [at('u', 2)])).toEqual(['u:2 optlocal-out-of-range']);
  });
});

describe('blanket directives', () => {
  it('without ids every suppressible rule is covered, and the directive is reported', () => {
    const text = '; plexlint-disable-next-line -- lab\nX\n; plexlint-disable\nX\n; plexlint-enable optlocal-out-of-range\nX';
    const findings = [at('p', 2), at('p', 2, 'home-duplicate-address'), at('p', 4), at('p', 6), at('p', 6, 'home-duplicate-address')];
    expect(kept({ p: ['profile', text] }, findings)).toEqual(['p:1 blanket-suppression', 'p:3 blanket-suppression', 'p:6 optlocal-out-of-range']);
  });
  it('a blanket enable ends every range', () => {
    const text = '; plexlint-disable optlocal-out-of-range\nX\n; plexlint-enable\nX';
    expect(kept({ p: ['profile', text] }, [at('p', 2), at('p', 4)])).toEqual(['p:4 optlocal-out-of-range']);
  });
});

describe('unused directives', () => {
  it('each unused id is reported at the id; a used one is not', () => {
    const text = '; plexlint-disable-next-line optlocal-out-of-range, home-duplicate-address -- x\nX';
    const r = applySuppressions([at('p', 2)], context({ p: ['profile', text] }));
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column])).toEqual([['unused-suppression', 1, 53]]);
    expect(r.findings[0]!.message).toContain("'home-duplicate-address' is disabled here, but it reports nothing on the next line");
  });
  it('unused range, file and blanket directives and an enable that ends nothing', () => {
    const text = '; plexlint-disable optlocal-out-of-range\nX\n; plexlint-enable optlocal-out-of-range\n; plexlint-enable home-duplicate-address\n; plexlint-disable-file home-duplicate-address\n; plexlint-disable-next-line\nX';
    expect(kept({ p: ['profile', text] }, [])).toEqual([
      'p:1 unused-suppression',
      'p:4 unused-suppression',
      'p:5 unused-suppression',
      'p:6 blanket-suppression',
      'p:6 unused-suppression',
    ]);
  });
  it('a directive for a rule that fired is used even when the configuration turns the rule off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-suppress-'));
    try {
      writeFileSync(
        join(dir, 'SYSA.tcpip'),
        [
          'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1',
          'VIPADYNAMIC',
          '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
          '   ; plexlint-disable-next-line optlocal-out-of-range -- lab',
          '   VIPADISTRIBUTE DEFINE DISTMETHOD BASEWLM OPTLOCAL 20 10.40.1.2 PORT 3000 DESTIP ALL',
          'ENDVIPADYNAMIC',
          '',
        ].join('\n'),
      );
      const on = lint([dir], { cwd: dir });
      const off = lint([dir], { cwd: dir, rules: { 'optlocal-out-of-range': 'off' } });
      expect(on.diagnostics).toEqual([]);
      expect(off.diagnostics).toEqual([]);
      expect(on.suppressed.map((d) => [d.ruleId, d.line, d.suppressions])).toEqual([['optlocal-out-of-range', 5, [{ kind: 'directive', justification: 'lab' }]]]);
      const none = lint([dir], { cwd: dir, inlineConfig: false });
      expect(none.diagnostics.map((d) => d.ruleId)).toEqual(['optlocal-out-of-range']);
      expect(none.directives).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rules that did not run', () => {
  it('a directive for a rule that did not run (a cross-stack rule, one profile checked alone) is not reported unused', () => {
    const ctx = { ...context({ p: ['profile', '; plexlint-disable-next-line distributor-no-backup, optlocal-out-of-range\nX\n; plexlint-disable-file\n'] }), ran: (id: string) => id !== 'distributor-no-backup' };
    const r = applySuppressions([], ctx);
    // Only the id of the rule that ran is unused; the blanket directive is reported, but not as unused.
    expect(r.findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.ruleId}`).sort()).toEqual(['1:53 unused-suppression', '3:3 blanket-suppression']);
  });
  it('end to end: a single profile with a directive for a cross-stack rule', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-suppress-'));
    try {
      const cross = rules.find((r) => r.meta.needs === 'sysplex')!.meta.id;
      writeFileSync(join(dir, 'SYSA.tcpip'), `IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1\n; plexlint-disable-file ${cross} -- reviewed\n`);
      expect(lint([dir], { cwd: dir }).diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('invalid directives', () => {
  function problems(text: string, kind: FileKind = 'profile'): string[] {
    return applySuppressions([], context({ p: [kind, text] })).findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.ruleId} ${f.message}`);
  }
  it('an unknown rule id, with did-you-mean', () => {
    const [p] = problems('; plexlint-disable-next-line optlocal-out-of-rang\nX');
    expect(p).toMatch(/^1:30 invalid-suppression 'optlocal-out-of-rang' is not a plexlint rule.*Did you mean optlocal-out-of-range\?/);
  });
  it('an unknown directive, with did-you-mean', () => {
    expect(problems('; plexlint-disable-nextline optlocal-out-of-range')[0]).toMatch(/^1:3 invalid-suppression 'plexlint-disable-nextline' is not a plexlint directive.*Did you mean plexlint-disable-next-line\?/);
  });
  it('syntax can never be suppressed, and directive findings cannot be suppressed inline', () => {
    expect(problems('; plexlint-disable-file syntax')[0]).toMatch(/^1:25 invalid-suppression 'syntax' findings can never be suppressed/);
    expect(problems('; plexlint-disable-file unused-suppression')[0]).toMatch(/cannot be suppressed inline; set rules: \{ unused-suppression: off \}/);
  });
  it("a directive whose every id is rejected does nothing (it does not become a blanket one)", () => {
    expect(kept({ p: ['profile', '; plexlint-disable-next-line nonsense-rule\nX'] }, [at('p', 2)])).toEqual(['p:1 invalid-suppression', 'p:2 optlocal-out-of-range']);
  });
  it('text that is not an id (a reason without --)', () => {
    expect(problems('; plexlint-disable-next-line optlocal-out-of-range because: lab\nX').some((p) => p.includes("'because:' is not a rule id"))).toBe(true);
  });
  it("'--' in an XML comment is reported, since XML forbids it", () => {
    const [p] = problems('<!-- plexlint-disable-next-line optlocal-out-of-range -- lab -->\n<Config/>', 'plugin-cfg');
    expect(p).toMatch(/^1:6 invalid-suppression XML does not allow '--' inside a comment/);
  });
});

describe('syntax findings and cross-file findings', () => {
  it('syntax findings are never suppressed, not even by a blanket directive', () => {
    const text = '; plexlint-disable-file\n; plexlint-disable-next-line syntax\nX';
    expect(kept({ p: ['profile', text] }, [at('p', 3, 'syntax')])).toEqual(['p:1 blanket-suppression', 'p:1 unused-suppression', 'p:2 invalid-suppression', 'p:3 syntax']);
  });
  it('a cross-file finding is suppressed in the file it is reported in, not in the related file', () => {
    const finding: Finding = { ...at('a', 2), related: [{ file: 'b', line: 2, column: 1, message: 'defined here' }] };
    const inB = { a: ['profile', 'X\nX'], b: ['profile', '; plexlint-disable-next-line optlocal-out-of-range\nX'] } as Record<string, [FileKind, string]>;
    expect(kept(inB, [finding])).toEqual(['a:2 optlocal-out-of-range', 'b:1 unused-suppression']);
    const inA = { a: ['profile', '; plexlint-disable-next-line optlocal-out-of-range\nX'], b: ['profile', 'X\nX'] } as Record<string, [FileKind, string]>;
    expect(kept(inA, [finding])).toEqual([]);
  });
  it('--no-inline-config: every directive is ignored, none is reported', () => {
    const text = '; plexlint-disable-next-line optlocal-out-of-range\nX\n; plexlint-disable-nextline x';
    expect(kept({ p: ['profile', text] }, [at('p', 2)], false)).toEqual(['p:2 optlocal-out-of-range']);
  });
});

describe('directives in numbers', () => {
  it('a finding under 40 identical file-wide directives lists the first 16 of them, and every one counts as used', () => {
    const text = `${'; plexlint-disable-file optlocal-out-of-range -- repeated\n'.repeat(40)}statement\n`;
    const r = applySuppressions([at('p', 41)], context({ p: ['profile', text] }));
    expect(r.findings).toEqual([]);
    expect(r.suppressed).toHaveLength(1);
    expect(r.suppressed[0]!.directives.map((d) => d.line)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(r.directives.every((d) => d.rules.every((x) => x.used))).toBe(true);
  });

  it('a disable/enable range in force is found among thousands of others, for the rule it names', () => {
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) lines.push('; plexlint-disable home-duplicate-address', 'statement', '; plexlint-enable home-duplicate-address');
    lines.push('; plexlint-disable optlocal-out-of-range', 'statement', '; plexlint-enable');
    const text = `${lines.join('\n')}\n`;
    // The last statement (line 6002) is in the optlocal range; line 5999 is in a home-duplicate-address one only.
    const r = applySuppressions([at('p', 6002), at('p', 5999)], context({ p: ['profile', text] }));
    expect(r.suppressed.map((x) => [x.finding.loc.line, x.directives.map((d) => d.line)])).toEqual([[6002, [6001]]]);
    expect(r.findings.filter((f) => f.ruleId === 'optlocal-out-of-range').map((f) => f.loc.line)).toEqual([5999]);
    // Nothing reports home-duplicate-address: each of its 2,000 disables is unused; the blanket enable ends the optlocal range.
    expect(r.findings.filter((f) => f.ruleId === 'unused-suppression')).toHaveLength(2000);
  });
});
