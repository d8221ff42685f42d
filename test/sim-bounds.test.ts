/**
 * A scenario costs time in proportion to its counts and memory in proportion
 * to its clients: open connections are counts, not records, and what would need
 * more is refused when the file is read, with one line (docs/scenarios.md "Limits").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { parseDuration } from '../src/sim/clock.js';
import { Simulation } from '../src/sim/index.js';
import { parseScenario } from '../src/sim/scenario.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');

function findings(text: string): string[] {
  const r = parseScenario(sourceFromText('x.scenario.yaml', text), (p) => p);
  return r.findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.message}`);
}

describe('limits', () => {
  it('requests count 10,000,000 in 10,000,000 sessions is refused with one line naming the limit', () => {
    expect(findings('estate: e.yaml\nsteps:\n  - requests: { url: "http://h/x", count: 10000000, sessions: 10000000 }\n')).toEqual([
      '3:63 requests.sessions must be a number from 0 to 100,000',
    ]);
  });
  it('100 steps of connect count 10,000,000 are refused: more than 100,000,000 decisions', () => {
    const steps = Array.from({ length: 100 }, () => '  - connect: { to: "10.40.1.1:8080", count: 10000000 }\n').join('');
    expect(findings(`estate: e.yaml\nsteps:\n${steps}`)).toEqual([
      '1:1 the steps make 1,000,000,000 connections, requests and calls; a scenario may make at most 100,000,000 (docs/scenarios.md "Limits")',
    ]);
  });
  it('sessions kept over a scenario are added up per plug-in file and host', () => {
    const steps = ['a', 'b', 'c'].map((h) => `  - requests: { url: "http://${h}/x", count: 1, sessions: 100000 }\n`).join('');
    expect(findings(`estate: e.yaml\nsteps:\n${steps}`)[0]).toMatch(/keep 300,000 sessions .* at most 200,000/);
  });
  it('plexlint simulate refuses such a file with exit 2, the limit in one line, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-bounds-'));
    try {
      const file = join(dir, 'big.scenario.yaml');
      const steps = Array.from({ length: 100 }, () => '  - connect: { to: "10.40.1.1:8080", count: 10000000 }\n').join('');
      writeFileSync(file, `estate: ${join(root, 'fixtures', 'example', 'plexlint.yaml')}\nsteps:\n${steps}`);
      const r = await runMain('simulate', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^plexlint: .*big\.scenario\.yaml:1:1: the steps make 1,000,000,000 connections, requests and calls; a scenario may make at most 100,000,000 \(docs\/scenarios\.md "Limits"\)\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('open connections are counts', () => {
  it('two million connections from 1,000 clients to a distributed DVIPA are at most one group per client and target', () => {
    const { estate } = compile([join(root, 'fixtures', 'example')], { cwd: root });
    const sim = new Simulation(estate, 1);
    sim.connect({ kind: 'client', clients: 1000 }, '10.40.1.1', 8080, 2_000_000);
    sim.connect('client', '10.40.1.1', 8080, 2_000_000);
    const groups = [...sim.connections];
    expect(sim.connections.total).toBe(4_000_000);
    expect(groups.length).toBeLessThanOrEqual(1001 * 4);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(4_000_000);
  });
});

describe('durations', () => {
  it.each([
    ['30s', 30_000],
    ['5m', 300_000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['2.5s', 2500],
    ['1h', 3_600_000],
  ])('%s', (text, ms) => expect(parseDuration(text)).toBe(ms));
  it.each(['', '5', '5 minutes', '-1s', 's', '400d'])('rejects %j', (text) => expect(typeof parseDuration(text)).toBe('string'));
});
