/**
 * `npm run bench`: plexlint's speed as ratios against floors measured in the
 * same run on the same machine (these machines are shared and noisy; absolute
 * times mean little, ratios do):
 *
 * - check: `lint()` over a generated large estate vs. the floor, reading, decoding and tokenising every file
 *   (./floor.ts; the older regular-expression count is printed beside it); with the per-stage split (read, lex,
 *   parse, model, rules, report) and peak memory;
 * - `plexlint check` in a process of its own: the large estate, and one 48 MB profile of 1.5 million PORT
 *   entries, with their peak resident memory;
 * - cold start: `plexlint check` of one small profile on its own vs. `node -e 0`, and of a profile of the
 *   example estate (which checks the whole estate); with PLEXLINT_BENCH_BEFORE=<folder of another build> (a
 *   checkout of the code before a change, built), that build is timed in the same turns;
 * - simulator: sysplex-distributor decisions per second vs. a baseline loop;
 * - failure sweep: every single failure of the large estate vs. one check of it; `--failures pairs` of it on two
 *   threads vs. one (src/sim/sweep-pool.ts), with the same report;
 * - language server: re-checking one edited profile of a 32-stack estate (target 150 ms), vs. the floor of
 *   that estate;
 * - graph: building the picture of the large estate vs. the check it needs, and each format's size;
 * - diff: `plexlint diff` vs. checking both sides, and as the estate doubles (./diff.ts);
 * - scaling: adversarial-but-realistic inputs of each file kind (./shapes.ts) at n, 2n and 4n: a check whose time
 *   quadruples when n doubles is quadratic (./scaling.ts).
 * - robustness (./robustness.ts): check time for 2000, 4000 and 8000 stacks and
 *   the ratio of each doubling (linear: about 2), and the hostile inputs of
 *   docs/robustness.md against the budget of 10 s and 1 GB.
 *
 * Prints a table and writes bench/results.json.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { enableTimings, stageTimes } from '../src/core/timing.js';
import { lint } from '../src/engine/lint.js';
import { Session } from '../src/lsp/session.js';
import { formatters } from '../src/report/index.js';
import { Simulation } from '../src/sim/index.js';
import { sendRequests } from '../src/sim/web.js';
import { sweepFailures } from '../src/sim/failures.js';
import { sweepFailuresOnPool } from '../src/sim/sweep-pool.js';
import { benchDiff, diffRows } from './diff.js';
import { regexCountFloor, tokenFloor } from './floor.js';
import { generate, generatePortList, LARGE, PORT_LIST } from './generate.js';
import { graphBench } from './graph.js';
import { scaling, scalingRows } from './scaling.js';
import { robustnessBench } from './robustness.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function checkOnce(dir: string): { ms: number; stages: Record<string, number>; findings: number } {
  enableTimings(true);
  const t = performance.now();
  const r = lint([dir], { cwd: dir });
  const rt = performance.now();
  formatters['json']!({ diagnostics: r.diagnostics, files: [...r.compiled.sources.keys()], cwd: dir, color: false, toolVersion: 'bench' });
  const stages = { ...stageTimes(), report: performance.now() - rt };
  const ms = performance.now() - t;
  enableTimings(false);
  return { ms, stages, findings: r.diagnostics.length };
}

/**
 * `plexlint check` in a process of its own: wall time and peak resident set size (what a user's machine
 * must have free), read by a preloaded probe when the process ends.
 */
function checkProcess(target: string, cwd: string): { ms: number; peakMB: number; code: number | null } {
  const rss = join(cwd, `.rss-${process.pid}`);
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--require', join(root, 'bench', 'rss-probe.cjs'), join(root, 'bin', 'plexlint.js'), 'check', target, '--format', 'json', '-o', join(cwd, '.report.json')], {
    cwd,
    env: { ...process.env, PLEXLINT_BENCH_RSS: rss },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`plexlint check ${target} failed (${r.status ?? r.signal}): ${r.stderr}`);
  const peakMB = Number(readFileSync(rss, 'utf8')) / 1024;
  rmSync(rss, { force: true });
  rmSync(join(cwd, '.report.json'), { force: true });
  return { ms, peakMB, code: r.status };
}

/**
 * `plexlint check <target>` as a new process, against `node -e 0`, in turns (so that all meet the same load): the
 * median wall time of each, and of each other build named (PLEXLINT_BENCH_BEFORE: the code before a change, measured
 * in the same run).
 */
