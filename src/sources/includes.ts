/**
 * INCLUDE data set names → files of the estate.
 *
 * With a manifest, `datasets:` maps a data set (a PDS → a folder, a sequential
 * data set → a file); without one, a member is looked up by name among the
 * estate's files. Whatever the mapping says, nothing outside the estate root is
 * read (symlinks are resolved before the check).
 */
import { basename, join } from 'node:path';
import type { IncludeResolution, IncludeResolver } from '../frontends/profile/index.js';
import type { SourceFile } from './source-file.js';
import type { Workspace } from './workspace.js';

export interface DatasetMapping {
  name: string;
  abs: string;
}

const EXTENSIONS = ['', '.tcpip', '.txt', '.prof', '.profile', '.jcl'];

export function parseDatasetName(text: string): { dsn: string; member?: string } {
  const m = /^([^()]+)(?:\(([^()]+)\))?$/.exec(text.trim().toUpperCase());
  if (!m) return { dsn: text.toUpperCase() };
  return m[2] ? { dsn: m[1]!, member: m[2] } : { dsn: m[1]! };
}

function candidates(dir: string, name: string): string[] {
  const out: string[] = [];
  for (const n of [name, name.toLowerCase()]) for (const ext of EXTENSIONS) out.push(join(dir, n + ext));
  return out;
}

export class EstateIncludeResolver implements IncludeResolver {
  private byStem?: Map<string, string[]>;

  constructor(
    private readonly ws: Workspace,
    private readonly datasets: DatasetMapping[],
  ) {}

  /** The file an INCLUDE names, without reading it (for the pre-scan that finds which profiles are members). */
  locate(dataset: string): { abs: string } | { ruleId: 'include-not-found' | 'include-outside-estate'; message: string } {
    if (dataset.startsWith('/')) return this.locatePath(dataset);
    const { dsn, member } = parseDatasetName(dataset);
    const mapping = this.datasets.find((d) => d.name === dsn);
    let found: string | undefined;
    if (mapping) {
      // A mapping out of the estate is not looked into: whether the member exists there is not plexlint's to say.
      if (!this.ws.contains(mapping.abs)) return this.outside(dataset, `plexlint.yaml maps ${dsn} to ${this.ws.display(mapping.abs)}`);
      // A candidate that is a symbolic link counts whatever it leads to (a dangling one too): it is judged below.
      if (member) found = candidates(mapping.abs, member).find((p) => this.ws.fs.lkind(p) !== 'missing');
      else if (this.ws.fs.kind(mapping.abs) === 'file') found = mapping.abs;
      if (!found) {
        return {
          ruleId: 'include-not-found',
          message: `INCLUDE ${dataset}: plexlint.yaml maps ${dsn} to ${this.ws.display(mapping.abs)}, but ${member ? `it has no member ${member}` : 'that is not a file'}; the included statements are not checked.`,
        };
      }
    } else {
      const key = (member ?? dsn.split('.').pop() ?? dsn).toUpperCase();
      const hits = this.stems().get(key) ?? this.stems().get(dataset.toUpperCase()) ?? [];
      if (hits.length === 1) found = hits[0];
      else {
        return {
          ruleId: 'include-not-found',
          message:
            hits.length > 1
              ? `INCLUDE ${dataset}: ${hits.length} files of the estate could be member ${key} (${hits.map((h) => this.ws.display(h)).join(', ')}); map the data set in plexlint.yaml (datasets: { ${dsn}: <folder> }) to say which.`
              : `INCLUDE ${dataset}: no file of the estate is member ${key}, so the included statements are not checked. Add the member, or map the data set in plexlint.yaml (datasets: { ${dsn}: <folder> }).`,
        };
      }
    }
    return this.inside(dataset, found!);
  }

