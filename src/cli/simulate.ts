import { dirname, relative, resolve } from 'node:path';
import { Chalk } from 'chalk';
import { Command, Option } from 'commander';
import type { Finding } from '../core/diagnostic.js';
import { compile } from '../engine/compile.js';
import { runScenario, type ScenarioResult } from '../sim/index.js';
import { parseScenario } from '../sim/scenario.js';
import { readScenarioFile, scenarioSandbox } from '../sources/side-files.js';
import { stringifyJson, visible } from '../report/escape.js';
import { silentProgress, type Progress } from '../core/progress.js';
import { oneEstate } from './compile.js';
import { examples } from './help.js';
import { emit, packageRoot, useColor, UsageError } from './io.js';
import { outputOptions } from './options.js';
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
    for (const s of r.steps) {
      out.push(`  ${c.dim(`${String(s.index).padStart(2)} line ${String(s.line).padEnd(4)}`)} ${s.kind.padEnd(8)} ${s.error ? c.red(visible(s.error)) : visible(s.summary)}`);
      const o = s.observed;
      const parts: string[] = [];
      if (o.local !== undefined && o.local > 0) parts.push(`local ${pct(o.local)}`);
      for (const group of ['targets', 'servers', 'members', 'odrs', 'cells'] as const) {
        for (const [k, v] of Object.entries(o[group] ?? {})) parts.push(`${visible(k)} ${pct(v)}`);
      }
      if (o.refused) parts.push(c.yellow(`refused ${pct(o.refused)}`));
      if (o.dropped) parts.push(c.yellow(`dropped ${pct(o.dropped)}`));
      if (o.failed) parts.push(c.yellow(`failed ${pct(o.failed)}`));
      if (o.sessionsLost) parts.push(c.yellow(`sessions lost ${o.sessionsLost}`));
      if (o.connectionsBroken) parts.push(c.yellow(`connections broken ${o.connectionsBroken}`));
      if (parts.length) out.push(`              ${parts.join('  ')}`);
      for (const e of s.expectations) {
        const bound = [e.min !== undefined ? `≥ ${e.min}` : '', e.max !== undefined ? `≤ ${e.max}` : ''].filter(Boolean).join(' and ');
        const actual = ['sessionsLost', 'connectionsBroken'].includes(e.name) ? String(e.actual) : `${e.actual} (${pct(e.actual)})`;
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

export function simulateCommand(): Command {
  const cmd = new Command('simulate')
    .description('run scenario files over an estate and check their expectations (the scenario format: docs/scenarios.md)')
    .argument('<scenarios...>', '*.scenario.yaml files')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--progress', 'show progress on stderr even when it is not a terminal (--no-progress: never)')
    .option('--no-progress', 'never show progress');
  outputOptions(cmd);
  cmd.addHelpText(
    'after',
    examples('simulate', `\nA scenario file names its estate (estate: or inputs:) and its steps: set state, connect, requests, ejb, event, close,\neach with expectations. Every key, with examples: docs/scenarios.md in the package (${packageRoot}/docs/scenarios.md).\n`),
  );
  return cmd.action((files: string[], opts: { format: string; output?: string; color?: boolean; progress?: boolean }) => {
      const progress = terminalProgress({ option: opts.progress });
      let results: ScenarioResult[];
      try {
        results = files.map((f) => simulateFile(f, process.cwd(), progress));
      } finally {
        progress.end();
      }
      const text = opts.format === 'json' ? stringifyJson({ scenarios: results }) : formatText(results, useColor(opts.color, Boolean(opts.output)));
      emit(text, opts.output);
      process.exitCode = results.every((r) => r.pass) ? 0 : results.some((r) => r.steps.some((s) => s.error)) ? 2 : 1;
    });
}
