/**
 * A repository laid out the way users keep several sysplexes (docs/estates.md): two estates with their own
 * plexlint.yaml, a backup copy of a profile, an old folder, unrelated files, build output and dependencies —
 * checked through the command line from the root, from a sub-folder, with globs, ignore rules and stdin.
 * The command line runs in this process (runMainIn, in the folder a user would be in); only the runs that read
 * standard input spawn the real binary (runCli): main() reads --stdin from file descriptor 0, which only a child
 * process can be given.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { runMainIn } from './support/main.js';
import { estateCountMessage } from '../src/engine/compile.js';

const example = join(import.meta.dirname, '..', 'fixtures', 'example');
let repo: string;

interface JsonFile {
  filePath: string;
  messages: { ruleId: string; line: number }[];
}

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(repo, rel)), { recursive: true });
  writeFileSync(join(repo, rel), text);
}

async function check(args: string[], cwd = repo, input?: string): Promise<{ code: number | null; stdout: string; stderr: string; findings: string[] }> {
  // Standard input needs a child process (see the top of the file).
  const r = input !== undefined ? runCli(['check', ...args, '-f', 'json'], { cwd, input }) : await runMainIn(['check', ...args, '-f', 'json'], { cwd });
  let findings: string[] = [];
  if (r.stdout.startsWith('[')) {
    findings = (JSON.parse(r.stdout) as JsonFile[]).flatMap((f) => f.messages.map((m) => `${f.filePath.slice(cwd.length + 1)}:${m.line} ${m.ruleId}`));
  }
  return { ...r, findings };
}

const BROKEN = 'VIPADYNAMIC\n  VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.99.1.1\n  VIPADISTRIBUTE DEFINE OPTLOCAL 17 10.99.1.1 PORT 80 DESTIP ALL\nENDVIPADYNAMIC\n';

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'plexlint-repo-'));
  mkdirSync(join(repo, '.git'));
  cpSync(example, join(repo, 'prod', 'PLEX1'), { recursive: true });
  cpSync(example, join(repo, 'test', 'PLEX2'), { recursive: true });
  // A backup copy next to a listed profile (a stray copy, never read), another version of it (an unlisted
  // profile, checked on its own), and an old folder the manifest ignores.
  cpSync(join(example, 'profiles', 'SYSA.tcpip'), join(repo, 'prod', 'PLEX1', 'profiles', 'SYSA.tcpip.bak'));
  cpSync(join(example, 'profiles', 'SYSA.tcpip'), join(repo, 'prod', 'PLEX1', 'profiles', 'SYSA.tcpip.prev'));
  write('test/PLEX2/old/SYSX.tcpip', BROKEN);
  writeFileSync(join(repo, 'test', 'PLEX2', 'plexlint.yaml'), readFileSync(join(example, 'plexlint.yaml'), 'utf8') + 'ignore:\n  - old/\n');
  // Dependencies, build output and notes: never inputs.
  write('node_modules/pkg/SYSZ.tcpip', BROKEN);
  write('dist/SYSZ.tcpip', BROKEN);
  write('README.md', '# network configuration\n');
  write('empty/.keep', '');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('estates', () => {
  it('check . at the root: each estate alone, one merged report, no finding across estates', async () => {
    const r = await check(['.']);
    expect(r.stderr).toBe('');
    // The example is clean: the two copies would collide (duplicate-address, dvipa-multiple-owners) in one sysplex.
    expect(r.findings.sort()).toEqual(['prod/PLEX1/profiles/SYSA.tcpip.bak:1 stray-copy', 'prod/PLEX1/profiles/SYSA.tcpip.prev:1 unlisted-profile']);
    expect(r.code).toBe(0);
    const files = (JSON.parse(r.stdout) as JsonFile[]).map((f) => f.filePath.slice(repo.length + 1));
    expect(files).toContain('prod/PLEX1/profiles/SYSB.tcpip');
    expect(files).toContain('test/PLEX2/profiles/SYSB.tcpip');
    expect(files.some((f) => f.startsWith('node_modules') || f.startsWith('dist') || f.includes('/old/'))).toBe(false);
  });

  it('a file checked from a sub-folder finds the plexlint.yaml above it (symbols, systems)', async () => {
    const cwd = join(repo, 'prod', 'PLEX1', 'profiles');
    const r = await check(['SYSB.tcpip'], cwd);
    expect(r.findings).toEqual([]); // without the manifest: unresolved-symbol notes for &HOSTIP. and &SVIPA.
    expect(r.code).toBe(0);
    const config = await runMainIn(['check', '--print-config', 'SYSB.tcpip'], { cwd });
    expect(JSON.parse(config.stdout)).toMatchObject({ file: 'SYSB.tcpip', manifest: '../plexlint.yaml', estateRoot: '..', ignored: false });
    // Run in the estate's own folder, the root is that folder: '.', not the folder's name.
    const here = await runMainIn(['check', '--print-config', 'profiles/SYSB.tcpip'], { cwd: join(repo, 'prod', 'PLEX1') });
    expect(JSON.parse(here.stdout)).toMatchObject({ manifest: 'plexlint.yaml', estateRoot: '.' });
  });

  it('only the part of an estate that was named is reported', async () => {
    write('prod/PLEX1/web/notes.txt', 'not a configuration file\n');
    const r = await check(['prod/PLEX1/profiles/SYSA.tcpip.prev']);
    expect(r.findings).toEqual(['prod/PLEX1/profiles/SYSA.tcpip.prev:1 unlisted-profile']);
    // A stray copy named on the command line is not read either: the note says why.
    expect((await check(['prod/PLEX1/profiles/SYSA.tcpip.bak'])).findings).toEqual(['prod/PLEX1/profiles/SYSA.tcpip.bak:1 stray-copy']);
    const sub = await check(['prod/PLEX1/web']);
    expect(sub.findings).toEqual([]);
    expect(sub.code).toBe(0);
  });

  it('another version of a profile is checked on its own: a typo in it is still found, as the system it copies', async () => {
    const bak = join(repo, 'prod', 'PLEX1', 'profiles', 'SYSA.tcpip.prev');
    const text = readFileSync(bak, 'utf8');
    writeFileSync(bak, text.replace('OPTLOCAL 1', 'OPTLOCAL 17'));
    try {
      const r = await check(['prod']);
      expect(r.findings.sort()).toEqual([
        'prod/PLEX1/profiles/SYSA.tcpip.bak:1 stray-copy',
        'prod/PLEX1/profiles/SYSA.tcpip.prev:1 unlisted-profile',
        expect.stringMatching(/^prod\/PLEX1\/profiles\/SYSA\.tcpip\.prev:\d+ optlocal-out-of-range$/),
      ]);
      expect(r.code).toBe(1);
    } finally {
      writeFileSync(bak, text);
    }
  });

  it('nothing to check is exit 2, unless --no-error-on-unmatched-pattern', async () => {
    const r = await runMainIn(['check', 'empty'], { cwd: repo });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'plexlint: no files to check in empty\n' });
    const ok = await runMainIn(['check', 'empty', '--no-error-on-unmatched-pattern', '-f', 'gcc'], { cwd: repo });
    expect(ok).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const some = await runMainIn(['check', 'empty', 'prod/**/*.none', 'prod/PLEX1/profiles/SYSB.tcpip'], { cwd: repo });
    expect(some.code).toBe(2);
    expect(some.stderr).toBe('plexlint: no files to check in empty, prod/**/*.none\n');
  });
});

