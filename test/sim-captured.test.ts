/**
 * Simulating from what runs (docs/drift.md): `simulate --state` and `trace --state` start from the captures — the
 * shares follow the WLM weights of NETSTAT VDPT and the weights of the manager report, a target without a ready
 * server gets nothing, and the stack NETSTAT VIPADYN shows active holds the DVIPA until a stack fails or returns.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenarioFile } from '../src/cli/simulate.js';
import type { ScenarioResult } from '../src/sim/index.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const example = join(root, 'fixtures', 'drift', 'example');
const manifest = join(example, 'plexlint.yaml');
const scratch = mkdtempSync(join(tmpdir(), 'plexlint-sim-captured-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
function file(name: string, text: string): string {
  const p = join(scratch, `${++n}-${name}`);
  writeFileSync(p, text);
  return p;
}

function scenario(steps: string): string {
  return file('s.scenario.yaml', `estate: ${manifest}\nseed: 3\nsteps:\n${steps}`);
}

function run(path: string, state?: string[]): ScenarioResult {
  return runScenarioFile(path, root, undefined, undefined, state ? { values: state } : undefined).result;
}

const targets = (r: ScenarioResult, step: number): Record<string, number> => (r.steps[step - 1]!.observed.targets ?? {}) as Record<string, number>;

/** Equal shares (weighted round robin leaves at most a connection's difference). */
function even(shares: Record<string, number>, names: string[]): void {
  expect(Object.keys(shares).sort()).toEqual(names);
  for (const v of Object.values(shares)) expect(Math.abs(v - 1 / names.length)).toBeLessThan(0.005);
}

describe('simulate --state: the shares follow the captured weights', () => {
  const steps = '  - connect: { from: client, clients: 100, to: "10.40.1.1:8080", count: 800 }\n  - connect: { from: client, clients: 100, to: "10.40.1.2:3000", count: 1000 }\n  - connect: { from: client, clients: 100, to: "10.60.1.1:80", count: 1000 }\n';

  it('without captures, the defaults: every weight 64, every server weight 10', () => {
    const r = run(scenario(steps));
    even(targets(r, 1), ['SYSA', 'SYSB', 'SYSC']);
    even(targets(r, 2), ['SYSA', 'SYSB', 'SYSC']);
    expect(targets(r, 3)).toEqual({ SYSA: 0.5, SYSB: 0.5 });
  });

  it("from the estate's captures (plexlint.yaml): SERVERWLM 40/20/20, BASEWLM 32/32/16", () => {
    const r = run(scenario(steps), [manifest]);
    expect(targets(r, 1)).toEqual({ SYSA: 0.5, SYSB: 0.25, SYSC: 0.25 });
    expect(targets(r, 2)).toEqual({ SYSA: 0.4, SYSB: 0.4, SYSC: 0.2 });
    expect(targets(r, 3)).toEqual({ SYSA: 0.5, SYSB: 0.5 });
  });

  it('a capture that changes the weights changes the shares: WLM 60/20/0, a target without a ready server, a server the manager holds at 0', () => {
    const vdpt = file('SYSA.vdpt.txt', readFileSync(join(example, 'state', 'SYSA', 'vdpt.txt'), 'utf8').replace('WLM: 40', 'WLM: 60').replace(/(DestXCF: {3}10\.30\.1\.3\n {2}TotalConn: 0000009301 {2})Rdy: 001/, '$1Rdy: 000'));
    const manager = file('edge1.manager-report.txt', readFileSync(join(example, 'state', 'edge1', 'manager-report.txt'), 'utf8').replace('|            10.20.1.12  |  10  10 |        6 |        1 |', '|            10.20.1.12  |   0   0 |        6 |        1 |'));
    const r = run(scenario(steps), [vdpt, manager]);
    expect(targets(r, 1)).toEqual({ SYSA: 0.75, SYSB: 0.25 });
    expect(targets(r, 3)).toEqual({ SYSA: 1 });
    // The VDPT of SYSA says nothing of port 3000: its defaults stay.
    even(targets(r, 2), ['SYSA', 'SYSB', 'SYSC']);
  });

  it('a YAML state after the captures changes what they say', () => {
    const yaml = file('state.yaml', 'stacks:\n  SYSB: { servers: { "8080": { wlm: 40 } } }\n');
    const r = run(scenario(steps), [manifest, yaml]);
    expect(targets(r, 1)).toEqual({ SYSA: 0.4, SYSB: 0.4, SYSC: 0.2 });
  });
});

