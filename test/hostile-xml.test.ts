/**
 * Hostile and odd XML (plugin-cfg.xml, cluster.xml): entity bombs, external
 * entities naming local files, absurd nesting, huge files, NUL bytes, byte
 * order marks and UTF-16. Each gives a clear finding or a one-line error — no
 * stack trace, no expansion, nothing read from outside the estate — with the
 * child's heap capped, so "bounded memory" is checked rather than hoped for.
 * Runs that need neither a capped heap nor the record of what the child opens
 * (support/fs-spy.mjs) call the command line in this process (runMainIn).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportInput } from '../src/cli/check.js';
import { lint } from '../src/engine/lint.js';
import { formatters } from '../src/report/index.js';
import { MAX_XML_BYTES } from '../src/sources/workspace.js';
import { hasStackTrace, runCli } from './support/cli.js';
import { runMainIn } from './support/main.js';
import { estate } from './support/profile.js';

interface JsonReport {
  filePath: string;
  messages: { ruleId: string; severity: number; message: string; line: number; column: number; endLine: number; endColumn: number }[];
}

const tmp = mkdtempSync(join(tmpdir(), 'plexlint-hostile-xml-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A secret outside every estate of these tests: its content must never appear in any output. */
const SECRET = 'SENTINEL-7f3a9c-DO-NOT-READ';
const secretFile = join(tmp, 'outside', 'secret.txt');
mkdirSync(join(tmp, 'outside'));
writeFileSync(secretFile, `${SECRET}\n`);