describe('ignoring', () => {
  it('.plexlintignore (gitignore syntax) leaves the copies out; --no-ignore brings everything back', async () => {
    write('.plexlintignore', '# copies\n*.bak\n*.prev\n');
    try {
      expect((await check(['.'])).findings).toEqual([]);
      const all = await check(['.', '--no-ignore']);
      expect(all.findings).toContain('prod/PLEX1/profiles/SYSA.tcpip.prev:1 unlisted-profile');
      // A stray copy is never read, ignore rules or not: it is a note again.
      expect(all.findings).toContain('prod/PLEX1/profiles/SYSA.tcpip.bak:1 stray-copy');
      expect(all.findings).toContain('test/PLEX2/old/SYSX.tcpip:3 optlocal-out-of-range'); // the manifest's ignore: is off too
      expect(all.findings.some((f) => f.startsWith('node_modules/') || f.startsWith('dist/'))).toBe(true); // and the built-in list
    } finally {
      rmSync(join(repo, '.plexlintignore'));
    }
  });

  it('a file named on the command line that is ignored is skipped with a warning naming the rule', async () => {
    write('.plexlintignore', '*.bak\n');
    try {
      const r = await runMainIn(['check', 'prod/PLEX1/profiles/SYSA.tcpip.bak', '-f', 'gcc'], { cwd: repo });
      expect(r).toMatchObject({ code: 0, stdout: '' });
      expect(r.stderr).toBe('plexlint: warning: prod/PLEX1/profiles/SYSA.tcpip.bak is ignored (.plexlintignore: *.bak); use --no-ignore to check it\n');
    } finally {
      rmSync(join(repo, '.plexlintignore'));
    }
  });

  it('--ignore-pattern is repeatable and relative to the working directory', async () => {
    const r = await check(['.', '--ignore-pattern', 'test/', '--ignore-pattern', '*.bak', '--ignore-pattern', '*.prev']);
    expect(r.findings).toEqual([]);
    const files = (JSON.parse(r.stdout) as JsonFile[]).map((f) => f.filePath.slice(repo.length + 1));
    expect(files.some((f) => f.startsWith('test/'))).toBe(false);
    expect(files).toContain('prod/PLEX1/profiles/SYSB.tcpip');
  });

  it('the built-in skip list can be overridden: !dist/ in .plexlintignore scans dist/', async () => {
    write('.plexlintignore', '!dist/\n*.bak\n*.prev\n');
    try {
      expect((await check(['.'])).findings).toEqual(['dist/SYSZ.tcpip:3 optlocal-out-of-range']);
    } finally {
      rmSync(join(repo, '.plexlintignore'));
    }
  });
});

