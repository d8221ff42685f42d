/**
 * Every output format over one broken estate (fixtures/estates/bad-formats):
 * they must all report the same findings (count, rule ids, positions,
 * severities); gcc lines must match VS Code's `$gcc` matcher and our own
 * matchers; GitHub workflow commands must be escaped; checkstyle and junit
 * must be well-formed XML; SARIF must pass Microsoft's SARIF validator.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { reportInput } from '../src/cli/check.js';
import { projectLinks } from '../src/cli/links.js';
import { rules } from '../src/rules/registry.js';
import { runMain } from './support/main.js';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { lint } from '../src/engine/lint.js';
import { escapeData, escapeProperty, githubLine } from '../src/report/github.js';
import { consoleCompanions, formatters, type ReportInput } from '../src/report/index.js';
import { sarifLog } from '../src/report/sarif.js';

const root = join(import.meta.dirname, '..');
const estate = join(root, 'fixtures', 'estates', 'bad-formats');
const tmp = mkdtempSync(join(tmpdir(), 'plexlint-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const result = lint([estate], { cwd: root });
const input: ReportInput = { ...reportInput(result, { env: {} }), color: false };

/** A finding as every format can express it. */
type Row = string;
function row(file: string, line: number, column: number, ruleId: string, severity: string): Row {
  return `${file}:${line}:${column} ${severity} ${ruleId}`;
}
const expected: Row[] = input.diagnostics.map((d) => row(d.file, d.line, d.column, d.ruleId, d.severity)).sort();

/**
 * VS Code's `$gcc` problem matcher. It is not part of VS Code itself: it ships with the
 * C/C++ extension, microsoft/vscode-cpptools Extension/package.json, "problemMatchers".
 */
const VSCODE_GCC = /^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$/;

function parseGcc(text: string): Row[] {
  return text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = /^(.+?):(\d+):(\d+): (error|warning|note): (.*) \[([a-z0-9-]+)\]$/.exec(l);
      expect(m, l).not.toBeNull();
      return row(m![1]!, Number(m![2]), Number(m![3]), m![6]!, m![4] === 'note' ? 'info' : m![4]!);
    });
}

function unescapeData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}
function unescapeProperty(s: string): string {
  return unescapeData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));
}

