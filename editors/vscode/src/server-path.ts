/**
 * Where the plexlint language server is: the extension runs `plexlint lsp --stdio` from the installed package,
 * the way the ESLint extension runs the workspace's ESLint. In this order:
 *
 * 1. the `plexlint.path` setting: the package folder or its bin/plexlint.js;
 * 2. the workspace's own installation: node_modules/plexlint in a workspace folder or a folder above it;
 * 3. the `plexlint` command on the PATH (a global installation), followed to its package.
 *
 * No VS Code API here, so that it can be tested on its own.
 */
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface ServerLookup {
  /** The plexlint.path setting. */
  setting?: string | null;
  /** The workspace folders (absolute). */
  folders: readonly string[];
  /** The PATH environment variable, and its separator. */
  path?: string;
  delimiter?: string;
  exists(file: string): boolean;
  /** Symbolic links resolved (a global `plexlint` is a link into the package). */
  realpath(file: string): string;
}

export interface ServerLocation {
  /** The package's bin/plexlint.js. */
  module: string;
  from: 'setting' | 'workspace' | 'global';
}

const BIN = join('bin', 'plexlint.js');

function fromPackage(dir: string, lookup: ServerLookup): string | undefined {
  const bin = join(dir, BIN);
  return lookup.exists(bin) && lookup.exists(join(dir, 'package.json')) ? bin : undefined;
}

export function findServer(lookup: ServerLookup): ServerLocation | { error: string } {
  if (lookup.setting) {
    const base = isAbsolute(lookup.setting) || lookup.folders.length === 0 ? resolve(lookup.setting) : resolve(lookup.folders[0]!, lookup.setting);
    const module = base.endsWith('.js') ? (lookup.exists(base) ? base : undefined) : fromPackage(base, lookup);
    if (module) return { module, from: 'setting' };
    return { error: `plexlint.path is ${lookup.setting}, but no plexlint package (bin/plexlint.js) is there` };
  }
  for (const folder of lookup.folders) {
    for (let dir = folder; ; dir = dirname(dir)) {
      const module = fromPackage(join(dir, 'node_modules', 'plexlint'), lookup);
      if (module) return { module, from: 'workspace' };
      if (dirname(dir) === dir) break;
    }
  }
  for (const entry of (lookup.path ?? '').split(lookup.delimiter ?? ':')) {
    if (!entry) continue;
    const command = join(entry, 'plexlint');
    if (!lookup.exists(command)) continue;
    // npm links <prefix>/bin/plexlint to <prefix>/lib/node_modules/plexlint/bin/plexlint.js.
    const real = lookup.realpath(command);
    const module = real.endsWith(BIN) ? fromPackage(dirname(dirname(real)), lookup) : undefined;
    if (module) return { module, from: 'global' };
  }
  return {
    error:
      'plexlint is not installed: add it to the workspace (npm install --save-dev git+https://github.com/plexlint/plexlint.git#v0.1.0, or the tarball npm pack makes in a clone of it), install it globally (--global), or set plexlint.path',
  };
}
