/** `plexlint init [folder] [--force]`: write a first plexlint.yaml drafted from the folder's files (src/engine/init.ts). */
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { Command } from 'commander';
import { draftManifest } from '../engine/init.js';
import { checkoutOf } from '../sources/checkout.js';
import { MANIFEST_NAMES } from '../sources/workspace.js';
import { examples } from './help.js';
import { packageRoot, UsageError, writeAtomic } from './io.js';

/**
 * The schema of the plexlint installed in the project (its node_modules at or above the folder), for the manifest's
 * modeline; none for a global installation, whose path is this machine's own.
 */
export function projectSchema(folder: string, root = packageRoot): string | undefined {
  const schema = join(root, 'plexlint.schema.json');
  const modules = dirname(root);
  if (basename(modules) !== 'node_modules' || !existsSync(schema)) return undefined;
  const rel = relative(dirname(modules), folder);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? schema : undefined;
}

/** Whether a directory entry is there (a symbolic link counts, wherever it leads). */
function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export function initCommand(): Command {
  return new Command('init')
    .description('write a plexlint.yaml for the estate in a folder (default .), drafted from its profiles, Load Balancer and plug-in files, and from the TCP/IP procedure and IEASYMxx when it holds them')
    .argument('[folder]', 'the folder of the estate', '.')
    .option('--force', 'replace an existing plexlint.yaml')
    .addHelpText('after', examples('init'))
    .action((folderArg: string, opts: { force?: boolean }) => {
      const folder = resolve(folderArg);
      let isDir = false;
      try {
        isDir = statSync(folder).isDirectory();
      } catch {
        throw new UsageError(`${folderArg} does not exist`);
      }
      if (!isDir) throw new UsageError(`${folderArg} is not a folder`);
      // A name that is there counts, whatever it is: a symbolic link — a dangling one too — is a manifest that exists,
      // never a way to create a file where it points.
      const existing = MANIFEST_NAMES.map((n) => join(folder, n)).find((p) => lexists(p));
      if (existing && !opts.force) throw new UsageError(`${existing} already exists; plexlint init does not replace it (use --force to)`);
      if (existing && !existsSync(existing)) throw new UsageError(`${existing} is a symbolic link to nothing; plexlint init does not create what it names (remove the link first)`);
      const draft = draftManifest(folder, projectSchema(folder));
      const target = existing ?? join(folder, MANIFEST_NAMES[0]!);
      // --force replaces it through a link only where the link stays in the folder's checkout (src/sources/checkout.ts).
      writeAtomic(target, draft.text, { within: checkoutOf(folder, { root: folder, what: 'the folder' }) });
      const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
      process.stderr.write(
        `plexlint: wrote ${target}: ${count(draft.systems, 'system')}, ${count(draft.datasets, 'INCLUDE data set')}, ${count(draft.loadBalancers, 'load balancer')}, ` +
          `${count(draft.plugins, 'plug-in file')}; ${count(draft.todos, 'TODO line')} to fill in.\n`,
      );
    });
}
