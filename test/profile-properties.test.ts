/**
 * Property tests of the profile front end, the model builder and the profile
 * rules: whatever the input — arbitrary text or bytes, profiles generated from
 * the keyword table, mutated fixtures — analysis never throws, always ends,
 * every finding's range lies inside its file, and the same input gives the same
 * findings. Runs are bounded so the suite stays at a few seconds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allKeywords, keywordsOfStatement, statementNamed } from '../grammar/profile/vocabulary.js';
import type { Finding } from '../src/core/diagnostic.js';
import { parseProfile } from '../src/frontends/profile/index.js';
import { buildSysplex } from '../src/model/builders/sysplex.js';
import { buildSystem } from '../src/model/builders/system.js';
import { MODEL_VERSION, type Estate } from '../src/model/estate.js';
import { emptyWebTier } from '../src/model/web.js';
import { rules } from '../src/rules/registry.js';
import { decode } from '../src/sources/decode.js';
import { fuzz } from './support/fuzz.js';
import { sourceFromText, type SourceFile } from '../src/sources/source-file.js';
import { badRanges } from './support/ranges.js';
import { fixtureFiles } from './support/fixture-files.js';

const SYMBOLS = { SYSNAME: 'SYSA', HOSTIP: '10.20.1.11', XCFIP: '10.30.1.1' };

/** Front end, model and every rule over one in-memory profile (INCLUDEs are not followed). */
function analyse(file: SourceFile): Finding[] {
  const parsed = parseProfile(file, { symbols: new Map(Object.entries(SYMBOLS)) });
  const system = buildSystem({ name: 'SYSA', nameSource: 'file-name', symbols: SYMBOLS, parsed });
  const estate: Estate = { version: MODEL_VERSION, files: [file.path], systems: [system], sysplex: buildSysplex([system]), web: emptyWebTier(), loadBalancers: [] };
  const findings = [...parsed.findings];
  for (const rule of rules) rule.check?.({ estate, ruleId: rule.meta.id, report: (f) => findings.push({ ...f, ruleId: rule.meta.id }) });
  return findings;
}

/** The properties every input must have. */
function check(text: string): void {
  const file = sourceFromText('SYSA.tcpip', text);
  const first = analyse(file);
  expect(badRanges(file, first)).toEqual([]);
  // Same input, same findings (a fresh SourceFile: nothing may be cached on it).
  const second = analyse(sourceFromText('SYSA.tcpip', text));
  expect(JSON.stringify(second)).toBe(JSON.stringify(first));
}

/** `npm run fuzz` for a deeper search (test/support/fuzz.ts). */
const RUNS = fuzz(150);

// ---- generators -----------------------------------------------------------

const CHARS = [
  ...' \t\n\n\n\r\n;;&.&./:()\'",=-*#@$'.split(''),
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefxyz'.split(''),
  '\u0000', '\u0001', '\u001a', '\u007f', '\u00a0', '\u00e4', '\u2028', '\ufffd', '\uffff', '\ud800',
];
const profileChars = fc.array(fc.constantFrom(...CHARS), { maxLength: 400 }).map((cs) => cs.join(''));

const KEYWORDS = allKeywords();
/** A keyword in some accepted (or one-too-short) abbreviation, in some case. */
const keywordWord = fc
  .tuple(fc.constantFrom(...KEYWORDS), fc.nat(), fc.boolean(), fc.constantFrom<'upper' | 'lower' | 'mixed'>('upper', 'lower', 'mixed'))
  .map(([k, n, tooShort, casing]) => {
    const span = k.name.length - k.min.length + 1;
    let w = k.name.slice(0, k.min.length + (n % span));
    if (tooShort && w.length > 1) w = k.min.slice(0, -1);
    return casing === 'upper' ? w : casing === 'lower' ? w.toLowerCase() : w.replace(/./g, (c, i) => (i % 2 ? c.toLowerCase() : c));
  });
