/**
 * The resource bounds of docs/robustness.md, measured:
 *
 * - stack scaling: `lint()` of n one-DVIPA stacks (each distributes its DVIPA to
 *   itself and the next stack and backs up the previous one's) for n = 2000,
 *   4000 and 8000; the ratio of each doubling should stay near 2 (linear);
 * - hostile inputs: the inputs of the security review that took minutes or
 *   gigabytes, each under 10 MB, checked by the real command line in a child
 *   process with a 1 GB heap; wall time and peak memory (RSS) against the
 *   budget of 10 s and 1 GB.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lint } from '../src/engine/lint.js';

/** n stacks with one distributed DVIPA each: a model whose size grows linearly with n. */
export function generateStacks(dir: string, n: number): void {
  mkdirSync(dir, { recursive: true });
  const xcf = (i: number): string => `10.200.${(i % n) >> 8}.${((i % n) & 255) + 1}`;
  const dvipa = (i: number): string => `10.${100 + ((i % n) >> 16)}.${((i % n) >> 8) & 255}.${(i % n) & 255}`;
  for (let i = 0; i < n; i++) {
    writeFileSync(
      join(dir, `S${i}.tcpip`),
      [
        `IPCONFIG SYSPLEXROUTING DYNAMICXCF ${xcf(i)} 255.255.0.0 1`,
        'DEVICE OSA1 MPCIPA',
        'LINK L1 IPAQENET OSA1',
        `HOME 10.1.${i >> 8}.${i & 255} L1`,
        'VIPADYNAMIC',
        ` VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 ${dvipa(i)}`,
        ` VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.0 ${dvipa(i + n - 1)}`,
        ` VIPADISTRIBUTE DEFINE ${dvipa(i)} PORT 8080 DESTIP ${xcf(i)} ${xcf(i + 1)}`,
        'ENDVIPADYNAMIC',
        '',
      ].join('\n'),
    );
  }
}

function best(dir: string, runs: number): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    lint([dir], { cwd: dir });
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

export interface Scaling {
  stacks: number[];
  ms: number[];
  /** t(2n) / t(n) for each doubling. */
  ratios: number[];
}

export function stackScaling(base: string): Scaling {
  const stacks = [2000, 4000, 8000];
  const ms: number[] = [];
  for (const n of stacks) {
    const dir = join(base, `stacks-${n}`);
    generateStacks(dir, n);
    best(dir, 1); // warm up
    ms.push(best(dir, 3));
    rmSync(dir, { recursive: true, force: true });
  }
  return { stacks, ms: ms.map(Math.round), ratios: ms.slice(1).map((t, i) => +(t / ms[i]!).toFixed(2)) };
}