describe('who holds each DVIPA: the captured holder, until a stack fails or returns', () => {
  const vipadyn = (): string =>
    file(
      'SYSB.vipadyn.txt',
      'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:09\nDynamic VIPA:\n  IP Address/Prefixlen: 10.40.1.1/24\n    Status: Active      Origin: VIPABackup     DistStat: Dist/Dest\n',
    );

  it('SYSB holds 10.40.1.1 while its owner SYSA is up; when SYSB fails, the owner takes it', () => {
    const s = scenario(
      '  - connect: { from: client, to: "10.40.1.1:8080", count: 10 }\n    expect: { holder: { 10.40.1.1: SYSB } }\n  - event: { stackDown: SYSB }\n    expect: { holder: { 10.40.1.1: SYSA } }\n  - event: { stackUp: SYSB }\n    expect: { holder: { 10.40.1.1: SYSA } }\n',
    );
    const r = run(s, [vipadyn()]);
    expect(r.steps.map((x) => x.expectations.map((e) => [e.name, e.actual, e.pass]))).toEqual([[['holder.10.40.1.1', 'SYSB', true]], [['holder.10.40.1.1', 'SYSA', true]], [['holder.10.40.1.1', 'SYSA', true]]]);
    // Without the capture the owner holds it from the start.
    expect(run(s).steps[0]!.expectations[0]!.actual).toBe('SYSA');
  });

  it('set.dvipas in a scenario does the same, and names only DVIPAs and systems of the estate', () => {
    const ok = run(scenario('  - set: { dvipas: { 10.40.1.1: { holder: SYSC } } }\n  - connect: { from: client, to: "10.40.1.1:8080", count: 3 }\n    expect: { holder: { 10.40.1.1: SYSC } }\n'));
    expect(ok.pass).toBe(true);
    const none = run(scenario('  - set: { dvipas: { 10.40.1.1: { holder: none } } }\n  - connect: { from: client, to: "10.40.1.1:8080", count: 3 }\n    expect: { refused: { min: 1 } }\n'));
    expect(none.pass).toBe(true);
    const bad = run(scenario('  - set: { dvipas: { 10.40.1.9: { holder: SYSA } } }\n'));
    expect(bad.steps[0]!.error).toMatch(/set\.dvipas\.10\.40\.1\.9: 10\.40\.1\.9 is no DVIPA of the estate/);
    const who = run(scenario('  - set: { dvipas: { 10.40.1.1: { holder: SYSQ } } }\n'));
    expect(who.steps[0]!.error).toMatch(/holder: no system SYSQ in the estate/);
  });
});

describe('the commands', () => {
  it('trace --state shows the running state it starts from and decides by it', async () => {
    const r = await runMain('trace', example, '--from', 'client', '--to', '10.40.1.1:8080', '--state', manifest, '--no-color');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('from the running state:');
    expect(r.stdout).toMatch(/SYSA port 8080: 1 server ready, WLM server weight 40, TSR 100 \(NETSTAT VDPT, .*state\/SYSA\/vdpt\.txt:3\)/);
    expect(r.stdout).toContain('SERVERWLM weighted choice (SYSA 40.0, SYSB 20.0, SYSC 20.0)');
  });

  it('simulate --state runs the scenarios from the captures; a value that is no capture and no state is exit 2', async () => {
    const s = scenario('  - connect: { from: client, clients: 100, to: "10.40.1.1:8080", count: 800 }\n    expect: { targets: { SYSA: { min: 0.5, max: 0.5 } } }\n');
    const r = await runMain('simulate', s, '--state', manifest);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^plexlint: starting from the running state: 13 values from captures/);
    expect((await runMain('simulate', s)).code).toBe(1);
    const notes = file('notes.txt', 'These are my notes about SYSA.\n');
    const bad = await runMain('simulate', s, '--state', notes);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^plexlint: --state .*notes\.txt: /);
    const sweep = await runMain('simulate', '--failures', 'single', example, '--state', manifest);
    expect(sweep.code).toBe(2);
  });
});