function coldStart(target: string, others: string[] = []): { plexlint: number; node: number; others: number[] } {
  const bins = [join(root, 'bin', 'plexlint.js'), ...others.map((o) => join(o, 'bin', 'plexlint.js'))];
  const time = (args: string[]): number => {
    const t = performance.now();
    try {
      execFileSync(process.execPath, args, { stdio: 'ignore' });
    } catch {
      // findings exit 1; only the time matters
    }
    return performance.now() - t;
  };
  const p: number[][] = bins.map(() => []);
  const n: number[] = [];
  for (let i = 0; i < 11; i++) {
    n.push(time(['-e', '0']));
    bins.forEach((bin, k) => p[k]!.push(time([bin, 'check', target])));
  }
  return { plexlint: median(p[0]!), node: median(n), others: p.slice(1).map(median) };
}

function simulator(dir: string): { perSecond: number; baselinePerSecond: number; pluginPerSecond: number; pluginSessionsPerSecond: number } {
  const { compiled } = lint([dir], { cwd: dir });
  const sim = new Simulation(compiled.estate, 1);
  const dists = compiled.estate.sysplex.distributions.slice(0, 200);
  const origins = ['client', ...compiled.estate.systems.slice(0, 3).map((s) => s.name)];
  const N = 5_000_000;
  // One decision each: a different DVIPA:port and origin every time (the look-ups count), no explanation built.
  let t = performance.now();
  for (let i = 0; i < N; i++) {
    const d = dists[i % dists.length]!;
    sim.distributor.decide(origins[i % origins.length]!, d.dvipa, d.ports[0]!.from);
  }
  const simMs = performance.now() - t;
  // Baseline: the same number of map look-ups and a weighted pick over three candidates.
  const m = new Map(dists.map((d) => [d.dvipa, [64, 64, 64]]));
  let acc = 0;
  t = performance.now();
  for (let i = 0; i < N; i++) {
    const w = m.get(dists[i % dists.length]!.dvipa)!;
    acc += w[i % 3]! > w[(i + 1) % 3]! ? 1 : 0;
  }
  const baseMs = performance.now() - t + (acc < 0 ? 1 : 0);
  // Plug-in: requests without sessions (weighted round robin) and in 1000 sessions (affinity).
  const web = new Simulation(compiled.estate, 1);
  const plugin = compiled.estate.web.plugins[0]?.file;
  let pluginPerSecond = 0;
  let pluginSessionsPerSecond = 0;
  if (plugin) {
    t = performance.now();
    sendRequests(web, plugin, 'http://shop.example.com/app7/cart', N, 0);
    pluginPerSecond = N / ((performance.now() - t) / 1000);
    t = performance.now();
    sendRequests(web, plugin, 'http://shop.example.com/app9/cart', N, 1000);
    pluginSessionsPerSecond = N / ((performance.now() - t) / 1000);
  }
  return { perSecond: N / (simMs / 1000), baselinePerSecond: N / (baseMs / 1000), pluginPerSecond, pluginSessionsPerSecond };
}

/** An estate of 32 stacks of a realistic size (40 DVIPAs, 300 PORT entries, 100 routes each). */
const LSP_ESTATE = { systems: 32, dvipasPerSystem: 40, portsPerSystem: 300, routesPerSystem: 100, pluginFiles: 0, clustersPerPlugin: 0 };

/**
 * The language server: one profile of the estate open in the editor, edited again and again; each edit is
 * checked with the whole estate as context (what the server does when the debounce pause ends) until its
 * diagnostics are published. Against the floor of the same estate (read, decode and tokenise every file).
 */
