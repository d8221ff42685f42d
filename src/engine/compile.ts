/**
 * The compiler driver: sources → front ends → model. Everything a command
 * needs to lint, simulate or diff an estate starts here.
 */
import { append } from '../core/append.js';
import { basename, dirname, sep } from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import { detectKind, type FileKind } from '../frontends/detect.js';
import { parseManifest, type Manifest } from '../frontends/manifest/index.js';
import { parseProfile } from '../frontends/profile/index.js';
import { parsePlugin, type PluginAst } from '../frontends/plugin/index.js';
import { parseClusterXml } from '../frontends/was/index.js';
import { buildWeb, type ClusterXmlInput } from '../model/build/web.js';
import { buildSystem } from '../model/build/system.js';
import { buildSysplex } from '../model/build/sysplex.js';
import { compileLoadBalancers, registerLoadBalancerFiles } from './lb.js';
import { MODEL_VERSION, type Estate, type System } from '../model/estate.js';
import type { Encoding } from '../sources/decode.js';
import { EstateIncludeResolver, scanIncludes } from '../sources/includes.js';
import type { SourceFile } from '../sources/source-file.js';
import { loadWorkspace, type ReadError, type Workspace } from '../sources/workspace.js';
import { memoryShortfall } from './memory.js';

export interface CompileOptions {
  cwd?: string;
  config?: string;
  encoding?: Encoding;
}

export interface CompileResult {
  estate: Estate;
  findings: Finding[];
  /** Every file read, by display path. */
  sources: Map<string, SourceFile>;
  /** Files that could not be read (exit 2 when named explicitly). */
  readErrors: ReadError[];
  manifest?: Manifest;
  workspace: Workspace;
  kinds: Map<string, FileKind>;
}

function isSource(x: SourceFile | ReadError): x is SourceFile {
  return 'text' in x;
}

