import { Command, Option } from 'commander';
import { parseLevel, type Level } from '../engine/config.js';
import { lint } from '../engine/lint.js';
import { formatters } from '../report/index.js';
import { summaryCounts } from '../report/stylish.js';
import { supportedEncodings, type Encoding } from '../sources/decode.js';
import type { ReadError } from '../sources/workspace.js';
import { emit, useColor, UsageError, version } from './io.js';

export interface CommonOptions {
  format?: string;
  output?: string;
  config?: string;
  rule?: string[];
  color?: boolean;
  encoding?: string;
}

export function parseRuleOptions(values: string[] | undefined): Record<string, Level> {
  const out: Record<string, Level> = {};
  for (const v of values ?? []) {
    const m = /^([a-z0-9-]+)=(\w+)$/.exec(v.trim());
    const level = m ? parseLevel(m[2]!) : undefined;
    if (!m || !level) throw new UsageError(`--rule ${v}: expected <rule-id>=off|info|warn|error`);
    out[m[1]!] = level;
  }
  return out;
}

export function encodingOption(value: string | undefined): Encoding | undefined {
  if (!value) return undefined;
  const e = value.toLowerCase().replace(/^cp/, 'ibm-').replace(/^ibm(\d)/, 'ibm-$1') as Encoding;
  if (!supportedEncodings.includes(e)) throw new UsageError(`--encoding ${value}: expected one of ${supportedEncodings.join(', ')}`);
  return e;
}

/** A file named on the command line (or in the manifest) that cannot be read ends the run: exit 2. */
export function failOnExplicitReadErrors(errors: ReadError[]): void {
  const fatal = errors.filter((e) => e.explicit);
  if (fatal.length) throw new UsageError(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
}

export function commonOptions(cmd: Command): Command {
  return cmd
    .option('-o, --output <file>', 'write the report to a file (atomically) instead of stdout')
    .option('-c, --config <file>', 'the estate manifest (default: plexlint.yaml next to the inputs or in the working directory)')
    .option('--rule <id=level...>', 'set a rule to off|info|warn|error (repeatable)')
    .option('--encoding <name>', `decode input files as ${supportedEncodings.join(', ')} instead of detecting`)
    .option('--no-color', 'never colour the output (NO_COLOR and FORCE_COLOR are honoured)');
}

export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('lint TCP/IP profiles, Load Balancer configurations, plug-in files and cluster.xml (files or folders; default .)')
    .argument('[paths...]', 'files or folders of the estate')
    .addOption(new Option('-f, --format <format>', 'output format').choices(Object.keys(formatters)).default('stylish'))
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', (v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`--max-warnings ${v}: expected a whole number`);
      return Number(v);
    })
    .option('--quiet', 'report errors only');
  commonOptions(cmd);
  cmd.action((paths: string[], opts: CommonOptions & { maxWarnings?: number; quiet?: boolean; format: string }) => {
    const encoding = encodingOption(opts.encoding);
    const result = lint(paths, {
      ...(opts.config ? { config: opts.config } : {}),
      ...(encoding ? { encoding } : {}),
      rules: parseRuleOptions(opts.rule),
    });
    failOnExplicitReadErrors(result.compiled.readErrors);
    let diagnostics = result.diagnostics;
    if (opts.quiet) diagnostics = diagnostics.filter((d) => d.severity === 'error');
    const formatter = formatters[opts.format]!;
    const files = [...result.compiled.sources.keys()].filter((f) => result.compiled.kinds.get(f) !== undefined).sort();
    emit(
      formatter({ diagnostics, files, cwd: result.compiled.workspace.cwd, color: useColor(opts.color, Boolean(opts.output)), toolVersion: version }),
      opts.output,
    );
    const { errors, warnings } = summaryCounts(diagnostics);
    const tooManyWarnings = opts.maxWarnings !== undefined && warnings > opts.maxWarnings;
    if (tooManyWarnings && opts.format === 'stylish' && !opts.output) {
      process.stderr.write(`plexlint found too many warnings (maximum: ${opts.maxWarnings}).\n`);
    }
    process.exitCode = errors > 0 || tooManyWarnings ? 1 : 0;
  });
  return cmd;
}
