/**
 * Where the project and its rule pages live on the web, from package.json
 * (`repository`, `homepage`). Without them SARIF carries no informationUri and
 * no helpUri, and embeds each rule's docs page instead (help.markdown).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProjectLinks } from '../report/index.js';
import { packageRoot } from './io.js';

interface PackageJson {
  homepage?: string;
  repository?: string | { url?: string; directory?: string };
}

/** `git+https://github.com/o/r.git` → `https://github.com/o/r`; undefined for anything that is not an http(s) URL. */
export function webUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const u = raw.replace(/^git\+/, '').replace(/\.git$/, '').replace(/^git@([^:]+):/, 'https://$1/').replace(/^github:/, 'https://github.com/');
  return /^https?:\/\/[^\s]+$/.test(u) ? u.replace(/\/+$/, '') : undefined;
}

export function linksFrom(pkg: PackageJson): ProjectLinks | undefined {
  const repo = webUrl(typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url);
  const home = webUrl(pkg.homepage);
  if (!repo && !home) return undefined;
  const dir = typeof pkg.repository === 'object' && pkg.repository.directory ? `${pkg.repository.directory.replace(/^\/|\/$/g, '')}/` : '';
  // GitHub serves a file of the default branch under /blob/HEAD/, GitLab under /-/blob/HEAD/.
  const blob = repo && /gitlab/i.test(repo) ? `${repo}/-/blob/HEAD/${dir}` : repo ? `${repo}/blob/HEAD/${dir}` : undefined;
  return {
    informationUri: home ?? repo!,
    ruleUrl: (id) => (blob ? `${blob}docs/rules/${id}.md` : `${home}#rules`),
  };
}

/**
 * Without a web location, a rule's helpUri is its page in the installed package (a file: URI, absolute as SARIF
 * requires): every rule has one, and the page itself is embedded in help.markdown for viewers that cannot open it.
 */
export function installedDocs(root: string): ProjectLinks {
  return { ruleUrl: (id) => pathToFileURL(join(root, 'docs', 'rules', `${id}.md`)).href };
}

export const projectLinks: ProjectLinks = linksFrom(JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as PackageJson) ?? installedDocs(packageRoot);

/** A rule's docs page from the installed package (docs/ is in package.json "files"). */
export function ruleDocs(id: string): string | undefined {
  const p = join(packageRoot, 'docs', 'rules', `${id}.md`);
  return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
}
