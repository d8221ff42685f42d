/**
 * Hostile and broken estate manifests (plexlint.yaml): unknown keys, wrong
 * types, paths that do not exist — findings with line and column in the
 * manifest — and files that are not YAML, YAML bombs (aliases of aliases),
 * absurd nesting and absurd size. The YAML bomb runs in a child process with a capped heap (memory stays bounded);
 * the other runs of the command line are in this process (runMainIn).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { MAX_ALIAS_NODES } from '../src/frontends/manifest/index.js';
import { hasStackTrace, runCli } from './support/cli.js';
import { runMainIn } from './support/main.js';

const tmp = mkdtempSync(join(tmpdir(), 'plexlint-hostile-manifest-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function estate(manifest: string | Buffer, files: Record<string, string> = { 'SYSA.tcpip': 'PORT 23 TCP TN3270\n' }): string {
  const dir = join(tmp, `estate${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'plexlint.yaml'), manifest);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  return dir;
}

function manifestFindings(dir: string): string[] {
  return lint([dir], { cwd: dir })
    .diagnostics.filter((d) => d.file === 'plexlint.yaml')
    .map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}`);
}

describe('schema problems are findings at their place in plexlint.yaml', () => {
  it('unknown keys (with did-you-mean), wrong types and paths that do not exist', () => {
    const dir = estate(
      [
        'sytems:', //                                         1 unknown key (did you mean systems?)
        '  SYSA: { profile: SYSA.tcpip }',
        'systems:',
        '  SYSA:',
        '    profile: SYSA.tcpip',
        '    cpu: CPC1', //                                   6 unknown key
        '    symbols: [HOSTIP]', //                           7 wrong type: a list, not a mapping
        '  SYSB: { profile: profiles/NOSUCH.tcpip }', //      8 path that does not exist
        'datasets:',
        '  USER.TCPPARMS: { folder: x }', //                  10 wrong type: a mapping, not a path
        'web:',
        '  plugins: web/plugin-cfg.xml', //                   12 wrong type: not a list
        '  cells:',
        '    CELLA:',
        '      odrs: [{ name: odr1, host: h, port: 99999 }]', // 15 out of range
        'rules:',
        '  optlocal-out-of-range: loud', //                   17 not a level
        '',
      ].join('\n'),
    );
    expect(manifestFindings(dir)).toEqual([
      '1:1-1:7 manifest-unknown-key',
      '6:5-6:8 manifest-unknown-key',
      '7:14-7:22 manifest-invalid-value',
      '8:20-8:41 manifest-missing-file',
      '10:18-10:31 manifest-invalid-value',
      '12:12-12:30 manifest-invalid-value',
      '15:14-15:50 manifest-invalid-value',
      '15:43-15:48 manifest-invalid-value',
      '17:26-17:30 manifest-invalid-value',
    ]);
    const messages = lint([dir], { cwd: dir }).diagnostics.map((d) => d.message);
    expect(messages[0]).toContain('Did you mean systems?');
  });

  it('through the CLI: gcc lines carry the manifest position; a missing --config is one line, exit 2', async () => {
    const dir = estate('systems:\n  SYSA: { profile: SYSA.tcpip, cpcc: CPC1 }\n');
    const r = await runMainIn(['check', '.', '--format', 'gcc'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^plexlint\.yaml:2:32: warning: unknown key 'cpcc' in systems\.SYSA: plexlint ignores it\. Did you mean cpc\? \[manifest-unknown-key\]$/m);
    const missing = await runMainIn(['check', '.', '--config', 'nosuch.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('plexlint: nosuch.yaml does not exist (--config)\n');
    // compile, trace and graph compile one estate: the missing --config was reported twice, joined by '; '.
    for (const args of [['compile', '.'], ['trace', '.', '--from', 'client', '--to', '10.1.1.1:80'], ['graph', '.']]) {
      const once = await runMainIn([...args, '--config', 'nosuch.yaml'], { cwd: dir });
      expect(once.code).toBe(2);
      expect(once.stderr).toBe('plexlint: nosuch.yaml does not exist (--config)\n');
    }
  });
});

describe('files that are not a manifest', () => {
  it('not YAML at all: syntax findings with positions, nothing else from the manifest', () => {
    const dir = estate('<Config>\n  {{ not: yaml ::: \n\t- [\n');
    const found = manifestFindings(dir);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.endsWith(' syntax'))).toBe(true);
    expect(found[0]).toMatch(/^1:1-/);
  });

  it('binary bytes: one line, exit 2 (the manifest is always named, never scanned)', async () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    const r = await runMainIn(['check', '.'], { cwd: estate(bytes) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^plexlint: plexlint\.yaml is a binary file \(.*\), not a configuration file\n$/);
  });

  it('a manifest over 1 MB: one line, exit 2', async () => {
    const r = await runMainIn(['check', '.'], { cwd: estate('# padding\n'.repeat(120_000)) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('plexlint: plexlint.yaml is 1.1 MB, larger than the 1.0 MB plexlint reads for a manifest\n');
  });

  it('nesting thousands of levels deep: a syntax finding, not a stack overflow', () => {
    const dir = estate('rules: ' + '['.repeat(100_000) + ']'.repeat(100_000) + '\n');
    expect(manifestFindings(dir)).toEqual(['1:108-1:109 syntax']);
    expect(lint([dir], { cwd: dir }).diagnostics[0]!.message).toContain('nested more than 100 levels deep');
    // Block sequences nested on one line (- - - …) are recursion too: whatever the parser does, one finding.
    const block = estate('rules:\n  ' + '- '.repeat(50_000) + 'x\n');
    expect(manifestFindings(block).length).toBeGreaterThan(0);
  });
});

describe('aliases', () => {
  it('an alias of a mapping is read like the mapping (symbols shared by two systems)', () => {
    const dir = estate(
      [
        'x-common: &common { HOSTIP: 10.20.1.300 }',
        'systems:',
        '  SYSA: { profile: SYSA.tcpip, symbols: *common }',
        '  SYSB: { profile: SYSB.tcpip, symbols: *common }',
        '',
      ].join('\n'),
      { 'SYSA.tcpip': 'HOME &HOSTIP. LOOPBACK\n', 'SYSB.tcpip': 'HOME &HOSTIP. LOOPBACK\n' },
    );
    const d = lint([dir], { cwd: dir }).diagnostics.map((x) => `${x.file}:${x.line}:${x.column} ${x.ruleId}`);
    expect(d).toEqual(['SYSA.tcpip:1:6 invalid-address', 'SYSB.tcpip:1:6 invalid-address', 'plexlint.yaml:1:1 manifest-unknown-key']);
  });

  it('a YAML bomb (ten aliases of ten aliases, 10^12 nodes expanded) ends at once with a finding', () => {
    const lines = ['x0: &a0 { k: v }'];
    for (let i = 1; i <= 12; i++) lines.push(`x${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    lines.push('web:', '  plugins: *a12', 'overrides: *a12', 'rules: *a12', '');
    const r = runCli(['check', '.', '--format', 'gcc'], { cwd: estate(lines.join('\n')), maxOldSpaceMb: 256, timeout: 60_000 });
    expect(r.signal).toBeNull();
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBeLessThan(20_000);
  });

  it(`aliases that expand to more than ${MAX_ALIAS_NODES} nodes in all: one finding, the rest ignored`, () => {
    const big = Array.from({ length: 3000 }, (_, i) => `S${i}: v`).join(', ');
    const systems = Array.from({ length: 5 }, (_, i) => `  SYS${i}: { symbols: *big }`).join('\n');
    const dir = estate(`x-big: &big { ${big} }\nsystems:\n${systems}\n`);
    const found = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.message.includes('aliases in plexlint.yaml expand to more than'));
    expect(found.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['4:20 manifest-invalid-value']);
  });

  it('an alias with no anchor before it, and an anchor that contains its own alias', () => {
    const dir = estate('systems:\n  SYSA: { profile: SYSA.tcpip, symbols: *nowhere }\nx-loop: &loop [a, *loop]\nrules: *loop\n');
    const found = manifestFindings(dir);
    expect(found.length).toBeGreaterThan(0);
  });
});
