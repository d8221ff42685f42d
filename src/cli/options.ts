/**
 * Options several commands share, defined once so that they mean the same everywhere. Every option that takes a
 * value takes exactly one and may be repeated (`--rule a=off --rule b=warn`): a value option never swallows the
 * paths after it, as commander's variadic options (`<values...>`) would.
 */
import { readSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { parseLevel, type Level } from '../engine/config.js';
import type { LintOptions } from '../engine/lint.js';
import { findRule, ruleDidYouMean } from '../rules/registry.js';
import { supportedEncodings, type Encoding } from '../sources/decode.js';
import { MAX_FILE_BYTES } from '../sources/workspace.js';
import { EMPTY_OUTPUT, UsageError } from './io.js';
import { emptyRecord } from '../core/record.js';

/** commander argParser for a repeatable option: one value per occurrence, collected in order. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A repeatable value option (`--name <value>`, given once per value). */
export function repeatable(flags: string, description: string): Option {
  return new Option(flags, `${description} (repeatable)`).argParser(collect);
}

export function parseRuleOptions(values: string[] | undefined): Record<string, Level> {
  const out = emptyRecord<Level>();
  for (const v of values ?? []) {
    const m = /^([A-Za-z0-9_-]+)=(\w+)$/.exec(v.trim());
    const level = m ? parseLevel(m[2]!) : undefined;
    if (!m || !level) throw new UsageError(`--rule ${v}: expected <rule-id>=off|info|warn|error`);
    const id = m[1]!;
    const rule = findRule(id);
    if (!rule) throw new UsageError(`--rule ${v}: plexlint has no rule '${id}'.${ruleDidYouMean(id)} (plexlint rules lists them)`);
    if (rule.meta.unsuppressible && level !== 'error') {
      throw new UsageError(`--rule ${v}: ${id} findings cannot be turned off or down: the file cannot be read the way the product reads it, so nothing else in it can be checked; fix the file instead`);
    }
    out[id] = level;
  }
  return out;
}

export function encodingOption(value: string | undefined): Encoding | undefined {
  if (!value) return undefined;
  const e = value.toLowerCase().replace(/^cp/, 'ibm-').replace(/^ibm(\d)/, 'ibm-$1') as Encoding;
  if (!supportedEncodings.includes(e)) throw new UsageError(`--encoding ${value}: expected one of ${supportedEncodings.join(', ')}`);
  return e;
}

/** What the estate options (estateOptions) give a command. */
export interface EstateCliOptions {
  config?: string;
  encoding?: string;
  ignorePattern?: string[];
  ignore?: boolean;
  errorOnUnmatchedPattern?: boolean;
  stdin?: boolean;
  stdinFilename?: string;
}

export interface OutputCliOptions {
  output?: string;
  color?: boolean;
}

/** -o and --no-color. */
/** -o's value: a file name, never an empty one (an unset variable in a script), which is a usage error before any work. */
export function outputFile(value: string): string {
  if (value === '') throw new UsageError(EMPTY_OUTPUT);
  return value;
}

export function outputOptions(cmd: Command): Command {
  return cmd
    .option('-o, --output <file>', 'write the report to a file (atomically) instead of stdout', outputFile)
    .option('--no-color', 'never colour the output (NO_COLOR and FORCE_COLOR are honoured)');
}

/** How the estate is found and read: -c, --encoding and the ignore rules; with `stdin`, --stdin and --stdin-filename. */
export function estateOptions(cmd: Command, { stdin = false, unmatched = false } = {}): Command {
  cmd
    .option('-c, --config <file>', 'the estate manifest for all the inputs (default: the nearest plexlint.yaml at or above each input)')
    .option('--encoding <name>', `decode input files as ${supportedEncodings.join(', ')} instead of detecting`)
    .addOption(repeatable('--ignore-pattern <glob>', 'leave out files matching a gitignore-style pattern, relative to the working directory'))
    .option('--no-ignore', 'check every file: no .gitignore, .plexlintignore, manifest ignore:, --ignore-pattern or built-in skip list');
  if (unmatched) cmd.option('--no-error-on-unmatched-pattern', 'exit 0 instead of 2 when a path or glob gives no file to check');
  if (stdin) {
    cmd
      .option('--stdin', 'read the file to check from standard input (an editor buffer, a pre-commit hook)')
      .option('--stdin-filename <path>', 'the path the text from standard input stands for: its estate, its kind and the name in findings');
  }
  return cmd;
}

/** Text of standard input when --stdin is given (undefined otherwise). */
export function readStdin(opts: EstateCliOptions, paths: string[]): Buffer | undefined {
  if (opts.stdinFilename !== undefined && !opts.stdin) throw new UsageError('--stdin-filename names the text read with --stdin; give --stdin too');
  if (!opts.stdin) return undefined;
  if (paths.length) throw new UsageError(`--stdin checks the text from standard input; it takes no paths (got ${paths.join(' ')}): give the file's path with --stdin-filename`);
  if (process.stdin.isTTY) throw new UsageError('--stdin reads the file from standard input: pipe it in (plexlint check --stdin --stdin-filename <path> < file)');
  try {
    return readBounded(0, MAX_FILE_BYTES);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--stdin: cannot read standard input (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** Standard input up to a limit: `plexlint check --stdin < /dev/zero` ends with one line instead of filling memory. */
function readBounded(fd: number, max: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(1 << 20);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
        // A non-blocking pipe with nothing in it yet: wait a little instead of spinning.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw new UsageError(`--stdin: standard input is larger than the ${max / 1024 / 1024} MB plexlint reads for a file`);
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks, total);
}

/** The name of the text read from stdin when no --stdin-filename is given. */
export const STDIN_NAME = '<stdin>';

/** The compile/lint options the estate options give, with the stdin overlay in place. */
export function lintOptionsFrom(opts: EstateCliOptions & { rule?: string[]; inlineConfig?: boolean }, paths: string[], cwd = process.cwd()): { paths: string[]; options: LintOptions; stdinPath?: string } {
  const encoding = encodingOption(opts.encoding);
  const options: LintOptions = {
    cwd,
    ...(opts.config ? { config: opts.config } : {}),
    ...(encoding ? { encoding } : {}),
    ...(opts.ignore === false ? { noIgnore: true } : {}),
    ...(opts.ignorePattern?.length ? { ignorePatterns: opts.ignorePattern } : {}),
    rules: parseRuleOptions(opts.rule),
    inlineConfig: opts.inlineConfig !== false,
  };
  const text = readStdin(opts, paths);
  if (text === undefined) return { paths, options };
  const stdinPath = resolve(cwd, opts.stdinFilename ?? STDIN_NAME);
  return { paths: [stdinPath], options: { ...options, stdin: { path: stdinPath, text, alone: opts.stdinFilename === undefined } }, stdinPath };
}
