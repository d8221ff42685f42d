/**
 * Fixes (`check --fix`, `--fix-dry-run`): every fixable rule's bad fixtures are fixed to a fixed point, the
 * fixed text is the one recorded under test/fixes/ (reviewed once, then kept), fixing again changes nothing,
 * and a fixed file keeps its encoding, line ends and record layout.
 */
import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { lintAndFix } from '../src/engine/fix-loop.js';
import { applyFixes, resolveFix } from '../src/engine/fixes.js';
import { lint } from '../src/engine/lint.js';
import { rules } from '../src/rules/registry.js';
import { decode } from '../src/sources/decode.js';
import { ebcdicEncode } from '../src/sources/ebcdic.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { estate } from './support/profile.js';
import { runCli } from './support/cli.js';
import { runMain } from './support/main.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'rules');

/** A copy of a fixture unit (a file, or a folder that is an estate) in a folder of its own. */
function copyUnit(unit: string): { root: string; target: string } {
  const root = mkdtempSync(join(tmpdir(), 'plexlint-fix-'));
  const target = join(root, basename(unit));
  cpSync(unit, target, { recursive: true });
  return { root, target };
}

function units(id: string, prefix: string): string[] {
  return readdirSync(join(fixtures, id))
    .filter((n) => n.startsWith(prefix))
    .sort()
    .map((n) => join(fixtures, id, n));
}

const count = (ds: Diagnostic[], pred: (d: Diagnostic) => boolean): number => ds.filter(pred).length;

