/**
 * The JSON Schema of plexlint.yaml, shipped as `plexlint.schema.json` at the package root for the YAML language
 * server (`# yaml-language-server: $schema=…`) and SchemaStore. It says what the loader (./index.ts) accepts — the
 * same keys (MANIFEST_KEYS, checked at compile time by the `Described` types below), the same value types and
 * ranges — with a description of every key. A test validates every fixture manifest against it and checks that
 * schema and loader agree on generated manifests; `UPDATE_SCHEMA=1 npx vitest run test/manifest-schema.test.ts`
 * writes the file.
 *
 * Draft-07: the draft the YAML language server and SchemaStore support best.
 */
import { ZOS_RELEASES } from '../../core/release.js';
import { MANIFEST_KEYS, RULE_LEVELS } from './index.js';

export type JsonSchema = { [key: string]: unknown };

/** One schema per key of a mapping: every key of MANIFEST_KEYS[K], and no other. */
type Described<K extends keyof typeof MANIFEST_KEYS> = { [P in (typeof MANIFEST_KEYS)[K][number]]: JsonSchema };

const nullable = (type: string): string[] => [type, 'null'];

/** A string as the loader reads it: YAML also gives numbers (a CPC named 2964) as scalars it accepts. */
const text = (description: string): JsonSchema => ({ type: ['string', 'number'], description });

const path = (description: string): JsonSchema => ({ type: ['string', 'number'], description: `${description} Relative to the folder of plexlint.yaml; reported when it does not exist.` });

const integer = (minimum: number, maximum: number, description: string): JsonSchema => ({ type: 'integer', minimum, maximum, description });

const list = (items: JsonSchema, description: string): JsonSchema => ({ type: nullable('array'), items, description });

/** A file or folder of captures, or a list of them. */
const captures = (description: string): JsonSchema => ({
  anyOf: [path('A capture file, or a folder of them.'), list(path('A capture file, or a folder of them.'), 'Capture files or folders.')],
  description,
});

/** A mapping from names the user chooses (systems, data sets, …) to values. */
const named = (values: JsonSchema, description: string): JsonSchema => ({ type: nullable('object'), additionalProperties: values, description });

function mapping<K extends keyof typeof MANIFEST_KEYS>(key: K, properties: Described<K>, description: string, required?: string[]): JsonSchema {
  // The loader's key list decides; the Described type already makes them the same set.
  const ordered = Object.fromEntries(MANIFEST_KEYS[key].map((k) => [k, properties[k as keyof Described<K>]]));
  return { type: required ? 'object' : nullable('object'), properties: ordered, additionalProperties: false, ...(required ? { required } : {}), description };
}

/** A z/OS release as the loader reads it: "2.5", written as a string or as a YAML number. */
const release = (description: string): JsonSchema => ({
  type: ['string', 'number'],
  enum: [...ZOS_RELEASES, ...ZOS_RELEASES.map(Number)],
  description: `${description} One of ${ZOS_RELEASES.join(', ')}; without it plexlint assumes the newest (${ZOS_RELEASES[ZOS_RELEASES.length - 1]}) and says so in check --print-config.`,
});

const apars = (description: string): JsonSchema =>
  list({ type: 'string', pattern: '^[A-Za-z]{2}[0-9]{5}$', description: 'An APAR number, for example PH54596.' }, description);

const properties = (description: string): JsonSchema => named(text('The property value (WAS stores custom properties as strings: write "true" in quotes).'), description);

function ruleSettings(ruleIds: readonly string[], description: string): JsonSchema {
  return {
    type: nullable('object'),
    propertyNames: { enum: [...ruleIds] },
    additionalProperties: { enum: [...RULE_LEVELS], description: 'off, info, warn (or warning) or error.' },
    description: `${description} Keys are rule ids (\`plexlint rules\` lists them).`,
  };
}

