/**
 * Failure sweeps (`plexlint simulate --failures`): what each failure of an
 * estate loses, deterministically, in three formats; the README shows the
 * example estate's sweep as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { sweepFailures } from '../src/sim/failures.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const example = compile([join(root, 'fixtures', 'example')], { cwd: root }).estate;

describe('plexlint simulate --failures', () => {
  it('single: the README shows the example estate’s sweep exactly', async () => {
    const r = await runMain('simulate', '--failures', 'single', 'fixtures/example', '--no-color');
    expect(r.code).toBe(0);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const block = /<!-- sweep:start -->\n```text\n\$ plexlint simulate --failures single fixtures\/example\n([\s\S]*?)```\n<!-- sweep:end -->/.exec(readme)?.[1];
    expect(block).toBe(r.stdout);
  });
  it('single on the example: no service lost; stacks break what ended on them, members lose their sessions', () => {
    const r = sweepFailures(example, { mode: 'single' });
    expect(r.components).toEqual({ stack: 4, lb: 2, odr: 0, member: 3, server: 2 });
    expect(r.runs.flatMap((x) => x.impacts).filter((i) => i.serviceLost)).toEqual([]);
    const sysa = r.runs.find((x) => x.names[0] === 'SYSA')!;
    expect(sysa.impacts.every((i) => i.connectionsBroken > 0 && i.reasons.some((t) => t.includes('ended on SYSA')))).toBe(true);
    const shop1 = r.runs.find((x) => x.names[0] === 'PLEXCELL/ShopCluster/SYSANODE/shop1')!;
    expect(shop1.impacts).toMatchObject([{ kind: 'route', serviceLost: false, sessionReasons: { 'server-down': expect.any(Number) } }]);
    // Replicated connections survive a failed machine (repstrategy both), and edge2 takes over.
    expect(r.runs.find((x) => x.names[0] === 'edge1')!.impacts).toEqual([]);
  });
  it('pairs: the services two failures take that neither takes alone, with counts of what ran', async () => {
    const r = sweepFailures(example, { mode: 'pairs' });
    expect(r.pairs).toEqual({ candidates: 15, run: 15, skipped: 0, disjoint: 40 });
    expect(r.runs.map((x) => x.names.join(' + '))).toEqual([
      'SYSA + SYSB',
      'SYSA + SYSC',
      'SYSC + SYSD',
      'edge1 + edge2',
      'fixtures/example/web/plugin-cfg.xml#SYSANODE_admin1 + fixtures/example/web/plugin-cfg.xml#SYSDNODE_admin1',
    ]);
    const lb = r.runs[3]!.impacts.find((i) => i.id === 'lb 10.60.1.1:80')!;
    expect(lb).toMatchObject({ serviceLost: true, reasons: [expect.stringContaining('no machine'), expect.stringContaining('no machine of the Load Balancer is left')] });
    const capped = sweepFailures(example, { mode: 'pairs', maxPairs: 4 });
    expect(capped.pairs).toEqual({ candidates: 15, run: 4, skipped: 11, disjoint: 40 });
    const cli = await runMain('simulate', '--failures', 'pairs', 'fixtures/example', '--no-color', '--max-pairs', '4');
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('4 of 15 pairs that meet on a flow simulated, 11 skipped (--max-pairs)');
  });
  it('is deterministic and prints json and markdown', async () => {
    const a = await runMain('simulate', '--failures', 'single', 'fixtures/example', '-f', 'json');
    const b = await runMain('simulate', '--failures', 'single', 'fixtures/example', '-f', 'json');
    expect(a.stdout).toBe(b.stdout);
    const report = JSON.parse(a.stdout) as { mode: string; flows: number; runs: unknown[] };
    expect(report).toMatchObject({ mode: 'single', flows: 13 });
    expect(report.runs).toHaveLength(11);
    const md = await runMain('simulate', '--failures', 'pairs', 'fixtures/example', '-f', 'markdown');
    expect(md.stdout).toMatch(/^## plexlint failure sweep: pairs of failures\n/);
    expect(md.stdout).toContain('| stack SYSC + stack SYSD | connections to 10.40.1.5:515 | **service lost');
  });
  it('usage errors: --max-pairs without --failures, a bad mode (markdown without --failures is the scenario report)', async () => {
    const md = await runMain('simulate', 'fixtures/scenarios/sysplex-distributor.scenario.yaml', '-f', 'markdown');
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/^## plexlint simulate: /);
    expect((await runMain('simulate', 'fixtures/scenarios/sysplex-distributor.scenario.yaml', '--max-pairs', '3')).code).toBe(2);
    const bad = await runMain('simulate', '--failures', 'triples', 'fixtures/example');
    expect(bad.code).toBe(2);
  });
  it('a stand-alone balancer, a single target and a single server each lose a service (single-point-of-failure’s estate)', () => {
    const e = compile([join(root, 'fixtures', 'rules', 'single-point-of-failure', 'bad')], { cwd: root }).estate;
    const r = sweepFailures(e, { mode: 'single' });
    const lost = r.runs.flatMap((x) => x.impacts.filter((i) => i.serviceLost).map((i) => `${x.names[0]}: ${i.id}`));
    expect(lost).toEqual(['SYS2: dvipa 10.92.1.1:8000', 'edge1: lb 10.60.3.1:80', 'fixtures/rules/single-point-of-failure/bad/plugin-cfg.xml#SYS2NODE_reports1: route fixtures/rules/single-point-of-failure/bad/plugin-cfg.xml *:80/reports/*']);
  });
});
