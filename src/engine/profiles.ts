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
import { memberName, sourceKey, type SourceFile } from '../sources/source-file.js';
import { fileStem, uniqueName, type Driver } from './driver.js';
import type { CompileCache } from './compile-cache.js';

type SystemEntry = Manifest['systems'][number];

export interface ManifestProfile {
  entry: SystemEntry;
  file: SourceFile;
}

/**
 * Read the profiles the manifest names for its systems and give them their kind. A profile written as a data set
 * member (`profile: SYS1.TCPPARMS(PROFA1)`) is found as an INCLUDE finds one: through `datasets:`, the members the
 * estate's IEBUPDTE job streams add, and Zowe download folders (src/sources/includes.ts).
 */
export function registerSystemProfiles(manifest: Manifest | undefined, driver: Driver, resolver?: EstateIncludeResolver): { profiles: ManifestProfile[]; findings: Finding[] } {
  // One stack per file: when two systems name the same profile, the last one names it.
  const byPath = new Map<string, ManifestProfile>();
  const findings: Finding[] = [];
  for (const entry of manifest?.systems ?? []) {
    if (!entry.profile) continue;
    let file: SourceFile | undefined;
    if (entry.profile.dataset !== undefined) {
      const where = resolver?.locate(entry.profile.dataset);
      if (!where || 'ruleId' in where) {
        const why = where && 'ruleId' in where ? where.message.replace(/^INCLUDE /, '') : `${entry.profile.dataset}: no data set lookup`;
        findings.push({
          ruleId: 'manifest-missing-file',
          loc: entry.profile.loc,
          message: `systems.${entry.name}.profile names the data set member ${why.replace(/the included statements are not checked/, 'so plexlint cannot check this system')}`,
        });
        continue;
      }
      file = where.file ?? driver.named(where.abs);
    } else file = driver.named(entry.profile.abs);
    if (!file) continue;
    byPath.set(sourceKey(file), { entry, file });
    if (!file.member) driver.kinds.set(file.path, 'profile');
  }
  return { profiles: [...byPath.values()], findings };
}

/** Record a file a profile read: a member of a job stream is reported under its job stream, whose kind stays its own. */
function register(driver: Driver, f: SourceFile): void {
  if (f.member) {
    driver.read(f.absPath);
    return;
  }
  driver.sources.set(f.path, f);
  driver.kinds.set(f.path, 'profile');
}

export interface CompiledSystems {
  systems: System[];
  findings: Finding[];
  /** Profiles found by the scan that an authoritative manifest does not list. */
  unlisted: SourceFile[];
}

export function compileSystems(args: {
  /** How INCLUDEs find their members (the manifest's `datasets:`, job streams, Zowe folders). */
  resolver: EstateIncludeResolver;
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
  const resolver = args.resolver;
  // A file that another profile INCLUDEs is a member, not a stack of its own.
  const members = new Set<string>();
  for (const f of [...args.profiles, ...args.manifestProfiles.map((s) => s.file)]) {
    for (const ds of scanIncludes(f.text)) {
      const where = resolver.locate(ds);
      if ('abs' in where) members.add(where.file ? sourceKey(where.file) : sourceKey({ path: '', absPath: where.abs }));
    }
  }
  const claimed = new Set(args.manifestProfiles.map((p) => sourceKey(p.file)));
  const stacks = args.profiles.filter((f) => !members.has(sourceKey(f)) && !claimed.has(sourceKey(f)));
  const listed = args.manifestProfiles.length > 0;
  // A member of a job stream that the listed systems neither name nor INCLUDE is an unused member of its library:
  // checked on its own (what its profile front end reports), without a finding that says so.
  const unlisted = listed ? stacks.filter((f) => !f.member) : [];
  if (listed) {
    for (const f of stacks.filter((x) => x.member)) {
      // Judged against the estate's release: no system says otherwise.
      const parsed = parseProfile(f, { symbols: new Map(), includes: resolver, release: systemRelease(args.manifest, undefined) });
      for (const x of parsed.files) register(driver, x);
      append(findings, parsed.findings);
    }
  }
  const entries: { file: SourceFile; entry?: SystemEntry }[] = [...args.manifestProfiles, ...(listed ? [] : stacks.map((file) => ({ file })))];
  const systems: System[] = [];
  const usedNames = new Set<string>();
  progress.phase('compiling profiles', entries.length);
  for (const { file, entry } of entries) {
    progress.tick();
    if (!driver.fits(file, 'profile')) continue;
    const name = uniqueName(entry?.name ?? file.member?.name ?? fileStem(file.path).toUpperCase(), usedNames);
    const symbols: Record<string, string> = { SYSNAME: name, ...(entry?.symbols ?? {}) };
    // The release a profile is judged against: the system's, else the estate's, else the newest (assumed).
    const release = systemRelease(args.manifest, entry);
    const key = JSON.stringify([driver.ws.cwd, name, entry ? 'manifest' : 'file-name', entry?.cpc?.value ?? null, symbols, release.release, release.assumed, [...release.apars]]);
    // The cache keeps stacks by file; the members of a job stream share its file, so they are compiled each time.
    const cache = file.member ? undefined : args.cache;
    const cached = cache?.get(key, file, resolver);
    let parsed: ParsedProfile;
    let system: System;
    if (cached) {
      ({ parsed, system } = cached);
      for (const f of cached.files) register(driver, f);
    } else {
      const recording = cache?.recording(resolver);
      parsed = parseProfile(file, { symbols: new Map(Object.entries(symbols)), includes: recording?.resolver ?? resolver, release, system: name });
      for (const f of parsed.files) register(driver, f);
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
      if (recording) cache!.set(key, file, parsed, system, recording.log);
    }
    append(findings, parsed.findings);
    if (file.member) system.profileMember = memberName(file.member);
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