describe('globs', () => {
  it("'prod/**/*.tcpip' checks the matching files of their estate, quoted or not", async () => {
    const r = await check(['prod/**/*.tcpip']);
    expect(r.code).toBe(0);
    const files = (JSON.parse(r.stdout) as JsonFile[]).map((f) => f.filePath.slice(repo.length + 1));
    expect(files).toContain('prod/PLEX1/profiles/SYSA.tcpip');
    expect(files.some((f) => f.startsWith('test/'))).toBe(false);
    // Only the files asked for (and the member they INCLUDE) are in the report, not the rest of the estate.
    expect(files).toEqual(['prod/PLEX1/profiles/SYSA.tcpip', 'prod/PLEX1/profiles/SYSB.tcpip', 'prod/PLEX1/profiles/SYSC.tcpip', 'prod/PLEX1/profiles/SYSD.tcpip', 'prod/PLEX1/profiles/tcpparms/COMMON']);
    expect(r.findings).toEqual([]); // SYSA.tcpip.prev does not match *.tcpip
  });

  it("'**/plugin-cfg.xml' finds the plug-in files of both estates; a glob that matches nothing is exit 2", async () => {
    const r = await check(['**/plugin-cfg.xml']);
    expect(r.code).toBe(0);
    const files = (JSON.parse(r.stdout) as JsonFile[]).map((f) => f.filePath.slice(repo.length + 1)).filter((f) => f.endsWith('plugin-cfg.xml'));
    expect(files.sort()).toEqual(['prod/PLEX1/web/plugin-cfg.xml', 'test/PLEX2/web/plugin-cfg.xml']);
    const none = await runMainIn(['check', 'prod/**/*.cfg.none'], { cwd: repo });
    expect(none).toMatchObject({ code: 2, stderr: 'plexlint: no files to check in prod/**/*.cfg.none\n' });
  });
});