/** n one-DVIPA stacks that all distribute with DESTIP ALL. */
function destipAll(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const a = `10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
    out[`S${i}.tcpip`] = `IPCONFIG DYNAMICXCF 10.200.${i >> 8}.${(i & 255) + 1} 255.255.0.0 1\nVIPADYNAMIC\n VIPADEFINE 255.255.255.0 ${a}\n VIPADISTRIBUTE DEFINE ${a} PORT 80 DESTIP ALL\nENDVIPADYNAMIC\n`;
  }
  return out;
}

/**
 * The inputs of the security reviews that were over budget (issue 18, items 2, 7 and 9; issue 30, "time and memory"),
 * each under 10 MB. `args`: the command and its options (default `check <dir> --format gcc`).
 */
export const HOSTILE_INPUTS: { name: string; files: () => Record<string, string>; args?: string[] }[] = [
  { name: 'HOME and 100,000 &A. symbols in one word (300 KB)', files: () => ({ 'SYSA.tcpip': `HOME ${'&A.'.repeat(100_000)}\n` }) },
  { name: 'IPCONFIG and one 3 MB word', files: () => ({ 'SYSA.tcpip': `IPCONFIG ${'A'.repeat(3_000_000)}\n` }) },
  { name: '10^6 START A statements (8 MB)', files: () => ({ 'SYSA.tcpip': 'START A\n'.repeat(1_000_000) }) },
  {
    name: 'an 8 MB XML element with 500,000 attributes',
    files: () => {
      const attrs: string[] = [];
      for (let i = 0; i < 500_000; i++) attrs.push(`attr${String(i).padStart(6, '0')}="v"`);
      return { 'plugin-cfg.xml': `<?xml version="1.0"?>\n<Config ${attrs.join(' ')}>\n</Config>\n` };
    },
  },
  {
    name: '2,000 one-DVIPA stacks, all DESTIP ALL (n² targets)',
    files: () => {
      const out: Record<string, string> = {};
      for (let i = 0; i < 2000; i++) {
        const a = `10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
        out[`S${i}.tcpip`] = `IPCONFIG DYNAMICXCF 10.200.${i >> 8}.${(i & 255) + 1} 255.255.0.0 1\nVIPADYNAMIC\n VIPADEFINE 255.255.255.0 ${a}\n VIPADISTRIBUTE DEFINE ${a} PORT 80 DESTIP ALL\nENDVIPADYNAMIC\n`;
      }
      return out;
    },
  },
  { name: 'a 9 MB dscontrol line', files: () => ({ 'edge1.cfg': `dscontrol executor start\ndscontrol cluster add 10.1.1.1 ${'x'.repeat(9_000_000)}\n` }) },
  { name: 'an 8M-character word in a profile', files: () => ({ 'SYSA.tcpip': `HOME ${'X'.repeat(8_000_000)}\n` }) },
  {
    name: '185,000 PORT lines inside VIPADYNAMIC (9.8 MB; the mutation fuzzer)',
    files: () => ({
      'SYSA.tcpip':
        'VIPADYNAMIC\n   VIPADEFINE TIER1 MOVEABLE IMMEDIATE 255.255.255.255 10.81.1.1\n   VIPADISTRIBUTE DEFINE DISTMETHOD TARGCONTROLLED TIER1 PAYGRP GRE\n       CONTROLPORT 1703\n' +
        '       10.81.1.1 PORT 443 DESTIP 10.50.1.1 10.50.1.2\n'.repeat(185_000) +
        'ENDVIPADYNAMIC\n',
    }),
  },
  {
    name: 'a/**/ fifteen times then b in .plexlintignore, over a folder 30 deep (issue 30)',
    files: () => {
      const out: Record<string, string> = { '.plexlintignore': `${'a/**/'.repeat(15)}b\n`, '.git/HEAD': '' };
      for (let d = 1; d <= 30; d++) out[`${'a/'.repeat(d)}S${d}.tcpip`] = 'HOME 10.1.1.1 L1\n';
      return out;
    },
  },
  {
    name: 'a manifest of 30,000 unknown keys (900 KB; issue 30)',
    files: () => {
      const lines = ['systems:', '  SYSA: { profile: SYSA.tcpip }'];
      for (let i = 0; i < 30_000; i++) lines.push(`k${String(i).padStart(7, '0')}: value-of-the-key`);
      return { 'plexlint.yaml': `${lines.join('\n')}\n`, 'SYSA.tcpip': 'HOME 10.1.1.1 L1\n' };
    },
  },
  {
    name: '100,000 plexlint-disable/enable pairs (8.6 MB; issue 30)',
    files: () => {
      const lines = ['HOME 10.1.1.1 L1'];
      for (let i = 0; i < 100_000; i++) lines.push('; plexlint-disable undefined-reference', 'START A', '; plexlint-enable undefined-reference');
      return { 'SYSA.tcpip': `${lines.join('\n')}\n` };
    },
  },
  {
    name: 'one plexlint-disable naming 300,000 unknown rules (2.3 MB; issue 30)',
    files: () => ({ 'SYSA.tcpip': `HOME 10.1.1.1 L1\n; plexlint-disable ${Array.from({ length: 300_000 }, (_, i) => `r${i}`).join(',')}\n` }),
  },
  {
    name: '2 stacks × 25,000 distributed DVIPAs (6.8 MB; issue 30)',
    files: () => {
      const out: Record<string, string> = {};
      const xcf = (i: number): string => `10.200.0.${i + 1}`;
      for (let s = 0; s < 2; s++) {
        const lines = [`IPCONFIG SYSPLEXROUTING DYNAMICXCF ${xcf(s)} 255.255.0.0 1`, 'VIPADYNAMIC'];
        for (let i = 0; i < 25_000; i++) {
          const k = s * 25_000 + i;
          const a = `10.${100 + (k >> 16)}.${(k >> 8) & 255}.${k & 255}`;
          lines.push(` VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${a}`, ` VIPADISTRIBUTE DEFINE ${a} PORT 8080 DESTIP ${xcf(0)} ${xcf(1)}`);
        }
        lines.push('ENDVIPADYNAMIC');
        out[`S${s}.tcpip`] = `${lines.join('\n')}\n`;
      }
      return out;
    },
  },
  { name: 'simulate --failures single, 200 one-DVIPA stacks all DESTIP ALL (issue 30: refused)', files: () => destipAll(200), args: ['simulate', '--failures', 'single'] },
  { name: 'simulate --failures single, 70 one-DVIPA stacks all DESTIP ALL (issue 30: within the limit)', files: () => destipAll(70), args: ['simulate', '--failures', 'single'] },
  {
    name: 'graph of a 1.7 MB dscontrol file of 15,000 clusters (issue 30)',
    files: () => {
      const lines = ['dscontrol executor start', 'dscontrol executor set nfa 10.20.0.51'];
      for (let i = 0; i < 15_000; i++) {
        const c = `10.${60 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
        lines.push(`dscontrol cluster add ${c}`, `dscontrol port add ${c}@80`, `dscontrol server add ${c}@80@10.20.0.${1 + (i % 200)}`);
      }
      return { 'edge1.cfg': `${lines.join('\n')}\n` };
    },
    args: ['graph', '--no-findings'],
  },
  {
    name: 'a 2 MB go-script variables file (the mutation fuzzer)',
    files: () => ({ 'edge1.cfg': 'dscontrol executor start\n', 'edge1/goActive': '#!/bin/sh\n. ./variables\n', 'edge1/variables': 'INTERFACE=en0\n'.repeat(150_000) }),
  },
];

/** The one stack the hostile captures are compared with. */
const CAPTURE_PROFILE = 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1\nINTERFACE OSA1 DEFINE IPAQENET PORTNAME P1 IPADDR 10.20.1.11/24\nVIPADYNAMIC\n VIPADEFINE 255.255.255.0 10.40.1.1\n VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 8080 DESTIP 10.30.1.1\nENDVIPADYNAMIC\n';

/** A destination port table entry of NETSTAT VDPT (long format) for DVIPA and target number i. */
function vdptEntry(i: number): string {
  return `Dest:        10.${40 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}..8080\n  DestXCF:   10.30.1.1\n  TotalConn: 0000000012  Rdy: 001  WLM: 20  TSR: 100\n`;
}

const VDPT_BANNER = 'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:30\nDynamic VIPA Destination Port Table for TCP/IP stacks:\n';

/**
 * Hostile captures of what runs (issue 29), each under 10 MB, checked by `plexlint drift` beside a one-stack
 * profile: the exit code a run must end with, and a line of its report (gcc format) that says what happened.
 */
export const HOSTILE_CAPTURES: { name: string; files: () => Record<string, string>; exit: number; expect?: RegExp }[] = [
  {
    name: 'a 9.7 MB NETSTAT VDPT of 90,000 entries, none the estate distributes',
    files: () => ({ 'state/SYSA.vdpt.txt': VDPT_BANNER + Array.from({ length: 90_000 }, (_, i) => vdptEntry(i + 1)).join('') }),
    exit: 1,
    expect: /drift-distribution-unconfigured\]$/,
  },
  {
    name: 'a 9 MB capture of 300,000 malformed lines (Rdy: x)',
    files: () => ({ 'state/SYSA.vdpt.txt': `${VDPT_BANNER}Dest:        10.40.1.1..8080\n  DestXCF:   10.30.1.1\n${'  TotalConn: 1  Rdy: x  WLM: 1\n'.repeat(300_000)}` }),
    exit: 1,
    expect: /more findings of capture-malformed in this file/,
  },
  {
    name: 'a 9 MB capture of one line after its banner',
    files: () => ({ 'state/SYSA.vdpt.txt': `${VDPT_BANNER}Dest: ${'9'.repeat(9_000_000)}\n` }),
    exit: 1,
    expect: /capture-malformed\]$/,
  },
  {
    name: 'a capture cut inside its first entry',
    files: () => ({ 'state/SYSA.vdpt.txt': `${VDPT_BANNER}Dest:        10.40.1.1..8080\n` }),
    exit: 1,
    expect: /the report ends inside this entry/,
  },
  {
    name: 'the wrong report: NETSTAT CONN',
    files: () => ({ 'state/SYSA.conn.txt': 'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:30\nUser Id  Conn     State\n-------  ----     -----\nWAS01    0000004B Listen\n' }),
    exit: 1,
    expect: /capture-not-a-report\]$/,
  },
];

export interface HostileRun {
  name: string;
  bytes: number;
  ms: number;
  peakMB: number;
  exit: number | null;
}

/** Check each hostile input with the real command line in a child process (1 GB heap); time and peak RSS. */
export function hostileInputs(base: string, bin: string): HostileRun[] {
  // Each run's command and options; the estate's folder goes right after the command.
  const inputs = [
    ...HOSTILE_INPUTS.map(({ name, files, args }) => ({ name, files, args: args ?? ['check', '--format', 'gcc'] })),
    ...HOSTILE_CAPTURES.map((i) => ({ name: `drift: ${i.name}`, files: () => ({ 'SYSA.tcpip': CAPTURE_PROFILE, ...i.files() }), args: ['drift', '--format', 'gcc'] })),
  ];
  // The bundled CLI as bin/plexlint.js loads it (bin/bundle.js), in a process that can report its peak at the end.
  const runner = `const { loadBundle } = await import(${JSON.stringify(pathToFileURL(join(bin, '..', 'bundle.js')).href)});
const { main } = loadBundle().exports;
const code = await main(process.argv.slice(1));
process.stderr.write('\\nBENCH ' + JSON.stringify({ rss: process.resourceUsage().maxRSS, code }) + '\\n');
process.exit(code);`;
  return inputs.map(({ name, files, args }) => {
    const dir = mkdtempSync(join(base, 'hostile-'));
    let bytes = 0;
    for (const [file, text] of Object.entries(files())) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
      bytes += statSync(join(dir, file)).size;
    }
    const t = performance.now();
    const command = [args[0]!, dir, ...args.slice(1)];
    const r = spawnSync(process.execPath, ['--max-old-space-size=1024', '--input-type=module', '-e', runner, ...command], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const ms = performance.now() - t;
    const m = /BENCH (\{.*\})/.exec(r.stderr ?? '');
    const measured = m ? (JSON.parse(m[1]!) as { rss: number }) : { rss: NaN };
    rmSync(dir, { recursive: true, force: true });
    return { name, bytes, ms: Math.round(ms), peakMB: Math.round(measured.rss / 1024), exit: r.status };
  });
}

/** For a run of its own: `node dist/bench/robustness.js`. */
export function robustnessBench(root: string): { scaling: Scaling; hostile: HostileRun[] } {
  const base = mkdtempSync(join(tmpdir(), 'plexlint-bench-robustness-'));
  try {
    return { scaling: stackScaling(base), hostile: hostileInputs(base, join(root, 'bin', 'plexlint.js')) };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