/** Where each finding is: `line:column ruleId`. */
function brief(report: JsonReport[]): string[] {
  return report.flatMap((f) => f.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`));
}

const PLUGIN = (body: string, head = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${head}<Config>\n${body}\n</Config>\n`;

/** A small plug-in file with one known finding: a warning on LogLevel "Bad" (line 3, column 39). */
const CLEANISH = PLUGIN('<Log Name="/tmp/plugin.log" LogLevel="Bad"/>');
/** 1-based column of `what` in `line`. */
const col = (line: string, what: string): number => line.indexOf(what) + 1;

const LAUGHS = [
  '<!DOCTYPE Config [',
  ' <!ENTITY lol "lol">',
  ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
  ']>',
  '',
].join('\n');

describe('XML entity attacks: nothing is expanded, nothing outside the estate is read', () => {
  it('billion laughs: a warning on the DOCTYPE, the reference stays literal, output stays small', () => {
    const dir = estate({ 'plugin-cfg.xml': PLUGIN('<Log Name="&lol9;" LogLevel="Bad"/>', LAUGHS) });
    const r = runCli(['check', dir, '--format', 'json'], { maxOldSpaceMb: 256 });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0); // warnings only
    expect(hasStackTrace(r.stderr)).toBe(false);
    const report = JSON.parse(r.stdout) as JsonReport[];
    expect(brief(report)).toEqual(['2:1 syntax', `15:${col('<Log Name="&lol9;" LogLevel="Bad"/>', 'Bad')} plugin-invalid-value`]);
    const warning = report[0]!.messages[0]!;
    expect(warning.severity).toBe(1);
    expect(warning.message).toContain('plexlint never expands entities');
    expect(r.stdout).not.toContain('lollol');
    expect(r.stdout.length).toBeLessThan(10_000);
  });

  it('billion laughs in a cluster.xml: the same warning', () => {
    const dir = estate({
      'cluster.xml': `<?xml version="1.0"?>\n${LAUGHS}<topology.cluster:ServerCluster xmlns:topology.cluster="http://www.ibm.com/websphere/appserver/schemas/5.0/topology.cluster.xmi" name="&lol9;"/>\n`,
    });
    const { diagnostics } = lint([join(dir, 'cluster.xml')], { cwd: dir });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.severity}`)).toContain('2:1 syntax warning');
    expect(JSON.stringify(diagnostics)).not.toContain('lollol');
  });

  for (const [name, decl, cli] of [
    ['an external entity (XXE) with an absolute file: URL', `<!ENTITY xxe SYSTEM "file://${secretFile}">`, true],
    ['an external entity with a relative path out of the estate', '<!ENTITY xxe SYSTEM "../outside/secret.txt">', false],
    ['an external parameter entity', `<!ENTITY % pe SYSTEM "file://${secretFile}"> %pe; <!ENTITY xxe "x">`, false],
  ] as const) {
    it(`${name}: never read, in any output format`, async () => {
      const dir = estate({ 'plugin-cfg.xml': PLUGIN('<Log Name="&xxe;" LogLevel="Bad"/>', `<!DOCTYPE Config [ ${decl} ]>\n`) });
      if (cli) {
        const r = runCli(['check', dir, '--format', 'json'], { spyFs: true });
        expect(r.code).toBe(0);
        expect(r.stdout + r.stderr).not.toContain(SECRET);
        expect(r.stdout).toContain('never expands entities');
        expect(r.fsAccess.filter((a) => a.includes(secretFile))).toEqual([]);
        const compiled = await runMainIn(['compile', dir]);
        expect(compiled.stdout + compiled.stderr).not.toContain(SECRET);
        expect(compiled.stdout).toContain('&xxe;');
      }
      // Every format, from the same lint result the CLI formats, and the model.
      const result = lint([dir], { cwd: dir });
      const input = reportInput(result);
      for (const [format, formatter] of Object.entries(formatters)) expect(formatter(input), format).not.toContain(SECRET);
      expect(input.diagnostics[0]!.message).toContain('never expands entities');
      expect(JSON.stringify(result.compiled.estate)).not.toContain(SECRET);
      expect(JSON.stringify(result.compiled.estate)).toContain('&xxe;');
      expect(result.compiled.workspace.fs.observations().filter((o) => o.path.includes('outside'))).toEqual([]);
    });
  }

  it('a DOCTYPE with parameter entities that would declare more entities', () => {
    const doctype = '<!DOCTYPE Config [\n <!ENTITY % inner "<!ENTITY x \'expanded\'>">\n %inner;\n]>\n';
    const dir = estate({ 'plugin-cfg.xml': PLUGIN('<Log Name="&x;" LogLevel="Error"/>', doctype) });
    const { diagnostics, compiled } = lint([dir], { cwd: dir });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['2:1 syntax']);
    expect(diagnostics[0]!.message).toContain('(%inner;');
    expect(diagnostics[0]!.message).toContain('among them parameter entities');
    expect(JSON.stringify(compiled.estate)).not.toContain('expanded');
  });
});

describe('XML size and shape', () => {
  it('100,000-deep nesting: a finding where the nesting passes the limit; the rest is not read; the heap stays small', () => {
    const deep = '<Config>\n' + '<ServerCluster>'.repeat(100_000) + '</ServerCluster>'.repeat(100_000) + '\n</Config>\n';
    const dir = estate({ 'plugin-cfg.xml': deep });
    const r = runCli(['check', dir, '--format', 'json'], { maxOldSpaceMb: 256 });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(hasStackTrace(r.stderr)).toBe(false);
    const report = JSON.parse(r.stdout) as JsonReport[];
    const syntax = report[0]!.messages.filter((m) => m.ruleId === 'syntax');
    expect(syntax).toHaveLength(1);
    // The 101st element: <Config> on line 1, then 99 ServerClusters of 15 characters on line 2.
    expect(syntax[0]).toMatchObject({ line: 2, column: 1 + 99 * 15 });
    expect(syntax[0]!.message).toContain('nested more than 100 deep');
    // Findings stay proportional to what was read, not to the file.
    expect(report[0]!.messages.length).toBeLessThan(500);
  });

  it('a 50 MB XML file: one clear line and exit 2 when named; a finding when found in a folder; the file is never parsed', () => {
    const dir = estate({});
    const cluster = '<ServerCluster Name="c" LoadBalance="Round Robin"><Server Name="s"><Transport Hostname="h" Port="80" Protocol="http"/></Server></ServerCluster>\n';
    const body = cluster.repeat(Math.ceil((50 * 1024 * 1024) / cluster.length));
    writeFileSync(join(dir, 'plugin-cfg.xml'), PLUGIN(body));
    const named = runCli(['check', 'plugin-cfg.xml'], { cwd: dir, maxOldSpaceMb: 512 });
    expect(named.code).toBe(2);
    expect(named.stdout).toBe('');
    expect(named.stderr.trim().split('\n')).toHaveLength(1);
    expect(named.stderr).toMatch(/plugin-cfg\.xml is an XML file of 50 MB, larger than the 16 MB plexlint reads for XML/);
    const scanned = runCli(['check', '.', '--format', 'gcc'], { cwd: dir, maxOldSpaceMb: 512 });
    expect(scanned.code).toBe(1);
    expect(scanned.stdout).toMatch(/plugin-cfg\.xml:1:1: error: .*larger than the 16 MB .* \[unreadable-file\]/);
    expect(hasStackTrace(scanned.stderr)).toBe(false);
  });

  it('just under the XML limit is read', () => {
    expect(MAX_XML_BYTES).toBe(16 * 1024 * 1024);
    const dir = estate({ 'plugin-cfg.xml': CLEANISH + ' '.repeat(64 * 1024) });
    expect(lint([dir], { cwd: dir }).diagnostics.map((d) => d.ruleId)).toEqual(['plugin-invalid-value']);
  });
});

describe('XML that never closes what it opens', () => {
  it('an unclosed comment, processing instruction or declaration before the root: sorted and reported, no endless loop', () => {
    for (const head of ['<!-- Broken: a member ', '<?xml version="1.0"', '<!DOCTYPE Config', '<?pi ', '<!-- a --><!-- b ']) {
      const dir = estate({ 'cluster.xml': `<?xml version="1.0" encoding="UTF-8"?>\n${head}`, 'plugin-cfg.xml': head });
      const { diagnostics } = lint(['.'], { cwd: dir });
      expect(diagnostics.some((d) => d.ruleId === 'syntax'), head).toBe(true);
    }
  });
});

describe('XML bytes and encodings', () => {
  it('a NUL byte: a syntax finding at the NUL, the rest still checked', () => {
    const dir = estate({ 'plugin-cfg.xml': CLEANISH.replace('<Log', '\u0000<Log') });
    const { diagnostics } = lint([dir], { cwd: dir });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['3:1 syntax', '3:40 plugin-invalid-value']);
    expect(diagnostics[0]!.message).toContain("control character NUL (X'00')");
  });

  it('a file of mostly NUL bytes is binary: one clear line when named, skipped in a folder scan', async () => {
    const dir = estate({ 'plugin-cfg.xml': Buffer.concat([Buffer.from('<Config>'), Buffer.alloc(4096)]) });
    const named = await runMainIn(['check', 'plugin-cfg.xml'], { cwd: dir });
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/^plexlint: plugin-cfg\.xml is a binary file \(4096 control characters, 4096 of them NUL, in its first 4104 characters\), not a configuration file\n$/);
    expect(lint([dir], { cwd: dir }).diagnostics).toEqual([]);
  });

  const expected = ['3:39 plugin-invalid-value'];
  const utf16 = (text: string, order: 'le' | 'be', bom: boolean): Buffer => {
    const le = Buffer.from((bom ? '\ufeff' : '') + text, 'utf16le');
    return order === 'le' ? le : Buffer.from(le).swap16();
  };

  it.each([
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CLEANISH)]), 'utf-8'],
    ['UTF-16LE with a BOM', utf16(CLEANISH.replace('UTF-8', 'UTF-16'), 'le', true), 'utf-16le'],
    ['UTF-16BE with a BOM', utf16(CLEANISH.replace('UTF-8', 'UTF-16'), 'be', true), 'utf-16be'],
    ['UTF-16LE without a BOM', utf16(CLEANISH.replace('UTF-8', 'UTF-16'), 'le', false), 'utf-16le'],
    ['UTF-16BE without a BOM', utf16(CLEANISH.replace('UTF-8', 'UTF-16'), 'be', false), 'utf-16be'],
  ] as const)('%s: decoded, positions in characters of the decoded text', (name, bytes, encoding) => {
    const dir = estate({ 'plugin-cfg.xml': bytes });
    const result = lint([dir], { cwd: dir });
    expect(result.compiled.sources.get('plugin-cfg.xml')?.encoding).toBe(encoding);
    // XML 1.0 §4.3.3: a UTF-16 file starts with the byte-order mark.
    const bomWarning = name.includes('without a BOM') ? ['1:31 xml-encoding-mismatch'] : [];
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual([...bomWarning, ...expected]);
  });

  it('UTF-16 without a BOM gives the same report as UTF-8, and a warning that the byte-order mark is missing', () => {
    const a = estate({ 'plugin-cfg.xml': CLEANISH });
    const b = estate({ 'plugin-cfg.xml': utf16(CLEANISH.replace('UTF-8', 'UTF-16'), 'be', false) });
    const format = (dir: string): string => formatters['gcc']!(reportInput(lint(['plugin-cfg.xml'], { cwd: dir })));
    const [bom, ...rest] = format(b).split('\n');
    expect(bom).toMatch(/^plugin-cfg\.xml:1:31: warning: the file's bytes are UTF-16 \(big-endian, no byte-order mark\): XML requires .* \[xml-encoding-mismatch\]$/);
    expect(rest.join('\n')).toBe(format(a));
  });
});
