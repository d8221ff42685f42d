/**
 * Pictures in the Markdown reports: `plexlint diff -f markdown` draws the flows
 * whose routing changed (removed edges dashed, new ones thick, before → after
 * shares); `plexlint simulate -f markdown` draws every step with expectations,
 * each expectation on the node it is about.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../src/diff/index.js';
import { diffMarkdown } from '../src/report/diff/markdown.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(process.env['TMPDIR'] ?? tmpdir(), 'plexlint-pictures-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function picture(markdown: string): string | undefined {
  return /### Routing picture\n\n[^\n]*\n\n(?:<details>[^\n]*\n\n)?```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1];
}

describe('diff -f markdown', () => {
  it('draws a moved HOTSTANDBY preference: the old edge dashed, the new one thick', async () => {
    const r = await runMain('diff', 'fixtures/diff/hotstandby/old', 'fixtures/diff/hotstandby/new', '-f', 'markdown');
    expect(r.code).toBe(1);
    const p = picture(r.stdout)!;
    expect(p).toBeDefined();
    expect(r.stdout).toContain('1 flow whose shares changed');
    const id = (label: string): string => new RegExp(`(n\\d+)[\\[(]+"${label}`).exec(p)![1]!;
    const [dvipa, sysa, sysb] = [id('DVIPA 10.40.1.3'), id('SYSA'), id('SYSB')];
    expect(p).toContain(`${dvipa} -.->|"100% → –"| ${sysa}`);
    expect(p).toContain(`${dvipa} ==>|"– → 100%"| ${sysb}`);
    expect(p).toMatch(/linkStyle \d+ stroke:#1a7f37/);
    // Only the flow that changed is drawn: no other DVIPA, no Load Balancer, no web tier.
    expect(p.match(/DVIPA /g)).toHaveLength(1);
    expect(p).not.toMatch(/Load Balancer|ServerCluster/);
  });
  it('draws a locality change on its DVIPA, and a plug-in change with before → after shares', () => {
    const opt = runDiff('fixtures/diff/nooptlocal/old', 'fixtures/diff/nooptlocal/new', root, { diagram: true });
    expect(opt.diagram!.nodes.map((n) => [n.id, n.delta])).toEqual([
      ['dvipa:10.40.1.2', { status: 'changed', notes: ['kept local: SYSA 100% → 0%, SYSB 100% → 0%, SYSC 100% → 0%, SYSD 100% → 0%'] }],
    ]);
    const web = diffMarkdown(runDiff('fixtures/diff/plugin-primary/old', 'fixtures/diff/plugin-primary/new', root, { diagram: true }));
    const p = picture(web)!;
    expect(p.match(/"50% → 33\.3%"/g)).toHaveLength(2);
    expect(p).toMatch(/==>\|"– → 33\.3%"\|/);
    expect(p).toContain('kept local: NODE1 100% → 33.3%, NODE2 100% → 33.3%');
  });
  it('draws nothing when no routing changed, and only with the markdown report', () => {
    const same = runDiff('fixtures/diff/reformat/old', 'fixtures/diff/reformat/new', root, { diagram: true });
    expect(same.diagram).toBeUndefined();
    expect(diffMarkdown(same)).not.toContain('Routing picture');
    expect(runDiff('fixtures/diff/hotstandby/old', 'fixtures/diff/hotstandby/new', root).diagram).toBeUndefined();
  });
  it('a picture that does not fit the comment is left out whole, with a note', () => {
    const r = runDiff('fixtures/diff/plugin-primary/old', 'fixtures/diff/plugin-primary/new', root, { diagram: true });
    const full = diffMarkdown(r);
    const start = full.indexOf('### Routing picture');
    const cut = diffMarkdown(r, start + 400);
    expect(cut).toContain('### Routing picture\n\n> The picture (');
    expect(cut).not.toContain('```mermaid');
  });
});

describe('simulate -f markdown', () => {
  it('tabulates every step and draws every step with expectations', async () => {
    const file = 'fixtures/scenarios/sysplex-distributor.scenario.yaml';
    const r = await runMain('simulate', file, '-f', 'markdown');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^## plexlint simulate: 1 of 1 scenario pass, 18 of 18 expectations hold\n/);
    expect(r.stdout).toContain('| 1 | 8 | connect | 1000 connections from SYSC to 10.40.1.2:3000 | kept local 100% · SYSC 100% | ✔ local ≥ 1: 1 (100%)<br>✔ targets.SYSC ≥ 1: 1 (100%) |');
    const drawn = [...r.stdout.matchAll(/^#### Step (\d+) /gm)].map((m) => Number(m[1]));
    // The steps with expectations: every connect step, and the stackDown of step 10.
    expect(drawn).toEqual([1, 3, 5, 6, 9, 10, 11, 13, 15, 18]);
    const step1 = /#### Step 1 [^\n]*\n\n```mermaid\n([\s\S]*?)```/.exec(r.stdout)![1]!;
    expect(step1).toContain('✔ local ≥ 1: 1 (100%)');
    expect(step1).toMatch(/-->\|"100% \(kept local\)"\|/);
  });
  it('marks a failed expectation on its node', async () => {
    const scenario = join(work, 'fails.scenario.yaml');
    const estate = relative(work, join(root, 'fixtures/example/plexlint.yaml'));
    writeFileSync(scenario, `estate: ${estate}\nseed: 1\nsteps:\n  - connect: { from: client, to: "10.40.1.4:9080", count: 600 }\n    expect:\n      targets: { SYSA: { min: 0.5 } }\n`);
    const r = await runMain('simulate', scenario, '-f', 'markdown', '-o', join(work, 'report.md'));
    expect(r.code).toBe(1);
    const md = readFileSync(join(work, 'report.md'), 'utf8');
    expect(md).toContain('### ✘ FAIL');
    const sysa = /(n\d+)\["SYSA<br\/>XCF 10\.30\.1\.1<br\/>[^"]*✘ targets\.SYSA ≥ 0\.5: 0\.1667 \(16\.67%\)"\]/.exec(md);
    expect(sysa).not.toBeNull();
    expect(md).toMatch(new RegExp(`class [n\\d,]*\\b${sysa![1]}\\b[n\\d,]* error`));
  });
});