const parsers: Record<string, (text: string) => Row[]> = {
  stylish(text) {
    const rows: Row[] = [];
    let file = '';
    for (const l of text.split('\n')) {
      // The summary, and ESLint's closing line about --fix.
      if (l === '' || /^[✖⚠ℹ]/.test(l) || /^ {2}\d+ .* potentially fixable with the `--fix` option\.$/.test(l)) continue;
      if (!l.startsWith(' ')) {
        file = l;
        continue;
      }
      const m = /^ {2}(\d+):(\d+)\s+(error|warning|info)\s+(.*)\s{2}(\S+)$/.exec(l);
      if (m) rows.push(row(file, Number(m[1]), Number(m[2]), m[5]!, m[3]!));
      else expect(l.trimStart().startsWith('↳'), l).toBe(true);
    }
    return rows;
  },
  gcc: parseGcc,
  json(text) {
    const files = JSON.parse(text) as { filePath: string; messages: { ruleId: string; severity: number; level?: string; line: number; column: number }[] }[];
    return files.flatMap((f) =>
      f.messages.map((m) => row(f.filePath.slice(root.length + 1), m.line, m.column, m.ruleId, m.level === 'info' ? 'info' : m.severity === 2 ? 'error' : 'warning')),
    );
  },
  sarif(text) {
    const log = JSON.parse(text) as SarifLog;
    const levels: Record<string, string> = { error: 'error', warning: 'warning', note: 'info' };
    return log.runs[0]!.results.map((r) => {
      const p = r.locations[0]!.physicalLocation;
      return row(decodeURIComponent(p.artifactLocation.uri), p.region.startLine, p.region.startColumn, r.ruleId, levels[r.level]!);
    });
  },
  github(text) {
    const sev: Record<string, string> = { error: 'error', warning: 'warning', notice: 'info' };
    return text
      .trimEnd()
      .split('\n')
      .map((l) => {
        const m = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(l);
        expect(m, l).not.toBeNull();
        const props = Object.fromEntries(m![2]!.split(',').map((kv) => kv.split('=', 2).map((x, i) => (i ? unescapeProperty(x) : x))));
        return row(props['file']!, Number(props['line']), Number(props['col'] ?? 1), props['title']!, sev[m![1]!]!);
      });
  },
  checkstyle(text) {
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'file' || name === 'error' }).parse(text) as {
      checkstyle: { version: string; file: { name: string; error?: { line: string; column: string; severity: string; source: string; message: string }[] }[] };
    };
    expect(doc.checkstyle.version).toBe('4.3');
    return doc.checkstyle.file.flatMap((f) =>
      (f.error ?? []).map((e) => {
        expect(e.source.startsWith('plexlint.')).toBe(true);
        expect(['error', 'warning', 'info']).toContain(e.severity);
        return row(f.name, Number(e.line), Number(e.column), e.source.slice('plexlint.'.length), e.severity);
      }),
    );
  },
  codequality(text) {
    const issues = JSON.parse(text) as { check_name: string; description: string; fingerprint: string; severity: string; location: { path: string; lines: { begin: number } } }[];
    const sev: Record<string, string> = { major: 'error', minor: 'warning', info: 'info' };
    expect(new Set(issues.map((x) => x.fingerprint)).size).toBe(issues.length);
    // Code Quality has no column: take the one of the finding on that line with that rule.
    return issues.map((x) => {
      const d = input.diagnostics.find((y) => y.file === x.location.path && y.line === x.location.lines.begin && y.ruleId === x.check_name)!;
      return row(x.location.path, x.location.lines.begin, d?.column ?? 0, x.check_name, sev[x.severity]!);
    });
  },
  junit(text) {
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' }).parse(text) as {
      testsuites: { testsuite: { tests: string; failures: string; testcase: { name: string; failure?: { '#text': string; message: string } }[] } };
    };
    const suite = doc.testsuites.testsuite;
    const failed = suite.testcase.filter((t) => t.failure);
    expect(Number(suite.tests)).toBe(suite.testcase.length);
    expect(Number(suite.failures)).toBe(failed.length);
    return failed.flatMap((t) => parseGcc(t.failure!['#text']));
  },
};

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; informationUri?: string; rules: { id: string; name: string; shortDescription: { text: string }; fullDescription: { text: string }; help: { text: string; markdown: string }; helpUri?: string; defaultConfiguration: { level: string }; properties: { tags: string[] } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
      relatedLocations?: { physicalLocation: { artifactLocation: { uri: string } } }[];
      partialFingerprints: { primaryLocationLineHash: string };
    }[];
  }[];
}