describe('stdin', () => {
  const sysb = (): string => readFileSync(join(repo, 'prod', 'PLEX1', 'profiles', 'SYSB.tcpip'), 'utf8');

  it('check --stdin --stdin-filename: the buffer stands for the file in its estate; findings under that path', async () => {
    const r = await check(['--stdin', '--stdin-filename', 'prod/PLEX1/profiles/SYSB.tcpip'], repo, sysb().replace(/OPTLOCAL 1$/m, 'OPTLOCAL 19'));
    expect(r.findings).toEqual([expect.stringMatching(/^prod\/PLEX1\/profiles\/SYSB\.tcpip:\d+ optlocal-out-of-range$/)]);
    expect(r.code).toBe(1);
    // The file on disk is unchanged and clean; the rest of the estate (symbols from the manifest) comes from disk.
    expect((await check(['--stdin', '--stdin-filename', 'prod/PLEX1/profiles/SYSB.tcpip'], repo, sysb())).findings).toEqual([]);
  });

  // As ESLint's "<text>": the name is not a path. Before, json resolved it against the working directory
  // ("/home/me/<stdin>"), a file that does not exist, while every other format said "<stdin>".
  it('check --stdin without a file name: json names the text <stdin>, not a path in the working directory', () => {
    const r = runCli(['check', '--stdin', '-f', 'json'], { cwd: repo, input: BROKEN });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as JsonFile[]).map((f) => f.filePath)).toEqual(['<stdin>']);
  });

  it('a file not saved yet, from a sub-folder; --stdin takes no paths', async () => {
    const cwd = join(repo, 'test', 'PLEX2', 'profiles');
    const r = await check(['--stdin', '--stdin-filename', 'NEW.tcpip'], cwd, BROKEN);
    expect(r.findings).toEqual(['NEW.tcpip:1 unlisted-profile', 'NEW.tcpip:3 optlocal-out-of-range']);
    // Refused before standard input is read: no child process needed.
    const bad = await runMainIn(['check', '--stdin', 'SYSB.tcpip'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^plexlint: --stdin checks the text from standard input; it takes no paths/);
  });

  it('compile --stdin --stdin-filename compiles the estate with the buffer in place', () => {
    const r = runCli(['compile', '--stdin', '--stdin-filename', 'prod/PLEX1/profiles/SYSB.tcpip'], { cwd: repo, input: sysb().replace(/OPTLOCAL 1$/m, 'OPTLOCAL 2') });
    expect(r.code).toBe(0);
    const model = JSON.parse(r.stdout) as { systems: { name: string }[]; sysplex: { distributions: { optlocal?: number; loc: { file: string } }[] } };
    expect(model.systems.map((s) => s.name)).toEqual(['SYSA', 'SYSB', 'SYSC', 'SYSD']);
    expect(JSON.stringify(model)).toContain('"optLocal":2,');
  });
});

