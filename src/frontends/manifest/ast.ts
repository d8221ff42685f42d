/** The estate manifest (plexlint.yaml, docs/estates.md) as the front end hands it on. */
import type { Loc } from '../../core/loc.js';
import type { ZosRelease } from '../../core/release.js';

export interface Located<T> {
  value: T;
  loc: Loc;
}

/** A path from the manifest, relative to the manifest's folder. */
export interface PathRef {
  /** As written. */
  value: string;
  /** Absolute path. */
  abs: string;
  loc: Loc;
  /**
   * A data set member written where a path may be (`profile: SYS1.TCPPARMS(PROFA1)`), upper case: the engine finds it
   * as it finds an INCLUDEd member (docs/zos-inputs.md). Set only when no file of that name exists.
   */
  dataset?: string;
}

export interface SystemEntry {
  name: string;
  loc: Loc;
  profile?: PathRef;
  /** The system's OMPROUTE configuration file. */
  omproute?: PathRef;
  cpc?: Located<string>;
  symbols: Record<string, string>;
  /** Captures of the stack's reports (NETSTAT VIPADCFG, VIPADYN, VDPT, VCRT, HOME …): files, or folders of them (docs/drift.md). */
  state?: PathRef[];
  /** The z/OS release of the system (`systems.<name>.release`); without it, the estate's `release:`. */
  release?: Located<ZosRelease>;
  /** APARs applied to the system (`systems.<name>.apars`, upper case); without it, the estate's `apars:`. */
  apars?: Located<string>[];
}

export interface DatasetEntry {
  name: string;
  path: PathRef;
  loc: Loc;
}

export interface LoadBalancerEntry {
  name: string;
  loc: Loc;
  config?: PathRef;
  scripts?: PathRef;
  partner?: Located<string>;
  /** Captures of the machine's dscontrol reports (manager report, server report, highavailability status): files or folders. */
  state?: PathRef[];
}

export interface OdrEntry {
  name: string;
  host: string;
  port: number;
  loc: Loc;
  /** The ODR tier (multi-tier cell affinity); ODRs without one form the default tier. */
  tier?: Located<string>;
  /** ODR custom properties, e.g. odrSessionIdCookieName. Null prototype. */
  properties: Record<string, Located<string>>;
}

export interface GscMember {
  host: string;
  port: number;
  weight: number;
  loc: Loc;
}

export interface GscEntry {
  name: string;
  members: GscMember[];
  loc: Loc;
  /** The ODR tier whose ODRs the GSC stands for (default: the tier of the cell's ODRs). */
  tier?: Located<string>;
  /** GSC custom properties (enable.dwlm). Null prototype. */
  properties: Record<string, Located<string>>;
}

export interface CellEntry {
  name: string;
  loc: Loc;
  odrs: OdrEntry[];
  properties: Record<string, Located<string>>;
  gscs: GscEntry[];
  bridgedWith: Located<string>[];
  clusters: PathRef[];
  clientNodes: Located<string>[];
}

export interface RuleSetting {
  level: 'off' | 'info' | 'warn' | 'error';
  /** The value. */
  loc: Loc;
  /** The rule id (the key). */
  keyLoc: Loc;
}

export interface Override {
  files: string[];
  rules: Record<string, RuleSetting>;
  loc: Loc;
}

export interface Manifest {
  file: string;
  /** Absolute folder of the manifest: relative paths start here. */
  dir: string;
  systems: SystemEntry[];
  datasets: DatasetEntry[];
  loadBalancers: LoadBalancerEntry[];
  web: { plugins: PathRef[]; cells: CellEntry[] };
  rules: Record<string, RuleSetting>;
  overrides: Override[];
  /** `ignore:` patterns (gitignore syntax, relative to the manifest's folder): files the estate leaves out. */
  ignore: Located<string>[];
  /** The z/OS release of every system that names none of its own (`release:`). */
  release?: Located<ZosRelease>;
  /** APARs applied to every system that lists none of its own (`apars:`, upper case). */
  apars?: Located<string>[];
}
