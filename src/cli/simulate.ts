import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { Chalk } from 'chalk';
import { Command, Option } from 'commander';
import type { Finding } from '../core/diagnostic.js';
import { compile } from '../engine/compile.js';
import { formatDuration } from '../sim/clock.js';
import { runScenario, type Observed, type ScenarioResult } from '../sim/index.js';
import { COUNT_KEYS, MEASURES, SHARE_KEYS, SHARES_KEYS, STATE_KEYS } from '../sim/measures.js';
import { parseScenario } from '../sim/scenario.js';
import { sourceFromText } from '../sources/source-file.js';
import { emit, useColor, UsageError } from './io.js';

function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.loc.file}:${f.loc.line}:${f.loc.column}: ${f.message}`).join('\n');
}

/** Read, validate and run one scenario file. */
export function simulateFile(path: string, cwd: string): ScenarioResult {
  const abs = resolve(cwd, path);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    throw new UsageError(`${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const display = relative(cwd, abs).split('\\').join('/');
  const { scenario, findings } = parseScenario(sourceFromText(display, text, abs), (p) => resolve(dirname(abs), p));
  if (!scenario) throw new UsageError(`invalid scenario:\n${formatFindings(findings)}`);
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
    out.push('', c.underline(`${r.file}`) + c.dim(`  (seed ${r.seed})`));
    const clocked = r.steps.some((s) => s.kind === 'advance');
    for (const s of r.steps) {
      const when = clocked ? c.dim(` t=${formatDuration(s.time)}`) : '';
      out.push(`  ${c.dim(`${String(s.index).padStart(2)} line ${String(s.line).padEnd(4)}`)} ${s.kind.padEnd(8)} ${s.error ? c.red(s.error) : s.summary}${when}`);
      const parts = observedParts(s.observed, c);
      if (parts.length) out.push(`              ${parts.join('  ')}`);
      for (const e of s.expectations) {
        if (e.expected !== undefined) {
          out.push(`              ${e.pass ? c.green('✔') : c.red('✘')} ${e.name} ${e.expected}: ${e.actual}`);
          continue;
        }
        const bound = [e.min !== undefined ? `≥ ${e.min}` : '', e.max !== undefined ? `≤ ${e.max}` : ''].filter(Boolean).join(' and ');
        const isCount = COUNT_KEYS.some((k) => e.name === k || e.name.startsWith(`${k}.`));
        const actual = isCount || typeof e.actual === 'string' ? String(e.actual) : `${e.actual} (${pct(e.actual)})`;
        out.push(`              ${e.pass ? c.green('✔') : c.red('✘')} ${e.name} ${bound}: ${actual}`);
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
    for (const [name, v] of Object.entries(o[k] ?? {})) parts.push(`${label}${name} ${pct(v)}`);
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
  for (const k of STATE_KEYS) for (const [name, v] of Object.entries(o[k] ?? {})) parts.push(`${name} ${MEASURES[k].label} ${v}`);
  return parts;
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
      const text = opts.format === 'json' ? JSON.stringify({ scenarios: results }, null, 2) + '\n' : formatText(results, useColor(opts.color, Boolean(opts.output)));
      emit(text, opts.output);
      process.exitCode = results.every((r) => r.pass) ? 0 : results.some((r) => r.steps.some((s) => s.error)) ? 2 : 1;
    });
}