describe('compile and other one-estate commands', () => {
  it('compile of a folder holding two estates says so and names the folder of each, which compile then takes', async () => {
    const r = await runMainIn(['compile', '.'], { cwd: repo });
    expect(r.code).toBe(2);
    const [head, ...lines] = r.stderr.trimEnd().split('\n');
    expect(head).toMatch(/^plexlint: \. holds \d estates; plexlint compile works on one at a time\. Name the one you mean:$/);
    const choices = lines.map((l) => /^ {2}(\S+) +\((.*)\)$/.exec(l)!.slice(1));
    expect(choices.slice(0, 2)).toEqual([
      ['prod/PLEX1', 'prod/PLEX1/plexlint.yaml'],
      ['test/PLEX2', 'test/PLEX2/plexlint.yaml'],
    ]);
    for (const [pass] of choices) expect((await runMainIn(['compile', pass!], { cwd: repo })).code, pass).not.toBe(2);
    const yaml = await runMainIn(['compile', 'prod/PLEX1', '-f', 'yaml'], { cwd: repo });
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^version: 1\nfiles:\n/);
  });

  it('an estate whose folder holds another estate is named by its manifest; files without one, by their folder or themselves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-nested-'));
    try {
      mkdirSync(join(dir, '.git'));
      cpSync(example, join(dir, 'outer'), { recursive: true });
      cpSync(example, join(dir, 'outer', 'inner'), { recursive: true });
      cpSync(join(example, 'profiles', 'SYSA.tcpip'), join(dir, 'SYSX.tcpip'));
      for (const command of ['compile', 'graph']) {
        const r = await runMainIn([command, '.'], { cwd: dir });
        expect(r.code).toBe(2);
        expect(r.stderr).toBe(
          `plexlint: . holds 3 estates; plexlint ${command} works on one at a time. Name the one you mean:\n` +
            '  SYSX.tcpip           (files without a plexlint.yaml)\n' +
            '  outer/inner          (outer/inner/plexlint.yaml)\n' +
            '  outer/plexlint.yaml  (outer/plexlint.yaml, whose folder holds another estate)\n',
        );
      }
      const outer = await runMainIn(['compile', 'outer/plexlint.yaml'], { cwd: dir });
      expect((JSON.parse(outer.stdout) as { systems: { name: string }[] }).systems.map((s) => s.name)).toEqual(['SYSA', 'SYSB', 'SYSC', 'SYSD']);
      expect((await runMainIn(['compile', 'outer/inner'], { cwd: dir })).code).toBe(0);
      expect((await runMainIn(['compile', 'SYSX.tcpip'], { cwd: dir })).code).not.toBe(2);
      const trace = await runMainIn(['trace', '.', '--from', 'client', '--to', '10.40.1.1:8080'], { cwd: dir });
      expect(trace.stderr.split('\n')[0]).toBe('plexlint: . holds 3 estates; plexlint trace works on one at a time. Name the one you mean:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the list of estates to choose from', () => {
  // Before: every line was padded to the longest choice, and the files of an estate without a manifest (four paths
  // and '…') pushed the others' "(… plexlint.yaml)" some 200 columns to the right.
  it('aligns the folder names and does not pad them to a list of files', () => {
    const files = 'a/very/long/folder/of/the/estate/one.tcpip a/very/long/folder/of/the/estate/two.tcpip a/very/long/folder/x.tcpip y.tcpip …';
    const { lines } = estateCountMessage('.', [
      { pass: 'prod/PLEX1', what: 'prod/PLEX1/plexlint.yaml' },
      { pass: files, what: '9 files without a plexlint.yaml' },
      { pass: 'test/PLEX2/sub', what: 'test/PLEX2/sub/plexlint.yaml' },
    ], 'plexlint trace');
    expect(lines).toEqual([
      '  prod/PLEX1      (prod/PLEX1/plexlint.yaml)',
      `  ${files}  (9 files without a plexlint.yaml)`,
      '  test/PLEX2/sub  (test/PLEX2/sub/plexlint.yaml)',
    ]);
  });
});

describe('a report that cannot be written', () => {
  const cases: [string, () => string, RegExp][] = [
    ['into a folder that does not exist', () => join(repo, 'no', 'such', 'report.json'), /its folder does not exist/],
    ['onto a folder', () => join(repo, 'empty'), /it is a folder/],
    [
      'without permission',
      () => {
        // root writes anywhere on a normal file system; /sys refuses even root.
        if (process.getuid?.() === 0) return '/sys/plexlint-report.json';
        const dir = join(repo, 'readonly');
        mkdirSync(dir, { recursive: true });
        chmodSync(dir, 0o555);
        return join(dir, 'report.json');
      },
      /permission denied/,
    ],
  ];
  for (const [what, target, why] of cases) {
    it(`-o ${what}: exit 2, one line naming the path and the reason`, async () => {
      const path = target();
      for (const args of [['check', 'prod/PLEX1'], ['compile', 'prod/PLEX1'], ['rules']]) {
        const r = await runMainIn([...args, '-o', path], { cwd: repo });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(new RegExp(`^plexlint: cannot write the report to ${path.replace(/[/.]/g, '\\$&')}: ${why.source}\\n$`));
      }
    });
  }
});
