import { statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Command, Option } from 'commander';
import { cacheKey, cacheStats, DEFAULT_CACHE_FILE, lookup, outcomeOf, readCacheFile, updatedCache, type CheckOutcome } from '../engine/cache.js';
import { parseLevel, RuleConfig, type Level } from '../engine/config.js';
import { lint, type LintOptions, type LintResult } from '../engine/lint.js';
import { BaselineError, baselineFingerprints, onlyNew, rootOf } from '../diff/baseline.js';
import { SideError } from '../diff/sides.js';
import { parseManifest } from '../frontends/manifest/index.js';
import { consoleCompanions, formatters, type ReportInput } from '../report/index.js';
import { summaryCounts } from '../report/stylish.js';
import { rules } from '../rules/registry.js';
import { supportedEncodings, type Encoding } from '../sources/decode.js';
import { loadWorkspace, type ReadError } from '../sources/workspace.js';
import { stringifyJson, visible } from '../report/escape.js';
import { emit, useColor, UsageError, version, writeAtomic } from './io.js';
import { projectLinks, ruleDocs } from './links.js';

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

interface CheckOptions extends CommonOptions {
  format: string;
  maxWarnings?: number;
  quiet?: boolean;
  inlineConfig?: boolean;
  printConfig?: string;
  cache?: boolean;
  cacheLocation?: string;
  baseline?: string;
}

/**
 * `--print-config <file>`: the severity every rule has for that file after
 * plexlint.yaml `rules:`, the `overrides:` whose globs match it, and `--rule`
 * (ESLint's --print-config). The file need not exist: globs are about paths.
 */
