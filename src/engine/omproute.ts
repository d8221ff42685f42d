/**
 * The OMPROUTE part of the compiler driver: which OMPROUTE configuration belongs
 * to which system, its front end, and the routing model of each system.
 *
 * - With a manifest, `systems.<name>.omproute` is that system's configuration.
 * - Any other OMPROUTE file found is attached by its name to a system that has
 *   none yet: `SYSA.omproute`, `SYSA.conf`, `omproute/SYSA.conf`,
 *   `SYSA/omproute.conf` all belong to SYSA (the first file in path order wins).
 * - System symbols are the system's (SYSNAME and the manifest's `symbols`): OMPROUTE
 *   translates the IEASYMxx symbols of its file (EZZ7830I).
 * - A file that belongs to no system is still parsed, so its syntax is checked.
 */
import { basename, dirname } from 'node:path';
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import type { Manifest } from '../frontends/manifest/index.js';
import { includeName, parseOmproute } from '../frontends/omproute/index.js';
import { EstateIncludeResolver, scanIncludes } from '../sources/includes.js';
import { buildRoutingConfig, buildSystemRouting } from '../model/builders/routing.js';
import type { Sysplex, System } from '../model/estate.js';
import type { SourceFile } from '../sources/source-file.js';
import type { Driver } from './driver.js';
import type { FileKind } from '../frontends/detect.js';

export interface ManifestOmproute {
  system: string;
  file: SourceFile;
}

/** Read the OMPROUTE files the manifest names for its systems and give them their kind. */
export function registerOmprouteFiles(manifest: Manifest | undefined, driver: Driver): ManifestOmproute[] {
  const out: ManifestOmproute[] = [];
  for (const entry of manifest?.systems ?? []) {
    if (!entry.omproute) continue;
    const file = driver.named(entry.omproute.abs);
    if (!file) continue;
    driver.kinds.set(file.path, 'omproute');
    out.push({ system: entry.name, file });
  }
  return out;
}

/**
 * The system names a file name stands for, most likely first: `SYSA.omproute`, `omproute/SYSA.conf` → SYSA;
 * `SYSA/omproute.conf` → SYSA; and any other part of the name between dots, dashes and underscores, as data set
 * and file names carry the system in one of their qualifiers (`OMPROUTE.SYSA`, `TCPIP.SYSA.OMPROUTE`,
 * `sysa_omproute.conf`).
 */
export function systemNamesOf(path: string): string[] {
  const base = basename(path);
  const names = [base.split('.')[0]!.toUpperCase()];
  if (/^omproute/i.test(base)) names.push(basename(dirname(path)).toUpperCase());
  for (const part of base.split(/[._-]+/)) if (part) names.push(part.toUpperCase());
  return [...new Set(names)];
}

/**
 * The OMPROUTE files other OMPROUTE files INCLUDE (by display path), members of members too: parts of a
 * configuration, not configurations of their own. A quick scan, as for profiles (src/sources/includes.ts scanIncludes).
 */
function includedMembers(files: readonly SourceFile[], resolver: EstateIncludeResolver, driver: Driver): Set<string> {
  const members = new Set<string>();
  const todo = [...files];
  for (let f = todo.pop(); f; f = todo.pop()) {
    for (const name of scanIncludes(f.text)) {
      const where = resolver.locate(includeName(name));
      if (!('abs' in where)) continue;
      const path = driver.ws.display(where.abs);
      if (members.has(path)) continue;
      members.add(path);
      const member = driver.sources.get(path) ?? driver.read(where.abs);
      if (member) todo.push(member);
    }
  }
  return members;
}

function resolverOf(driver: Driver, datasets: Manifest['datasets']): EstateIncludeResolver {
  return new EstateIncludeResolver(
    driver.ws,
    datasets.map((d) => ({ name: d.name, abs: d.path.abs })),
  );
}

/**
 * Files an OMPROUTE configuration INCLUDEs are OMPROUTE files, whatever their content looks like on its own (a
 * member with one OSPF_Interface and an INCLUDE reads like a profile): they are moved to the OMPROUTE files before
 * the profiles are compiled.
 */
