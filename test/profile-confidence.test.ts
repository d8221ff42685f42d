/**
 * Confidence that matches knowledge (docs/statements.md): a word that starts a line after a complete statement is a
 * statement of its own (one unknown-statement finding, never an operand that gets the statement before it rejected),
 * and a keyword coded twice is one rule for every statement (repeated-keyword) — with a property test that repeats a
 * random keyword of a random valid statement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableConfidence } from '../grammar/profile/knowledge.js';
import type { Element, OptionSpec, StatementSpec } from '../grammar/profile/spec.js';
import { statementNamed } from '../grammar/profile/vocabulary.js';
import { NEWEST_RELEASE, type ZosRelease } from '../src/core/release.js';
import { fuzz } from './support/fuzz.js';
import { brief, lintProfile, lintProfileOn, profile, ranges } from './support/profile.js';

describe('a word that starts a line after a complete statement', () => {
  it('ARPAGE 20, a blank line, DATASETPREFIX TCPIP: one finding at the word, which says it belongs in TCPIP.DATA', () => {
    const d = lintProfile(profile('ARPAGE 20', '', 'DATASETPREFIX TCPIP', 'SOMAXCONN 10'));
    expect(ranges(d)).toEqual(['3:1-3:14 unknown-statement']);
    expect(d[0]!.severity).toBe('error');
    expect(d[0]!.message).toContain("'DATASETPREFIX' is a TCPIP.DATA statement");
    expect(d[0]!.message).toContain('skips it and its 1 operand');
    expect(d[0]!.message).toContain('after ARPAGE (line 1)');
  });

  it('a TCPIP.DATA statement ends a statement whose options go on over lines, even indented', () => {
    const d = lintProfile(profile('TCPCONFIG TCPSENDBFRSIZE 64K', '          RESTRICTLOWPORTS', '   TCPIPJOBNAME TCPIP', 'UDPCONFIG RESTRICTLOWPORTS'));
    expect(ranges(d)).toEqual(['3:4-3:16 unknown-statement']);
  });

  it('ends a HOME or PORT list, whose entries stay as they are', () => {
    const home = profile('DEVICE OSADEV1 MPCIPA', 'LINK OSALNK1 IPAQENET OSADEV1', 'HOME', '   10.20.1.11 OSALNK1', 'HOSTNAME MVS1', 'START OSADEV1');
    expect(brief(lintProfile(home))).toEqual(['5 unknown-statement']);
    const port = profile('PORT', '   20 TCP * NOAUTOLOG', '   21 TCP FTPD1', 'FTPSTUFF 1 2', 'SOMAXCONN 10');
    const d = lintProfile(port);
    expect(brief(d)).toEqual(['4 unknown-statement']);
    // A word plexlint does not know at all: its list of statements may be behind IBM's.
    expect(d[0]!.severity).toBe('warning');
  });

  it('a near miss of an operand of the statement above, on a line of its own: one finding, with the operand meant', () => {
    const text = profile('TCPCONFIG TCPSENDBFRSIZE 64K', '          TCPRCVBUFSIZE 64K', 'UDPCONFIG RESTRICTLOWPORTS');
    // TCPCONFIG's table is confirmed for z/OS 3.1: an error, and the fix respells the operand.
    const d = lintProfileOn('3.1', text);
    expect(ranges(d)).toEqual(['2:11-2:24 unknown-statement']);
    expect(d[0]!.severity).toBe('error');
    expect(d[0]!.message).toContain('is neither one of its operands nor a TCP/IP profile statement');
    expect(d[0]!.message).toContain('Did you mean TCPRCVBUFRSIZE?');
    expect(d[0]!.fix?.edits[0]?.text).toBe('TCPRCVBUFRSIZE');
    // On the assumed 3.2 the table is not confirmed: the word may be an operand IBM added, so a warning that says
    // so, as for a word on the statement's own line, and no fix that rewrites it.
    const [w] = lintProfile(text);
    expect(ranges([w!])).toEqual(['2:11-2:24 unknown-statement']);
    expect(w!.severity).toBe('warning');
    expect(w!.message).toContain('Did you mean TCPRCVBUFRSIZE?');
    expect(w!.message).toContain('so this is a warning, not a claim that the stack rejects the statement');
    expect(w!.fix).toBeUndefined();
  });

  it('a word of letters followed by a line that goes on with the statement\'s keywords is one of its operands, misspelt', () => {
    const d = lintProfile(profile('INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSAPRT1', '   SECROUTR', '   IPADDR 10.20.1.11/24', 'SOMAXCONN 10'));
    expect(ranges(d)).toEqual(['2:4-2:12 unknown-operand']);
    expect(d[0]!.message).toContain('Did you mean SECROUTER?');
  });

  it('indentation changes nothing (IBM: the entries are free format)', () => {
    const at = (indent: string) => lintProfile(profile('TCPCONFIG TCPSENDBFRSIZE 64K', `${indent}FOOBAR`, 'UDPCONFIG RESTRICTLOWPORTS')).map((d) => `${d.line} ${d.ruleId} ${d.message}`);
    expect(at('          ')).toEqual(at(''));
    expect(at('')).toHaveLength(1);
  });

  it('a word on the same line stays an operand of the statement', () => {
    expect(brief(lintProfile(profile('TCPCONFIG TCPSENDBFRSIZE 64K FOOBAR', 'UDPCONFIG RESTRICTLOWPORTS')))).toEqual(['1 unknown-operand']);
  });

  it('inside an END-type block every word up to its END keyword belongs to the block', () => {
    expect(lintProfile(profile('AUTOLOG 5', 'FTPD JOBNAME FTPD1', 'OMPROUTE', 'ENDAUTOLOG', 'SOMAXCONN 10'))).toEqual([]);
  });

  it('a word on the same line after the last operand is still a word the statement does not take', () => {
    // ARPAGE's table is not confirmed: the word is a warning that says so.
    const d = lintProfile(profile('ARPAGE 20 DATASETPREFIX', 'SOMAXCONN 10'));
    expect(brief(d)).toEqual(['1 unknown-operand']);
    expect(d[0]!.severity).toBe('warning');
  });

  it('an unknown word where a statement starts takes its operands, up to the next word of letters that starts a line', () => {
    const d = lintProfile(profile('DATASETPREFIX TCPIP', 'HOSTNAME MVS1', 'ZZFUTURE A B', '  10 20', 'SOMAXCONN 10'));
    expect(brief(d)).toEqual(['1 unknown-statement', '2 unknown-statement', '3 unknown-statement']);
    expect(d[2]!.message).toContain('skips it and its 4 operands');
    expect(d.map((x) => x.severity)).toEqual(['error', 'error', 'warning']);
  });
});

describe('a keyword coded twice', () => {
  // z/OS 2.4: plexlint's tables of IPCONFIG and VIPADEFINE (IBM's 2.4 pages) and TCPCONFIG (3.1) are confirmed for it.
  it('is one warning at the repeat, the statement read with the first one, on every statement the same way', () => {
    const d = lintProfileOn(
      '2.4',
      profile(
        'IPCONFIG DYNAMICXCF 10.30.1.1 255.255.255.0 1',
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
        '   VIPADEFINE MOVEABLE IMMEDIATE IMMEDIATE 255.255.255.0 10.40.1.2',
        '   VIPADEFINE TIER1 TIER1 255.255.255.0 10.40.1.3',
        '   VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 80 DESTIP ALL',
        'ENDVIPADYNAMIC',
      ),
    );
    expect(ranges(d)).toEqual(['3:24-3:32 repeated-keyword', '4:34-4:43 repeated-keyword', '5:21-5:26 repeated-keyword']);
    expect(d.every((x) => x.severity === 'warning')).toBe(true);
    // Same keyword, same values: the certain fix removes the second.
    expect(d.every((x) => x.fix?.description.startsWith('remove the second'))).toBe(true);
  });

  it('with another value: no fix, and plexlint reads the first value', () => {
    const d = lintProfileOn('3.1', profile('TCPCONFIG TCPSENDBFRSIZE 256K TCPSENDBFRSIZE 512K'));
    expect(ranges(d)).toEqual(['1:31-1:50 repeated-keyword']);
    expect(d[0]!.fix).toBeUndefined();
    expect(d[0]!.message).toContain('repeats over its parameters, so it allows this, but IBM does not document which value the stack keeps');
  });

  it('on a release the table is not confirmed for, a repeat is read with the first and not reported, and the statement\'s checks see it as read', () => {
    // VIPADEFINE's table is confirmed for z/OS 2.4, not for the newest release plexlint assumes: the second IMMEDIATE
    // is no claim that IMMEDIATE must follow MOVEABLE.
    const text = profile('VIPADYNAMIC', '   VIPADEFINE MOVEABLE IMMEDIATE IMMEDIATE 255.255.255.0 10.40.1.2', 'ENDVIPADYNAMIC');
    expect(lintProfile(text)).toEqual([]);
    expect(ranges(lintProfileOn('2.4', text))).toEqual(['2:34-2:43 repeated-keyword']);
  });

  it('sub-keywords IBM lists one after the other are no repeats', () => {
    expect(lintProfile(profile('GLOBALCONFIG SMCR PFID 0018 PORTNUM 1 PFID 0019 PORTNUM 2'))).toEqual([]);
  });

  /** The option keywords of a statement's own option lists (not sub-keywords, not values), with how many values each takes. */
  function optionNames(els: readonly Element[], out = new Map<string, number>()): Map<string, number> {
    for (const el of els) {
      if (el.type === 'options') for (const o of el.options as OptionSpec[]) if (!o.repeatable && !o.misplaced && !o.obsolete && !o.sub && !o.until) out.set(o.name, o.args.length);
      if (el.type === 'keyword' && el.then) optionNames(el.then, out);
      if (el.type === 'choice') for (const a of el.alternatives) optionNames(a.body, out);
      if (el.type === 'variant') for (const c of el.cases) optionNames(c.body, out);
    }
    return out;
  }

  /** Valid statements with keyword options, each on one line, and the statement whose options are repeated. */
  const DEFINE = 'VIPADYNAMIC VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1';
  const VALID: [text: string, statement: string][] = [
    ['TCPCONFIG TCPSENDBFRSIZE 256K TCPRCVBUFRSIZE 256K SENDGARBAGE FALSE RESTRICTLOWPORTS', 'TCPCONFIG'],
    ['UDPCONFIG RESTRICTLOWPORTS UDPCHKSUM UDPSENDBFRSIZE 65535', 'UDPCONFIG'],
    ['IPCONFIG SYSPLEXROUTING SOURCEVIPA DATAGRAMFWD TTL 64 DYNAMICXCF 10.30.1.1 255.255.255.0 1', 'IPCONFIG'],
    ['IPCONFIG6 DATAGRAMFWD HOPLIMIT 255 IGNOREREDIRECT', 'IPCONFIG6'],
    ['GLOBALCONFIG SYSPLEXWLMPOLL 30 SEGMENTATIONOFFLOAD TCPIPSTATISTICS ECSALIMIT 0K', 'GLOBALCONFIG'],
    ['SACONFIG ENABLED COMMUNITY public AGENT 161 SETSENABLED', 'SACONFIG'],
    ['INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSAPRT1 IPADDR 10.20.1.11/24 MTU 1492 VLANID 10 READSTORAGE GLOBAL', 'INTERFACE'],
    [`${DEFINE} ENDVIPADYNAMIC`, 'VIPADEFINE'],
    [`${DEFINE} VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM OPTLOCAL 1 SYSPLEXPORTS 10.40.1.1 PORT 8080 DESTIP ALL ENDVIPADYNAMIC`, 'VIPADISTRIBUTE'],
  ];

  it.each<ZosRelease>(['2.4', NEWEST_RELEASE])('property (z/OS %s): repeating a random option keyword (with its values) of a valid statement adds exactly one repeated-keyword warning where the table is confirmed, none elsewhere', (release) => {
    const cases = VALID.flatMap(([text, statement]) => {
      const words = text.split(' ');
      const spec = statementNamed(statement)!;
      const names = optionNames(spec.body);
      const keywords = new Set(keywordsIn(spec));
      // Each option word, with its values: as many as it takes, up to the next keyword of the statement.
      const out: { text: string; spec: StatementSpec; at: number; end: number }[] = [];
      words.forEach((w, i) => {
        const values = names.get(w);
        if (i <= words.indexOf(statement) || values === undefined) return;
        let end = i + 1;
        while (end < words.length && end <= i + values && !keywords.has(words[end]!)) end++;
        out.push({ text, spec, at: i, end });
      });
      return out;
    });
    expect(cases.length).toBeGreaterThan(20);
    for (const [t] of VALID) expect(lintProfileOn(release, `${t}\n`), t).toEqual([]);
    fc.assert(
      fc.property(fc.constantFrom(...cases), (c) => {
        const words = c.text.split(' ');
        const repeated = words.slice(c.at, c.end);
        const mutated = [...words.slice(0, c.end), ...repeated, ...words.slice(c.end)];
        const d = lintProfileOn(release, `${mutated.join(' ')}\n`);
        const column = mutated.slice(0, c.end).join(' ').length + 2;
        if (!tableConfidence(c.spec, release).confirmed) {
          expect(d).toEqual([]);
          return;
        }
        expect(d.map((x) => `${x.column} ${x.ruleId} ${x.severity}`)).toEqual([`${column} repeated-keyword warning`]);
        expect(d[0]!.fix).toBeDefined();
      }),
      fuzz(40),
    );
  });
});

/** Every keyword a statement knows (options, sub-keywords, required keywords), by full name. */
function keywordsIn(spec: StatementSpec): string[] {
  const out: string[] = [];
  const walk = (els: readonly Element[]): void => {
    for (const el of els) {
      if (el.type === 'options') for (const o of el.options) sub(o);
      else if (el.type === 'keyword') {
        out.push(el.keyword.name);
        if (el.then) walk(el.then);
      } else if (el.type === 'choice') for (const a of el.alternatives) (out.push(a.keyword.name), walk(a.body));
      else if (el.type === 'variant') for (const c of el.cases) walk(c.body);
      else if (el.type === 'list') walk(el.entry);
    }
  };
  const sub = (o: OptionSpec): void => {
    out.push(o.name);
    for (const s of o.sub ?? []) sub(s);
  };
  walk(spec.body);
  return out;
}
