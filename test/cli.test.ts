/**
 * The check command's controls with every format: --quiet, --max-warnings,
 * --rule, -o (stdout then carries nothing), --no-inline-config,
 * --print-config, and `rules --format json`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { formatters } from '../src/report/index.js';
import { rules } from '../src/rules/registry.js';
import { NEWEST_RELEASE } from '../src/core/release.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
// main() uses the process's working directory (vitest runs in the repository root).
const estate = relative(process.cwd(), join(root, 'fixtures', 'estates', 'bad-formats')) || '.';
const tmp = mkdtempSync(join(tmpdir(), 'plexlint-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = 0;
});

const run = runMain;

/** The rule ids of the findings in a report, read the simplest way each format allows. */
function ruleIds(format: string, text: string): string[] {
  const all = (re: RegExp): string[] => [...text.matchAll(re)].map((m) => m[1]!);
  switch (format) {
    case 'json':
      return (JSON.parse(text) as { messages: { ruleId: string }[] }[]).flatMap((f) => f.messages.map((m) => m.ruleId));
    case 'codequality':
      return (JSON.parse(text) as { check_name: string }[]).map((x) => x.check_name);
    case 'sarif':
      return (JSON.parse(text) as { runs: { results: { ruleId: string }[] }[] }).runs[0]!.results.map((r) => r.ruleId);
    case 'github':
      return all(/,title=([a-z0-9-]+)::/g);
    case 'checkstyle':
      return all(/source="plexlint\.([a-z0-9-]+)"/g);
    case 'stylish':
      return all(/^ {2}\d+:\d+ .* {2}([a-z0-9-]+)$/gm);
    default: // gcc, and the findings listed inside junit's <failure>
      return all(/ \[([a-z0-9-]+)\](?:$|<\/failure>)/gm);
  }
}
function mentions(format: string, text: string, id: string): boolean {
  return ruleIds(format, text).includes(id);
}

describe('check: controls work with every format', () => {
  for (const format of Object.keys(formatters)) {
    it(`--format ${format}: --quiet keeps errors only; --rule turns a rule off; exit codes`, async () => {
      const all = await run('check', estate, '--format', format, '--no-color');
      expect(all.code).toBe(1);
      expect(ruleIds(format, all.stdout)).toHaveLength(7);
      expect(mentions(format, all.stdout, 'manifest-unknown-key')).toBe(true);
      const quiet = await run('check', estate, '--format', format, '--quiet', '--no-color');
      expect(quiet.code).toBe(1);
      expect(ruleIds(format, quiet.stdout).sort()).toEqual(['optlocal-out-of-range', 'vipadistribute-undefined-dvipa']);
      const off = await run('check', estate, '--format', format, '--rule', 'optlocal-out-of-range=off', '--rule', 'vipadistribute-undefined-dvipa=warn', '--no-color');
      expect(off.code).toBe(0);
      expect(ruleIds(format, off.stdout)).toHaveLength(6);
      expect(mentions(format, off.stdout, 'optlocal-out-of-range')).toBe(false);
    });
    it(`--format ${format}: --max-warnings exits 1 and says so on stderr only`, async () => {
      const r = await run('check', estate, '--format', format, '--rule', 'optlocal-out-of-range=off', '--rule', 'vipadistribute-undefined-dvipa=off', '--max-warnings', '0', '--no-color');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('plexlint found too many warnings (4; maximum: 0).');
      expect(r.stdout).not.toContain('too many warnings');
      const enough = await run('check', estate, '--format', format, '--rule', 'optlocal-out-of-range=off', '--rule', 'vipadistribute-undefined-dvipa=off', '--max-warnings', '4');
      expect(enough.code).toBe(0);
    });
    // As in ESLint (--max-warnings: warn rules "still run, but not reported" with --quiet): before, --quiet dropped the
    // warnings before they were counted, so `--quiet --max-warnings 0` passed a run with warnings.
    it(`--format ${format}: --quiet --max-warnings still counts the warnings it does not report`, async () => {
      const r = await run('check', estate, '--format', format, '--rule', 'optlocal-out-of-range=off', '--rule', 'vipadistribute-undefined-dvipa=off', '--quiet', '--max-warnings', '0', '--no-color');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('plexlint found too many warnings (4; maximum: 0).');
      expect(ruleIds(format, r.stdout)).toEqual([]);
    });
    it(`--format ${format}: -o writes the report to a file and nothing to stdout`, async () => {
      const out = join(tmp, `report.${format}`);
      const r = await run('check', estate, '--format', format, '-o', out);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(readFileSync(out, 'utf8')).toContain('optlocal-out-of-range');
    });
  }
  it('--format github prints the full report and a summary to stderr, the commands to stdout', async () => {
    const r = await run('check', estate, '--format', 'github', '--no-color');
    expect(r.stdout.split('\n').filter(Boolean).every((l) => l.startsWith('::'))).toBe(true);
    expect(r.stderr).toContain('✖ 7 problems (2 errors, 4 warnings, 1 info)');
    expect(r.stderr).toContain('plexlint: 7 problems (2 errors, 4 warnings, 1 info) in 4 files;');
  });
  it('--no-inline-config reports what the directives hid, and no directive findings', async () => {
    const r = await run('check', estate, '--format', 'gcc', '--no-inline-config');
    expect(r.stdout).toContain('[manifest-unknown-key]');
    expect(r.stdout.match(/\[optlocal-out-of-range\]/g)).toHaveLength(2);
    expect(r.stdout).not.toContain('suppression]');
  });
  it('json lists suppressed findings with their reason, as ESLint does', async () => {
    const r = await run('check', estate, '--format', 'json');
    const files = JSON.parse(r.stdout) as { filePath: string; suppressedMessages: { ruleId: string; suppressions: { kind: string; justification: string }[] }[] }[];
    const sysa = files.find((f) => f.filePath.endsWith('SYSA.tcpip'))!;
    expect(sysa.suppressedMessages.map((m) => [m.ruleId, m.suppressions])).toEqual([['optlocal-out-of-range', [{ kind: 'directive', justification: 'lab values, change 4711' }]]]);
  });
  it('an unknown format is a usage error (exit 2)', async () => {
    const r = await run('check', estate, '--format', 'xml');
    expect(r.code).toBe(2);
  });
});