describe('every format reports the same findings', () => {
  it('the estate is broken enough to be a test: several files, every severity, a cross-file finding', () => {
    expect(new Set(input.diagnostics.map((d) => d.file)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(input.diagnostics.map((d) => d.severity))).toEqual(new Set(['error', 'warning', 'info']));
    expect(input.diagnostics.some((d) => d.related?.some((r) => r.file !== d.file))).toBe(true);
    expect(input.files.length).toBeGreaterThan(new Set(input.diagnostics.map((d) => d.file)).size - 1);
  });
  for (const name of Object.keys(formatters)) {
    it(name, () => {
      expect(parsers[name], `a parser for --format ${name} in this test`).toBeDefined();
      const rows = parsers[name]!(formatters[name]!(input)).sort();
      expect(rows).toEqual(expected);
    });
  }
});

describe('gcc', () => {
  const lines = formatters['gcc']!(input).trimEnd().split('\n');
  it("error and warning lines match VS Code's $gcc matcher (file, line, column, severity, message)", () => {
    const errorsAndWarnings = input.diagnostics.filter((d) => d.severity !== 'info');
    expect(errorsAndWarnings.length).toBeGreaterThan(0);
    for (const d of errorsAndWarnings) {
      const line = lines.find((l) => l.startsWith(`${d.file}:${d.line}:${d.column}: `) && l.endsWith(`[${d.ruleId}]`))!;
      const m = VSCODE_GCC.exec(line);
      expect(m, line).not.toBeNull();
      expect([m![1], Number(m![2]), Number(m![3]), m![4]]).toEqual([d.file, d.line, d.column, d.severity]);
      expect(m![5]).toBe(`${d.message} [${d.ruleId}]`);
    }
  });
  it("info findings are gcc 'note' lines, which $gcc does not pick up (our matchers do)", () => {
    for (const l of lines.filter((x) => x.includes(': note: '))) expect(VSCODE_GCC.test(l)).toBe(false);
  });
  it('plexlint-matcher.json (GitHub ::add-matcher::) reads every line, with the rule id as code and notes as notices', () => {
    const config = JSON.parse(readFileSync(join(root, 'plexlint-matcher.json'), 'utf8')) as {
      problemMatcher: { owner: string; severity?: string; pattern: { regexp: string; file: number; line: number; column: number; severity?: number; message: number; code: number }[] }[];
    };
    const owners = config.problemMatcher.map((m) => m.owner);
    expect(new Set(owners).size).toBe(owners.length); // the runner rejects duplicate owners
    for (const d of input.diagnostics) {
      const line = lines.find((l) => l.startsWith(`${d.file}:${d.line}:${d.column}: `) && l.endsWith(`[${d.ruleId}]`))!;
      // The runner compiles with RegexOptions.ECMAScript; these expressions mean the same in JavaScript.
      const hits = config.problemMatcher.flatMap((m) => m.pattern.map((p) => ({ m, p, r: new RegExp(p.regexp).exec(line) }))).filter((h) => h.r);
      expect(hits.length, line).toBe(1);
      const { m, p, r } = hits[0]!;
      const severity = p.severity ? r![p.severity] : m.severity;
      expect([r![p.file], Number(r![p.line]), Number(r![p.column]), r![p.message], r![p.code], severity]).toEqual([
        d.file,
        d.line,
        d.column,
        d.message,
        d.ruleId,
        { error: 'error', warning: 'warning', info: 'notice' }[d.severity],
      ]);
      // The runner accepts only these severities and skips a line with any other.
      expect(['error', 'warning', 'notice']).toContain(severity);
    }
  });
  it('the VS Code task in docs/editor.md reads every line, notes included', () => {
    const doc = readFileSync(join(root, 'docs', 'editor.md'), 'utf8');
    const block = /```json\n(\{\n {2}"version": "2\.0\.0"[\s\S]*?)```/.exec(doc);
    expect(block, 'the tasks.json block in docs/editor.md').not.toBeNull();
    const tasks = JSON.parse(block![1]!) as { tasks: { problemMatcher: { owner: string; fileLocation: string[]; pattern: { regexp: string; file: number; line: number; column: number; severity: number; message: number; code: number } } }[] };
    const pm = tasks.tasks[0]!.problemMatcher;
    expect(pm.owner).toBe('plexlint');
    expect(pm.fileLocation[0]).toBe('relative');
    for (const d of input.diagnostics) {
      const line = lines.find((l) => l.startsWith(`${d.file}:${d.line}:${d.column}: `) && l.endsWith(`[${d.ruleId}]`))!;
      const r = new RegExp(pm.pattern.regexp).exec(line);
      expect(r, line).not.toBeNull();
      expect([r![pm.pattern.file], Number(r![pm.pattern.line]), Number(r![pm.pattern.column]), r![pm.pattern.severity], r![pm.pattern.message], r![pm.pattern.code]]).toEqual([
        d.file,
        d.line,
        d.column,
        d.severity === 'info' ? 'note' : d.severity,
        d.message,
        d.ruleId,
      ]);
    }
  });
});

describe('github', () => {
  const base: Diagnostic = { ruleId: 'optlocal-out-of-range', severity: 'error', message: 'm', file: 'a.tcpip', line: 3, column: 5, endLine: 3, endColumn: 9 };
  it("escapes data (% CR LF) and properties (also : and ,) as actions/toolkit's command.ts does", () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('C:\\x,y%z\n')).toBe('C%3A\\x%2Cy%25z%0A');
    const line = githubLine({ ...input, cwd: '/r', sourceRoot: '/r' }, { ...base, file: 'dir,1/a:b%.tcpip', message: 'OPTLOCAL 20: 100%\nsecond line' });
    expect(line).toBe('::error file=dir%2C1/a%3Ab%25.tcpip,line=3,endLine=3,col=5,endColumn=9,title=optlocal-out-of-range::OPTLOCAL 20: 100%25%0Asecond line');
  });
  it('maps info to ::notice and drops columns for a range over several lines', () => {
    const line = githubLine({ ...input, cwd: '/r', sourceRoot: '/r' }, { ...base, severity: 'info', endLine: 5 });
    expect(line).toBe('::notice file=a.tcpip,line=3,endLine=5,title=optlocal-out-of-range::m');
  });
  it('names related locations in the message and makes paths relative to GITHUB_WORKSPACE', () => {
    const line = githubLine({ ...input, cwd: '/r/sub', sourceRoot: '/r' }, { ...base, related: [{ file: 'b.tcpip', line: 7, column: 1, message: 'defined here' }] });
    expect(line).toBe('::error file=sub/a.tcpip,line=3,endLine=3,col=5,endColumn=9,title=optlocal-out-of-range::m%0Ab.tcpip:7:1: defined here');
  });
  it('every line is one workflow command; stderr gets the full report and a summary', () => {
    const out = formatters['github']!(input);
    for (const l of out.trimEnd().split('\n')) expect(l).toMatch(/^::(error|warning|notice) file=[^:]*::[^\r\n]*$/);
    const err = consoleCompanions['github']!(input);
    for (const d of input.diagnostics) expect(err).toContain(d.message);
    expect(err).toContain(`\nplexlint: 7 problems (2 errors, 4 warnings, 1 info) in 4 files; ${input.files.length} files checked.\n`);
  });
  it('warns in the summary when GitHub will not show every annotation', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ ...base, line: i + 1, endLine: i + 1 }));
    expect(consoleCompanions['github']!({ ...input, diagnostics: many })).toContain('GitHub shows at most 10 error');
  });
});

