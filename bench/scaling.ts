/**
 * Scaling: each shape of ./shapes.ts checked at n, 2n and 4n (`lint()` in this process, best of three after a
 * warm-up). A linear check takes about twice as long when n doubles; a quadratic one four times as long, which the
 * ratio shows even on a noisy machine. The time is also given per MB of input.
 *
 * On its own: `node dist/bench/scaling.js [name filter] [n]` runs the matching shapes (at one size `n` when given,
 * for profiling with `node --cpu-prof`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lint } from '../src/engine/lint.js';
import { SHAPES, type Shape } from './shapes.js';

export interface ScalingRow {
  shape: string;
  kind: string;
  grows: string;
  sizes: number[];
  bytes: number[];
  ms: number[];
  findings: number[];
  /** t(2n) / t(n) for each doubling: ≈ 2 linear, ≈ 4 quadratic. */
  ratios: number[];
}

function write(dir: string, files: Record<string, string>): number {
  let bytes = 0;
  for (const [path, text] of Object.entries(files)) {
    const p = join(dir, path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

function timeCheck(dir: string, runs: number): { ms: number; findings: number } {
  let ms = Infinity;
  let findings = 0;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const result = lint([dir], { cwd: dir });
    ms = Math.min(ms, performance.now() - t);
    findings = result.diagnostics.length;
  }
  return { ms, findings };
}

export function scaleShape(shape: Shape, base: string, sizes = [shape.base, 2 * shape.base, 4 * shape.base], runs = 3): ScalingRow {
  const row: ScalingRow = { shape: shape.name, kind: shape.kind, grows: shape.grows, sizes, bytes: [], ms: [], findings: [], ratios: [] };
  sizes.forEach((n, i) => {
    const dir = mkdtempSync(join(base, 'shape-'));
    try {
      row.bytes.push(write(dir, shape.files(n)));
      if (i === 0) timeCheck(dir, 1); // warm up (JIT)
      const { ms, findings } = timeCheck(dir, runs);
      row.ms.push(Math.round(ms));
      row.findings.push(findings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  row.ratios = row.ms.slice(1).map((t, i) => +(t / Math.max(1, row.ms[i]!)).toFixed(2));
  return row;
}

export function scaling(filter = ''): ScalingRow[] {
  const base = mkdtempSync(join(tmpdir(), 'plexlint-bench-scaling-'));
  try {
    return SHAPES.filter((s) => s.name.includes(filter)).map((s) => scaleShape(s, base));
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Rows for the bench table: one per shape, its times at n, 2n, 4n and the doubling ratios. */
export function scalingRows(rows: ScalingRow[]): [string, string, string][] {
  return rows.map((r) => [
    `  ${r.shape}`,
    `${r.ms.join(' / ')} ms`,
    `×${r.ratios.join(', ×')} per doubling; n = ${r.sizes.join(', ')} (${r.bytes.map((b) => `${(b / 1048576).toFixed(1)} MB`).join(', ')}); ${r.findings.join('/')} findings`,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [filter = '', size] = process.argv.slice(2);
  if (size) {
    const base = mkdtempSync(join(tmpdir(), 'plexlint-bench-scaling-'));
    try {
      for (const s of SHAPES.filter((x) => x.name.includes(filter))) {
        const row = scaleShape(s, base, [Number(size)], 1);
        process.stdout.write(`${s.name}: n = ${size}, ${(row.bytes[0]! / 1048576).toFixed(1)} MB, ${row.ms[0]} ms, ${row.findings[0]} findings\n`);
      }
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  } else {
    for (const [a, b, c] of scalingRows(scaling(filter))) process.stdout.write(`${a.padEnd(40)} ${b.padStart(22)}  ${c}\n`);
  }
}
