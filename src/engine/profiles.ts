/**
 * The TCP/IP profile part of the compiler driver: which profiles are stacks, their names and symbols, the
 * profile front end and the per-system model builder.
 *
 * - With a manifest, `systems.<name>.profile` is that system's profile, with its `symbols` and `cpc`.
 * - A manifest that names profiles for its systems is authoritative: any other profile found (a backup copy, an
 *   old version) is not a stack. Unless a profile INCLUDEs it, it is reported once (`unlisted-profile`) and
 *   checked on its own, as a separate estate, by the lint driver.
 * - Without such a manifest, any other profile found is a stack of its own, named after its file (SYSA.tcpip →
 *   SYSA), unless another profile INCLUDEs it: then it is a member of that stack.
 * - &SYSNAME. resolves to the system's name; the manifest's static symbols add to it.
 */
import { relative, sep } from 'node:path';
import { append } from '../core/append.js';
import { silentProgress, type Progress } from '../core/progress.js';
import { related, type Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import { systemRelease, type Manifest } from '../frontends/manifest/index.js';
import { parseProfile, type ParsedProfile } from '../frontends/profile/index.js';
import { buildSystem } from '../model/builders/system.js';
import type { System } from '../model/estate.js';
import { EstateIncludeResolver, scanIncludes } from '../sources/includes.js';
import type { SourceFile } from '../sources/source-file.js';
import { fileStem, uniqueName, type Driver } from './driver.js';
import type { CompileCache } from './compile-cache.js';

type SystemEntry = Manifest['systems'][number];

export interface ManifestProfile {
  entry: SystemEntry;
  file: SourceFile;
}

/** Read the profiles the manifest names for its systems and give them their kind. */
export function registerSystemProfiles(manifest: Manifest | undefined, driver: Driver): ManifestProfile[] {
  // One stack per file: when two systems name the same profile, the last one names it.
  const byPath = new Map<string, ManifestProfile>();
  for (const entry of manifest?.systems ?? []) {
    if (!entry.profile) continue;
    const file = driver.named(entry.profile.abs);
    if (!file) continue;
    byPath.set(file.path, { entry, file });
    driver.kinds.set(file.path, 'profile');
  }
  return [...byPath.values()];
}

export interface CompiledSystems {
  systems: System[];
  findings: Finding[];
  /** Profiles found by the scan that an authoritative manifest does not list. */
  unlisted: SourceFile[];
}

export function compileSystems(args: {
  /** INCLUDE data sets mapped to folders (the manifest's `datasets:`). */
  datasets: Manifest['datasets'];
  /** The manifest (its estate-wide `release:` and `apars:`), if any. */
  manifest?: Manifest;
  manifestProfiles: ManifestProfile[];
  /** Profiles found by the folder scan. */
  profiles: SourceFile[];
  driver: Driver;
  progress?: Progress;
  /** Stacks compiled by an earlier run of this process (the language server), reused when nothing changed. */
  cache?: CompileCache;
}): CompiledSystems {
  const { driver } = args;
  const progress = args.progress ?? silentProgress;
  const findings: Finding[] = [];
  const resolver = new EstateIncludeResolver(
    driver.ws,
    args.datasets.map((d) => ({ name: d.name, abs: d.path.abs })),
  );
  // A file that another profile INCLUDEs is a member, not a stack of its own.
  const members = new Set<string>();
  for (const f of [...args.profiles, ...args.manifestProfiles.map((s) => s.file)]) {
    for (const ds of scanIncludes(f.text)) {
      const where = resolver.locate(ds);
      if ('abs' in where) members.add(driver.ws.display(where.abs));
    }
  }
  const stacks = args.profiles.filter((f) => !members.has(f.path));
  const listed = args.manifestProfiles.length > 0;
  const unlisted = listed ? stacks : [];
  const entries: { file: SourceFile; entry?: SystemEntry }[] = [...args.manifestProfiles, ...(listed ? [] : stacks.map((file) => ({ file })))];
  const systems: System[] = [];
  const usedNames = new Set<string>();
  progress.phase('compiling profiles', entries.length);
  for (const { file, entry } of entries) {
    progress.tick();
    if (!driver.fits(file, 'profile')) continue;
    const name = uniqueName(entry?.name ?? fileStem(file.path).toUpperCase(), usedNames);
    const symbols: Record<string, string> = { SYSNAME: name, ...(entry?.symbols ?? {}) };
    // The release a profile is judged against: the system's, else the estate's, else the newest (assumed).
    const release = systemRelease(args.manifest, entry);
    const key = JSON.stringify([driver.ws.cwd, name, entry ? 'manifest' : 'file-name', entry?.cpc?.value ?? null, symbols, release.release, release.assumed, [...release.apars]]);
    const cached = args.cache?.get(key, file, resolver);
    let parsed: ParsedProfile;
    let system: System;
    if (cached) {
      ({ parsed, system } = cached);
      for (const f of cached.files) {
        driver.sources.set(f.path, f);
        driver.kinds.set(f.path, 'profile');
      }
    } else {
      const recording = args.cache?.recording(resolver);
      parsed = parseProfile(file, { symbols: new Map(Object.entries(symbols)), includes: recording?.resolver ?? resolver, release, system: name });
      for (const f of parsed.files) {
        driver.sources.set(f.path, f);
        driver.kinds.set(f.path, 'profile');
      }
      const built = parsed;
      system = timed('model', () =>
        buildSystem({
          name,
          nameSource: entry ? 'manifest' : 'file-name',
          ...(entry?.cpc ? { cpc: entry.cpc.value } : {}),
          symbols,
          release,
          parsed: built,
        }),
      );
      if (recording) args.cache!.set(key, file, parsed, system, recording.log);
    }
    append(findings, parsed.findings);
    systems.push(system);
  }
  return { systems, findings, unlisted };
}

/** The `unlisted-profile` finding: on the profile's first line, naming the manifest's systems. */
export function unlistedProfile(file: SourceFile, manifest: Manifest): Finding {
  const firstLineEnd = file.text.search(/\r?\n|$/);
  const listed = manifest.systems.filter((s) => s.profile);
  const names = listed.map((s) => s.name);
  const shown = names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
  return {
    ruleId: 'unlisted-profile',
    loc: file.lines.loc(file.path, 0, Math.max(0, firstLineEnd)),
    message:
      `this TCP/IP profile is not a stack of the estate: ${manifest.file} lists its systems (${shown}) and none of them names or INCLUDEs this file, ` +
      `so plexlint checks it on its own and leaves it out of the sysplex. If it is a stack, add it under systems: in ${manifest.file} ` +
      `(systems.<name>.profile: ${relative(manifest.dir, file.absPath || file.path).split(sep).join('/')}); if it is a copy (a backup, an old version), ` +
      `add it to ignore: in ${manifest.file} or to .plexlintignore.`,
    related: listed.slice(0, 1).map((s) => related(s.loc, `systems: lists ${shown}`)),
  };
}
