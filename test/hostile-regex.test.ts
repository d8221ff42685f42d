/**
 * Catastrophic backtracking: wildcards from input files (override globs in plexlint.yaml, VirtualHost names and
 * Uri patterns in plugin-cfg.xml) used to become regular expressions, and `*a*a*a*a*a*a*a*a*b` against a name of
 * 50 or 60 characters never finished. They are matched in linear time now, with the same meaning (checked here
 * against the regular expressions on short inputs, where backtracking is harmless). The hang guard of each CLI
 * run is a guard, not a speed limit: the bench measures speed.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { wildcardMatch } from '../src/core/wildcard.js';
import { matchesGlob } from '../src/engine/glob.js';
import { shortenMessage } from '../src/engine/lint.js';
import { hasStackTrace, runCli } from './support/cli.js';
import { fuzz } from './support/fuzz.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-regex-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const example = join(import.meta.dirname, '..', 'fixtures', 'example');
const HANG_GUARD = 60_000;

describe('wildcards from input files', () => {
  it('an override glob *a*a*a*a*a*a*a*a*b against a 60-character file name', () => {
    const dir = join(root, 'glob');
    mkdirSync(dir);
    writeFileSync(join(dir, 'plexlint.yaml'), 'overrides:\n  - files: ["*a*a*a*a*a*a*a*a*b", "**/*a*a*a*a*a*a*a*a*a*b/**"]\n    rules: { invalid-address: off }\n');
    writeFileSync(join(dir, `${'a'.repeat(60)}.tcpip`), 'HOME 10.1.1.300 LOOPBACK\n');
    const r = runCli(['check', '.', '--format', 'gcc'], { cwd: dir, timeout: HANG_GUARD });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('[invalid-address]');
  });

  describe('a VirtualHost *a*a*a*a*a*a*a*a*a*a*b:80 and a request to a 50-character host', () => {
    const dir = join(root, 'vhost');
    cpSync(example, dir, { recursive: true });
    const plugin = join(dir, 'web', 'plugin-cfg.xml');
    writeFileSync(plugin, readFileSync(plugin, 'utf8').replace('<VirtualHost Name="*:80"/>', '<VirtualHost Name="*a*a*a*a*a*a*a*a*a*a*b:80"/><VirtualHost Name="*:80"/>'));
    const url = `http://${'a'.repeat(50)}/shop/cart`;

    it('trace', () => {
      const r = runCli(['trace', '.', '--url', url], { cwd: dir, timeout: HANG_GUARD });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('SYSANODE_shop1');
    });

    it('simulate', () => {
      writeFileSync(join(dir, 'vh.scenario.yaml'), `estate: plexlint.yaml\nsteps:\n  - requests: { plugin: web/plugin-cfg.xml, url: "${url}", count: 100 }\n    expect: { failed: { max: 0 } }\n`);
      const r = runCli(['simulate', 'vh.scenario.yaml'], { cwd: dir, timeout: HANG_GUARD });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(0);
    });

    it('diff', () => {
      writeFileSync(join(dir, 'vh2.scenario.yaml'), `estate: plexlint.yaml\nsteps:\n  - requests: { plugin: web/plugin-cfg.xml, url: "${url}", count: 10 }\n`);
      const r = runCli(['diff', example, '.', '--scenario', 'vh2.scenario.yaml'], { cwd: dir, timeout: HANG_GUARD });
      expect(r.signal).toBeNull();
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect([0, 1]).toContain(r.code);
    });
  });
});

/** The regular expressions the matchers replace, as references on inputs short enough for them. */
function referenceGlob(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

describe('ignore patterns that no regular expression can hold', () => {
  it('an ignore: pattern of 300,000 characters (found by the mutation fuzzer): a finding, never "Regular expression too large"', () => {
    const dir = join(root, 'huge-ignore');
    mkdirSync(dir);
    writeFileSync(join(dir, 'plexlint.yaml'), `systems:\n  SYSA: { profile: SYSA.tcpip }\nignore:\n  - "*.${'A'.repeat(300_000)}"\n`);
    writeFileSync(join(dir, 'SYSA.tcpip'), 'HOME 10.1.1.300 LOOPBACK\n');
    writeFileSync(join(dir, '.plexlintignore'), `*.${'B'.repeat(300_000)}\n`);
    const r = runCli(['check', '.', '--format', 'gcc'], { cwd: dir, timeout: HANG_GUARD });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('plexlint.yaml:4:5: error: ignore entry of 300,002 characters: plexlint reads patterns of at most 1,024 (a pattern names paths), so it ignores nothing by it. Shorten the pattern. [manifest-invalid-value]');
    expect(r.code).toBe(1);
  });
});

describe('the linear matchers mean what the regular expressions meant', () => {
  const word = (chars: string[], max: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...chars), { maxLength: max }).map((a) => a.join(''));

  it('override globs (*, **, **/, ?) on paths', () => {
    fc.assert(
      fc.property(word(['a', 'b', '/', '.', '*', '?', '*', '**/'], 8), word(['a', 'b', '/', '.'], 10), (glob, path) => {
        const p = path.replace(/^\.\//, '');
        const re = referenceGlob(glob.replace(/^\.\//, ''));
        const expected = glob.includes('/') ? re.test(p) : referenceGlob(glob).test(p.split('/').pop() ?? p) || referenceGlob(glob).test(p);
        expect(matchesGlob(path, glob)).toBe(expected);
      }),
      fuzz(500),
    );
  });

  it('{a,b} alternatives', () => {
    expect(matchesGlob('profiles/SYSA.tcpip', 'profiles/{SYSA,SYSB}.tcpip')).toBe(true);
    expect(matchesGlob('profiles/SYSC.tcpip', 'profiles/{SYSA,SYSB}.tcpip')).toBe(false);
    expect(matchesGlob('x/y/SYSB.tcpip', '**/{*A,*B}.tcpip')).toBe(true);
  });

  it('* wildcards (VirtualHost names, Uri patterns), with and without case', () => {
    fc.assert(
      fc.property(word(['a', 'b', 'A', '.', '*', '?'], 8), word(['a', 'b', 'A', '.', '?'], 10), fc.boolean(), (pattern, text, ignoreCase) => {
        const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, ignoreCase ? 'i' : '');
        expect(wildcardMatch(pattern, text, { ignoreCase })).toBe(re.test(text));
      }),
      fuzz(500),
    );
  });

  it('the catastrophic patterns answer at once', () => {
    expect(matchesGlob('a'.repeat(60), '*a*a*a*a*a*a*a*a*b')).toBe(false);
    expect(matchesGlob(`${'a/'.repeat(30)}x`, '**/*a*a*a*a*a*a*a*a*b/**')).toBe(false);
    expect(wildcardMatch('*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(50), { ignoreCase: true })).toBe(false);
    expect(wildcardMatch('*a*a*a*a*a*a*a*a*a*a*b', `${'a'.repeat(50)}B`, { ignoreCase: true })).toBe(true);
  });
});

describe('no regular expression is made from input at run time', () => {
  it('src/ and grammar/ build none (new RegExp), but from text escaped to a literal', () => {
    const top = join(import.meta.dirname, '..');
    // Each allowed file builds its expression from an escaped literal only, no quantifier or wildcard from input.
    const allowed = new Set(['src/frontends/xml/well-formed.ts', 'src/lsp/navigation.ts']);
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(join(top, dir))) {
        const rel = `${dir}/${name}`;
        if (statSync(join(top, rel)).isDirectory()) walk(rel);
        else if (rel.endsWith('.ts') && !allowed.has(rel) && /new RegExp\(|RegExp\(/.test(readFileSync(join(top, rel), 'utf8'))) found.push(rel);
      }
    };
    walk('src');
    walk('grammar');
    expect(found).toEqual([]);
  });

  it('a message quoting an 8M-character word is shortened without a stack overflow', () => {
    const message = `'${'X'.repeat(8_000_000)}' is not a HOME operand and neither is '${'Y'.repeat(300)}'`;
    expect(shortenMessage(message)).toBe(`'${'X'.repeat(79)}…${'X'.repeat(19)}' [8000002 characters] is not a HOME operand and neither is '${'Y'.repeat(79)}…${'Y'.repeat(19)}' [302 characters]`);
  });
});