describe('check --fix on the fixtures of every fixable rule', () => {
  const fixable = rules.filter((r) => r.meta.fixable);

  it('there are fixable rules', () => {
    expect(fixable.map((r) => r.meta.id).length).toBeGreaterThanOrEqual(15);
  });

  for (const rule of fixable) {
    const id = rule.meta.id;
    describe(id, () => {
      it('a bad fixture has a finding with a fix', () => {
        const fixes = units(id, 'bad').flatMap((u) => lint([u], { cwd: join(u, '..') }).diagnostics.filter((d) => d.ruleId === id && d.fix));
        expect(fixes.length).toBeGreaterThan(0);
      });
      for (const unit of units(id, 'bad')) {
        it(`${basename(unit)}: fixed to a fixed point, as recorded, and fixing again changes nothing`, async () => {
          const { root, target } = copyUnit(unit);
          const before = lint([target], { cwd: root }).diagnostics;
          const outcome = lintAndFix([target], { cwd: root });
          const after = outcome.run.results.flatMap((r) => r.diagnostics);
          expect(outcome.unwritable).toEqual(new Map());
          // A fixed point: no fix is left, and every finding of the rule that had a fix is gone.
          expect(after.filter((d) => d.fix).map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([]);
          expect(count(after, (d) => d.ruleId === id)).toBeLessThanOrEqual(count(before, (d) => d.ruleId === id && !d.fix));
          // Fixing never makes a file unreadable.
          expect(count(after, (d) => d.ruleId === 'syntax')).toBeLessThanOrEqual(count(before, (d) => d.ruleId === 'syntax'));
          if (count(before, (d) => d.ruleId === id && d.fix !== undefined) > 0) expect(outcome.files.length).toBeGreaterThan(0);
          for (const f of outcome.files) {
            await expect(f.text).toMatchFileSnapshot(join('fixes', id, relative(root, f.abs)));
            expect(decode(f.bytes).encoding).toBe(decode(f.original).encoding);
            expect(decode(f.bytes).text).toBe(f.text);
          }
          // --fix writes the files; a second --fix finds nothing to do.
          for (const f of outcome.files) writeFileSync(f.abs, f.bytes);
          const again = lintAndFix([target], { cwd: root });
          expect(again.files.map((f) => f.path)).toEqual([]);
          expect(again.run.results.flatMap((r) => r.diagnostics)).toEqual(after);
        });
      }
    });
  }

  it('only fixable rules give fixes, and only rules with suggestions suggest, on every fixture', () => {
    const offenders: string[] = [];
    for (const id of readdirSync(fixtures)) {
      for (const unit of units(id, '')) {
        for (const d of lint([unit], { cwd: join(unit, '..') }).diagnostics) {
          const meta = rules.find((r) => r.meta.id === d.ruleId)?.meta;
          if (d.fix && !meta?.fixable) offenders.push(`${d.file}:${d.line} ${d.ruleId} fix`);
          if (d.suggestions && !meta?.hasSuggestions) offenders.push(`${d.file}:${d.line} ${d.ruleId} suggestions`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('suggestions', () => {
  it('are offered but never applied by --fix (an OMPROUTE definition that nearly covers a DVIPA: the finding names other ways too)', () => {
    const unit = join(fixtures, 'omproute-dvipa-not-covered', 'bad-near-miss');
    const { root, target } = copyUnit(unit);
    const before = lint([target], { cwd: root }).diagnostics.filter((d) => d.ruleId === 'omproute-dvipa-not-covered' && d.suggestions);
    expect(before.length).toBeGreaterThan(0);
    for (const d of before) {
      expect(d.fix).toBeUndefined();
      expect(d.suggestions![0]!.description).toMatch(/^(IP_Address|Subnet_Mask)=\S+$/);
    }
    expect(before.map((d) => d.suggestions![0]!.text)).toContain('10.40.1.0');
    const outcome = lintAndFix([target], { cwd: root });
    expect(outcome.files).toEqual([]);
  });
});

/** Lint one file text (a profile unless the name says otherwise) and return its fixable findings. */
function fixesOf(name: string, bytes: string | Uint8Array): { dir: string; diagnostics: Diagnostic[] } {
  const dir = estate({ [name]: bytes });
  return { dir, diagnostics: lint([join(dir, name)], { cwd: dir }).diagnostics };
}

describe('resolving and applying fixes', () => {
  it('a tidy removal takes the blanks before it, or its whole line', () => {
    const file = sourceFromText('x', 'HOME 127.0.0.1 LOOPBACK 10.1.1.1 OSA1\nHOME\n   127.0.0.1 LOOPBACK\n   10.1.1.2 OSA2\n');
    const entry = (line: number, column: number, endColumn: number): ReturnType<typeof resolveFix> =>
      resolveFix({ description: 'remove', edits: [{ line, column, endLine: line, endColumn, text: '', tidy: true }] }, file);
    expect(applyFixes(file.text, [entry(1, 6, 24)!]).text).toBe('HOME 10.1.1.1 OSA1\nHOME\n   127.0.0.1 LOOPBACK\n   10.1.1.2 OSA2\n');
    expect(applyFixes(file.text, [entry(3, 4, 22)!]).text).toBe('HOME 127.0.0.1 LOOPBACK 10.1.1.1 OSA1\nHOME\n   10.1.1.2 OSA2\n');
  });

  it('overlapping fixes: the first is applied, the other waits for the next pass', () => {
    const file = sourceFromText('x', 'abcdef');
    const a = resolveFix({ description: 'a', edits: [{ line: 1, column: 1, endLine: 1, endColumn: 4, text: 'X' }] }, file)!;
    const b = resolveFix({ description: 'b', edits: [{ line: 1, column: 3, endLine: 1, endColumn: 5, text: 'Y' }] }, file)!;
    const c = resolveFix({ description: 'c', edits: [{ line: 1, column: 6, endLine: 1, endColumn: 7, text: 'Z' }] }, file)!;
    const r = applyFixes(file.text, [c, b, a]);
    expect(r.text).toBe('XdeZ');
    expect(r.applied).toEqual([a, c]);
    expect(r.deferred).toBe(1);
  });

  it('a fix whose edits overlap, or lie outside the text, is no fix', () => {
    const file = sourceFromText('x', 'abc\n');
    expect(resolveFix({ description: 'x', edits: [{ line: 1, column: 1, endLine: 1, endColumn: 3, text: '' }, { line: 1, column: 2, endLine: 1, endColumn: 3, text: '' }] }, file)).toBeUndefined();
    expect(resolveFix({ description: 'x', edits: [{ line: 1, column: 9, endLine: 1, endColumn: 9, text: ' ' }] }, file)).toBeUndefined();
    expect(resolveFix({ description: 'x', edits: [{ line: 7, column: 1, endLine: 7, endColumn: 1, text: ' ' }] }, file)).toBeUndefined();
  });
});

describe('unused suppressions', () => {
  it('unused ids leave the list with their separators; the used one stays', () => {
    const text = [
      'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1',
      'VIPADYNAMIC',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
      '   ; plexlint-disable-next-line home-duplicate-address, optlocal-out-of-range, weight-ignored -- lab values',
      '   VIPADISTRIBUTE DEFINE DISTMETHOD BASEWLM OPTLOCAL 17 10.40.1.2 PORT 3001 DESTIP ALL',
      'ENDVIPADYNAMIC',
      '',
    ].join('\n');
    const { dir } = fixesOf('SYSA.tcpip', text);
    const outcome = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir });
    expect(outcome.passes).toBe(1);
    expect(outcome.files[0]!.text.split('\n')[3]).toBe('   ; plexlint-disable-next-line optlocal-out-of-range -- lab values');
    expect(outcome.run.results.flatMap((r) => r.diagnostics).map((d) => d.ruleId)).toEqual([]);
  });

  it('a directive whose every id is unused goes whole, never leaving a directive without ids', () => {
    const text = 'IPCONFIG SYSPLEXROUTING ; plexlint-disable-line home-duplicate-address, weight-ignored -- old\nTCPCONFIG RESTRICTLOWPORTS\n';
    const { dir } = fixesOf('SYSA.tcpip', text);
    const outcome = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir });
    expect(outcome.files[0]!.text).toBe('IPCONFIG SYSPLEXROUTING\nTCPCONFIG RESTRICTLOWPORTS\n');
  });
});

describe('a fixed file keeps its layout and encoding', () => {
  const glued = (seq?: string): string => {
    const content = 'ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL;CHG';
    return seq ? `${content.padEnd(72)}${seq}` : content;
  };

  it('sequence numbers stay in columns 73-80: the inserted blank comes out of the blanks before column 73', () => {
    const text = ['BEGINROUTES'.padEnd(72) + '00010000', glued('00020000'), 'ENDROUTES'.padEnd(72) + '00030000', ''].join('\n');
    const { dir } = fixesOf('SYSA.tcpip', text);
    const outcome = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir, rules: { 'sequence-numbers': 'off' } });
    const lines = outcome.files[0]!.text.split('\n');
    expect(lines[1]).toBe(`${'ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL ;CHG'.padEnd(72)}00020000`);
    expect(lines.slice(0, 3).map((l) => l.length)).toEqual([80, 80, 80]);
  });

  it("a text download of fixed 80-column records (trailing blanks kept, as IBM's sample profile) keeps every record 80 columns", () => {
    const text = ['BEGINROUTES', glued(), 'ENDROUTES', ''].map((l, i, all) => (i < all.length - 1 ? l.padEnd(80) : l)).join('\n');
    const { dir } = fixesOf('SYSA.tcpip', text);
    const outcome = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir });
    const lines = outcome.files[0]!.text.split('\n');
    expect(lines[1]).toBe('ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL ;CHG'.padEnd(80));
    expect(lines.slice(0, 3).map((l) => l.length)).toEqual([80, 80, 80]);
  });

  it('ordinary text, with lines of different lengths, just grows where the blank goes in', () => {
    const { dir } = fixesOf('SYSA.tcpip', `BEGINROUTES\n${glued()}\nENDROUTES\n`);
    expect(lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir }).files[0]!.text.split('\n')[1]).toBe('ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL ;CHG');
  });

  it('a record with no blank to spare gets no fix', () => {
    // The comment runs up to column 72: inserting a blank would push the sequence number to column 74.
    const { diagnostics } = fixesOf('SYSA.tcpip', `BEGINROUTES\n${glued().padEnd(72, 'X')}00020000\nENDROUTES\n`);
    expect(diagnostics.filter((d) => d.ruleId === 'comment-needs-blank').map((d) => Boolean(d.fix))).toEqual([false]);
  });

  it('removing sequence numbers blanks them (ISPF UNNUM): every record keeps 80 columns', () => {
    const text = ['TCPCONFIG RESTRICTLOWPORTS'.padEnd(72) + '00010000', 'UDPCONFIG RESTRICTLOWPORTS'.padEnd(72) + '00020000', ''].join('\r\n');
    const { dir } = fixesOf('SYSA.tcpip', text);
    const outcome = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir });
    expect(outcome.files[0]!.text).toBe(['TCPCONFIG RESTRICTLOWPORTS'.padEnd(80), 'UDPCONFIG RESTRICTLOWPORTS'.padEnd(80), ''].join('\r\n'));
  });

  it('an EBCDIC data set of 80-byte records without line ends stays one: same code page, records, no line end bytes', () => {
    const records = ['BEGINROUTES', glued(), 'ENDROUTES'].map((l) => l.padEnd(80)).join('');
    const { dir } = fixesOf('SYSA.tcpip', ebcdicEncode(records, 'ibm-1047'));
    const outcome = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir });
    const f = outcome.files[0]!;
    expect(f.bytes.length).toBe(240);
    expect(f.bytes.includes(0x15) || f.bytes.includes(0x25)).toBe(false);
    expect(decode(f.bytes)).toMatchObject({ encoding: 'ibm-1047', splitRecords: 3 });
    expect(f.text.split('\n')[1]).toBe('ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL ;CHG'.padEnd(80));
    expect(Buffer.from(f.bytes)).toEqual(Buffer.from(ebcdicEncode(f.text.split('\n').join(''), 'ibm-1047')));
  });

  it('EBCDIC with LF (X\'25\') line ends keeps them', () => {
    const text = ['BEGINROUTES', glued(), 'ENDROUTES', ''].join('\n');
    const bytes = ebcdicEncode(text, 'ibm-1047', { newline: 0x25 });
    const { dir } = fixesOf('SYSA.tcpip', bytes);
    const f = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir }).files[0]!;
    expect([...f.bytes].filter((b) => b === 0x25).length).toBe(3);
    expect(f.bytes.includes(0x15)).toBe(false);
    expect(decode(f.bytes).encoding).toBe('ibm-1047');
  });

  it('UTF-8 with a byte order mark and CR LF line ends keeps both', () => {
    const text = '\ufeffBEGINROUTES\r\n' + glued() + '\r\nENDROUTES\r\n';
    const { dir } = fixesOf('SYSA.tcpip', text);
    const f = lintAndFix([join(dir, 'SYSA.tcpip')], { cwd: dir }).files[0]!;
    expect([...f.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(f.bytes.toString('utf8')).toBe('\ufeffBEGINROUTES\r\nROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL ;CHG\r\nENDROUTES\r\n');
  });

  it('a UTF-16 plug-in file stays UTF-16, an ISO-8859-1 one stays ISO-8859-1', () => {
    const xml = (enc: string): string =>
      `<?xml version="1.0" encoding="${enc}"?>\n<Config>\n <ServerCluster Name="Caf\u00e9" LoadBalance="Round-Robin">\n  <Server Name="s1" CloneID="a1"><Transport Hostname="h" Port="80" Protocol="http"/></Server>\n </ServerCluster>\n</Config>\n`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml('UTF-16'), 'utf16le')]);
    for (const [name, bytes, encoding] of [
      ['plugin-cfg.xml', utf16, 'utf-16le'],
      ['plugin-cfg.xml', Buffer.from(xml('ISO-8859-1'), 'latin1'), 'iso-8859-1'],
    ] as const) {
      const { dir } = fixesOf(name, bytes);
      const outcome = lintAndFix([join(dir, name)], { cwd: dir });
      const f = outcome.files[0]!;
      expect(decode(f.bytes).encoding).toBe(encoding);
      expect(f.text).toContain('LoadBalance="Round Robin"');
      expect(f.text).toContain('Caf\u00e9');
      if (encoding === 'utf-16le') expect([...f.bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    }
  });
});