function lspRecheck(): { medianMs: number; maxMs: number; floorMs: number; ratio: number; edits: number; firstCheckMs: number; stacks: number } {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-bench-lsp-'));
  try {
    generate(dir, LSP_ESTATE);
    const file = join(dir, 'profiles', 'SYS05.tcpip');
    const uri = pathToFileURL(file).href;
    let published = 0;
    const session = new Session({ roots: [dir], publish: () => published++, debounceMs: 1e9 });
    let text = readFileSync(file, 'utf8');
    session.open(uri, text, 1);
    let t = performance.now();
    session.flush();
    const firstCheckMs = performance.now() - t;
    const times: number[] = [];
    const edits = 15;
    for (let i = 0; i < edits; i++) {
      text = text.replace(/OPTLOCAL \d+/, `OPTLOCAL ${i % 2 === 0 ? 20 : 1}`);
      session.change(uri, text, i + 2);
      const before = published;
      t = performance.now();
      session.flush();
      times.push(performance.now() - t);
      if (published === before) throw new Error('no diagnostics published');
    }
    session.dispose();
    const floorMs = median([tokenFloor(dir).ms, tokenFloor(dir).ms, tokenFloor(dir).ms]);
    const medianMs = median(times);
    return { medianMs, maxMs: Math.max(...times), floorMs, ratio: medianMs / floorMs, edits, firstCheckMs, stacks: LSP_ESTATE.systems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A single-failure sweep of the large estate (what `plexlint simulate --failures single` does after compiling it). */
function sweep(dir: string): { ms: number; runs: number; flows: number } {
  const { compiled } = lint([dir], { cwd: dir });
  const t = performance.now();
  const r = sweepFailures(compiled.estate, { mode: 'single' });
  return { ms: performance.now() - t, runs: r.runs.length, flows: r.flows };
}

/**
 * `--failures pairs` of the large estate on two threads (src/sim/sweep-pool.ts: this thread and a worker) against
 * the same sweep in one thread, in turns, each after a warm-up sweep of the kind; the reports must be the same.
 */
async function pairsSweep(dir: string): Promise<{ oneMs: number; twoMs: number; ratio: number; runs: number; cores: number }> {
  const { compiled } = lint([dir], { cwd: dir });
  const estate = compiled.estate;
  const one = (): { ms: number; text: string } => {
    const t = performance.now();
    const text = JSON.stringify(sweepFailures(estate, { mode: 'pairs' }));
    return { ms: performance.now() - t, text };
  };
  const two = async (): Promise<{ ms: number; text: string }> => {
    const t = performance.now();
    const text = JSON.stringify(await sweepFailuresOnPool(estate, { mode: 'pairs' }, { workers: 2, minFlowRuns: 0 }));
    return { ms: performance.now() - t, text };
  };
  one(); // warm-up: the JIT has seen the simulator before either is timed
  const a = one();
  const b = await two();
  if (a.text !== b.text) throw new Error('--failures pairs: the report on two threads differs from the one-thread report');
  const a2 = one();
  const b2 = await two();
  const oneMs = Math.min(a.ms, a2.ms);
  const twoMs = Math.min(b.ms, b2.ms);
  const report = JSON.parse(a.text) as { runs: unknown[]; pairs: { run: number }; components: Record<string, number> };
  return { oneMs, twoMs, ratio: twoMs / oneMs, runs: report.pairs.run, cores: availableParallelism() };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-bench-'));
  try {
    const gen = generate(dir, LARGE);
    tokenFloor(dir); // warm up the floor too
    const floors = [tokenFloor(dir), tokenFloor(dir), tokenFloor(dir)];
    const regexFloors = [regexCountFloor(dir), regexCountFloor(dir), regexCountFloor(dir)];
    checkOnce(dir); // warm up (JIT, parser initialisation)
    const runs = [checkOnce(dir), checkOnce(dir), checkOnce(dir)];
    const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
    const floorMs = median(floors.map((f) => f.ms));
    const regexFloorMs = median(regexFloors);
    const peak = process.resourceUsage().maxRSS / 1024;
    const estateProcess = checkProcess('.', dir);
    const listDir = join(dir, 'port-list');
    const list = generatePortList(listDir, PORT_LIST);
    const listProcess = checkProcess('PORTLIST.tcpip', listDir);
    rmSync(listDir, { recursive: true, force: true });
    // One small profile on its own (no manifest around it), and the same profile in the example estate,
    // whose plexlint.yaml makes `check` of one of its files compile the whole estate.
    const alone = join(dir, 'cold');
    mkdirSync(alone);
    copyFileSync(join(root, 'fixtures', 'example', 'profiles', 'SYSA.tcpip'), join(alone, 'SYSA.tcpip'));
    const before = process.env['PLEXLINT_BENCH_BEFORE'] ? [process.env['PLEXLINT_BENCH_BEFORE']] : [];
    const cold = coldStart(join(alone, 'SYSA.tcpip'), before);
    const coldEstate = coldStart(join(root, 'fixtures', 'example', 'profiles', 'SYSA.tcpip'), before);
    const simr = simulator(dir);
    const sw = sweep(dir);
    const pairs = await pairsSweep(dir);
    const lsp = lspRecheck();
    const graph = await graphBench(dir);
    const scalingRun = scaling();
    const work = mkdtempSync(join(tmpdir(), 'plexlint-bench-diff-'));
    let diff;
    try {
      diff = benchDiff(dir, work);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    const robust = robustnessBench(root);
    const results = {
      machine: { node: process.version, cpus: (await_cpus()), platform: process.platform },
      estate: { ...gen, size: LARGE },
      check: {
        ms: Math.round(best.ms),
        floorMs: Math.round(floorMs),
        floorTokens: floors[0]!.tokens,
        ratio: +(best.ms / floorMs).toFixed(2),
        regexFloorMs: Math.round(regexFloorMs),
        regexRatio: +(best.ms / regexFloorMs).toFixed(2),
        target: 3,
        stages: Object.fromEntries(Object.entries(best.stages).map(([k, v]) => [k, Math.round(v)])),
        findings: best.findings,
      },
      peakMemoryMB: Math.round(peak),
      checkProcess: { ms: Math.round(estateProcess.ms), peakMemoryMB: Math.round(estateProcess.peakMB), target: 160 },
      portList: { ...list, ms: Math.round(listProcess.ms), peakMemoryMB: Math.round(listProcess.peakMB), target: 1024 },
      coldStart: { plexlintMs: Math.round(cold.plexlint), nodeMs: Math.round(cold.node), ratio: +(cold.plexlint / cold.node).toFixed(2), target: 1.8, ...beforeFigures(before, cold) },
      coldStartEstate: { plexlintMs: Math.round(coldEstate.plexlint), nodeMs: Math.round(coldEstate.node), ratio: +(coldEstate.plexlint / coldEstate.node).toFixed(2), target: 2.5, ...beforeFigures(before, coldEstate) },
      lspRecheck: {
        stacks: lsp.stacks,
        edits: lsp.edits,
        medianMs: Math.round(lsp.medianMs),
        maxMs: Math.round(lsp.maxMs),
        firstCheckMs: Math.round(lsp.firstCheckMs),
        floorMs: Math.round(lsp.floorMs),
        ratio: +lsp.ratio.toFixed(2),
        targetMs: 150,
      },
      simulator: {
        decisionsPerSecond: Math.round(simr.perSecond),
        baselinePerSecond: Math.round(simr.baselinePerSecond),
        pluginRequestsPerSecond: Math.round(simr.pluginPerSecond),
        pluginSessionRequestsPerSecond: Math.round(simr.pluginSessionsPerSecond),
        target: 5_000_000,
      },
      sweep: { ms: Math.round(sw.ms), failures: sw.runs, flows: sw.flows, checkMs: Math.round(best.ms), ratio: +(sw.ms / best.ms).toFixed(2), target: 10 },
      pairsSweep: { oneThreadMs: Math.round(pairs.oneMs), twoThreadsMs: Math.round(pairs.twoMs), ratio: +pairs.ratio.toFixed(2), pairs: pairs.runs, cores: pairs.cores, target: 0.6 },
      graph,
      diff,
      scaling: scalingRun,
      stackScaling: { ...robust.scaling, target: 'each doubling ≤ 2.5×' },
      hostileInputs: { budget: { seconds: 10, memoryMB: 1024 }, runs: robust.hostile },
    };
    const rows: [string, string, string][] = [
      ['estate', `${gen.files} files, ${gen.profileLines.toLocaleString('en')} profile lines`, ''],
      [
        'check (large estate)',
        `${results.check.ms} ms`,
        `${results.check.ratio}× the read-and-tokenise floor (${results.check.floorMs} ms, ${results.check.floorTokens.toLocaleString('en')} tokens; target ≤ 3×); ${results.check.regexRatio}× the regex-count floor (${results.check.regexFloorMs} ms)`,
      ],
      ...Object.entries(results.check.stages).map(([k, v]): [string, string, string] => [`  ${k}`, `${v} ms`, '']),
      ['peak memory (this process)', `${results.peakMemoryMB} MB`, 'generator, floors and four checks in one process'],
      ['plexlint check (large estate)', `${results.checkProcess.ms} ms`, `peak ${results.checkProcess.peakMemoryMB} MB in its own process (target ≤ 160 MB)`],
      [`plexlint check (${(list.bytes / 1048576).toFixed(0)} MB profile)`, `${results.portList.ms} ms`, `${list.entries.toLocaleString('en')} PORT entries; peak ${results.portList.peakMemoryMB} MB (target ≤ 1024 MB)`],
      ['cold start (one small profile)', `${results.coldStart.plexlintMs} ms`, `${results.coldStart.ratio}× node -e 0 (${results.coldStart.nodeMs} ms; target ≤ 1.8×)${beforeText(results.coldStart)}`],
      ['cold start (a file of the example estate)', `${results.coldStartEstate.plexlintMs} ms`, `${results.coldStartEstate.ratio}× node -e 0 (${results.coldStartEstate.nodeMs} ms; target ≤ 2.5×)${beforeText(results.coldStartEstate)}`],
      ['language server re-check', `${results.lspRecheck.medianMs} ms`, `one edited profile of ${lsp.stacks} stacks, median of ${lsp.edits} edits (max ${results.lspRecheck.maxMs} ms; first check ${results.lspRecheck.firstCheckMs} ms); ${results.lspRecheck.ratio}× floor (${results.lspRecheck.floorMs} ms); target ≤ 150 ms`],
      ['distributor decisions', `${results.simulator.decisionsPerSecond.toLocaleString('en')}/s`, `baseline loop ${results.simulator.baselinePerSecond.toLocaleString('en')}/s (target ≥ 5,000,000/s)`],
      ['plug-in requests', `${results.simulator.pluginRequestsPerSecond.toLocaleString('en')}/s`, 'weighted round robin, no sessions (target > 1,000,000/s)'],
      ['plug-in requests in sessions', `${results.simulator.pluginSessionRequestsPerSecond.toLocaleString('en')}/s`, '1000 sessions, affinity by clone ID'],
      ['single-failure sweep', `${results.sweep.ms} ms`, `${results.sweep.ratio}× one check (${results.sweep.checkMs} ms; ${results.sweep.failures} failures, ${results.sweep.flows} flows; target ≤ 10×)`],
      [
        '--failures pairs, 2 threads',
        `${results.pairsSweep.twoThreadsMs} ms`,
        `${results.pairsSweep.ratio}× one thread (${results.pairsSweep.oneThreadMs} ms; ${results.pairsSweep.pairs} pairs; ${results.pairsSweep.cores} cores; target ≤ 0.6×)`,
      ],
      ['graph (large estate)', `${graph.buildMs} ms`, `${graph.ratio}× its check (${graph.checkMs} ms); ${graph.nodes} nodes, ${graph.edges} edges, ${graph.mergedAway} merged away`],
      ...Object.entries(graph.formats).map(([f, v]): [string, string, string] => [`  -f ${f}`, `${v.bytes.toLocaleString('en')} bytes`, `${v.ms} ms to render`]),
      ...diffRows(diff),
      ['scaling (time at n, 2n, 4n)', '', 'doubling n doubles a linear check (×2), quadruples a quadratic one (×4)'],
      ...scalingRows(scalingRun),
      [
        'stack scaling',
        robust.scaling.stacks.map((n, i) => `${n}: ${robust.scaling.ms[i]} ms`).join(', '),
        `doubling ratios ${robust.scaling.ratios.map((r) => `${r}×`).join(', ')} (linear ≈ 2; target ≤ 2.5×)`,
      ],
      ...robust.hostile.map((h): [string, string, string] => [
        `  ${h.name}`,
        `${(h.ms / 1000).toFixed(1)} s, ${h.peakMB} MB`,
        `${h.ms <= 10_000 && h.peakMB <= 1024 && h.exit !== null && h.exit <= 2 ? 'within' : 'OVER'} 10 s and 1 GB (exit ${h.exit})`,
      ]),
    ];
    const w = Math.max(...rows.map((r) => r[0].length));
    const w2 = Math.max(...rows.map((r) => r[1].length));
    process.stdout.write(rows.map(([a, b, c]) => `${a.padEnd(w)}  ${b.padStart(w2)}  ${c}`).join('\n') + '\n');
    writeFileSync(join(root, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures of the build before (PLEXLINT_BENCH_BEFORE), when one was measured. */
function beforeFigures(before: string[], r: { plexlint: number; node: number; others: number[] }): { beforeMs?: number; beforeRatio?: number } {
  if (!before.length) return {};
  return { beforeMs: Math.round(r.others[0]!), beforeRatio: +(r.others[0]! / r.node).toFixed(2) };
}

function beforeText(r: { beforeMs?: number; beforeRatio?: number }): string {
  return r.beforeMs === undefined ? '' : `; the build before: ${r.beforeMs} ms, ${r.beforeRatio}×`;
}

function await_cpus(): number {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length;
  } catch {
    return 0;
  }
}

await main();
