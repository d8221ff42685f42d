import { dirname, relative, resolve } from 'node:path';
import { Chalk } from 'chalk';
import { Command, Option } from 'commander';
import type { Finding } from '../core/diagnostic.js';
import { compile } from '../engine/compile.js';
import { formatDuration } from '../sim/clock.js';
import { runScenario, type Observed, type ScenarioResult } from '../sim/index.js';
import { COUNT_KEYS, MEASURES, SHARE_KEYS, SHARES_KEYS, STATE_KEYS } from '../sim/measures.js';
import { parseScenario } from '../sim/scenario.js';
import { readScenarioFile, scenarioSandbox } from '../sources/side-files.js';
import { stringifyJson, visible } from '../report/escape.js';
import { DEFAULT_MAX_PAIRS, sweepFailures } from '../sim/failures.js';
import { sweepMarkdown } from '../report/sweep/markdown.js';
import { outages } from '../report/sweep/summary.js';
import { sweepText } from '../report/sweep/text.js';
import { silentProgress, type Progress } from '../core/progress.js';
import { oneEstate } from './compile.js';
import { examples } from './help.js';
import { emit, packageRoot, useColor, UsageError } from './io.js';
import { estateOptions, lintOptionsFrom, outputOptions, type EstateCliOptions } from './options.js';
import { terminalProgress } from './progress.js';

/** One line per finding, each `file:line:column: message` (printed as `plexlint: …` like every other error line). */
function formatFindings(findings: Finding[]): string[] {
  return findings.map((f) => `${f.loc.file}:${f.loc.line}:${f.loc.column}: ${f.message}`);
}

