import { dirname, relative, resolve } from 'node:path';
import { Chalk } from 'chalk';
import { Command, Option } from 'commander';
import type { Finding } from '../core/diagnostic.js';
import { compile } from '../engine/compile.js';
import { runScenario, type ScenarioResult } from '../sim/index.js';
import { parseScenario } from '../sim/scenario.js';
import { readScenarioFile, scenarioSandbox } from '../sources/side-files.js';
import { stringifyJson, visible } from '../report/escape.js';
import { emit, useColor, UsageError } from './io.js';

/** One line per finding, each `file:line:column: message` (printed as `plexlint: …` like every other error line). */
function formatFindings(findings: Finding[]): string[] {
  return findings.map((f) => `${f.loc.file}:${f.loc.line}:${f.loc.column}: ${f.message}`);
}

/** Read, validate and run one scenario file. */
export function simulateFile(path: string, cwd: string): ScenarioResult {
  const abs = resolve(cwd, path);
  const display = relative(cwd, abs).split('\\').join('/');
  const file = readScenarioFile(abs, display);
  if (typeof file === 'string') throw new UsageError(`${path} ${file}`);
  const sandbox = scenarioSandbox(abs, cwd);
  const { scenario, findings } = parseScenario(file, (p) => sandbox.resolve(p));
  if (!scenario) throw new UsageError(formatFindings(findings));
  const compiled = scenario.estate
    ? compile([dirname(scenario.estate)], { cwd, config: scenario.estate })
    : compile(scenario.inputs, { cwd });
  const missing = compiled.readErrors.filter((e) => e.explicit);
  if (missing.length) throw new UsageError(`${display}: ${missing.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return runScenario(scenario, compiled.estate);
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
  return new Command('simulate')
    .description('run scenario files over an estate and check their expectations (DESIGN.md "Scenario files")')
    .argument('<scenarios...>', '*.scenario.yaml files')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write the report to a file (atomically)')
    .option('--no-color', 'never colour the output')
    .action((files: string[], opts: { format: string; output?: string; color?: boolean }) => {
      const results = files.map((f) => simulateFile(f, process.cwd()));
      const text = opts.format === 'json' ? stringifyJson({ scenarios: results }) : formatText(results, useColor(opts.color, Boolean(opts.output)));
      emit(text, opts.output);
      process.exitCode = results.every((r) => r.pass) ? 0 : results.some((r) => r.steps.some((s) => s.error)) ? 2 : 1;
    });
}