export function compile(paths: string[], options: CompileOptions = {}): CompileResult {
  const ws = loadWorkspace(paths, options);
  const findings: Finding[] = [];
  const sources = new Map<string, SourceFile>();
  const readErrors: ReadError[] = [...ws.errors];
  const kinds = new Map<string, FileKind>();
  const read = (abs: string, explicit = ws.explicit.has(abs)): SourceFile | undefined => {
    const f = ws.read(abs);
    if (!isSource(f)) {
      if (!readErrors.some((e) => e.path === f.path)) readErrors.push(explicit ? { ...f, explicit } : f);
      return undefined;
    }
    sources.set(f.path, f);
    return f;
  };

  let manifest: Manifest | undefined;
  if (ws.manifestPath) {
    const mf = read(ws.manifestPath, true);
    if (mf) {
      const parsed = parseManifest(mf, dirname(ws.manifestPath), (p) => ws.fs.exists(p));
      manifest = parsed.manifest;
      append(findings, parsed.findings);
      kinds.set(mf.path, 'manifest');
    }
  }

  // Sort the inputs by kind. Files the manifest names have a known kind.
  const byKind = new Map<FileKind, SourceFile[]>();
  const add = (kind: FileKind, f: SourceFile): void => {
    if (kinds.has(f.path)) return;
    kinds.set(f.path, kind);
    const list = byKind.get(kind) ?? [];
    list.push(f);
    byKind.set(kind, list);
  };
  const systemProfiles = new Map<string, { entry: Manifest['systems'][number]; file: SourceFile }>();
  // A manifest path that does not exist already has its manifest-missing-file finding;
  // any other read error of a file the manifest names ends the run (exit 2).
  const named = (abs: string): SourceFile | undefined => (ws.fs.exists(abs) ? read(abs, true) : undefined);
  for (const sys of manifest?.systems ?? []) {
    if (!sys.profile) continue;
    const f = named(sys.profile.abs);
    if (f) {
      systemProfiles.set(f.path, { entry: sys, file: f });
      kinds.set(f.path, 'profile');
    }
  }
  // The web tier's files the manifest names: plug-in files, and the cluster.xml files in each cell's `clusters` folders.
  const webPlugins: SourceFile[] = [];
  const webClusters: { file: SourceFile; cell?: string }[] = [];
  for (const p of manifest?.web.plugins ?? []) {
    const f = named(p.abs);
    if (f && !kinds.has(f.path)) {
      kinds.set(f.path, 'plugin-cfg');
      webPlugins.push(f);
    }
  }
  let estateFiles: string[] | undefined;
  for (const cell of manifest?.web.cells ?? []) {
    for (const folder of cell.clusters) {
      if (!ws.contains(folder.abs)) {
        const path = ws.display(folder.abs);
        if (!readErrors.some((e) => e.path === path)) readErrors.push({ path, message: 'is outside the estate being checked; plexlint does not read it', explicit: true });
        continue;
      }
      estateFiles ??= ws.allFiles();
      for (const abs of estateFiles.filter((x) => x.startsWith(folder.abs + sep) || x === folder.abs)) {
        const f = read(abs);
        if (!f || kinds.has(f.path)) continue;
        if (basename(abs).toLowerCase() !== 'cluster.xml' && detectKind(f) !== 'cluster-xml') continue;
        kinds.set(f.path, 'cluster-xml');
        webClusters.push({ file: f, cell: cell.name });
      }
    }
  }

  const manifestLbs = registerLoadBalancerFiles(manifest, ws, read, kinds);
  for (const abs of ws.inputs) {
    if (abs === ws.manifestPath) continue;
    const f = read(abs);
    if (!f) continue;
    if (kinds.has(f.path)) continue;
    let kind = detectKind(f);
    if (kind === 'unknown' && ws.explicit.has(abs)) {
      findings.push({
        ruleId: 'unknown-file-kind',
        loc: f.lines.loc(f.path, 0, 0),
        message: `plexlint cannot tell what kind of file this is (TCP/IP profile, dscontrol script, plugin-cfg.xml, cluster.xml, plexlint.yaml), so it is not checked.`,
      });
      continue;
    }
    if (kind === 'manifest') continue;
    add(kind, f);
  }

  // Profiles: a file that another profile INCLUDEs is a member, not a stack of its own.
  const resolver = new EstateIncludeResolver(
    ws,
    (manifest?.datasets ?? []).map((d) => ({ name: d.name, abs: d.path.abs })),
  );
  const profiles = byKind.get('profile') ?? [];
  const members = new Set<string>();
  for (const f of [...profiles, ...[...systemProfiles.values()].map((s) => s.file)]) {
    for (const ds of scanIncludes(f.text)) {
      const where = resolver.locate(ds);
      if ('abs' in where) members.add(ws.display(where.abs));
    }
  }
  const systems: System[] = [];
  const entries: { file: SourceFile; entry?: Manifest['systems'][number] }[] = [
    ...[...systemProfiles.values()].map(({ file, entry }) => ({ file, entry })),
    ...profiles.filter((f) => !members.has(f.path)).map((file) => ({ file })),
  ];
  const usedNames = new Set<string>();
  /** A file too large for the heap that is left: an explicit read error (exit 2), not an out-of-memory abort. */
  const fits = (f: SourceFile, kind: 'profile' | 'xml'): boolean => {
    const short = memoryShortfall(kind, f.text.length);
    if (short) readErrors.push({ path: f.path, message: short, explicit: true });
    return short === undefined;
  };
  for (const { file, entry } of entries) {
    if (!fits(file, 'profile')) continue;
    const fromFile = basename(file.path).replace(/\.[^.]*$/, '').toUpperCase();
    const name = uniqueName(entry?.name ?? fromFile, usedNames);
    const symbols: Record<string, string> = { SYSNAME: name, ...(entry?.symbols ?? {}) };
    const parsed = parseProfile(file, { symbols: new Map(Object.entries(symbols)), includes: resolver });
    for (const f of parsed.files) {
      sources.set(f.path, f);
      kinds.set(f.path, 'profile');
    }
    append(findings, parsed.findings);
    const system = timed('model', () => buildSystem({
      name,
      nameSource: entry ? 'manifest' : 'file-name',
      ...(entry?.cpc ? { cpc: entry.cpc.value } : {}),
      symbols,
      parsed,
    }));
    systems.push(system);
  }

  // The web tier.
  const pluginAsts: PluginAst[] = [];
  for (const f of [...webPlugins, ...(byKind.get('plugin-cfg') ?? [])]) {
    if (!fits(f, 'xml')) continue;
    const parsed = timed('parse', () => parsePlugin(f));
    append(findings, parsed.findings);
    pluginAsts.push(parsed.ast);
  }
  const clusterInputs: ClusterXmlInput[] = [];
  const scanned: { file: SourceFile; cell?: string }[] = (byKind.get('cluster-xml') ?? []).map((file) => ({ file }));
  for (const { file, cell } of [...webClusters, ...scanned]) {
    if (!fits(file, 'xml')) continue;
    const parsed = timed('parse', () => parseClusterXml(file));
    append(findings, parsed.findings);
    clusterInputs.push(cell === undefined ? { ast: parsed.ast } : { ast: parsed.ast, cell });
  }
  const web = timed('model', () => buildWeb({ plugins: pluginAsts, clusterXmls: clusterInputs, cells: manifest?.web.cells ?? [] }));
  append(findings, web.findings);

  // Load balancers: dscontrol configurations and go scripts, matched to the systems above.
  const lbs = compileLoadBalancers({
    manifestLbs,
    dscontrol: byKind.get('dscontrol') ?? [],
    goscripts: byKind.get('goscript') ?? [],
    systems,
    ws,
    read,
    kinds,
  });
  append(findings, lbs.findings);

  const estate: Estate = {
    version: MODEL_VERSION,
    files: [...sources.keys()].sort(),
    systems,
    sysplex: timed('model', () => buildSysplex(systems)),
    web: web.web,
    loadBalancers: lbs.loadBalancers,
  };
  return { estate, findings: dedupe(findings), sources, readErrors, workspace: ws, kinds, ...(manifest ? { manifest } : {}) };
}

function uniqueName(name: string, used: Set<string>): string {
  let n = name;
  for (let i = 2; used.has(n); i++) n = `${name}_${i}`;
  used.add(n);
  return n;
}

/** A member included by two stacks is parsed twice; report its findings once. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.ruleId}|${f.loc.file}|${f.loc.line}|${f.loc.column}|${f.loc.endLine}|${f.loc.endColumn}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