export function claimOmprouteMembers(byKind: Map<FileKind, SourceFile[]>, manifestFiles: ManifestOmproute[], driver: Driver, datasets: Manifest['datasets']): void {
  const configs = [...manifestFiles.map((m) => m.file), ...(byKind.get('omproute') ?? [])];
  if (!configs.length) return;
  const members = includedMembers(configs, resolverOf(driver, datasets), driver);
  if (!members.size) return;
  const omproute = byKind.get('omproute') ?? [];
  for (const [kind, files] of byKind) {
    if (kind === 'omproute') continue;
    const keep = files.filter((f) => !members.has(f.path));
    if (keep.length === files.length) continue;
    for (const f of files) if (members.has(f.path)) omproute.push(f);
    byKind.set(kind, keep);
  }
  for (const path of members) {
    const f = driver.sources.get(path);
    if (f && !omproute.includes(f)) omproute.push(f);
    driver.kinds.set(path, 'omproute');
  }
  byKind.set('omproute', omproute);
}

export function compileRouting(args: {
  manifestFiles: ManifestOmproute[];
  found: SourceFile[];
  systems: System[];
  sysplex: Sysplex;
  driver: Driver;
  /** INCLUDE data sets mapped to folders (the manifest's `datasets:`), as for profiles. */
  datasets: Manifest['datasets'];
}): Finding[] {
  const findings: Finding[] = [];
  const resolver = resolverOf(args.driver, args.datasets);
  const members = includedMembers([...args.manifestFiles.map((m) => m.file), ...args.found], resolver, args.driver);
  const bySystem = new Map(args.systems.map((s) => [s.name, s]));
  const attached = new Map<string, { file: SourceFile; by: 'manifest' | 'file-name' }>();
  for (const m of args.manifestFiles) {
    if (bySystem.has(m.system)) attached.set(m.system, { file: m.file, by: 'manifest' });
  }
  const claimed = new Set(args.manifestFiles.map((m) => m.file.path));
  const unattached: SourceFile[] = [];
  for (const f of [...args.found].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (claimed.has(f.path) || members.has(f.path)) continue;
    const name = systemNamesOf(f.path).find((n) => bySystem.has(n));
    const other = name ? attached.get(name) : undefined;
    if (name && !other) attached.set(name, { file: f, by: 'file-name' });
    else {
      unattached.push(f);
      if (args.systems.length === 0) continue;
      findings.push({
        ruleId: 'omproute-unattached',
        loc: f.lines.loc(f.path, 0, 0),
        message: other
          ? `this OMPROUTE configuration is named after ${name}, which already has ${other.file.path}${other.by === 'manifest' ? ' (plexlint.yaml)' : ''}, so plexlint checks it against no TCP/IP profile. Keep one configuration per system, or attach this one in plexlint.yaml (systems.<name>.omproute).`
          : `this OMPROUTE configuration belongs to no system of the estate (${args.systems.map((s) => s.name).join(', ')}), so plexlint checks only its syntax, not what it advertises. ` +
            'Name it after its system (SYSA.omproute, omproute/SYSA.conf) or attach it in plexlint.yaml: systems: { SYSA: { omproute: … } }.',
      });
    }
  }
  for (const [name, { file, by }] of attached) {
    if (!args.driver.fits(file, 'profile')) continue;
    const system = bySystem.get(name)!;
    const parsed = timed('parse', () => parseOmproute(file, { symbols: new Map(Object.entries(system.symbols)), includes: resolver }));
    append(findings, parsed.findings);
    for (const f of parsed.files) {
      args.driver.sources.set(f.path, f);
      args.driver.kinds.set(f.path, 'omproute');
    }
    system.routing = timed('model', () => buildSystemRouting(system, args.sysplex, buildRoutingConfig(parsed.ast, by)));
  }
  for (const f of unattached) if (args.driver.fits(f, 'profile')) append(findings, timed('parse', () => parseOmproute(f, { includes: resolver })).findings);
  return findings;
}
