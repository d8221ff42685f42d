import { dirname, relative } from 'node:path';
import { Chalk } from 'chalk';
import { Command, Option } from 'commander';
import type { Finding } from '../core/diagnostic.js';
import { compile, type CompileOptions, type CompileResult } from '../engine/compile.js';
import type { Estate } from '../model/estate.js';
import { detectKind, type FileKind } from '../frontends/detect.js';
import { formatDuration } from '../sim/clock.js';
import { runScenario, type AfterStep, type ScenarioResult, type Simulation } from '../sim/index.js';
import type { Encoding } from '../sources/decode.js';
import { applyStartingState } from './state.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';
import { commandLinePath } from '../sources/checkout.js';
import { estateManifest, readScenarioFile as readScenarioText, scenarioSandbox } from '../sources/side-files.js';
import { stringifyJson } from '../report/escape/json.js';
import { guardLineStarts, visible } from '../report/escape/line.js';
import { DEFAULT_MAX_PAIRS, MAX_SWEEP_WORK } from '../sim/failures.js';
import { sweepFailuresOnPool } from '../sim/sweep-pool.js';
import { sweepMarkdown } from '../report/sweep/markdown.js';
import { outages } from '../report/sweep/summary.js';
import { sweepText } from '../report/sweep/text.js';
import { silentProgress, type Progress } from '../core/progress.js';
import { oneEstate } from './compile.js';
import { examples } from './help.js';
import { emit, packageRoot, useColor, UsageError } from './io.js';
import { encodingOption, estateOptions, lintOptionsFrom, outputOptions, repeatable, type EstateCliOptions } from './options.js';
import { terminalProgress } from './progress.js';
import { expectationText, observedParts, scenarioTally } from '../report/simulate/words.js';
import { simulateMarkdown } from '../report/simulate/markdown.js';
import { stepGraph } from '../graph/steps.js';
import type { Graph } from '../graph/types.js';

/** A scenario's result, with the scenario and the estate it ran on. */
export interface ScenarioRun {
  result: ScenarioResult;
  scenario: Scenario;
  estate: Estate;
}

/** One line per finding, each `file:line:column: message` (printed as `plexlint: …` like every other error line). */
function formatFindings(findings: Finding[]): string[] {
  return findings.map((f) => `${f.loc.file}:${f.loc.line}:${f.loc.column}: ${f.message}`);
}

/** Read and validate one scenario file; `folderHint` follows the error for a folder (what to run instead). */
export function readScenarioFile(path: string, cwd: string, folderHint = ''): { scenario: Scenario; display: string } {
  // A scenario named in the checkout is read only where it stays in the checkout (src/sources/checkout.ts):
  // a link to a file outside is never opened, so none of its text can come back in a message.
  const abs = commandLinePath(path, cwd);
  const display = relative(cwd, abs).split('\\').join('/');
  // A regular file of at most 1 MB (no FIFO, device or /proc file); its estate and inputs inside its repository.
  const file = readScenarioText(abs, display);
  if (typeof file === 'string') throw new UsageError(`${path} ${file}${file.startsWith('is a folder') ? folderHint : ''}`);
  const sandbox = scenarioSandbox(abs, cwd);
  const { scenario, findings } = parseScenario(file, (p, what) => {
    const abs = sandbox.resolve(p);
    return what === 'estate' && typeof abs === 'string' ? notAnotherKind(estateManifest(abs, p), p) : abs;
  });
  if (!scenario) throw new UsageError(formatFindings(findings));
  return { scenario, display };
}

/** Names of the kinds of file `estate:` may name by mistake. */
const KIND_NAMES: Partial<Record<FileKind, string>> = {
  profile: 'TCP/IP profile',
  omproute: 'OMPROUTE configuration',
  dscontrol: 'Load Balancer configuration',
  goscript: 'Load Balancer go script',
  'plugin-cfg': 'plugin-cfg.xml',
  'cluster-xml': 'cluster.xml',
  'serverindex-xml': 'serverindex.xml',
  'virtualhosts-xml': 'virtualhosts.xml',
  iebupdte: 'IEBUPDTE job stream',
  'tcpip-proc': 'TCP/IP started procedure',
  ieasym: 'IEASYMxx member',
  scenario: 'scenario',
};

/**
 * A configuration file named as `estate:` would be read as the manifest (an empty one) and left out of the estate,
 * so every step would miss it: say so at the entry.
 */
function notAnotherKind(abs: string | { error: string }, entry: string): string | { error: string } {
  if (typeof abs !== 'string') return abs;
  const file = readScenarioText(abs, entry);
  const kind = typeof file === 'string' ? undefined : KIND_NAMES[detectKind(file)];
  if (!kind) return abs;
  return { error: `${entry} is a ${kind}, not a plexlint.yaml; estate: names the estate's plexlint.yaml, or list the files under inputs: [${entry}]` };
}