/** Read, validate and run one scenario file. */
export function simulateFile(path: string, cwd: string, progress: Progress = silentProgress): ScenarioResult {
  const abs = resolve(cwd, path);
  const display = relative(cwd, abs).split('\\').join('/');
  const file = readScenarioFile(abs, display);
  if (typeof file === 'string') throw new UsageError(`${path} ${file}`);
  const sandbox = scenarioSandbox(abs, cwd);
  const { scenario, findings } = parseScenario(file, (p) => sandbox.resolve(p));
  if (!scenario) throw new UsageError(formatFindings(findings));
  progress.phase(`compiling the estate of ${display}`);
  const compiled = oneEstate(() => (scenario.estate ? compile([dirname(scenario.estate)], { cwd, config: scenario.estate }) : compile(scenario.inputs, { cwd })));
  const missing = compiled.readErrors.filter((e) => e.explicit);
  if (missing.length) throw new UsageError(`${display}: ${missing.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return runScenario(scenario, compiled.estate, progress);
}

function pct(x: number): string {
  return `${(x * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export function formatText(results: ScenarioResult[], color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [];
  for (const r of results) {
    // Names from the files are shown with their control characters escaped (src/report/escape.ts).
    out.push('', c.underline(visible(r.file)) + c.dim(`  (seed ${r.seed})`));
    const clocked = r.steps.some((s) => s.kind === 'advance');
    for (const s of r.steps) {
      const when = clocked ? c.dim(` t=${formatDuration(s.time)}`) : '';
      out.push(`  ${c.dim(`${String(s.index).padStart(2)} line ${String(s.line).padEnd(4)}`)} ${s.kind.padEnd(8)} ${s.error ? c.red(visible(s.error)) : visible(s.summary)}${when}`);
      const parts = observedParts(s.observed, c);
      if (parts.length) out.push(`              ${parts.join('  ')}`);
      for (const e of s.expectations) {
        if (e.expected !== undefined) {
          out.push(`              ${e.pass ? c.green('✔') : c.red('✘')} ${visible(e.name)} ${visible(String(e.expected))}: ${visible(String(e.actual))}`);
          continue;
        }
        const bound = [e.min !== undefined ? `≥ ${e.min}` : '', e.max !== undefined ? `≤ ${e.max}` : ''].filter(Boolean).join(' and ');
        const isCount = COUNT_KEYS.some((k) => e.name === k || e.name.startsWith(`${k}.`));
        const actual = isCount || typeof e.actual === 'string' ? String(e.actual) : `${e.actual} (${pct(e.actual)})`;
        out.push(`              ${e.pass ? c.green('✔') : c.red('✘')} ${visible(e.name)} ${bound}: ${actual}`);
      }
    }
    const all = r.steps.flatMap((s) => s.expectations);
    const held = all.filter((e) => e.pass).length;
    const errors = r.steps.filter((s) => s.error).length;
    out.push(`  ${r.pass ? c.green.bold('PASS') : c.red.bold('FAIL')} ${held} of ${all.length} expectation${all.length === 1 ? '' : 's'} hold${errors ? `, ${errors} step${errors === 1 ? '' : 's'} could not run` : ''}`);
  }
  return out.join('\n') + '\n';
}

/** One line of what a step observed, each measure labelled as measures.ts defines it. */
function observedParts(o: Observed, c: InstanceType<typeof Chalk>): string[] {
  const parts: string[] = [];
  if (o.local !== undefined && o.local > 0) parts.push(`${MEASURES.local.label} ${pct(o.local)}`);
  for (const k of SHARES_KEYS) {
    const label = MEASURES[k].label === 'to' ? '' : `${MEASURES[k].label} `;
    for (const [name, v] of Object.entries(o[k] ?? {})) parts.push(`${label}${visible(name)} ${pct(v)}`);
  }
  for (const k of SHARE_KEYS) if (k !== 'local' && o[k]) parts.push(c.yellow(`${MEASURES[k].label} ${pct(o[k])}`));
  if (o.sessionsLost) {
    const reasons = Object.entries(o.sessionsLostBy?.reason ?? {}).map(([k, v]) => `${k} ${v}`);
    parts.push(c.yellow(`${MEASURES.sessionsLost.label} ${o.sessionsLost}${reasons.length ? ` (${reasons.join(', ')})` : ''}`));
  }
  if (o.connectionsBroken) {
    const to = Object.entries(o.connectionsBrokenBy?.to ?? {});
    parts.push(c.yellow(`${MEASURES.connectionsBroken.label} ${o.connectionsBroken}${to.length > 1 ? ` (${to.map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}`));
  }
  for (const k of STATE_KEYS) for (const [name, v] of Object.entries(o[k] ?? {})) parts.push(`${visible(name)} ${MEASURES[k].label} ${visible(String(v))}`);
  return parts;
}

interface SimulateOptions extends EstateCliOptions {
  format: string;
  output?: string;
  color?: boolean;
  failures?: 'single' | 'pairs';
  maxPairs?: string;
  seed?: string;
  progress?: boolean;
}

/** `--failures`: sweep the estate's single failures or pairs of failures. */
function failureSweep(paths: string[], opts: SimulateOptions): void {
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
    const compiled = oneEstate(() => compile(cli.paths, cli.options));
    if (compiled.unmatched.length) throw new UsageError(`no files to check in ${compiled.unmatched.join(', ')}`);
    const missing = compiled.readErrors.filter((e) => e.explicit);
    if (missing.length) throw new UsageError(missing.map((e) => `${e.path} ${e.message}`).join('; '));
    const report = sweepFailures(compiled.estate, { mode: opts.failures!, seed, maxPairs, progress });
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
    .addOption(new Option('-f, --format <format>', 'output format (markdown: with --failures)').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(new Option('--failures <mode>', 'fail every component on its own (single), or every two that meet on a flow (pairs), and report what each failure loses').choices(['single', 'pairs']))
    .option('--max-pairs <n>', `with --failures pairs: simulate at most this many pairs (default ${DEFAULT_MAX_PAIRS}); the rest are counted as skipped`)
    .option('--seed <n>', 'with --failures: seed of the random choices', '1')
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
    if (opts.failures) return failureSweep(paths, opts);
    if (opts.format === 'markdown') throw new UsageError('--format markdown goes with --failures; scenario results are text or json');
    if (opts.maxPairs !== undefined) throw new UsageError('--max-pairs goes with --failures pairs');
    if (opts.config !== undefined) throw new UsageError('-c goes with --failures: a scenario names its estate itself (estate: or inputs:)');
    const progress = terminalProgress({ option: opts.progress });
    let results: ScenarioResult[];
    try {
      results = paths.map((f) => simulateFile(f, process.cwd(), progress));
    } finally {
      progress.end();
    }
    const text = opts.format === 'json' ? stringifyJson({ scenarios: results }) : formatText(results, useColor(opts.color, Boolean(opts.output)));
    emit(text, opts.output);
    process.exitCode = results.every((r) => r.pass) ? 0 : results.some((r) => r.steps.some((s) => s.error)) ? 2 : 1;
  });
}
