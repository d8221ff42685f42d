/**
 * The command line without sharp edges: value options take one value each, may be repeated, and never swallow
 * the paths after them (on every command); --rule is validated; every command's --help shows real examples.
 * The --progress runs spawn the real binary (runCli): "nothing in a pipe by default" is about the process's stderr
 * being a pipe, which only a child process has for certain.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLE_COMMANDS } from '../src/cli/help.js';
import { program } from '../src/cli/main.js';
import { runMain } from './support/main.js';

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = 0;
});

describe('value options never swallow the paths after them', () => {
  it('check --rule a=off --rule b=warn <path>', async () => {
    // Before: "--rule fixtures/example: expected <rule-id>=…" (the option took the path as a second value).
    const r = await runMain('check', '--rule', 'optlocal-zero-wlm=off', '--rule', 'weight-ignored=warn', 'fixtures/example', '-f', 'gcc');
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });
  it('check --ignore-pattern <glob> <path>', async () => {
    const r = await runMain('check', '--ignore-pattern', '*.prev', 'fixtures/rules/unlisted-profile/bad', '-f', 'gcc');
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' }); // the .prev (with its OPTLOCAL 17) is left out, the rest checked
    const bak = await runMain('check', '--ignore-pattern', 'none', 'fixtures/rules/unlisted-profile/bad', '-f', 'gcc');
    expect(bak.stdout).toContain('[unlisted-profile]');
  });
  it('trace --down A --down B <path>, --cookie <kv> <path>', async () => {
    const r = await runMain('trace', '--from', 'client', '--to', '10.40.1.1:8080', '--down', 'SYSA', '--down', 'SYSC', 'fixtures/example');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/connection from client to 10\.40\.1\.1:8080/);
    const c = await runMain('trace', '--url', 'http://shop.example.com/shop/cart', '--cookie', 'JSESSIONID=0000A:nomatch', 'fixtures/example');
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(/^request http:\/\/shop\.example\.com\/shop\/cart/);
  });
  it('diff --fail-on a --fail-on b <old> <new>, --scenario <file> <old> <new>', async () => {
    const r = await runMain('diff', '--fail-on', 'new-findings', '--fail-on', 'behaviour', 'fixtures/diff/hotstandby/old', 'fixtures/diff/hotstandby/new', '-f', 'json');
    expect(r.code).toBe(1); // behaviour changed
    const s = await runMain('diff', '--scenario', 'fixtures/scenarios/sysplex-distributor.scenario.yaml', 'fixtures/diff/nooptlocal/old', 'fixtures/diff/nooptlocal/new', '-f', 'json');
    expect(s.code).toBe(1);
    expect(s.stdout).toContain('sysplex-distributor.scenario.yaml step 1');
  });
  it('compile -c <manifest> --encoding <name> <path>', async () => {
    const r = await runMain('compile', '-c', 'fixtures/example/plexlint.yaml', '--encoding', 'utf-8', 'fixtures/example');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { systems: unknown[] }).systems).toHaveLength(4);
  });
});

describe('--rule is validated', () => {
  it('an unknown rule id is a usage error with a did-you-mean', async () => {
    const r = await runMain('check', '--rule', 'optlocal-out-of-rang=off', 'fixtures/example');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("plexlint: --rule optlocal-out-of-rang=off: plexlint has no rule 'optlocal-out-of-rang'. Did you mean optlocal-out-of-range? (plexlint rules lists them)\n");
    expect((await runMain('diff', '--rule', 'nosuch=off', 'fixtures/diff/optlocal/old', 'fixtures/diff/optlocal/new')).code).toBe(2);
  });
  // explain takes a rule id in any case; --rule and plexlint.yaml rules: did not even suggest the lower-case id.
  it('a rule id in upper case suggests the id in lower case, on the command line and in plexlint.yaml', async () => {
    const r = await runMain('check', '--rule', 'OPTLOCAL-OUT-OF-RANGE=off', 'fixtures/example');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("plexlint: --rule OPTLOCAL-OUT-OF-RANGE=off: plexlint has no rule 'OPTLOCAL-OUT-OF-RANGE'. Did you mean optlocal-out-of-range? (plexlint rules lists them)\n");
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-rule-case-'));
    try {
      writeFileSync(join(dir, 'plexlint.yaml'), 'rules:\n  OPTLOCAL-OUT-OF-RANGE: off\n');
      const m = await runMain('check', '-f', 'json', join(dir, 'plexlint.yaml'));
      const messages = (JSON.parse(m.stdout) as { messages: { ruleId: string; message: string; fix?: { text: string } }[] }[]).flatMap((f) => f.messages);
      expect(messages.map((x) => [x.ruleId, x.message, x.fix?.text])).toEqual([
        ['manifest-unknown-key', "plexlint has no rule 'OPTLOCAL-OUT-OF-RANGE', so this setting does nothing. Did you mean optlocal-out-of-range? (plexlint rules lists them)", 'optlocal-out-of-range'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('syntax=off is refused with the reason, not ignored silently', async () => {
    const r = await runMain('check', '--rule', 'syntax=off', 'fixtures/example');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^plexlint: --rule syntax=off: syntax findings cannot be turned off or down: .*fix the file instead\n$/);
  });
});

describe('--help of every command', () => {
  const commands = program().commands.map((c) => c.name());
  it('covers every command', () => {
    expect(commands.sort()).toEqual(Object.keys(EXAMPLE_COMMANDS).sort());
  });
  for (const name of commands) {
    it(`${name} --help shows two or three real examples`, async () => {
      const r = await runMain(name, '--help');
      expect(r.code).toBe(0);
      const examples = r.stdout.split('\nExamples:\n')[1] ?? '';
      const lines = examples.split('\n').filter((l) => l.startsWith('  $ '));
      expect(lines.length).toBeGreaterThanOrEqual(name === 'explain' ? 1 : 2);
      expect(lines.length).toBeLessThanOrEqual(3);
      for (const l of lines) expect(l).toMatch(new RegExp(`^  \\$ plexlint ${name}( |$)`));
    });
  }
  it('simulate with a folder or a missing file says what simulate takes, not an errno (EISDIR, ENOENT)', async () => {
    const folder = await runMain('simulate', 'fixtures/example');
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe('plexlint: fixtures/example is a folder, not a regular file; to fail every component of the estate in it, run plexlint simulate --failures single fixtures/example\n');
    expect((await runMain('graph', '--scenario', 'fixtures/example')).stderr).toBe('plexlint: fixtures/example is a folder, not a regular file\n');
    const missing = await runMain('simulate', 'nope.scenario.yaml');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('plexlint: nope.scenario.yaml does not exist\n');
  });
  it('simulate --help points to the scenario format in docs/scenarios.md', async () => {
    expect((await runMain('simulate', '--help')).stdout).toContain('docs/scenarios.md');
  });
  it('the examples that run on the shipped example estate work as shown', async () => {
    for (const [cmd] of Object.values(EXAMPLE_COMMANDS).flat()) {
      if (!cmd.includes('fixtures/example') || cmd.includes('*')) continue;
      const args = cmd.split(' ').slice(1);
      const r = await runMain(...args);
      expect(r.code, `${cmd}\n${r.stderr}`).toBe(0);
    }
  });
  it('the trace example with an affinity cookie names a clone ID of the example, so the request goes by affinity', async () => {
    const [cmd] = EXAMPLE_COMMANDS.trace.find(([c]) => c.includes('--cookie'))!;
    const r = await runMain(...cmd.split(' ').slice(1));
    expect(r.stdout).toMatch(/→ \S+ \([^)]*\), by affinity\n$/);
  });
});

describe('progress on stderr', () => {
  it('check and simulate: nothing in a pipe by default; --progress shows the phases on stderr, never on stdout', async () => {
    const { runCli } = await import('./support/cli.js');
    const quiet = runCli(['check', 'fixtures/example', '-f', 'gcc']);
    expect(quiet).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const shown = runCli(['check', 'fixtures/example', '-f', 'gcc', '--progress']);
    expect(shown.stdout).toBe('');
    expect(shown.stderr).toMatch(/^plexlint: reading files( \d+\/\d+)? \(\d+\.\d s\)$/m);
    expect(shown.stderr).toMatch(/^plexlint: compiling profiles/m);
    const sim = runCli(['simulate', 'fixtures/scenarios/sysplex-distributor.scenario.yaml', '--progress']);
    expect(sim.code).toBe(0);
    expect(sim.stderr).toMatch(/^plexlint: simulating fixtures\/scenarios\/sysplex-distributor\.scenario\.yaml/m);
    expect(runCli(['simulate', 'fixtures/scenarios/sysplex-distributor.scenario.yaml']).stderr).toBe('');
  });
});
