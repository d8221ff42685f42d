/**
 * The Estate: one typed model of everything plexlint read, the one data type
 * between src/model and the rules, the simulator and the diff. Its JSON form is
 * what `plexlint compile` prints (schema in docs/model.md).
 */
import type { Loc } from '../core/loc.js';
import type { Dependent } from './dependents.js';
import type { ZosRelease } from '../core/release.js';
import type { ExternalLb } from './lb.js';
import type { SystemRouting } from './routing.js';
import type { RunningState } from './running.js';
import type { DistMethod, Stack } from './stack.js';
import type { WebTier } from './web.js';

/** Bumped when the JSON shape of `plexlint compile` changes incompatibly. */
export const MODEL_VERSION = 1;

export interface System {
  name: string;
  /** Where the name came from. */
  nameSource: 'manifest' | 'file-name' | 'tcpipjobname';
  /** The z/OS release its profile is judged against: `release:` in plexlint.yaml, else the newest plexlint knows. */
  release: ZosRelease;
  /** Set when plexlint.yaml names no release for the system and plexlint assumed the newest. */
  releaseAssumed?: true;
  /** APARs plexlint.yaml lists as applied (`apars:`). */
  apars?: string[];
  cpc?: string;
  symbols: Record<string, string>;
  /** The main profile (for a member of an IEBUPDTE job stream, the job stream). */
  profile: string;
  /** The data set member the profile is, when it is a member of an IEBUPDTE job stream: SYS1.TCPPARMS(PROFA1). */
  profileMember?: string;
  /** The profile and every member it INCLUDEs. */
  files: string[];
  stack: Stack;
  /** The stack's OMPROUTE configuration and what it advertises (./routing.ts); absent when no OMPROUTE file is attached. */
  routing?: SystemRouting;
}

export interface DvipaDefinition {
  system: string;
  loc: Loc;
}

export interface DvipaOwner extends DvipaDefinition {
  moveable?: 'IMMEDIATE' | 'WHENIDLE';
  prefix?: number;
  tier?: 'TIER1' | 'TIER2';
  cpcScope: boolean;
}

export interface DvipaBackup extends DvipaDefinition {
  rank: number;
  shortForm: boolean;
  moveable?: 'IMMEDIATE' | 'WHENIDLE';
  prefix?: number;
  tier?: 'TIER1' | 'TIER2';
  cpcScope: boolean;
}

export interface ResolvedTarget {
  /** The target stack, when the DESTIP address (or ALL) resolves to one. */
  system?: string;
  /** The DESTIP dynamic XCF address (undefined for a target found through DESTIP ALL). */
  address?: string;
  via: 'destip' | 'all';
  weight?: number;
  preferred?: boolean;
  backupRank?: number;
  loc: Loc;
}

export interface Distribution {
  /** Stable id: "<system> <dvipa> <ports>", e.g. "SYSA 10.40.1.2 3000". */
  id: string;
  system: string;
  dvipa: string;
  version: 4 | 6;
  /** Empty: every port. */
  ports: { from: number; to: number }[];
  method: DistMethod;
  optLocal?: number;
  timedAffinity: number;
  sysplexPorts: boolean;
  tier?: { tier: 'TIER1' | 'TIER2'; group: string };
  routing?: 'GRE' | 'ENCAP';
  controlPort?: number;
  autoSwitchBack: boolean;
  healthSwitch: boolean;
  destipAll: boolean;
  targets: ResolvedTarget[];
  /** Whether the coding stack owns the DVIPA (VIPADEFINE) or backs it up (VIPABACKUP). */
  role: 'owner' | 'backup' | 'undefined';
  loc: Loc;
}

/** Who distributes a DVIPA after its owner fails, in takeover order. */
export interface Takeover {
  system: string;
  rank: number;
  /** Ids of the distributions the backup uses: its own VIPADISTRIBUTEs for the DVIPA, else the owner's. */
  distributions: string[];
  inherited: boolean;
}

export interface SysplexDvipa {
  address: string;
  version: 4 | 6;
  owners: DvipaOwner[];
  /** Highest rank first. */
  backups: DvipaBackup[];
  /** Ids of the distributions of this DVIPA (owner's first). */
  distributions: string[];
  takeover: Takeover[];
}

export interface Sysplex {
  /** Systems joined through dynamic XCF (they code IPCONFIG DYNAMICXCF). */
  members: string[];
  dvipas: SysplexDvipa[];
  distributions: Distribution[];
  /** DESTIP targets that name the dynamic XCF address of a rejected IPCONFIG of another stack (./dependents.ts). */
  dependents?: Dependent[];
}

export interface Estate {
  version: number;
  /** Every source file read, as shown in findings. */
  files: string[];
  systems: System[];
  sysplex: Sysplex;
  /** The WebSphere tier: plug-in files, cells, ODRs, GSCs, cluster.xml clusters (./web.ts). */
  web: WebTier;
  /** External Load Balancer (Edge Components Dispatcher) machines (./lb.ts). */
  loadBalancers: ExternalLb[];
  /**
   * What runs, from captures of the stacks' and Load Balancers' reports (./running.ts): present only when a
   * command read them (plexlint drift, --state); `check` compares the files alone.
   */
  running?: RunningState;
}

export type { DistMethod } from './stack.js';
export type { WebTier } from './web.js';
export type { ExternalLb } from './lb.js';
export type { RunningState } from './running.js';
export type { SystemRouting, RoutedAddress, RoutingConfig, RoutingInterface } from './routing.js';