/** The manifest schema; `ruleIds` are the registry's rule ids (the keys `rules:` takes). */
export function manifestSchema(ruleIds: readonly string[]): JsonSchema {
  const system = mapping(
    'system',
    {
      profile: path('The TCP/IP profile (PROFILE.TCPIP) of this stack: a file, or a data set member (SYS1.TCPPARMS(PROFA1)) that plexlint finds as it finds an INCLUDEd member — through datasets:, the members an IEBUPDTE job stream of the estate adds, or a Zowe download folder (docs/zos-inputs.md).'),
      omproute: path('The OMPROUTE configuration of this stack (dynamic routing: which addresses it defines and advertises).'),
      cpc: text('The CPC (central processor complex) the system runs on: CPCSCOPE, backup and tier-2 rules compare it between systems.'),
      symbols: named(text('The value of the symbol.'), 'Static system symbols and their values: &HOSTIP. and &HOSTIP in the profile are replaced by the value (names without & and the dot).'),
      state: captures('Captures of this stack\'s reports — NETSTAT VIPADCFG, VIPADYN, VDPT, VCRT, HOME (TSO, z/OS UNIX netstat or the console\'s DISPLAY TCPIP,,NETSTAT) and DISPLAY TCPIP,,SYSPLEX,VIPADYN — that plexlint drift compares with the profile and simulate/trace --state read (docs/drift.md).'),
      release: release('The z/OS release this system runs: a statement or operand IBM introduced later is an error, one IBM removed is obsolete-statement. Replaces the estate\'s release:.'),
      apars: apars('APARs applied to this system, for operands that service brought to its release (a missing one is a warning). Replaces the estate\'s apars:.'),
    },
    'One TCP/IP stack (z/OS image).',
  );
  const loadBalancer = mapping(
    'loadBalancer',
    {
      config: path('The dscontrol configuration (a saved .cfg file or a script of dscontrol commands).'),
      scripts: path('The folder of go scripts (goActive, goStandby, goInOp, goIdle) of this machine.'),
      partner: text('The name (under loadBalancers) of the high-availability partner, checked for a consistent configuration.'),
      state: captures('Captures of this machine\'s dscontrol manager report, server report and highavailability status, that plexlint drift compares with the configuration and simulate/trace --state read (docs/drift.md).'),
    },
    'One Load Balancer (Edge Components Dispatcher) machine.',
  );
  const member = mapping(
    'gscMember',
    {
      host: text('Host name or address of the member (an ODR of the other cell).'),
      port: integer(1, 65535, 'Port of the member.'),
      weight: integer(0, 100, 'Weight of the member (with the dynamic workload manager off, 0: never routed to; with it on, the default, its computed weight replaces this one). Default 1.'),
    },
    'A member of the generic server cluster.',
    ['host', 'port'],
  );
  const gsc = mapping(
    'gsc',
    {
      name: text('Name of the generic server cluster.'),
      members: list(member, 'The ODRs of the other cell that this GSC routes to.'),
      tier: text('The ODR tier whose ODRs the GSC stands for (default: the tier of the cell\'s ODRs when they share one).'),
      properties: properties('GSC custom properties, for example enable.dwlm: "false" (the dynamic workload manager off: the configured weights are used).'),
    },
    'A generic server cluster (GSC) of the cell: the ODRs of another, unbridged cell, for cell affinity.',
  );
  const odr = mapping(
    'odr',
    {
      name: text('Name of the ODR (default host:port).'),
      host: text('Host name or address the plug-in reaches the ODR at.'),
      port: integer(1, 65535, 'Port the plug-in reaches the ODR at.'),
      tier: text('The ODR tier (multi-tier cell affinity); ODRs without one form the default tier.'),
      properties: properties('ODR custom properties, for example odrSessionIdCookieName.'),
    },
    'An on-demand router of the cell.',
    ['host', 'port'],
  );
  const cell = mapping(
    'cell',
    {
      odrs: list(odr, 'The on-demand routers (ODRs) of the cell.'),
      properties: properties('Cell custom properties, for example odrSessionAffinityEnabled: "true".'),
      gscs: list(gsc, 'Generic server clusters of the cell.'),
      bridgedWith: list(text('A cell name.'), 'Cells reached over a core group bridge or overlay: no GSC and no cell affinity needed between them.'),
      clusters: list(path('A folder of cluster.xml files.'), 'Folders holding the cell\'s cluster.xml files.'),
      clientNodes: list(text('A node name.'), 'Nodes whose EJB clients are meant to call local cluster members (prefer local).'),
    },
    'One WebSphere cell.',
  );
  const web = mapping(
    'web',
    {
      plugins: list(path('A plugin-cfg.xml file.'), 'The web server plug-in files (plugin-cfg.xml, classic or ODR-generated).'),
      cells: named(cell, 'WebSphere cells, by name.'),
    },
    'The WebSphere tier in front of the sysplex.',
  );
  const override = mapping(
    'override',
    {
      files: list(text('A glob, relative to the folder of plexlint.yaml (for example profiles/test/**).'), 'The files this override applies to.'),
      rules: ruleSettings(ruleIds, 'Rule severities for these files.'),
    },
    'Rule severities for some files.',
  );
  const top = mapping(
    'top',
    {
      systems: named(system, 'One entry per TCP/IP stack (z/OS image), by system name. Without it, every profile that no other profile INCLUDEs is one stack, named after its file.'),
      datasets: named(path('The file (for a sequential data set) or folder (for a PDS, one file per member).'), 'INCLUDE resolution: data set name → file or folder (INCLUDE USER.TCPPARMS(VIPADIST) → <folder>/VIPADIST).'),
      loadBalancers: named(loadBalancer, 'Load Balancer machines, by name.'),
      web,
      rules: ruleSettings(ruleIds, 'Rule severities for the whole estate.'),
      overrides: list(override, 'Rule severities for some files; later entries win.'),
      ignore: list(text('A gitignore pattern, relative to the folder of plexlint.yaml (for example old/ or *.bak).'), 'Files and folders a folder scan of this estate leaves out (as .plexlintignore does).'),
      release: release('The z/OS release of every system that names none of its own.'),
      apars: apars('APARs applied to every system that lists none of its own.'),
    },
    'The estate manifest of plexlint: the systems of the sysplex, INCLUDE data sets, the Load Balancer and WebSphere tiers, and rule severities. Every key is optional.',
  );
  return { $schema: 'http://json-schema.org/draft-07/schema#', title: 'plexlint.yaml', ...top };
}
