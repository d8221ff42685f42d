/**
 * The TCP/IP profile part of the compiler driver: which profiles are stacks, their names and symbols, the
 * profile front end and the per-system model builder.
 *
 * - With a manifest, `systems.<name>.profile` is that system's profile, with its `symbols` and `cpc`.
 * - Any other profile found is a stack of its own, named after its file (SYSA.tcpip → SYSA), unless another
 *   profile INCLUDEs it: then it is a member of that stack.
 * - &SYSNAME. resolves to the system's name; the manifest's static symbols add to it.
 */
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import type { Manifest } from '../frontends/manifest/index.js';
import { parseProfile } from '../frontends/profile/index.js';
import { buildSystem } from '../model/build/system.js';
import type { System } from '../model/estate.js';
import { EstateIncludeResolver, scanIncludes } from '../sources/includes.js';
import type { SourceFile } from '../sources/source-file.js';
import { fileStem, uniqueName, type Driver } from './driver.js';

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
}

export function compileSystems(args: {
  manifest: Manifest | undefined;
  manifestProfiles: ManifestProfile[];
  /** Profiles found by the folder scan. */
  profiles: SourceFile[];
  driver: Driver;
}): CompiledSystems {
  const { manifest, driver } = args;
  const findings: Finding[] = [];
  const resolver = new EstateIncludeResolver(
    driver.ws,
    (manifest?.datasets ?? []).map((d) => ({ name: d.name, abs: d.path.abs })),
  );
  // A file that another profile INCLUDEs is a member, not a stack of its own.
  const members = new Set<string>();
  for (const f of [...args.profiles, ...args.manifestProfiles.map((s) => s.file)]) {
    for (const ds of scanIncludes(f.text)) {
      const where = resolver.locate(ds);
      if ('abs' in where) members.add(driver.ws.display(where.abs));
    }
  }
  const entries: { file: SourceFile; entry?: SystemEntry }[] = [
    ...args.manifestProfiles,
    ...args.profiles.filter((f) => !members.has(f.path)).map((file) => ({ file })),
  ];
  const systems: System[] = [];
  const usedNames = new Set<string>();
  for (const { file, entry } of entries) {
    if (!driver.fits(file, 'profile')) continue;
    const name = uniqueName(entry?.name ?? fileStem(file.path).toUpperCase(), usedNames);
    const symbols: Record<string, string> = { SYSNAME: name, ...(entry?.symbols ?? {}) };
    const parsed = parseProfile(file, { symbols: new Map(Object.entries(symbols)), includes: resolver });
    for (const f of parsed.files) {
      driver.sources.set(f.path, f);
      driver.kinds.set(f.path, 'profile');
    }
    append(findings, parsed.findings);
    const system = timed('model', () =>
      buildSystem({
        name,
        nameSource: entry ? 'manifest' : 'file-name',
        ...(entry?.cpc ? { cpc: entry.cpc.value } : {}),
        symbols,
        parsed,
      }),
    );
    systems.push(system);
  }
  return { systems, findings };
}