/** The inputs and options that compile the estate a scenario names (its manifest, or its inputs). */
export function scenarioEstate(scenario: Scenario, cwd: string): { paths: string[]; options: CompileOptions } {
  return scenario.estate ? { paths: [dirname(scenario.estate)], options: { cwd, config: scenario.estate } } : { paths: scenario.inputs, options: { cwd } };
}

/** Fail on inputs the scenario names that cannot be read. */
export function failOnMissingInputs(display: string, readErrors: CompileResult['readErrors']): void {
  const missing = readErrors.filter((e) => e.explicit);
  if (missing.length) throw new UsageError(`${display}: ${missing.map((e) => `${e.path} ${e.message}`).join('; ')}`);
}

/** Read, validate and run one scenario file. */
export function simulateFile(path: string, cwd: string, progress: Progress = silentProgress): ScenarioResult {
  return runScenarioFile(path, cwd, progress).result;
}

/**
 * Read, validate and run one scenario file; `afterStep` sees the simulation after each step. `state`: the --state
 * values the simulation starts from (captures of what runs, a plexlint.yaml naming them, or YAML states).
 */
export function runScenarioFile(path: string, cwd: string, progress: Progress = silentProgress, afterStep?: AfterStep, state?: { values: string[]; encoding?: Encoding; notes?: (notes: string[]) => void }): ScenarioRun {
  const { scenario, display } = readScenarioFile(path, cwd, `; to fail every component of the estate in it, run plexlint simulate --failures single ${path}`);
  progress.phase(`compiling the estate of ${display}`);
  const { paths, options } = scenarioEstate(scenario, cwd);
  const compiled = oneEstate('plexlint simulate', () => compile(paths, options), ` in the inputs: of ${display}`);
  failOnMissingInputs(display, compiled.readErrors);
  const prepare = state?.values.length
    ? (sim: Simulation): void => {
        const notes = applyStartingState(sim, state.values, compiled.estate, state.encoding, cwd);
        state.notes?.(notes);
      }
    : undefined;
  return { result: runScenario(scenario, compiled.estate, progress, afterStep, prepare), scenario, estate: compiled.estate };
}

export function formatText(results: ScenarioResult[], color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [];
  for (const r of results) {
    // Names from the files are shown with their control characters escaped (src/report/escape/line.ts).
    out.push('', c.underline(visible(r.file)) + c.dim(`  (seed ${r.seed})`));
    const clocked = r.steps.some((s) => s.kind === 'advance');
    for (const s of r.steps) {
      const when = clocked ? c.dim(` t=${formatDuration(s.time)}`) : '';
      out.push(`  ${c.dim(`${String(s.index).padStart(2)} line ${String(s.line).padEnd(4)}`)} ${s.kind.padEnd(8)} ${s.error ? c.red(visible(s.error)) : visible(s.summary)}${when}`);
      const parts = observedParts(s.observed).map((p) => (p.bad ? c.yellow(visible(p.text)) : visible(p.text)));
      if (parts.length) out.push(`              ${parts.join('  ')}`);
      for (const e of s.expectations) out.push(`              ${e.pass ? c.green('✔') : c.red('✘')} ${visible(expectationText(e))}`);
    }
    out.push(`  ${r.pass ? c.green.bold('PASS') : c.red.bold('FAIL')} ${scenarioTally(r)}`);
  }
  return guardLineStarts(out.join('\n') + '\n');
}

interface SimulateOptions extends EstateCliOptions {
  format: string;
  output?: string;
  color?: boolean;
  failures?: 'single' | 'pairs';
  maxPairs?: string;
  seed?: string;
  progress?: boolean;
  state?: string[];
}