const octet = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 256, max: 999 }));
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
const operand = fc.oneof(
  { weight: 4, arbitrary: keywordWord },
  { weight: 3, arbitrary: ipv4 },
  { weight: 1, arbitrary: fc.tuple(ipv4, fc.integer({ min: 0, max: 40 })).map(([a, b]) => `${a}/${b}`) },
  { weight: 1, arbitrary: fc.constantFrom('255.255.255.0', '255.255.255.255', '255.0.255.0', '0.0.0.0') },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 70000 }).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(9000), fc.nat(9000)).map(([a, b]) => `${a}-${b}`) },
  { weight: 2, arbitrary: fc.constantFrom('OSAQDIO1', 'OSALNK1', 'OSADEV1', 'LOOPBACK', 'LOOPBACK6', 'FTPD1', 'WAS*', '*', '=', 'GROUP1') },
  { weight: 1, arbitrary: fc.constantFrom('2001:db8::1', '2001:db8::/64', '::1', 'fe80::1%1', '1:2:3') },
  { weight: 1, arbitrary: fc.constantFrom('&HOSTIP.', '&HOSTIP./24', '&NOSUCH.', '&SYSNAME.TN', '&', '&.', "'USER.TCPPARMS(COMMON)'", 'USER.TCPPARMS(A)') },
  { weight: 1, arbitrary: fc.constantFrom('; comment', ';', 'X;Y', '\n', '\n   ') },
);
/** Vocabulary of the statements plexlint parses in detail, so generated statements reach deep into their builders. */
const optionWords = (statement: string): string[] => keywordsOfStatement(statementNamed(statement)!).map((k) => k.name);
const VOCABULARY: Record<string, string[]> = {
  VIPA: [
    'TIER1', 'TIER2', 'CPCSCOPE', 'MOVEABLE', 'MOVE', 'IMMEDIATE', 'IMMED', 'WHENIDLE', 'DISRUPTIVE', 'NONDISRUPTIVE',
    'SERVICEMGR', 'DEFINE', 'DELETE', 'DELE', 'DEL', 'DISTMETHOD', 'DISTM', 'BASEWLM', 'SERVERWLM', 'ROUNDROBIN',
    'WEIGHTEDACTIVE', 'HOTSTANDBY', 'TARGCONTROLLED', 'OPTLOCAL', 'NOOPTLOCAL', 'SYSPLEXPORTS', 'TIMEDAFFINITY', 'GRE',
    'ENCAP', 'CONTROLPORT', 'DESTIP', 'ALL', 'WEIGHT', 'PREFERRED', 'BACKUP', 'AUTOSWITCHBACK', 'NOAUTOSWITCHBACK',
    'HEALTHSWITCH', 'NOHEALTHSWITCH', 'PROCTYPE', 'PROCXCOST', 'ILWEIGHTING', 'CP', 'ZAAP', 'ZIIP', 'ZCX', 'SAF',
    'PORT', 'DEFAULT', 'GROUP1', 'DVIPA6', ...optionWords('VIPASMPARMS'),
  ],
  INTERFACE: ['DEFINE', 'ADDADDR', 'DELADDR', 'DELETE', 'IPAQENET', 'IPAQENET6', 'IPAQIDIO', 'VIRTUAL', 'VIRTUAL6', 'EQENET', 'OSAQDIO1', ...optionWords('INTERFACE')],
  IPCONFIG: optionWords('IPCONFIG'),
  IPCONFIG6: optionWords('IPCONFIG6'),
  LINK: ['IPAQENET', 'IPAQIDIO', 'VIRTUAL', 'CTC', 'MPCPTP', 'IP', 'ETHERNET', 'IPAQTR', 'OSADEV1', 'OSALNK1', ...optionWords('LINK')],
  DEVICE: ['MPCIPA', 'VIRTUAL', 'CTC', 'MPCPTP', 'CLAW', 'LCS', 'OSADEV1', 'LOOPBACK', 'AUTORESTART'],
  PORT: ['TCP', 'UDP', 'UNRSV', '*', 'FTPD1', 'RESERVED', ...optionWords('PORT')],
  ROUTE: ['DEFAULT', 'DEFAULTNET', 'HOST', '=', 'OSAQDIO1', 'LOOPBACK', ...optionWords('ROUTE')],
  HOME: ['OSALNK1', 'LOOPBACK', 'OSAQDIO1'],
};
const STRUCTURED: [string, string][] = [
  ...['VIPADEFINE', 'VIPABACKUP', 'VIPADELETE', 'VIPADISTRIBUTE', 'VIPARANGE', 'VIPAROUTE', 'VIPASMPARMS'].map((k): [string, string] => [k, 'VIPA']),
  ['INTERFACE', 'INTERFACE'], ['IPCONFIG', 'IPCONFIG'], ['IPCONFIG6', 'IPCONFIG6'], ['LINK', 'LINK'], ['DEVICE', 'DEVICE'],
  ['PORT', 'PORT'], ['ROUTE', 'ROUTE'], ['HOME', 'HOME'],
];
const structuredStatement = fc
  .tuple(fc.constantFrom(...STRUCTURED), fc.array(fc.oneof({ weight: 3, arbitrary: fc.nat() }, { weight: 2, arbitrary: operand }), { maxLength: 14 }))
  .map(([[name, vocabulary], picks]) => {
    const words = VOCABULARY[vocabulary]!;
    return [name, ...picks.map((p) => (typeof p === 'number' ? words[p % words.length]! : p))].join(' ');
  });
