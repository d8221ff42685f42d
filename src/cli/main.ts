/**
 * plexlint's command line (contract: README.md "Commands"). Exit codes:
 * 0 clean, 1 findings over the threshold (or failed expectations / differences),
 * 2 usage error, unreadable input or internal error — always one clear line on
 * stderr, the stack trace only with --debug.
 */
import { Command, CommanderError } from 'commander';
import { Refusal } from '../core/refusal.js';
import { InternalError } from '../engine/lint.js';
import { checkCommand } from './check.js';
import { compileCommand } from './compile.js';
import { diffCommand } from './diff.js';
import { driftCommand } from './drift.js';
import { visible } from '../report/escape/line.js';
import { OutsideCheckoutError } from '../sources/checkout.js';
import { graphCommand } from './graph.js';
import { UsageError, version } from './io.js';
import { initCommand } from './init.js';
import { lspCommand } from './lsp.js';
import { explainCommand, rulesCommand } from './rules.js';
import { simulateCommand } from './simulate.js';
import { traceCommand } from './trace.js';

// For bin/bundle.js, which runs the libraries loaded on first use from the build's single files with their code cache,
// and starts the failure sweep's worker threads with the bundle too.
export { LAZY_LIBRARIES, setLibraryLoader } from '../core/libs.js';
export { setWorkerEntry } from '../sim/sweep-pool.js';
export { serveWorker } from '../sim/sweep-worker.js';

export function program(): Command {
  const p = new Command('plexlint')
    .description('Configuration compiler, linter and routing simulator for z/OS sysplex load balancing and the WebSphere tier in front of it')
    .version(version, '-v, --version')
    .option('--debug', 'print stack traces of internal errors')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showSuggestionAfterError(true);
  for (const c of [checkCommand(), compileCommand(), simulateCommand(), traceCommand(), graphCommand(), diffCommand(), driftCommand(), rulesCommand(), explainCommand(), initCommand(), lspCommand()]) {
    c.exitOverride();
    p.addCommand(c);
  }
  return p;
}

let streamsGuarded = false;

/**
 * A reader that stops early (`plexlint check | head`) closes the pipe: writing
 * on gets EPIPE, which Node raises as an unhandled 'error' event — a raw stack
 * trace. The report is of no use to anyone then: end quietly with the exit code
 * the run has. Any other output error is one clear line and exit 2.
 */
function guardStreams(): void {
  if (streamsGuarded) return;
  streamsGuarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit();
      if (stream !== process.stderr) process.stderr.write(`plexlint: cannot write the report: ${e.code ?? e.message}\n`);
      process.exit(2);
    });
  }
}

export async function main(argv: string[]): Promise<number> {
  guardStreams();
  const debug = argv.includes('--debug');
  process.exitCode = 0;
  try {
    await program().parseAsync(argv, { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version exit 0; everything else commander rejects is a usage error.
      return e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2;
    }
    // A path from the checkout that leads out of it through a link (src/sources/checkout.ts): one line, exit 2.
    if (e instanceof OutsideCheckoutError) {
      process.stderr.write(`plexlint: ${visible(e.message)}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      for (const line of e.lines) process.stderr.write(`plexlint: ${visible(line)}\n`);
      for (const line of e.details) process.stderr.write(`${visible(line)}\n`);
      return 2;
    }
    if (e instanceof Refusal) {
      process.stderr.write(`plexlint: ${visible(e.message)}\n`);
      return 2;
    }
    const what = visible(e instanceof InternalError ? e.message : e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    process.stderr.write(`plexlint: internal error: ${what}${debug ? '' : ' (run with --debug for details)'}\n`);
    if (debug && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    return 2;
  }
}
