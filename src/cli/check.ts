import { mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { cacheKey, cacheStats, DEFAULT_CACHE_FILE, lookup, outcomeOf, outcomeOfRun, readCacheFile, updatedCache, type CheckOutcome } from '../engine/cache.js';
import { planEstates } from '../engine/compile.js';
import { RuleConfig } from '../engine/config.js';
import { lintAndFix, type FixOutcome } from '../engine/fix-loop.js';
import { lintAll, type LintOptions, type LintResult } from '../engine/lint.js';
import { BaselineError, currentEstates, onlyNew, readBaseline } from '../diff/baseline.js';
import { rootOf, SideError } from '../diff/sides.js';
import { parseManifest, systemRelease } from '../frontends/manifest/index.js';
import { consoleCompanions, formatters, type ReportInput } from '../report/index.js';
import { summaryCounts } from '../report/stylish.js';
import { rules } from '../rules/registry.js';
import { hashBytes } from '../sources/fs-journal.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';
import { displayPath, MAX_FILE_BYTES, MAX_MANIFEST_BYTES, type ReadError } from '../sources/workspace.js';
import { stringifyJson } from '../report/escape/json.js';
import { visible } from '../report/escape/line.js';
import { emit, useColor, UsageError, version, writeAtomic, WriteError, writeFailure } from './io.js';
import { cannotWrite } from './write-file.js';
import { howItLeadsOut, manifestStaysHome } from '../sources/checkout.js';
import { CacheKeyError, cacheLocation, cacheSecret, userCacheFolder, type CacheLocation } from './cache-location.js';
import { projectLinks, ruleDocs } from './links.js';
import { estateOptions, lintOptionsFrom, outputOptions, parseRuleOptions, repeatable, type EstateCliOptions, type OutputCliOptions } from './options.js';
import { terminalProgress } from './progress.js';
import { examples } from './help.js';
import { sourceFromText as sourceOf } from '../sources/source-file.js';

export { encodingOption, parseRuleOptions } from './options.js';

export interface CommonOptions extends EstateCliOptions, OutputCliOptions {
  format?: string;
  rule?: string[];
}

/** A file named on the command line (or in the manifest) that cannot be read ends the run: exit 2. */
export function failOnExplicitReadErrors(errors: ReadError[]): void {
  const fatal = errors.filter((e) => e.explicit);
  if (fatal.length) throw new UsageError(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
}

/** --rule, repeatable, for the commands that lint. */
export function ruleOption(cmd: Command, what = 'set a rule to off|info|warn|error, e.g. --rule optlocal-zero-wlm=off'): Command {
  return cmd.addOption(repeatable('--rule <id=level>', what));
}

interface CheckOptions extends CommonOptions {
  format: string;
  progress?: boolean;
  maxWarnings?: number;
  quiet?: boolean;
  inlineConfig?: boolean;
  printConfig?: string;
  cache?: boolean;
  cacheLocation?: string;
  baseline?: string;
  fix?: boolean;
  fixDryRun?: boolean;
}

/**
 * `--print-config <file>`: the estate the file belongs to — its manifest and root, by the lookup rule — whether an
 * ignore rule leaves it out, and the severity every rule has for it after plexlint.yaml `rules:`, the `overrides:`
 * whose globs match it, and `--rule` (ESLint's --print-config). The file need not exist: globs are about paths.
 */
export function printConfig(file: string, opts: CommonOptions, cwd = process.cwd()): string {
  const abs = resolve(cwd, file);
  const plan = planEstates([], { cwd, ...(opts.config ? { config: opts.config } : {}), ...(opts.ignore === false ? { noIgnore: true } : {}), ...(opts.ignorePattern?.length ? { ignorePatterns: opts.ignorePattern } : {}) });
  const fatal = plan.readErrors.filter((e) => e.message.includes('--config'));
  if (fatal.length) throw new UsageError(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
  const isDir = plan.fs.kind(abs) === 'dir';
  const manifestPath = plan.discovery.manifestOf(abs, isDir);
  let manifest;
  if (manifestPath) {
    if (!manifestStaysHome(manifestPath, plan.fs)) throw new UsageError(`${displayPath(cwd, manifestPath)} ${howItLeadsOut(manifestPath, plan.fs)} out of its folder; plexlint does not read it`);
    const bytes = plan.fs.read(manifestPath, MAX_MANIFEST_BYTES);
    if (isReadFailure(bytes)) throw new UsageError(`${displayPath(cwd, manifestPath)} ${bytes.why}`);
    const parsed = parseManifest({ ...sourceOf(displayPath(cwd, manifestPath), bytes.toString('utf8'), manifestPath) }, dirname(manifestPath), (p) => plan.fs.exists(p));
    manifest = parsed.manifest;
    const errors = parsed.findings.filter((f) => f.ruleId === 'syntax' || f.ruleId === 'manifest-invalid-value');
    for (const e of errors) process.stderr.write(`plexlint: ${visible(`${e.loc.file}:${e.loc.line}:${e.loc.column}: ${e.message}`)}\n`);
  }
  const config = new RuleConfig(manifest, parseRuleOptions(opts.rule), cwd);
  const display = displayPath(cwd, abs);
  const effective = config.effective(display);
  const ignoredBy = plan.discovery.rules.ignoredBy(abs, isDir, manifestPath ? { manifest: manifestPath } : {});
  // The release the file is judged against: its system's (the file is that system's profile), else the estate's.
  const system = manifest?.systems.find((s) => s.profile?.abs === abs);
  const release = systemRelease(manifest, system);
  const out = {
    file: display,
    manifest: manifestPath ? displayPath(cwd, manifestPath) : null,
    estateRoot: folderPath(cwd, manifestPath ? dirname(manifestPath) : isDir ? abs : dirname(abs)),
    ignored: ignoredBy ?? false,
    ...(system ? { system: system.name } : {}),
    release: release.release,
    releaseAssumed: release.assumed,
    apars: [...release.apars].sort(),
    rules: Object.fromEntries(rules.map((r) => [r.meta.id, effective[r.meta.id] ?? r.meta.severity])),
  };
  return stringifyJson(out);
}

/** A folder as --print-config names it: '.' for the working directory itself (a file path there is its name). */
function folderPath(cwd: string, abs: string): string {
  return relative(cwd, abs) === '' ? '.' : displayPath(cwd, abs);
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

/**
 * Lint, or — with --cache — take the outcome of an earlier run whose files are
 * unchanged (src/engine/cache.ts). The cache never makes a run fail: a cache
 * file that cannot be read or written, or whose entries fail authentication, is
 * a note on stderr with --debug or a warning, and the check runs as without
 * --cache. Where the cache is, and the key of its entries: ./cache-location.ts.
 */
export function checkOutcome(paths: string[], lintOptions: LintOptions, cache: { location: CacheLocation; debug?: boolean; keyFolder?: string } | undefined): CheckOutcome {
  // The journal of a run that read standard input does not describe the disk: nothing to cache.
  if (!cache || lintOptions.stdin) return outcomeOfRun(lintAll(paths, lintOptions));
  const cwd = lintOptions.cwd ?? process.cwd();
  const shown = cache.location.file;
  const note = (text: string): void => {
    if (cache.debug) process.stderr.write(`plexlint: cache: ${visible(text)}\n`);
  };
  let secret: Buffer;
  try {
    secret = cacheSecret(cache.keyFolder ?? userCacheFolder());
  } catch (e) {
    if (!(e instanceof CacheKeyError)) throw e;
    process.stderr.write(`plexlint: warning: ${visible(e.message)}; nothing is cached.\n`);
    return outcomeOfRun(lintAll(paths, lintOptions));
  }
  const key = cacheKey(version, {
    paths: (paths.length ? paths : ['.']).map((p) => resolve(cwd, p)),
    cwd,
    ...(lintOptions.config ? { config: resolve(cwd, lintOptions.config) } : {}),
    ...(lintOptions.encoding ? { encoding: lintOptions.encoding } : {}),
    ...(lintOptions.rules ? { rules: lintOptions.rules } : {}),
    inlineConfig: lintOptions.inlineConfig !== false,
    ...(lintOptions.noIgnore ? { noIgnore: true } : {}),
    ...(lintOptions.ignorePatterns?.length ? { ignorePatterns: lintOptions.ignorePatterns } : {}),
  });
  const read = readCacheFile(cache.location.file, secret);
  if (read.kind === 'ours' && read.forged) {
    process.stderr.write(
      `plexlint: warning: ${visible(shown)} holds ${read.forged} cache ${read.forged === 1 ? 'entry' : 'entries'} that this user's plexlint did not write (${read.forged === 1 ? 'it fails' : 'they fail'} authentication); ignored.\n`,
    );
  }
  const found = lookup(read, key);
  if ('hit' in found) {
    cacheStats.hits++;
    note(`hit (${shown}): no file changed, the earlier result is reported`);
    return found.hit;
  }
  cacheStats.misses++;
  note(`miss (${shown}): ${found.miss}`);
  const run = lintAll(paths, lintOptions);
  const outcome = outcomeOfRun(run);
  if (read.kind === 'foreign') {
    process.stderr.write(`plexlint: warning: ${visible(shown)} is not a plexlint cache file; it is left as it is and nothing is cached.\n`);
    return outcome;
  }
  try {
    // --cache-location names a folder plexlint may create (`--cache-location .cache/plexlint/`), as ESLint does;
    // cacheLocation has refused a path that leads out of the checkout before.
    mkdirSync(dirname(cache.location.file), { recursive: true });
    writeAtomic(cache.location.file, updatedCache(read, { key, observations: run.plan.fs.observations(), outcome }, secret), cache.location.write);
    cacheStats.writes++;
  } catch (e) {
    // mkdir says EEXIST when a part of the folder's path is a file.
    const why = e instanceof WriteError ? e.reason : writeFailure((e as NodeJS.ErrnoException).code === 'EEXIST' ? { code: 'ENOTDIR' } : e);
    process.stderr.write(`plexlint: warning: cannot write the cache ${visible(shown)}: ${visible(why)}; the next run checks everything again.\n`);
  }
  return outcome;
}

/**
 * What a check found nothing to do with: paths named that an ignore rule leaves out (a note on stderr, as ESLint
 * warns), and paths or globs that gave no file at all — or a run that checked no file — which end the run with
 * exit 2 unless --no-error-on-unmatched-pattern (ESLint's "No files matching the pattern").
 */
export function reportUnmatched(outcome: CheckOutcome, paths: string[], errorOnUnmatched: boolean): void {
  for (const i of outcome.ignored ?? []) process.stderr.write(`plexlint: warning: ${visible(i.path)} is ignored (${visible(i.why)}); use --no-ignore to check it\n`);
  for (const r of outcome.refused ?? []) process.stderr.write(`plexlint: warning: ${visible(r.path)} ${visible(r.why)}\n`);
  for (const i of outcome.notInputs ?? []) process.stderr.write(`plexlint: warning: ${visible(i.path)} is ${visible(i.what)}, not a file of an estate; it is not checked\n`);
  if (!errorOnUnmatched) return;
  if (outcome.unmatched?.length) throw new UsageError(`no files to check in ${outcome.unmatched.join(', ')}`);
  const nothing = outcome.files.length === 0 && outcome.diagnostics.length === 0 && outcome.suppressed.length === 0 && outcome.readErrors.length === 0;
  if (nothing && !outcome.ignored?.length && !outcome.notInputs?.length) throw new UsageError(`no files to check in ${paths.length ? paths.join(', ') : '.'}`);
}

/**
 * Write the files `--fix` changed, each atomically. A file that changed on disk since plexlint read it is left
 * alone (its fixes were worked out on the old text); a file that cannot be written — read-only, or gone — ends the
 * run (exit 2), and a read-only one is found before any file is written, so that nothing is half fixed.
 */
function writeFixedFiles(outcome: FixOutcome): void {
  const refused = outcome.files.flatMap((f) => {
    const why = cannotWrite(f.abs);
    return why ? [`cannot write the fixed ${f.path}: ${why}`] : [];
  });
  if (refused.length) throw new UsageError([...refused, `no file was changed`]);
  let problems = 0;
  let written = 0;
  for (const f of outcome.files) {
    // The bounded reader: a file replaced by a FIFO or a device meanwhile is not read (it would block or not end).
    const now = readRegularFile(f.abs, MAX_FILE_BYTES);
    if (isReadFailure(now) || hashBytes(now) !== f.originalHash) {
      process.stderr.write(`plexlint: warning: ${visible(f.path)} changed while plexlint was fixing it; it is left as it is.\n`);
      continue;
    }
    try {
      // The one writer (./write-file.ts): a symbolic link stays a link and the file it leads to is fixed; the file
      // keeps its permission bits, owner and hard links; nothing planted under the temporary name is followed.
      writeAtomic(f.abs, f.bytes);
    } catch (e) {
      if (e instanceof WriteError) throw new UsageError(`cannot write the fixed ${f.path}: ${e.reason}`);
      throw e;
    }
    problems += f.fixes;
    written++;
  }
  if (written) process.stderr.write(`plexlint: fixed ${problems} problem${problems === 1 ? '' : 's'} in ${written} file${written === 1 ? '' : 's'}.\n`);
}

export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('lint TCP/IP profiles, Load Balancer configurations, plug-in files and cluster.xml (files, folders or globs; default .)')
    .argument('[paths...]', 'files, folders or quoted globs (\'**/plugin-cfg.xml\'); each belongs to the estate of the nearest plexlint.yaml')
    .addOption(new Option('-f, --format <format>', 'output format').choices(Object.keys(formatters)).default('stylish'))
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', (v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`--max-warnings ${v}: expected a whole number`);
      return Number(v);
    })
    .option('--quiet', 'report errors only')
    .option('--no-inline-config', 'ignore plexlint-disable/enable comments in the files')
    .option('--print-config <file>', 'print the estate (manifest and root) of <file> and the effective severity of every rule for it as JSON, and lint nothing')
    .option('--cache', 'reuse the result of the last check when no file it read has changed (content hashes)')
    .option('--cache-location <path>', `the cache file, or a folder for ${DEFAULT_CACHE_FILE} (default: a file in the user's cache folder, $XDG_CACHE_HOME/plexlint or ~/.cache/plexlint); not a file git tracks`)
    .option('--baseline <old>', 'report only findings that are new compared with <old>: a folder or file, git:<ref>, or a saved --format json report')
    .option('--fix', 'apply the fixes of fixable findings to the files (each written atomically, in its own encoding), then report what is left')
    .option('--fix-dry-run', 'work out the fixes without writing them (--format json shows each fixed file\'s text as "output")')
    .option('--progress', 'show progress on stderr even when it is not a terminal (--no-progress: never)')
    .option('--no-progress', 'never show progress');
  ruleOption(cmd);
  estateOptions(cmd, { stdin: true, unmatched: true });
  outputOptions(cmd);
  cmd.addHelpText('after', examples('check'));
  cmd.action((paths: string[], opts: CheckOptions, command: Command) => {
    if (opts.printConfig !== undefined) {
      emit(printConfig(opts.printConfig, opts), opts.output);
      process.exitCode = 0;
      return;
    }
    const cli = lintOptionsFrom(opts, paths);
    const debug = (command.optsWithGlobals() as { debug?: boolean }).debug === true;
    const progress = terminalProgress({ option: opts.progress });
    const lintOptions: LintOptions = { ...cli.options, progress };
    if (opts.fix && opts.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together');
    // As in ESLint, --cache-location means nothing without --cache.
    const cache = opts.cache ? { location: cacheLocation(opts.cacheLocation, process.cwd(), cli.paths), debug } : undefined;
    let outcome: CheckOutcome;
    let outputs: Map<string, string> | undefined;
    try {
      if (opts.fix || opts.fixDryRun) {
        // Fixing changes the files: the cache, which describes them as they were, is neither read nor written.
        const fixing = lintAndFix(cli.paths, { ...lintOptions, errorsOnly: opts.quiet === true });
        outcome = outcomeOfRun(fixing.run);
        failOnExplicitReadErrors(outcome.readErrors);
        // Standard input's text has no file to write: its fixed text is the report's "output", as with --fix-dry-run
        // (ESLint refuses --fix for piped text; plexlint takes it as --fix-dry-run and says so).
        if (opts.fix && cli.stdinPath) {
          process.stderr.write(
            `plexlint: warning: --fix does not write the text read from standard input (it has no file); its fixes are worked out as with --fix-dry-run, and --format json gives the fixed text as "output".\n`,
          );
        }
        if (opts.fix) writeFixedFiles({ ...fixing, files: fixing.files.filter((f) => f.abs !== cli.stdinPath) });
        for (const [path, why] of fixing.unwritable) process.stderr.write(`plexlint: warning: ${visible(path)} was not fixed: ${visible(why)}.\n`);
        outputs = new Map(fixing.files.map((f) => [f.path, f.text]));
      } else outcome = checkOutcome(cli.paths, lintOptions, cache);
    } finally {
      progress.end();
    }
    failOnExplicitReadErrors(outcome.readErrors);
    reportUnmatched(outcome, paths, opts.errorOnUnmatchedPattern !== false && !cli.stdinPath);
    let diagnostics = outcome.diagnostics;
    if (opts.baseline !== undefined) {
      const cwd = process.cwd();
      try {
        const base = readBaseline(opts.baseline, cwd, cli.paths, { ...cli.options });
        // The estates of the run are known by their folder below its root, as the baseline's below its own.
        const root = rootOf((cli.paths.length ? cli.paths : ['.']).map((p) => resolve(cwd, p)), cwd);
        diagnostics = onlyNew(outcome.diagnostics, cwd, root, base, currentEstates(cli.paths, cli.options, root));
      } catch (e) {
        if (e instanceof BaselineError || e instanceof SideError) throw new UsageError(e.message);
        throw e;
      }
    }
    const input = reportInputFrom({ ...outcome, diagnostics }, process.cwd(), { quiet: opts.quiet === true, color: useColor(opts.color, Boolean(opts.output)) });
    if (outputs?.size) input.outputs = outputs;
    const companion = consoleCompanions[opts.format];
    // stderr gets a colour decision of its own: the report may go to a file or a pipe while a person watches stderr.
    if (companion) process.stderr.write(companion({ ...input, color: useColor(opts.color, false, process.stderr) }));
    emit(formatters[opts.format]!(input), opts.output);
    // Counted before --quiet hides the warnings: as in ESLint, --max-warnings still applies to them.
    const { errors, warnings } = summaryCounts(diagnostics);
    const tooManyWarnings = opts.maxWarnings !== undefined && warnings > opts.maxWarnings;
    // stdout carries only the report, so this goes to stderr whatever the format.
    if (tooManyWarnings) process.stderr.write(`plexlint found too many warnings (${warnings}; maximum: ${opts.maxWarnings}).\n`);
    process.exitCode = errors > 0 || tooManyWarnings ? 1 : 0;
  });
  return cmd;
}