describe('plexlint check --fix / --fix-dry-run', () => {
  const profile = 'BEGINROUTES\n  ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL;CHG\nENDROUTES\n';

  it('--fix writes the fixed file and reports what is left', async () => {
    const dir = estate({ 'SYSA.tcpip': profile });
    const run = await runMain('check', '--fix', '-f', 'json', join(dir, 'SYSA.tcpip'));
    expect(run.stderr).toContain('plexlint: fixed 1 problem in 1 file.');
    expect(readFileSync(join(dir, 'SYSA.tcpip'), 'utf8')).toBe(profile.replace('REPL;', 'REPL ;'));
    const report = JSON.parse(run.stdout) as { messages: { ruleId: string }[]; output?: string }[];
    expect(report[0]!.messages.map((m) => m.ruleId)).not.toContain('comment-needs-blank');
    expect(report[0]!.output).toBe(profile.replace('REPL;', 'REPL ;'));
    // Nothing but the file itself was written there.
    expect(readdirSync(dir)).toEqual(['SYSA.tcpip']);
  });

  it('--fix through a symbolic link fixes the file it leads to; the link stays, the permission bits too', async () => {
    const dir = estate({ 'real/SYSA.tcpip': profile });
    chmodSync(join(dir, 'real', 'SYSA.tcpip'), 0o640);
    symlinkSync(join(dir, 'real', 'SYSA.tcpip'), join(dir, 'SYSA.tcpip'));
    const run = await runMain('check', '--fix', join(dir, 'SYSA.tcpip'));
    expect(run.stderr).toContain('fixed 1 problem in 1 file');
    expect(lstatSync(join(dir, 'SYSA.tcpip')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'SYSA.tcpip'), 'utf8')).toBe(profile.replace('REPL;', 'REPL ;'));
    expect(statSync(join(dir, 'real', 'SYSA.tcpip')).mode & 0o777).toBe(0o640);
  });

  it('--fix-dry-run writes nothing and shows the fixed text as "output"', async () => {
    const dir = estate({ 'SYSA.tcpip': profile });
    const mtime = statSync(join(dir, 'SYSA.tcpip')).mtimeMs;
    const run = await runMain('check', '--fix-dry-run', '-f', 'json', join(dir, 'SYSA.tcpip'));
    expect(readFileSync(join(dir, 'SYSA.tcpip'), 'utf8')).toBe(profile);
    expect(statSync(join(dir, 'SYSA.tcpip')).mtimeMs).toBe(mtime);
    const report = JSON.parse(run.stdout) as { output?: string; fixableErrorCount: number }[];
    expect(report[0]!.output).toBe(profile.replace('REPL;', 'REPL ;'));
    expect(report[0]!.fixableErrorCount).toBe(0);
  });

  it('without --fix, JSON has ESLint\'s fix and the fixable counts, SARIF a fix', async () => {
    const dir = estate({ 'SYSA.tcpip': profile });
    const json = JSON.parse((await runMain('check', '-f', 'json', join(dir, 'SYSA.tcpip'))).stdout) as { messages: { ruleId: string; fix?: unknown }[]; fixableErrorCount: number; output?: string }[];
    const at = profile.indexOf(';CHG');
    expect(json[0]!.messages.find((m) => m.ruleId === 'comment-needs-blank')!.fix).toEqual({ range: [at, at], text: ' ' });
    expect(json[0]!.fixableErrorCount).toBe(1);
    expect(json[0]!.output).toBeUndefined();
    const sarif = JSON.parse((await runMain('check', '-f', 'sarif', join(dir, 'SYSA.tcpip'))).stdout) as { runs: { results: { ruleId: string; fixes?: unknown[] }[] }[] };
    expect(sarif.runs[0]!.results.find((r) => r.ruleId === 'comment-needs-blank')!.fixes).toEqual([
      {
        description: { text: "Insert a blank before ';'." },
        artifactChanges: [
          {
            artifactLocation: { uri: pathToFileURL(join(dir, 'SYSA.tcpip')).href },
            replacements: [{ deletedRegion: { startLine: 2, startColumn: 45, endLine: 2, endColumn: 45, charOffset: at, charLength: 0 }, insertedContent: { text: ' ' } }],
          },
        ],
      },
    ]);
    const stylish = (await runMain('check', '--no-color', join(dir, 'SYSA.tcpip'))).stdout;
    expect(stylish).toContain('  1 error potentially fixable with the `--fix` option.');
  });

  it('--stdin: the fixed text is the report\'s output; no file is written, with --fix or --fix-dry-run', () => {
    const dir = estate({ 'SYSA.tcpip': 'TCPCONFIG RESTRICTLOWPORTS\n' });
    for (const flag of ['--fix', '--fix-dry-run']) {
      const run = runCli(['check', '--stdin', '--stdin-filename', 'SYSA.tcpip', flag, '-f', 'json'], { cwd: dir, input: profile });
      // --fix says that it wrote nothing (before, stylish dropped the fixable finding and said nothing).
      expect(run.stderr).toBe(
        flag === '--fix'
          ? 'plexlint: warning: --fix does not write the text read from standard input (it has no file); its fixes are worked out as with --fix-dry-run, and --format json gives the fixed text as "output".\n'
          : '',
      );
      const report = JSON.parse(run.stdout) as { filePath: string; output?: string }[];
      expect(report.map((r) => [r.filePath, r.output])).toEqual([[join(dir, 'SYSA.tcpip'), profile.replace('REPL;', 'REPL ;')]]);
      expect(readFileSync(join(dir, 'SYSA.tcpip'), 'utf8')).toBe('TCPCONFIG RESTRICTLOWPORTS\n');
    }
  });

  it('--fix and --fix-dry-run together are a usage error', async () => {
    const dir = estate({ 'SYSA.tcpip': profile });
    const run = await runMain('check', '--fix', '--fix-dry-run', join(dir, 'SYSA.tcpip'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fix and --fix-dry-run cannot be used together');
    expect(readFileSync(join(dir, 'SYSA.tcpip'), 'utf8')).toBe(profile);
  });

  it('--quiet fixes errors only, as ESLint', async () => {
    const dir = estate({ 'plugin-cfg.xml': '<Config>\n <ServerCluster Name="c" LoadBalance="Round-Robin">\n  <Server Name="s"><Transport Hostname="h" Port="80" Protocol="http"/></Server>\n </ServerCluster>\n</Config>\n' });
    await runMain('check', '--fix', '--quiet', join(dir, 'plugin-cfg.xml'));
    // plugin-invalid-value is a warning: left as it is.
    expect(readFileSync(join(dir, 'plugin-cfg.xml'), 'utf8')).toContain('Round-Robin');
    await runMain('check', '--fix', join(dir, 'plugin-cfg.xml'));
    expect(readFileSync(join(dir, 'plugin-cfg.xml'), 'utf8')).toContain('LoadBalance="Round Robin"');
  });
});
