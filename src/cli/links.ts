/**
 * Where the project and its rule pages live on the web, from package.json
 * (`repository`, `homepage`): SARIF's tool.driver.informationUri and each rule's
 * helpUri (its docs/rules/<id>.md on the git host), the editor's link to a rule.
 * Each rule's docs page is embedded in SARIF's help.markdown as well.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * The project's pages on the web. package.json names the repository, so every rule's helpUri is a public address —
 * never a file: URI of the machine that ran the check, which a SARIF viewer elsewhere cannot open.
 */
export const projectLinks: ProjectLinks | undefined = linksFrom(JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as PackageJson);

/** A rule's docs page from the installed package (docs/ is in package.json "files"). */
export function ruleDocs(id: string): string | undefined {
  const p = join(packageRoot, 'docs', 'rules', `${id}.md`);
  return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
}