export function printConfig(file: string, opts: CommonOptions, cwd = process.cwd()): string {
  const ws = loadWorkspace([file], { cwd, ...(opts.config ? { config: opts.config } : {}) });
  const fatal = ws.errors.filter((e) => e.explicit && e.message.includes('--config'));
  if (fatal.length) throw new UsageError(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
  let manifest;
  if (ws.manifestPath) {
    const source = ws.read(ws.manifestPath);
    if (!('text' in source)) throw new UsageError(`${source.path} ${source.message}`);
    const parsed = parseManifest(source, resolve(ws.manifestPath, '..'));
    manifest = parsed.manifest;
    const errors = parsed.findings.filter((f) => f.ruleId === 'syntax' || f.ruleId === 'manifest-invalid-value');
    for (const e of errors) process.stderr.write(`plexlint: ${visible(`${e.loc.file}:${e.loc.line}:${e.loc.column}: ${e.message}`)}\n`);
  }
  const config = new RuleConfig(manifest, parseRuleOptions(opts.rule), cwd);
  const display = ws.display(resolve(cwd, file));
  const effective = config.effective(display);
  const out = {
    file: display,
    manifest: manifest ? ws.display(ws.manifestPath!) : null,
    rules: Object.fromEntries(rules.map((r) => [r.meta.id, effective[r.meta.id] ?? r.meta.severity])),
  };
  return stringifyJson(out);
}

/** What every formatter gets from one lint run (also used by the tests, so they see what users see). */
export function reportInput(result: LintResult, options: { quiet?: boolean; color?: boolean; env?: NodeJS.ProcessEnv } = {}): ReportInput {
  return reportInputFrom(outcomeOf(result), result.compiled.workspace.cwd, options);
}

/** What every formatter gets from the outcome of a check, run now or read from the cache. */
export function reportInputFrom(outcome: CheckOutcome, cwd: string, options: { quiet?: boolean; color?: boolean; env?: NodeJS.ProcessEnv } = {}): ReportInput {
  let diagnostics = outcome.diagnostics;
  let suppressed = outcome.suppressed;
  if (options.quiet) {
    diagnostics = diagnostics.filter((d) => d.severity === 'error');
    suppressed = suppressed.filter((d) => d.severity === 'error');
  }
  const workspace = (options.env ?? process.env)['GITHUB_WORKSPACE'];
  return {
    diagnostics,
    files: outcome.files,
    cwd,
    color: options.color === true,
    toolVersion: version,
    sourceRoot: workspace ? resolve(workspace) : cwd,
    lineText: (file, line) => (Object.prototype.hasOwnProperty.call(outcome.lines, file) ? outcome.lines[file]![String(line)] : undefined),
    suppressed,
    ruleDocs,
    ...(projectLinks ? { links: projectLinks } : {}),
  };
}

/** --cache-location: a file, or a folder to put .plexlintcache in (ESLint's rule). */
export function cacheLocation(option: string | undefined, cwd: string): string {
  if (!option) return join(cwd, DEFAULT_CACHE_FILE);
  const abs = resolve(cwd, option);
  let isDir = option.endsWith('/') || option.endsWith(sep);
  try {
    isDir ||= statSync(abs).isDirectory();
  } catch {
    // does not exist yet: a file
  }
  return isDir ? join(abs, DEFAULT_CACHE_FILE) : abs;
}

/**
 * Lint, or — with --cache — take the outcome of an earlier run whose files are
 * unchanged (src/engine/cache.ts). The cache never makes a run fail: a cache
 * file that cannot be read or written is a note on stderr with --debug or a
 * warning, and the check runs as without --cache.
 */
export function checkOutcome(paths: string[], lintOptions: LintOptions, cache: { location: string; debug?: boolean } | undefined): CheckOutcome {
  if (!cache) return outcomeOf(lint(paths, lintOptions));
  const cwd = process.cwd();
  const note = (text: string): void => {
    if (cache.debug) process.stderr.write(`plexlint: cache: ${visible(text)}\n`);
  };
  const key = cacheKey(version, {
    paths: (paths.length ? paths : ['.']).map((p) => resolve(cwd, p)),
    cwd,
    ...(lintOptions.config ? { config: resolve(cwd, lintOptions.config) } : {}),
    ...(lintOptions.encoding ? { encoding: lintOptions.encoding } : {}),
    ...(lintOptions.rules ? { rules: lintOptions.rules } : {}),
    inlineConfig: lintOptions.inlineConfig !== false,
  });
  const read = readCacheFile(cache.location);
  const found = lookup(read, key);
  if ('hit' in found) {
    cacheStats.hits++;
    note(`hit (${cache.location}): no file changed, the earlier result is reported`);
    return found.hit;
  }
  cacheStats.misses++;
  note(`miss (${cache.location}): ${found.miss}`);
  const result = lint(paths, lintOptions);
  const outcome = outcomeOf(result);
  if (read.kind === 'foreign') {
    process.stderr.write(`plexlint: warning: ${visible(cache.location)} is not a plexlint cache file; it is left as it is and nothing is cached.\n`);
    return outcome;
  }
  try {
    writeAtomic(cache.location, updatedCache(read, { key, observations: result.compiled.workspace.fs.observations(), outcome }));
    cacheStats.writes++;
  } catch (e) {
    process.stderr.write(`plexlint: warning: cannot write the cache ${visible(cache.location)} (${(e as NodeJS.ErrnoException).code ?? String(e)}); the next run checks everything again.\n`);
  }
  return outcome;
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
    .option('--quiet', 'report errors only')
    .option('--no-inline-config', 'ignore plexlint-disable/enable comments in the files')
    .option('--print-config <file>', 'print the effective severity of every rule for <file> as JSON, and lint nothing')
    .option('--cache', 'reuse the result of the last check when no file it read has changed (content hashes)')
    .option('--cache-location <path>', `the cache file, or a folder for ${DEFAULT_CACHE_FILE} (default: ./${DEFAULT_CACHE_FILE})`)
    .option('--baseline <old>', 'report only findings that are new compared with <old>: a folder or file, git:<ref>, or a saved --format json report');
  commonOptions(cmd);
  cmd.action((paths: string[], opts: CheckOptions, command: Command) => {
    if (opts.printConfig !== undefined) {
      emit(printConfig(opts.printConfig, opts), opts.output);
      process.exitCode = 0;
      return;
    }
    const encoding = encodingOption(opts.encoding);
    const lintOptions: LintOptions = {
      ...(opts.config ? { config: opts.config } : {}),
      ...(encoding ? { encoding } : {}),
      rules: parseRuleOptions(opts.rule),
      inlineConfig: opts.inlineConfig !== false,
    };
    const debug = (command.optsWithGlobals() as { debug?: boolean }).debug === true;
    // As in ESLint, --cache-location means nothing without --cache.
    const cache = opts.cache ? { location: cacheLocation(opts.cacheLocation, process.cwd()), debug } : undefined;
    const outcome = checkOutcome(paths, lintOptions, cache);
    failOnExplicitReadErrors(outcome.readErrors);
    let diagnostics = outcome.diagnostics;
    if (opts.baseline !== undefined) {
      const cwd = process.cwd();
      try {
        const isReport = !opts.baseline.startsWith('git:') && opts.baseline.endsWith('.json');
        const base = baselineFingerprints(opts.baseline, cwd, paths, { rules: parseRuleOptions(opts.rule), inlineConfig: opts.inlineConfig !== false });
        const root = isReport ? cwd : opts.baseline.startsWith('git:') ? cwd : rootOf(paths.length ? paths : ['.'], cwd);
        diagnostics = onlyNew(outcome.diagnostics, cwd, root, base.fingerprints, isReport);
      } catch (e) {
        if (e instanceof BaselineError || e instanceof SideError) throw new UsageError(e.message);
        throw e;
      }
    }
    const input = reportInputFrom({ ...outcome, diagnostics }, process.cwd(), { quiet: opts.quiet === true, color: useColor(opts.color, Boolean(opts.output)) });
    const companion = consoleCompanions[opts.format];
    // stderr gets a colour decision of its own: the report may go to a file or a pipe while a person watches stderr.
    if (companion) process.stderr.write(companion({ ...input, color: useColor(opts.color, false, process.stderr) }));
    emit(formatters[opts.format]!(input), opts.output);
    const { errors, warnings } = summaryCounts(input.diagnostics);
    const tooManyWarnings = opts.maxWarnings !== undefined && warnings > opts.maxWarnings;
    // stdout carries only the report, so this goes to stderr whatever the format.
    if (tooManyWarnings) process.stderr.write(`plexlint found too many warnings (${warnings}; maximum: ${opts.maxWarnings}).\n`);
    process.exitCode = errors > 0 || tooManyWarnings ? 1 : 0;
  });
  return cmd;
}