/** `--failures`: sweep the estate's single failures or pairs of failures (on worker threads when it is large: src/sim/sweep-pool.ts). */
async function failureSweep(paths: string[], opts: SimulateOptions): Promise<void> {
  const seed = Number(opts.seed ?? '1');
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed ${opts.seed}: expected a whole number`);
  const maxPairs = Number(opts.maxPairs ?? DEFAULT_MAX_PAIRS);
  if (!Number.isInteger(maxPairs) || maxPairs < 0) throw new UsageError(`--max-pairs ${opts.maxPairs}: expected a whole number`);
  const cli = lintOptionsFrom(opts, paths);
  const progress = terminalProgress({ option: opts.progress });
  let text: string;
  let lost: number;
  try {
    progress.phase('compiling the estate');
    const compiled = oneEstate('plexlint simulate', () => compile(cli.paths, cli.options));
    if (compiled.unmatched.length) throw new UsageError(`no files to check in ${compiled.unmatched.join(', ')}`);
    const missing = compiled.readErrors.filter((e) => e.explicit);
    if (missing.length) throw new UsageError(missing.map((e) => `${e.path} ${e.message}`).join('; '));
    // Beyond MAX_SWEEP_WORK the sweep is refused before anything runs (a Refusal: one line, exit 2).
    const report = await sweepFailuresOnPool(compiled.estate, { mode: opts.failures!, seed, maxPairs, progress, maxWork: MAX_SWEEP_WORK });
    lost = outages(report);
    text = opts.format === 'json' ? stringifyJson(report) : opts.format === 'markdown' ? sweepMarkdown(report) : sweepText(report, useColor(opts.color, Boolean(opts.output)));
  } finally {
    progress.end();
  }
  emit(text, opts.output);
  process.exitCode = lost > 0 ? 1 : 0;
}

export function simulateCommand(): Command {
  const cmd = new Command('simulate')
    .description('run scenario files over an estate and check their expectations (the scenario format: docs/scenarios.md); with --failures, simulate every single failure (or pair of failures) of an estate')
    .argument('<paths...>', '*.scenario.yaml files (with --failures: the files or folders of the estate)')
    .addOption(new Option('-f, --format <format>', 'output format (markdown: a report with a picture of every step with expectations, or of the failure sweep)').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(new Option('--failures <mode>', 'fail every component on its own (single), or every two that meet on a flow (pairs), and report what each failure loses').choices(['single', 'pairs']))
    .option('--max-pairs <n>', `with --failures pairs: simulate at most this many pairs (default ${DEFAULT_MAX_PAIRS}); the rest are counted as skipped`)
    .option('--seed <n>', 'with --failures: seed of the random choices', '1')
    .addOption(repeatable('--state <file>', 'start every scenario from this state: a capture of a report (NETSTAT VDPT, VIPADYN, dscontrol manager report …), a plexlint.yaml (the captures its state: names), or a YAML runtime state (docs/drift.md)'))
    .option('--progress', 'show progress on stderr even when it is not a terminal (--no-progress: never)')
    .option('--no-progress', 'never show progress');
  estateOptions(cmd);
  outputOptions(cmd);
  cmd.addHelpText(
    'after',
    examples(
      'simulate',
      `\nA scenario file names its estate (estate: or inputs:) and its steps: set state, connect, requests, ejb, event, close, advance,\neach with expectations. Every key, with examples: docs/scenarios.md in the package (${packageRoot}/docs/scenarios.md).\n` +
        `With --failures the paths are an estate (like check's); the exit code is 1 when a failure loses a service.\n`,
    ),
  );
  return cmd.action((paths: string[], opts: SimulateOptions) => {
    if (opts.failures && opts.state?.length) throw new UsageError('--state starts the scenarios from a state; a failure sweep (--failures) starts from everything up');
    if (opts.failures) return failureSweep(paths, opts);
    if (opts.maxPairs !== undefined) throw new UsageError('--max-pairs goes with --failures pairs');
    if (opts.config !== undefined) throw new UsageError('-c goes with --failures: a scenario names its estate itself (estate: or inputs:)');
    const progress = terminalProgress({ option: opts.progress });
    let results: ScenarioResult[];
    const pictures = new Map<string, Graph>();
    // Pictures only for the markdown report: an event step's picture simulates the flows again in its state.
    const draw: AfterStep | undefined =
      opts.format === 'markdown'
        ? (sim, step, result) => {
            const graph = stepGraph(sim.estate, step, result, sim.state, `step ${result.index} (line ${result.line}): ${result.summary}`);
            if (graph) pictures.set(`${step.loc.file}#${result.index}`, graph);
          }
        : undefined;
    try {
      const encoding = encodingOption(opts.encoding);
      const state = opts.state?.length
        ? {
            values: opts.state,
            ...(encoding ? { encoding } : {}),
            notes: (notes: string[]) => {
              if (notes.length) process.stderr.write(`plexlint: starting from the running state: ${notes.length} value${notes.length === 1 ? '' : 's'} from captures (${visible(notes.slice(0, 3).join('; '))}${notes.length > 3 ? '; …' : ''})\n`);
            },
          }
        : undefined;
      results = paths.map((f) => runScenarioFile(f, process.cwd(), progress, draw, state).result);
    } finally {
      progress.end();
    }
    const text =
      opts.format === 'json'
        ? stringifyJson({ scenarios: results })
        : opts.format === 'markdown'
          ? simulateMarkdown(results, pictures)
          : formatText(results, useColor(opts.color, Boolean(opts.output)));
    emit(text, opts.output);
    process.exitCode = results.every((r) => r.pass) ? 0 : results.some((r) => r.steps.some((s) => s.error)) ? 2 : 1;
  });
}