const structuredProfile = fc
  .array(
    fc.oneof(
      structuredStatement,
      fc.array(structuredStatement, { maxLength: 6 }).map((ss) => ['VIPADYNAMIC', ...ss, 'ENDVIPADYNAMIC'].join('\n')),
      fc.array(structuredStatement, { maxLength: 6 }).map((ss) => ['BEGINROUTES', ...ss, 'ENDROUTES'].join('\n')),
    ),
    { maxLength: 12 },
  )
  .map((s) => s.join('\n') + '\n');

const statement = fc.tuple(keywordWord, fc.array(operand, { maxLength: 12 }), fc.array(fc.constantFrom(' ', '\n   ', '  '), { minLength: 12, maxLength: 12 }))
  .map(([name, ops, seps]) => name + ops.map((o, i) => seps[i] + o).join(''));
const generatedProfile = fc.array(statement, { maxLength: 25 }).map((s) => s.join('\n') + '\n');

/** Profile-like files of the fixtures and the corpus (text only; the fixture test covers the rest). */
const FIXTURES = fixtureFiles().filter((f) => !/\.(ya?ml|md|hosts|txt)$/.test(f.name));

type Mutation =
  | { op: 'delete' | 'duplicate'; at: number }
  | { op: 'swap'; at: number; with: number }
  | { op: 'semicolon'; at: number; column: number }
  | { op: 'case'; at: number; upper: boolean }
  | { op: 'truncate'; at: number; column: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom<'delete' | 'duplicate'>('delete', 'duplicate'), at: fc.nat() }),
  fc.record({ op: fc.constant<'swap'>('swap'), at: fc.nat(), with: fc.nat() }),
  fc.record({ op: fc.constant<'semicolon'>('semicolon'), at: fc.nat(), column: fc.nat() }),
  fc.record({ op: fc.constant<'case'>('case'), at: fc.nat(), upper: fc.boolean() }),
  fc.record({ op: fc.constant<'truncate'>('truncate'), at: fc.nat(), column: fc.nat() }),
);

function mutate(text: string, mutations: Mutation[]): string {
  const lines = text.split('\n');
  for (const m of mutations) {
    if (lines.length === 0) break;
    const i = m.at % lines.length;
    const line = lines[i]!;
    switch (m.op) {
      case 'delete':
        lines.splice(i, 1);
        break;
      case 'duplicate':
        lines.splice(i, 0, line);
        break;
      case 'swap': {
        const j = m.with % lines.length;
        [lines[i], lines[j]] = [lines[j]!, line];
        break;
      }
      case 'semicolon': {
        const c = m.column % (line.length + 1);
        lines[i] = line.slice(0, c) + ';' + line.slice(c);
        break;
      }
      case 'case':
        lines[i] = m.upper ? line.toUpperCase() : line.toLowerCase();
        break;
      case 'truncate':
        lines[i] = line.slice(0, m.column % (line.length + 1));
        break;
    }
  }
  return lines.join('\n');
}

// ---- properties -----------------------------------------------------------

describe('profile analysis is total, bounded and deterministic', () => {
  it('on arbitrary text', () => {
    fc.assert(fc.property(fc.oneof(profileChars, fc.string({ unit: 'binary', maxLength: 300 })), check), RUNS);
  });

  it('on arbitrary bytes, decoded as plexlint decodes files', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const d = decode(bytes);
        if (!d.binary) check(d.text);
      }),
      RUNS,
    );
  });

  it('on profiles generated from the keyword table', () => {
    fc.assert(fc.property(generatedProfile, check), RUNS);
  });

  it('on statements generated from the vocabulary of each structured statement', () => {
    fc.assert(fc.property(structuredProfile, check), RUNS);
  });

  it('on mutated fixtures', () => {
    expect(FIXTURES.length).toBeGreaterThan(40);
    fc.assert(
      fc.property(fc.constantFrom(...FIXTURES), fc.array(mutation, { minLength: 1, maxLength: 6 }), (f, ms) => check(mutate(f.text, ms))),
      RUNS,
    );
  });

  it('the unmutated fixtures themselves', () => {
    for (const f of FIXTURES) check(f.text);
  });
});