describe('checkstyle and junit', () => {
  const nasty: Diagnostic = { ruleId: 'syntax', severity: 'error', message: `a <b> & "c" 'd'\nnext \u0007 line`, file: 'x&y.tcpip', line: 1, column: 1, endLine: 1, endColumn: 2 };
  it('stay well-formed with markup, quotes, newlines and control characters in messages and paths', () => {
    for (const name of ['checkstyle', 'junit']) {
      const text = formatters[name]!({ ...input, diagnostics: [nasty], files: ['x&y.tcpip'] });
      expect(XMLValidator.validate(text), name).toBe(true);
    }
  });
  it('junit: a clean file is a passing test case, a file with findings one failed test case listing them all', () => {
    const text = formatters['junit']!(input);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' }).parse(text) as {
      testsuites: { testsuite: { testcase: { name: string; failure?: { '#text': string } }[] } };
    };
    const cases = doc.testsuites.testsuite.testcase;
    expect(cases.map((c) => c.name).sort()).toEqual([...new Set([...input.files, ...input.diagnostics.map((d) => d.file)])].sort());
    expect(cases.some((c) => !c.failure)).toBe(true);
    for (const c of cases) expect(Boolean(c.failure)).toBe(input.diagnostics.some((d) => d.file === c.name));
  });
});

