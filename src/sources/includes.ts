/**
 * INCLUDE data set names → files of the estate, in this order (docs/zos-inputs.md):
 *
 * 1. the manifest's `datasets:` map (a PDS → a folder, a sequential data set → a file); a member the mapped folder
 *    lacks may still be one an IEBUPDTE job stream of the estate adds to that data set;
 * 2. the members IEBUPDTE job streams of the estate add to the data set (their SYSUT2);
 * 3. a folder laid out as Zowe CLI downloads the data set: `zowe zos-files download all-members "SYS1.TCPPARMS"`
 *    writes sys1/tcpparms/<member>.txt (the folders are the qualifiers), or with `-d <folder>` <folder>/<member>.txt —
 *    recognised when the folder is named after the last qualifier; member files in lower case unless
 *    --preserve-original-letter-case, with .txt or the extension -e gave;
 * 4. the one file of the estate named after the member (or a job stream member whose library is not known).
 *
 * Whatever the mapping says, nothing outside the estate root is read (symlinks are resolved before the check).
 */
import { basename, dirname, join, sep } from 'node:path';
import type { IncludeResolution, IncludeResolver } from '../frontends/profile/index.js';
import { howItLeadsOut } from './checkout.js';
import { memberName, type SourceFile } from './source-file.js';
import type { Workspace } from './workspace.js';

export interface DatasetMapping {
  name: string;
  abs: string;
}

/** The members IEBUPDTE job streams of the estate add (built by the engine, which reads the job streams). */
export interface MemberLookup {
  /** Members (or aliases) of this data set with this name. */
  members(dataset: string, member: string): SourceFile[];
  /** Members with this name whose job stream does not say which data set they go to. */
  unplaced(member: string): SourceFile[];
}

/** Where an INCLUDE (or a manifest's data set member) leads: a file, or a member of a job stream (`file`). */
export type Located = { abs: string; file?: SourceFile } | { ruleId: 'include-not-found' | 'include-outside-estate'; message: string };

/** Extensions a member may have in the estate: profile members, and OMPROUTE members (`.conf`, `.omproute`). */
const EXTENSIONS = ['', '.tcpip', '.txt', '.prof', '.profile', '.jcl', '.conf', '.omproute'];

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
    private readonly library?: MemberLookup,
  ) {}

  /** The file an INCLUDE names, without reading it (for the pre-scan that finds which profiles are members). */
  locate(dataset: string): Located {
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
        // The data set is the folder and what the estate's job streams add to it.
        const added = member ? this.jobStreamMember(dataset, dsn, member) : undefined;
        if (added) return added;
        return {
          ruleId: 'include-not-found',
          message: `INCLUDE ${dataset}: plexlint.yaml maps ${dsn} to ${this.ws.display(mapping.abs)}, but ${member ? `it has no member ${member}` : 'that is not a file'}; the included statements are not checked.`,
        };
      }
      return this.inside(dataset, found);
    }
    if (member) {
      const added = this.jobStreamMember(dataset, dsn, member);
      if (added) return added;
      const zowe = this.zoweMember(dataset, dsn, member);
      if (zowe) return zowe;
    }
    const key = (member ?? dsn.split('.').pop() ?? dsn).toUpperCase();
    const files = this.stems().get(key) ?? this.stems().get(dataset.toUpperCase()) ?? [];
    const unplaced = member ? (this.library?.unplaced(member) ?? []) : [];
    const count = files.length + unplaced.length;
    if (count === 1) return unplaced.length ? { abs: unplaced[0]!.absPath, file: unplaced[0]! } : this.inside(dataset, files[0]!);
    const shown = [...files.map((h) => this.ws.display(h)), ...unplaced.map((m) => `${memberName(m.member!)} in ${m.path}`)];
    return {
      ruleId: 'include-not-found',
      message:
        count > 1
          ? `INCLUDE ${dataset}: ${count} files of the estate could be member ${key} (${shown.join(', ')}); map the data set in plexlint.yaml (datasets: { ${dsn}: <folder> }) to say which.`
          : `INCLUDE ${dataset}: no file of the estate is member ${key}, no IEBUPDTE job stream of it adds ${key} to ${dsn}, and no Zowe download folder of ${dsn} holds it, so the included statements are not checked. Add the member, or map the data set in plexlint.yaml (datasets: { ${dsn}: <folder> }).`,
    };
  }

  /** A member an IEBUPDTE job stream of the estate adds to the data set (step 2). */
  private jobStreamMember(dataset: string, dsn: string, member: string): Located | undefined {
    const added = this.library?.members(dsn, member) ?? [];
    if (added.length === 1) return { abs: added[0]!.absPath, file: added[0]! };
    if (added.length === 0) return undefined;
    return {
      ruleId: 'include-not-found',
      message: `INCLUDE ${dataset}: ${added.length} IEBUPDTE job streams of the estate add ${member} to ${dsn} (${added.map((m) => this.ws.display(m.absPath)).join(', ')}), and plexlint cannot tell which ran last; keep one of them in the estate.`,
    };
  }

  /**
   * A member file in a folder laid out as Zowe CLI downloads the data set (step 3): the qualifiers as folders
   * (sys1/tcpparms/profile.txt), else a folder named after the last qualifier (`-d tcpparms`).
   */
  private zoweMember(dataset: string, dsn: string, member: string): Located | undefined {
    const qualifiers = dsn.toLowerCase().split('.');
    const files = this.stems().get(member.toUpperCase()) ?? [];
    const folders = (f: string): string[] => dirname(f).toLowerCase().split(sep);
    const layouts = [
      files.filter((f) => folders(f).slice(-qualifiers.length).join('.') === qualifiers.join('.')),
      files.filter((f) => folders(f).slice(-1)[0] === qualifiers[qualifiers.length - 1]),
    ];
    for (const hits of layouts) {
      if (hits.length === 1) return this.inside(dataset, hits[0]!);
      if (hits.length > 1) {
        return {
          ruleId: 'include-not-found',
          message: `INCLUDE ${dataset}: ${hits.length} folders of the estate look like a Zowe download of ${dsn} with a member ${member} (${hits.map((h) => this.ws.display(h)).join(', ')}); map the data set in plexlint.yaml (datasets: { ${dsn}: <folder> }) to say which.`,
        };
      }
    }
    return undefined;
  }

  /**
   * A z/OS UNIX file name: through the longest `datasets:` key that is a folder above it (`/etc/tcpip: profiles/etc`
   * reads /etc/tcpip/common.prof from profiles/etc/common.prof), else the one file of the estate with its name.
   */
  private locatePath(path: string): Located {
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
  private inside(dataset: string, found: string): Located {
    if (!this.ws.contains(found)) {
      // Where the link leads is not said: the link may be anyone's, and its target is none of plexlint's business
      // (src/sources/checkout.ts). That it leads out is what makes the harmless-looking name a problem.
      return {
        ruleId: 'include-outside-estate',
        message: `INCLUDE ${dataset}: ${this.ws.display(found)} ${howItLeadsOut(found, this.ws.fs)} out of the estate (${this.ws.display(this.ws.root)}); plexlint does not look at files outside the estate it was given.`,
      };
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
    if (where.file) return { file: where.file };
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
