/**
 * `diff git:<ref>` and `check --baseline git:<ref>` on a revision crafted to escape: tree entries named `..`,
 * absolute or `a/../../b` (git mktree and git hash-object --literally store them; git refuses to check them
 * out), and a symbolic link to a file outside the repository. The revision is read in memory: nothing is
 * written anywhere, and nothing outside the repository is read.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasStackTrace } from './support/cli.js';
import { runMainIn } from './support/main.js';

const work = mkdtempSync(join(tmpdir(), 'plexlint-hostile-git-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const repo = join(work, 'repo');
const secretDir = join(work, 'secret');
const SECRET = 'SECRET-7d1c0a';
mkdirSync(join(repo, 'profiles'), { recursive: true });
mkdirSync(secretDir);
writeFileSync(join(secretDir, 'passwd.tcpip'), `HOME 10.9.9.9 ${SECRET}\n`);

function git(args: string[], input?: string | Buffer): string {
  return execFileSync('git', args, {
    cwd: repo,
    ...(input !== undefined ? { input } : {}),
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
  })
    .toString()
    .trim();
}

git(['init', '-q', '.']);
writeFileSync(join(repo, 'profiles', 'SYSA.tcpip'), 'DEVICE OSA1 MPCIPA\nLINK L1 IPAQENET OSA1\nHOME 10.1.1.1 L1\n');
git(['add', '-A']);
git(['commit', '-qm', 'base']);

/** A branch whose root tree is the base tree plus raw entries (mode, name, blob), written byte for byte. */
function craftedBranch(name: string, extra: { mode: string; name: string; content: string }[]): void {
  const base = Buffer.from(execFileSync('git', ['cat-file', 'tree', 'HEAD^{tree}'], { cwd: repo }));
  const parts = [base];
  for (const e of extra) {
    const blob = git(['hash-object', '-w', '--stdin'], e.content);
    parts.push(Buffer.from(`${e.mode} ${e.name}\0`, 'utf8'), Buffer.from(blob, 'hex'));
  }
  const raw = join(work, `${name}.tree`);
  writeFileSync(raw, Buffer.concat(parts));
  const tree = git(['hash-object', '-t', 'tree', '--literally', '-w', raw]);
  const commit = git(['commit-tree', tree, '-p', 'HEAD', '-m', name]);
  git(['branch', '-f', name, commit]);
}

// `..` as a folder holding .bashrc: a checkout into a temporary folder would write next to it.
const bashrcBlob = git(['hash-object', '-w', '--stdin'], 'echo pwned\n');
const dotdot = git(['mktree'], `100644 blob ${bashrcBlob}\t.bashrc\n`);
git(['branch', '-f', 'dotdot', git(['commit-tree', git(['mktree'], `${git(['ls-tree', 'HEAD'])}\n040000 tree ${dotdot}\t..\n`), '-p', 'HEAD', '-m', 'dotdot'])]);
craftedBranch('absolute', [{ mode: '100644', name: '/etc/plexlint-pwned', content: 'echo pwned\n' }]);
craftedBranch('traversal', [{ mode: '100644', name: 'a/../../plexlint-pwned', content: 'echo pwned\n' }]);
craftedBranch('link-out', [{ mode: '120000', name: 'outside.tcpip', content: join(secretDir, 'passwd.tcpip') }]);
craftedBranch('odd-names', [{ mode: '100644', name: 'C: \x1b[31mred\x1b[0m;%0A.tcpip', content: 'HOME 10.1.1.2 NOLINK\n' }]);

/** Run with a TMPDIR of its own, and say what the run left in it. */
async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; leftInTmp: string[] }> {
  const tmp = mkdtempSync(join(work, 'tmp-'));
  const r = await runMainIn(args, { cwd: repo, env: { TMPDIR: tmp } });
  const leftInTmp = readdirSync(tmp);
  rmSync(tmp, { recursive: true, force: true });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr, leftInTmp };
}

describe('a revision with entries that name another place', () => {
  for (const [branch, entry, why] of [
    ['dotdot', '../.bashrc', "it has a '..' in it"],
    ['absolute', '/etc/plexlint-pwned', 'it is absolute'],
    ['traversal', 'a/../../plexlint-pwned', "it has a '..' in it"],
  ] as const) {
    it(`${branch}: diff and check --baseline refuse it with one line, and write nothing`, async () => {
      const line = `plexlint: git:${branch} holds the entry ${JSON.stringify(entry)}, which is not a plain relative path (${why}); git itself refuses to check it out, and plexlint does not read such a revision\n`;
      for (const args of [['diff', `git:${branch}`, '.'], ['check', '.', '--baseline', `git:${branch}`]]) {
        const r = await run(args);
        expect(r.stderr).toBe(line);
        expect(r.code).toBe(2);
        expect(hasStackTrace(r.stderr)).toBe(false);
        expect(r.leftInTmp).toEqual([]);
      }
      expect(readdirSync(work).filter((n) => n.includes('bashrc') || n.includes('pwned'))).toEqual([]);
    });
  }
});

describe('a revision read in memory', () => {
  it('diff git:HEAD writes nothing to the temporary folder and finds no change', async () => {
    const r = await run(['diff', 'git:HEAD', '.']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Configuration changes (0)');
    expect(r.leftInTmp).toEqual([]);
  });

  it('a symbolic link in the revision to a file outside the repository is not read', async () => {
    const r = await run(['diff', 'git:link-out', '.', '--format', 'json']);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stdout).toContain('outside.tcpip is outside the estate being checked; plexlint does not read it');
    expect(r.leftInTmp).toEqual([]);
  });

  it('odd but plain names (control characters, a colon, %) are read and shown escaped', async () => {
    const r = await run(['diff', 'git:odd-names', '.', '--format', 'text']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('\x1b');
    expect(r.stdout).toContain('C: \\x1B[31mred\\x1B[0m;%0A.tcpip');
  });

  it('a revision spelled like an option is a revision, never an option', async () => {
    const r = await run(['diff', 'git:--output=/dev/null', '.']);
    expect(r.stderr).toBe('plexlint: git:--output=/dev/null: the repository has no revision "--output=/dev/null"\n');
    expect(r.code).toBe(2);
  });
});