describe('sarif', () => {
  const log = sarifLog(input) as unknown as SarifLog;
  const run = log.runs[0]!;
  it('has what GitHub code scanning reads', () => {
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver.name).toBe('plexlint');
    const fired = [...new Set(input.diagnostics.map((d) => d.ruleId))].sort();
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(fired);
    for (const r of run.tool.driver.rules) {
      expect(r.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(r.shortDescription.text.length).toBeLessThanOrEqual(1024);
      expect(r.fullDescription.text.length).toBeLessThanOrEqual(1024);
      expect(r.help.text).toContain(`plexlint explain ${r.id}`);
      if (input.ruleDocs?.(r.id)) expect(r.help.markdown).toContain(`# ${r.id}\n`); // the rule's docs page, embedded
      expect(['error', 'warning', 'note']).toContain(r.defaultConfiguration.level);
      expect(r.properties.tags.length).toBeLessThanOrEqual(10);
    }
    for (const res of run.results) {
      expect(run.tool.driver.rules[res.ruleIndex]!.id).toBe(res.ruleId);
      const loc = res.locations[0]!.physicalLocation;
      expect(loc.artifactLocation.uriBaseId).toBe('%SRCROOT%');
      expect(loc.artifactLocation.uri).not.toMatch(/^(\/|[a-z]+:)/);
      expect(Object.keys(loc.region).sort()).toEqual(['endColumn', 'endLine', 'startColumn', 'startLine']);
      expect(res.partialFingerprints.primaryLocationLineHash).toMatch(/^[0-9a-f]{16}:\d+$/);
    }
    const cross = run.results.find((r) => r.ruleId === 'vipadistribute-undefined-dvipa')!;
    expect(cross.relatedLocations?.[0]?.physicalLocation.artifactLocation.uri).toBe('fixtures/estates/bad-formats/profiles/SYSB.tcpip');
  });
  it('check -f sarif: the driver has an informationUri and every rule a public helpUri, its page on the git host (never a file: of this machine)', async () => {
    const r = await runMain('check', 'fixtures/estates/bad-formats', '-f', 'sarif');
    const log = JSON.parse(r.stdout) as SarifLog;
    const driver = log.runs[0]!.tool.driver;
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { repository: { url: string }; homepage: string };
    const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(driver.informationUri).toBe(pkg.homepage);
    expect(driver.rules.length).toBeGreaterThan(0);
    expect(driver.rules.every((x) => rules.some((r) => r.meta.id === x.id))).toBe(true);
    for (const rule of driver.rules) expect(rule.helpUri, rule.id).toBe(`${repository}/blob/HEAD/docs/rules/${rule.id}.md`);
    // The only file: URI is SARIF's %SRCROOT% base, which locations are relative to; no rule page is one.
    expect(JSON.stringify(driver)).not.toContain('file://');
  });
  it('with project links (package.json repository), the driver and the rules carry them', () => {
    const links = { informationUri: 'https://example.invalid/plexlint', ruleUrl: (id: string) => `https://example.invalid/plexlint/docs/rules/${id}.md` };
    const withLinks = sarifLog({ ...input, links }) as unknown as SarifLog;
    expect(withLinks.runs[0]!.tool.driver.informationUri).toBe(links.informationUri);
    for (const r of withLinks.runs[0]!.tool.driver.rules) {
      expect(r.helpUri).toBe(links.ruleUrl(r.id));
      expect(r.help.markdown).toContain(`](${links.ruleUrl(r.id)})`);
    }
  });
  it('fingerprints survive lines inserted above a finding and count identical lines apart', () => {
    const copy = join(tmp, 'moved');
    cpSync(estate, copy, { recursive: true });
    const sysa = join(copy, 'profiles', 'SYSA.tcpip');
    writeFileSync(sysa, `; a new comment\n; and another one\n${readFileSync(sysa, 'utf8')}`);
    const prints = (dir: string, cwd: string): Map<string, string> => {
      const r = lint([dir], { cwd });
      const l = sarifLog({ ...reportInput(r, { env: {} }), color: false }) as unknown as SarifLog;
      return new Map(l.runs[0]!.results.map((x) => [`${x.ruleId} ${x.message.text}`, x.partialFingerprints.primaryLocationLineHash]));
    };
    const before = prints(estate, estate);
    const after = prints(copy, copy);
    expect(after).toEqual(before);
    const lines = new Map([['a.tcpip', ['   HOME 1', 'HOME    1']]]);
    const twice: Diagnostic[] = [1, 2].map((line) => ({ ruleId: 'syntax', severity: 'error', message: 'm', file: 'a.tcpip', line, column: 1, endLine: line, endColumn: 2 }));
    const l = sarifLog({ ...input, diagnostics: twice, lineText: (f, n) => lines.get(f)?.[n - 1] }) as unknown as SarifLog;
    const [a, b] = l.runs[0]!.results.map((x) => x.partialFingerprints.primaryLocationLineHash.split(':'));
    expect(a![0]).toBe(b![0]); // same rule, same text once blanks are normalised
    expect([a![1], b![1]]).toEqual(['1', '2']);
  });
  it("passes Microsoft's SARIF validator (sarif-multitool validate, SARIF and GitHub rules) with no errors", () => {
    const require = createRequire(import.meta.url);
    // @microsoft/sarif-multitool resolves to the self-contained .NET binary of this platform's package.
    const exe = require('@microsoft/sarif-multitool') as string;
    if ((statSync(exe).mode & 0o100) === 0) chmodSync(exe, 0o755);
    // What the command line gives (the links package.json names), and a report without findings.
    const cases: [string, ReportInput][] = [
      ['cli', { ...input, links: projectLinks! }],
      ['empty', { ...input, links: projectLinks!, diagnostics: [] }],
    ];
    for (const [name, i] of cases) {
      const file = join(tmp, `${name}.sarif`);
      const out = join(tmp, `${name}.validation.sarif`);
      writeFileSync(file, formatters['sarif']!(i));
      const run = spawnSync(exe, ['validate', file, '--output', out, '--log', 'ForceOverwrite', '--rule-kind', 'Sarif;Gh'], {
        encoding: 'utf8',
        // No ICU on a minimal CI image must not stop the validator.
        env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
        timeout: 120_000,
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      const validation = JSON.parse(readFileSync(out, 'utf8')) as { runs: { results?: { ruleId: string; level?: string; message: { text?: string; arguments?: string[] } }[] }[] };
      const problems = (validation.runs[0]!.results ?? []).map((r) => `${r.level ?? 'warning'} ${r.ruleId} ${JSON.stringify(r.message)}`);
      // No error and no warning: SARIF2005 (informationUri) included.
      expect(problems, name).toEqual([]);
    }
  });
});
