/** `plexlint lsp --stdio`: the language server for editors (src/lsp/server.ts). */
import { Command } from 'commander';
import { startServer } from '../lsp/server.js';
import { examples } from './help.js';
import { packageRoot, UsageError, version } from './io.js';
import { projectLinks } from './links.js';

export function lspCommand(): Command {
  return new Command('lsp')
    .description('run the language server that editors start (diagnostics as you type, hover, go to definition, completion, quick fixes)')
    .option('--stdio', 'speak the Language Server Protocol on standard input and output')
    .option('--debounce <ms>', 'wait this long after the last change before checking again (default 200)', (v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`--debounce ${v}: expected a whole number of milliseconds`);
      return Number(v);
    })
    .addHelpText('after', examples('lsp'))
    .action((opts: { stdio?: boolean; debounce?: number }) => {
      if (!opts.stdio) throw new UsageError('plexlint lsp speaks over standard input and output: give --stdio');
      startServer({
        input: process.stdin,
        output: process.stdout,
        version,
        packageRoot,
        ...(projectLinks ? { links: projectLinks } : {}),
        ...(opts.debounce !== undefined ? { debounceMs: opts.debounce } : {}),
      });
    });
}
