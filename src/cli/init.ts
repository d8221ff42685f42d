/** `plexlint init [folder] [--force]`: write a first plexlint.yaml drafted from the folder's files (src/engine/init.ts). */
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { Command } from 'commander';
import { planOneEstate } from '../engine/compile.js';
import { draftManifest } from '../engine/init.js';
import { plural } from '../core/list-text.js';
import { visible } from '../report/escape/line.js';
import { checkoutOf } from '../sources/checkout.js';
import { manifestAbove } from '../sources/discover.js';
import { diskFs } from '../sources/fs-journal.js';
import { repositoryRoot } from '../sources/side-files.js';
import { displayPath, MANIFEST_NAMES } from '../sources/workspace.js';
import { oneEstate } from './compile.js';
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
    .option('--force', 'replace an existing plexlint.yaml, or split an estate on purpose with one inside it')
    .addHelpText('after', examples('init'))
    .action((folderArg: string, opts: { force?: boolean }) => {
      const folder = resolve(folderArg);
      const show = (abs: string): string => displayPath(process.cwd(), abs);
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
      // A manifest inside an estate starts an estate of its own (docs/estates.md): its files would no longer be
      // checked with the rest. The lookup is check's: up to the repository root.
      const above = repositoryRoot(folder) === folder ? undefined : manifestAbove(diskFs, dirname(folder), repositoryRoot);
      if (above && !opts.force) {
        throw new UsageError(
          `${folderArg} is inside the estate of ${show(above)}: a plexlint.yaml here would split that estate in two, and the files below ${folderArg} would no longer be checked with the rest of it. Edit ${show(above)} instead, or use --force to split the estate on purpose`,
        );
      }
      // The files init drafts from are one estate: a folder that holds several (nested plexlint.yaml files) names them.
      const [estate] = oneEstate('plexlint init', () => planOneEstate([folderArg], { alone: true })).discovery.estates;
      if (estate?.manifest) {
        throw new UsageError(`${folderArg} holds the estate of ${show(estate.manifest)} and no file of its own; run plexlint init in a folder whose files no plexlint.yaml covers yet`);
      }
      const draft = draftManifest(folder, projectSchema(folder));
      if (draft.systems + draft.loadBalancers + draft.plugins + draft.clusters === 0) {
        throw new UsageError(`${folderArg} holds no TCP/IP profile, Load Balancer configuration, plugin-cfg.xml or cluster.xml, so plexlint init has nothing to draft a plexlint.yaml from`);
      }
      const target = existing ?? join(folder, MANIFEST_NAMES[0]!);
      // --force replaces it through a link only where the link stays in the folder's checkout (src/sources/checkout.ts).
      writeAtomic(target, draft.text, { within: checkoutOf(folder, { root: folder, what: 'the folder' }) });
      if (above) process.stderr.write(`plexlint: warning: ${visible(show(target))} splits the estate of ${visible(show(above))}: the files below ${visible(folderArg)} are an estate of their own now.\n`);
      process.stderr.write(
        `plexlint: wrote ${visible(show(target))}: ${plural(draft.systems, 'system')}, ${plural(draft.datasets, 'INCLUDE data set')}, ${plural(draft.loadBalancers, 'load balancer')}, ` +
          `${plural(draft.plugins, 'plug-in file')}; ${plural(draft.todos, 'TODO line')} to fill in.\n`,
      );
    });
}