  /**
   * A z/OS UNIX file name: through the longest `datasets:` key that is a folder above it (`/etc/tcpip: profiles/etc`
   * reads /etc/tcpip/common.prof from profiles/etc/common.prof), else the one file of the estate with its name.
   */
  private locatePath(path: string): { abs: string } | { ruleId: 'include-not-found' | 'include-outside-estate'; message: string } {
    const upper = path.toUpperCase();
    const mapping = this.datasets
      .filter((d) => d.name.startsWith('/') && (upper === d.name || upper.startsWith(d.name.endsWith('/') ? d.name : `${d.name}/`)))
      .sort((a, b) => b.name.length - a.name.length)[0];
    const folder = path.slice(0, path.lastIndexOf('/')) || '/';
    if (mapping) {
      if (!this.ws.contains(mapping.abs)) return this.outside(path, `plexlint.yaml maps ${mapping.name} to ${this.ws.display(mapping.abs)}`);
      const rest = path.slice(mapping.name.length).replace(/^\/+/, '');
      const target = rest ? join(mapping.abs, ...rest.split('/')) : mapping.abs;
      // `..` in the path may climb out of the mapped folder: judged before anything there is looked at.
      if (!this.ws.contains(target)) return this.outside(path, `it leads to ${this.ws.display(target)}`);
      if (this.ws.fs.lkind(target) === 'missing' || (!rest && this.ws.fs.kind(target) !== 'file')) {
        return {
          ruleId: 'include-not-found',
          message: `INCLUDE ${path}: plexlint.yaml maps ${mapping.name} to ${this.ws.display(mapping.abs)}, but ${rest ? `it has no file ${rest}` : 'that is not a file'}; the included statements are not checked.`,
        };
      }
      return this.inside(path, target);
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    const hits = name ? (this.stems().get(name.toUpperCase()) ?? []).filter((f) => basename(f).toUpperCase() === name.toUpperCase()) : [];
    if (hits.length !== 1) {
      return {
        ruleId: 'include-not-found',
        message:
          hits.length > 1
            ? `INCLUDE ${path}: ${hits.length} files of the estate are named ${name} (${hits.map((h) => this.ws.display(h)).join(', ')}); map the folder in plexlint.yaml (datasets: { ${folder}: <folder> }) to say which.`
            : `INCLUDE ${path}: no file of the estate is named ${name || path}, so the included statements are not checked. Add the file, or map its folder in plexlint.yaml (datasets: { ${folder}: <folder> }).`,
      };
    }
    return this.inside(path, hits[0]!);
  }

  /** The file found, unless it (or the link it is) leads out of the estate. */
  private inside(dataset: string, found: string): { abs: string } | { ruleId: 'include-outside-estate'; message: string } {
    if (!this.ws.contains(found)) {
      // Name where the link leads: for a symbolic link inside the estate the link itself looks harmless.
      const real = this.ws.fs.realpath(found) ?? found;
      return this.outside(dataset, `${this.ws.display(found)} is a symbolic link to ${this.ws.display(real)}`);
    }
    return { abs: found };
  }

  /** The one answer for an INCLUDE that leads out of the estate, whether or not anything is there. */
  private outside(dataset: string, how: string): { ruleId: 'include-outside-estate'; message: string } {
    return {
      ruleId: 'include-outside-estate',
      message: `INCLUDE ${dataset}: ${how}, which is outside the estate (the folder ${this.ws.folderDisplay(this.ws.root)}); plexlint does not look at files outside the estate it was given.`,
    };
  }

  resolve(dataset: string): IncludeResolution {
    const where = this.locate(dataset);
    if ('ruleId' in where) return where;
    const file = this.ws.read(where.abs);
    if ('message' in file && !('text' in file)) {
      return { ruleId: 'include-unreadable', message: `INCLUDE ${dataset}: ${file.path} ${file.message}, so plexlint cannot check the statements it includes. Store the member as text (a text-mode transfer) in the estate.` };
    }
    return { file: file as SourceFile };
  }

  private stems(): Map<string, string[]> {
    if (!this.byStem) {
      this.byStem = new Map();
      for (const f of this.ws.allFiles()) {
        const b = basename(f).toUpperCase();
        const stem = b.replace(/\.[^.]*$/, '');
        for (const k of new Set([b, stem])) {
          const list = this.byStem.get(k) ?? [];
          list.push(f);
          this.byStem.set(k, list);
        }
      }
    }
    return this.byStem;
  }
}

/** INCLUDE statements of a profile found by a quick scan (not in comments), for sorting members from main profiles. */
export function scanIncludes(text: string): string[] {
  const out: string[] = [];
  const re = /^[ \t]*INCLUDE[ \t]+([^\s;]+)/gim;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]!.replace(/^'|'$/g, ''));
  return out;
}
