/**
 * `plexlint drift [paths…] [captures…]`: what runs differs from what is configured (docs/drift.md). The paths name
 * one estate (as for trace and simulate); a file that is a capture of a report — or a file that is no configuration
 * file at all — is a capture. Exit 0: no drift; 1: drift (an error, or more warnings than --max-warnings, 0 by
 * default); 2: usage error, an unreadable capture, or no capture to compare.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { outcomeOf } from '../engine/cache.js';
import { drift } from '../engine/drift.js';
import { detectKind } from '../frontends/detect.js';
import { consoleCompanions, formatters } from '../report/index.js';
import { summaryCounts } from '../report/stylish.js';
import { guardOf, staysInside } from '../sources/checkout.js';
import { decode } from '../sources/decode.js';
import { sourceFromText } from '../sources/source-file.js';
import { failOnExplicitReadErrors, reportInputFrom, reportUnmatched, ruleOption, type CommonOptions } from './check.js';
import { oneEstate } from './compile.js';
import { examples } from './help.js';
import { emit, useColor, UsageError } from './io.js';
import { estateOptions, lintOptionsFrom, outputOptions } from './options.js';

interface DriftCliOptions extends CommonOptions {
  format: string;
  maxWarnings?: number;
  quiet?: boolean;
  inlineConfig?: boolean;
}

/** How much of a named file is read to tell a capture from a configuration file. */
const HEAD_BYTES = 1 << 16;

/** The first bytes of a regular file (undefined: not a regular file, or unreadable — left to the estate's reader). */
function head(abs: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, n);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Paths → the estate's paths and the captures. A file is a capture when its content is a report, or when it is
 * no kind of configuration file plexlint reads (then the capture front end says what it is instead).
 */
export function splitCaptures(paths: string[], cwd = process.cwd()): { estate: string[]; captures: string[] } {
  const estate: string[] = [];
  const captures: string[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    // A path that links out of the checkout is not opened to tell its kind: the estate's reader refuses it, naming it.
    const checkout = guardOf(p, cwd);
    const bytes = checkout && !staysInside(checkout, abs) ? undefined : head(abs);
    if (!bytes) {
      estate.push(p);
      continue;
    }
    const decoded = decode(bytes);
    const kind = decoded.binary ? 'unknown' : detectKind(sourceFromText(p, decoded.text, abs));
    (kind === 'capture' || kind === 'unknown' ? captures : estate).push(p);
  }
  return { estate, captures };
}

export function driftCommand(): Command {
  const cmd = new Command('drift')
    .description('compare what runs — captures of NETSTAT VIPADCFG, VIPADYN, VDPT, VCRT, HOME, DISPLAY TCPIP,,SYSPLEX,VIPADYN and dscontrol reports — with what the files configure (docs/drift.md)')
    .argument('[paths...]', "the estate's files or folder (default .) and capture files; captures can also be named in plexlint.yaml (systems.<name>.state, loadBalancers.<name>.state)")
    .addOption(new Option('-f, --format <format>', 'output format').choices(Object.keys(formatters)).default('stylish'))
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this (default 0: any drift finding fails)', (v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`--max-warnings ${v}: expected a whole number`);
      return Number(v);
    })
    .option('--quiet', 'report errors only')
    .option('--no-inline-config', 'ignore plexlint-disable/enable comments in the files');
  ruleOption(cmd);
  estateOptions(cmd);
  outputOptions(cmd);
  cmd.addHelpText('after', examples('drift'));
  cmd.action((paths: string[], opts: DriftCliOptions) => {
    const { estate, captures } = splitCaptures(paths);
    const cli = lintOptionsFrom(opts, estate);
    const result = oneEstate('plexlint drift', () => drift(cli.paths, { ...cli.options, captures }));
    const outcome = outcomeOf(result);
    failOnExplicitReadErrors(outcome.readErrors);
    reportUnmatched({ ...outcome, unmatched: result.compiled.unmatched }, estate, true);
    const read = result.compiled.estate.running?.files ?? [];
    if (read.length === 0) {
      throw new UsageError(
        `no captures to compare with ${estate.length ? estate.join(' ') : '.'}: name them on the command line (plexlint drift <estate> SYSA.vdpt.txt …) or in plexlint.yaml under systems.<name>.state and loadBalancers.<name>.state (docs/drift.md)`,
      );
    }
    const input = reportInputFrom(outcome, process.cwd(), { quiet: opts.quiet === true, color: useColor(opts.color, Boolean(opts.output)) });
    const companion = consoleCompanions[opts.format];
    if (companion) process.stderr.write(companion({ ...input, color: useColor(opts.color, false, process.stderr) }));
    emit(formatters[opts.format]!(input), opts.output);
    const left = result.leftOut;
    if (left && left.errors) {
      process.stderr.write(`plexlint: note: the configuration itself has ${left.errors} error${left.errors === 1 ? '' : 's'} that plexlint drift does not report; plexlint check shows them.\n`);
    }
    const { errors, warnings } = summaryCounts(outcome.diagnostics);
    const max = opts.maxWarnings ?? 0;
    process.exitCode = errors > 0 || warnings > max ? 1 : 0;
  });
  return cmd;
}