describe('check --print-config', () => {
  it('prints the effective severity of every rule for a file, overrides applied', async () => {
    // Run from the estate's folder, plexlint.yaml is found there; from here, name it.
    const config = `${estate}/plexlint.yaml`;
    const sysb = await run('check', '--print-config', `${estate}/profiles/SYSB.tcpip`, '--config', config);
    expect(sysb.code).toBe(0);
    const b = JSON.parse(sysb.stdout) as { file: string; manifest: string; rules: Record<string, string> };
    expect(b.file).toBe(`${estate}/profiles/SYSB.tcpip`);
    expect(b.manifest).toBe(`${estate}/plexlint.yaml`);
    expect(Object.keys(b.rules)).toEqual(rules.map((r) => r.meta.id));
    expect(b.rules['home-duplicate-address']).toBe('info');
    expect(b.rules['syntax']).toBe('error');
    const sysa = JSON.parse((await run('check', '--print-config', `${estate}/profiles/SYSA.tcpip`, '--config', config, '--rule', 'unused-suppression=off')).stdout) as { rules: Record<string, string> };
    expect(sysa.rules['home-duplicate-address']).toBe('warning');
    expect(sysa.rules['unused-suppression']).toBe('off');
  });
  it('names the manifest the lookup found and the estate root (no --config needed from a sub-folder)', async () => {
    const r = await run('check', '--print-config', `${estate}/profiles/SYSB.tcpip`);
    const b = JSON.parse(r.stdout) as { manifest: string; estateRoot: string; ignored: string | false };
    expect(b).toMatchObject({ manifest: `${estate}/plexlint.yaml`, estateRoot: estate, ignored: false });
  });
  it('says which z/OS release the file is judged against, and whether plexlint assumed it', async () => {
    const dir = mkdtempSync(join(tmp, 'release-'));
    writeFileSync(join(dir, 'plexlint.yaml'), 'release: "2.5"\napars: [ph54596]\nsystems:\n  SYSA: { profile: SYSA.tcpip, release: "3.1" }\n  SYSB: { profile: SYSB.tcpip }\n');
    for (const s of ['SYSA', 'SYSB']) writeFileSync(join(dir, `${s}.tcpip`), 'ARPAGE 20\n');
    const of = async (file: string): Promise<Record<string, unknown>> => JSON.parse((await run('check', '--print-config', join(dir, file))).stdout) as Record<string, unknown>;
    expect(await of('SYSA.tcpip')).toMatchObject({ system: 'SYSA', release: '3.1', releaseAssumed: false, apars: ['PH54596'] });
    expect(await of('SYSB.tcpip')).toMatchObject({ system: 'SYSB', release: '2.5', releaseAssumed: false });
    // A member, or a file of no system: the estate's release.
    expect(await of('COMMON')).toMatchObject({ release: '2.5', releaseAssumed: false });
    expect(await of('COMMON')).not.toHaveProperty('system');
    // Without release: in any manifest, the newest release plexlint knows, assumed.
    const r = await run('check', '--print-config', `${estate}/profiles/SYSB.tcpip`);
    expect(JSON.parse(r.stdout)).toMatchObject({ release: NEWEST_RELEASE, releaseAssumed: true, apars: [] });
  });
  it('works for a file that does not exist yet (globs are about paths) and lints nothing', async () => {
    const r = await run('check', '--print-config', `${estate}/profiles/NEW.tcpip`, '-o', join(tmp, 'config.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(existsSync(join(tmp, 'config.json'))).toBe(true);
  });
});

describe('rules', () => {
  it('--format json lists every rule with its metadata and docs page', async () => {
    const r = await run('rules', '--format', 'json');
    const list = JSON.parse(r.stdout) as { id: string; severity: string; category: string; description: string; docs: string }[];
    expect(list.map((x) => x.id)).toEqual(rules.map((x) => x.meta.id));
    const unused = list.find((x) => x.id === 'unused-suppression')!;
    expect(unused).toMatchObject({ severity: 'warning', category: 'input', docs: 'docs/rules/unused-suppression.md' });
  });
  it('explain prints a docs page', async () => {
    const r = await run('explain', 'unused-suppression');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('# unused-suppression\n')).toBe(true);
  });
  it('explain takes a rule id typed in capitals, and suggests the rule for a misspelt one in any case', async () => {
    expect((await run('explain', 'OPTLOCAL-OUT-OF-RANGE')).stdout.startsWith('# optlocal-out-of-range\n')).toBe(true);
    const r = await run('explain', 'OPTLOCAL-OUT-OF-RANG');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean optlocal-out-of-range?');
  });
});
