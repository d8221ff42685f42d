/**
 * The product is self-contained: no help text, doc, message, rule page, fixture or code comment refers to a file
 * outside the repository (the team's design notes, reference notes or corpus), which a user of the package does
 * not have. Every behaviour is cited by its IBM topic, message or APAR instead.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';
import { rules } from '../src/rules/registry.js';

const root = join(import.meta.dirname, '..');
const me = 'test/self-contained.test.ts';

/** Names of files that live outside the repository: the design notes, the reference notes and the corpus. */
const OUTSIDE = new RegExp(
  [
    ['DESIGN', 'md'].join('\\.'),
    ['\\.\\.', 'shared'].join('/'),
    ['', 'work', ''].join('/'),
    ['shared', '(reference|corpus)'].join('/'),
    `(${['tcpip-profile', 'plugin-cfg-odr', 'load-balancer-wlm', 'anchors', 'profile-syntax', 'omproute'].join('|')})\\.md`,
    'ibm/[a-z0-9-]+\\.txt',
  ].join('|'),
);

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root }).toString().split('\n').filter(Boolean);
}

describe('no reference to anything outside the repository', () => {
  it('in any tracked text file: sources, docs, rule pages, fixtures, tests, README', () => {
    const offenders: string[] = [];
    for (const f of trackedFiles()) {
      if (f === me || f === 'package-lock.json' || !/\.(ts|mjs|js|json|md|ya?ml|xml|tcpip|cfg|txt)$|^bin\/|^fixtures\//.test(f)) continue;
      let text: string;
      try {
        text = readFileSync(join(root, f), 'utf8');
      } catch {
        continue; // removed in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (OUTSIDE.test(line)) offenders.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(offenders).toEqual([]);
  });
  it('in what the command line prints: every --help and every rule source', () => {
    const texts = [program().helpInformation(), ...program().commands.map((c) => c.helpInformation()), ...rules.map((r) => `${r.meta.source} ${r.meta.description}`)];
    for (const t of texts) expect(t).not.toMatch(OUTSIDE);
  });
});
