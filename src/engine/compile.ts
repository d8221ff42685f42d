/**
 * The compiler driver: sources → front ends → model. Everything a command
 * needs to lint, simulate or diff an estate starts here. The manifest is read
 * first; each tier then claims the files the manifest names for it
 * (profiles.ts, web.ts, lb.ts), the other inputs are sorted by their content,
 * and each tier compiles its files.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import { detectKind, type FileKind } from '../frontends/detect.js';
import { parseManifest, type Manifest } from '../frontends/manifest/index.js';
import { buildSysplex } from '../model/builders/sysplex.js';
import { MODEL_VERSION, type Estate } from '../model/estate.js';
import type { Encoding } from '../sources/decode.js';
import type { SourceFile } from '../sources/source-file.js';
import { silentProgress, type Progress } from '../core/progress.js';
import { commonDir, discover, type Discovery, type EstateInputs } from '../sources/discover.js';
import { manifestStaysHome } from '../sources/checkout.js';
import { FsJournal } from '../sources/fs-journal.js';
import { isReadFailure } from '../sources/read-file.js';
import { strayCopy } from '../sources/stray.js';
import { sourceFromText } from '../sources/source-file.js';
import { displayPath, MAX_MANIFEST_BYTES, openWorkspace, type ReadError, type Workspace } from '../sources/workspace.js';
import { createDriver, type Driver } from './driver.js';
import { compileLoadBalancers, registerLoadBalancerFiles } from './lb.js';
import type { CompileCache } from './compile-cache.js';
import { claimOmprouteMembers, compileRouting, registerOmprouteFiles } from './omproute.js';
import { compileRunning, readNamedCaptures, registerStateFiles } from './running.js';
import { compileSystems, registerSystemProfiles, unlistedProfile, type ManifestProfile } from './profiles.js';
import { DataSetLibrary } from './datasets.js';
import { parseIeasym } from '../frontends/ieasym/index.js';
import { EstateIncludeResolver } from '../sources/includes.js';
import { compileWeb, registerWebFiles } from './web.js';

export interface CompileOptions {
  cwd?: string;
  config?: string;
  encoding?: Encoding;
  /**
   * The file-system gateway; one journal for every estate of a run (a fresh one by default). For `diff git:<ref>`,
   * a journal over the revision's files in memory (src/sources/tree-fs.ts).
   */
  fs?: FsJournal;
  /** --no-ignore */
  noIgnore?: boolean;
  /** --ignore-pattern (relative to cwd). */
  ignorePatterns?: string[];
  /**
   * --stdin: the text stands for the file at `path` (absolute) in its estate. `alone`: no file name was given, so
   * the text is checked on its own, without a manifest. `isolated`: nothing but the text is read — no manifest, no
   * ignore file, no other file of its folder (src/sources/discover.ts).
   */
  stdin?: { path: string; text: Buffer; alone?: boolean; isolated?: boolean };
  /** No folder above this one is looked at for a manifest, `.git` or `.plexlintignore` (the language server's workspace folder). */
  ceiling?: string;
  progress?: Progress;
  /**
   * Each path on its own: no manifest is looked up and a file is not read with the other files of its folder
   * (`plexlint init` drafts a manifest from the files alone; a rule fixture is one file on its own).
   */
  alone?: boolean;
  /** Stacks and file kinds of an earlier run of this process, reused while nothing they read changed (the language server). */
  compileCache?: CompileCache;
  /**
   * Read the running state (docs/drift.md): the captures plexlint.yaml names and the folder scan finds, and
   * `captures` (paths the command names, relative to cwd). Without it, captures are left aside.
   */
  running?: { captures?: string[] };
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
  /** The estate's inputs as discovery found them. */
  inputs: EstateInputs;
  /** Profiles that an authoritative manifest does not list (absolute): each is checked on its own. */
  unlisted: string[];
  /** Paths and globs given that gave no file (compile() and lint() only). */
  unmatched: string[];
}

/** The estates of a run: what discovery found, on one journalled file system. */
export interface EstatePlan {
  discovery: Discovery;
  fs: FsJournal;
  cwd: string;
  /** Read errors of the paths given (a path that does not exist). */
  readErrors: ReadError[];
}

/** One estate of several, and the path that names it alone. */
export interface EstateChoice {
  /** What to pass instead: the estate's folder — or its manifest, or its files, when its folder holds another estate too. */
  pass: string;
  /** What it is: its manifest, or that it has none. */
  what: string;
}

/** Paths on the command line that name more than one estate, where a command works on one. */
export class EstateCountError extends Error {
  constructor(
    /** The paths as given ('.' for none). */
    readonly given: string,
    readonly choices: EstateChoice[],
  ) {
    const { message, lines } = estateCountMessage(given, choices, 'this command');
    super([message, ...lines].join('\n'));
  }
}

/** Choices up to this long are aligned in a column; longer ones are not padded to. */
const MAX_ALIGNED_CHOICE = 48;

/** "prod holds 2 estates; compile works on one at a time. Name the one you mean:" and a line per estate with what to pass. */
export function estateCountMessage(given: string, choices: EstateChoice[], command: string, where = ''): { message: string; lines: string[] } {
  // Aligned on the folder names; a longer choice (the files of an estate without a manifest) is not padded to.
  const width = Math.max(0, ...choices.map((c) => c.pass.length).filter((n) => n <= MAX_ALIGNED_CHOICE));
  const lines = choices.map((c) => `  ${c.pass.padEnd(width)}  (${c.what})`);
  return { message: `${given} holds ${choices.length} estates; ${command} works on one at a time. Name the one you mean${where}:`, lines };
}

/** Files of an estate without a manifest named one by one, up to this many. */
const LISTED_FILES = 4;

/** For each estate, the path that names it and no other (docs/estates.md). */
function estateChoices(estates: EstateInputs[], cwd: string): EstateChoice[] {
  const show = (abs: string): string => displayPath(cwd, abs) || '.';
  const holdsOther = (dir: string, self: EstateInputs): boolean =>
    estates.some((e) => e !== self && (e.manifest ? isInside(dir, dirname(e.manifest)) : e.files.some((f) => isInside(dir, f))));
  return estates.map((e) => {
    if (e.manifest) {
      const dir = dirname(e.manifest);
      // A folder that holds a nested estate names both: its manifest names its own estate alone.
      return { pass: holdsOther(dir, e) ? show(e.manifest) : folderName(cwd, dir), what: `${show(e.manifest)}${holdsOther(dir, e) ? ', whose folder holds another estate' : ''}` };
    }
    const dir = commonDir(e.files.map((f) => dirname(f)), e.root);
    if (!holdsOther(dir, e)) return { pass: folderName(cwd, dir), what: 'no plexlint.yaml' };
    const files = e.files.map(show);
    return files.length <= LISTED_FILES
      ? { pass: files.join(' '), what: 'files without a plexlint.yaml' }
      : { pass: `${files.slice(0, LISTED_FILES).join(' ')} …`, what: `${files.length} files without a plexlint.yaml; a plexlint.yaml in ${folderName(cwd, dir)} would make them an estate of their own` };
  });
}

function isInside(dir: string, abs: string): boolean {
  const rel = relative(dir, abs);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A folder as the user names it: relative to the working directory, '.' for it. */
function folderName(cwd: string, dir: string): string {
  const rel = relative(cwd, dir);
  return rel === '' ? '.' : displayPath(cwd, dir);
}

/** Discover the estates of the paths given (src/sources/discover.ts). */
export function planEstates(paths: string[], options: CompileOptions = {}): EstatePlan {
  const fs = options.fs ?? new FsJournal();
  const cwd = options.cwd ?? process.cwd();
  const show = (abs: string): string => displayPath(cwd, abs);
  if (options.stdin) fs.overlay(options.stdin.path, options.stdin.text);
  const discovery = discover(paths, {
    fs,
    cwd,
    ...(options.stdin?.alone || options.alone ? { noLookup: true } : {}),
    ...(options.stdin?.isolated ? { isolated: true } : {}),
    ...(options.ceiling !== undefined ? { ceiling: options.ceiling } : {}),
    display: show,
    ...(options.config ? { config: resolve(cwd, options.config) } : {}),
    ...(options.noIgnore || options.stdin?.isolated ? { noIgnore: true } : {}),
    ...(options.ignorePatterns?.length ? { patterns: options.ignorePatterns } : {}),
    manifestIgnores: (abs) => {
      const patterns = manifestIgnorePatterns(fs, abs, show(abs));
      return patterns.length ? { patterns, display: show(abs) } : undefined;
    },
  });
  const readErrors: ReadError[] = discovery.missing.map((abs) => ({ path: show(abs), message: 'does not exist', explicit: true }));
  for (const r of discovery.refused) readErrors.push({ path: show(r.path), message: r.why, explicit: true });
  if (options.config && !fs.exists(resolve(cwd, options.config))) readErrors.push({ path: show(resolve(cwd, options.config)), message: 'does not exist (--config)', explicit: true });
  return { discovery, fs, cwd, readErrors };
}

/** The manifest's `ignore:` patterns, read for discovery (a manifest that cannot be read has none). */
function manifestIgnorePatterns(fs: FsJournal, abs: string, shown: string): string[] {
  // A manifest that links out of its folder is refused when the estate is read; its patterns are never used.
  if (!manifestStaysHome(abs, fs)) return [];
  const bytes = fs.read(abs, MAX_MANIFEST_BYTES);
  if (isReadFailure(bytes)) return [];
  const { manifest } = parseManifest(sourceFromText(shown, bytes.toString('utf8'), abs), dirname(abs), (p) => fs.exists(p));
  return manifest.ignore.map((i) => i.value);
}

/** The estates of paths that must name one (compile, trace, init…): more than one is an EstateCountError. */
export function planOneEstate(paths: string[], options: CompileOptions = {}): EstatePlan {
  const plan = planEstates(paths, options);
  const { estates } = plan.discovery;
  if (estates.length > 1) throw new EstateCountError(paths.join(' ') || '.', estateChoices(estates, plan.cwd));
  return plan;
}

/** Compile the one estate the paths name (trace, simulate, compile, diff); more than one is an EstateCountError. */
export function compile(paths: string[], options: CompileOptions = {}): CompileResult {
  const plan = planOneEstate(paths, options);
  const estate = plan.discovery.estates[0] ?? { root: plan.cwd, files: [], explicit: new Set<string>() };
  const result = compileEstate(estate, plan, options);
  addPlanReadErrors(result, plan);
  result.unmatched = plan.discovery.unmatched;
  return result;
}

/** Add the plan's read errors to an estate's; the workspace reports a missing --config manifest too (src/sources/workspace.ts): say it once. */
export function addPlanReadErrors(result: CompileResult, plan: EstatePlan): void {
  const said = new Set(result.readErrors.map((e) => `${e.path}\0${e.message}`));
  for (const e of plan.readErrors) if (!said.has(`${e.path}\0${e.message}`)) result.readErrors.push(e);
}

/**
 * Compile one estate. `standalone`: the estate is one profile an authoritative manifest does not list, checked on
 * its own: the manifest still maps INCLUDE data sets and sets rule severities, but its systems, load balancers and
 * web tier are not part of it.
 */
export function compileEstate(inputs: EstateInputs, plan: EstatePlan, options: CompileOptions & { standalone?: boolean } = {}): CompileResult {
  const ws = openWorkspace(inputs, plan.discovery, { cwd: plan.cwd, fs: plan.fs, ...(options.encoding ? { encoding: options.encoding } : {}) });
  const progress = options.progress ?? silentProgress;
  const driver = createDriver(ws);
  const { kinds } = driver;
  const findings: Finding[] = [];

  let manifest: Manifest | undefined;
  if (ws.manifestPath) {
    const mf = driver.read(ws.manifestPath, true);
    if (mf) {
      const parsed = parseManifest(mf, dirname(ws.manifestPath), (p) => ws.mayExist(p));
      manifest = parsed.manifest;
      if (!options.standalone) append(findings, parsed.findings);
      kinds.set(mf.path, 'manifest');
    }
  }
  const named = options.standalone ? undefined : manifest;

  // INCLUDEs (and manifest profiles written as data set members) find their members through `datasets:`, the members
  // the estate's IEBUPDTE job streams add, and Zowe download folders (src/sources/includes.ts).
  const library = new DataSetLibrary(driver);
  const resolver = new EstateIncludeResolver(ws, (manifest?.datasets ?? []).map((d) => ({ name: d.name, abs: d.path.abs })), library);
  // Files the manifest names have a known kind; the rest of the inputs are sorted by their content.
  let manifestProfiles: ManifestProfile[];
  if (options.standalone) manifestProfiles = copiedSystem(manifest, inputs, driver);
  else {
    const registered = registerSystemProfiles(named, driver, resolver);
    manifestProfiles = registered.profiles;
    append(findings, registered.findings);
  }
  const manifestOmproute = registerOmprouteFiles(named, driver);
  const manifestWeb = registerWebFiles(named, driver);
  const manifestLbs = registerLoadBalancerFiles(named, driver);
  const manifestState = registerStateFiles(named, driver);
  const byKind = new Map<FileKind, SourceFile[]>();
  /** Files named on the command line whose kind their content does not tell: unknown unless a stack INCLUDEs them. */
  const unknownNamed: SourceFile[] = [];
  progress.phase('reading files', ws.inputs.length);
  for (const abs of ws.inputs) {
    progress.tick();
    if (abs === ws.manifestPath) continue;
    const f = driver.read(abs);
    if (!f || kinds.has(f.path)) continue;
    const kind = options.compileCache ? options.compileCache.kindOf(f, detectKind) : detectKind(f);
    if (kind === 'unknown' && ws.explicit.has(abs)) {
      unknownNamed.push(f);
      continue;
    }
    if (kind === 'manifest') continue;
    kinds.set(f.path, kind);
    const list = byKind.get(kind) ?? [];
    list.push(f);
    byKind.set(kind, list);
    if (kind !== 'iebupdte') continue;
    // A job stream is read as the members it adds: each one an input of its own kind (a profile is compiled).
    const stream = library.addInput(f);
    append(findings, stream.findings);
    for (const m of stream.members) {
      const same = byKind.get(m.kind) ?? [];
      same.push(m.file);
      byKind.set(m.kind, same);
    }
  }
  // Files an OMPROUTE configuration INCLUDEs are OMPROUTE files, however they look on their own.
  claimOmprouteMembers(byKind, manifestOmproute, driver, manifest?.datasets ?? []);
  const found = (kind: FileKind): SourceFile[] => byKind.get(kind) ?? [];

  // IEASYMxx members are read for plexlint init; check reports what the system would reject in them (IEA012E).
  for (const f of [...found('ieasym'), ...library.inputMembersOfKind('ieasym')]) append(findings, parseIeasym(f).findings);
  const profiles = compileSystems({ resolver, ...(manifest ? { manifest } : {}), manifestProfiles, profiles: found('profile'), driver, progress, ...(options.compileCache ? { cache: options.compileCache } : {}) });
  append(findings, profiles.findings);
  append(findings, library.lateFindings);
  // A copy beside the files (src/sources/stray.ts) is not read: one note each says why it takes no part.
  for (const abs of inputs.strays ?? []) findings.push(strayCopyFinding(ws.display(abs), strayCopy(abs) ?? 'a copy'));
  // A member of comments only tells nothing by its content, but a stack that INCLUDEs it makes it part of a profile.
  const included = new Set(profiles.systems.flatMap((s) => s.files));
  for (const f of unknownNamed) {
    if (included.has(f.path)) continue;
    findings.push({
      ruleId: 'unknown-file-kind',
      loc: f.lines.loc(f.path, 0, 0),
      message: `plexlint cannot tell what kind of file this is (TCP/IP profile, OMPROUTE configuration, dscontrol script, plugin-cfg.xml, cluster.xml, serverindex.xml, virtualhosts.xml, IEBUPDTE job stream, TCP/IP procedure, IEASYMxx, plexlint.yaml), so it is not checked.`,
    });
  }
  // An unlisted profile is checked on its own (src/engine/lint.ts), and says so there.
  for (const f of profiles.unlisted) {
    driver.sources.delete(f.path);
    kinds.delete(f.path);
  }
  // A member of a data set that `datasets:` maps, which no profile INCLUDEs, is an unused member of the PDS, not a
  // copy of a profile: it is checked on its own without saying so.
  const isMember = (f: SourceFile): boolean => f.member !== undefined || (manifest?.datasets ?? []).some((d) => f.absPath.startsWith(d.path.abs + sep));
  if (options.standalone && manifest) for (const f of [...found('profile'), ...manifestProfiles.map((p) => p.file)]) if (!isMember(f)) findings.push(unlistedProfile(f, manifest));
  const web = compileWeb({ manifest: named, manifestFiles: manifestWeb, plugins: found('plugin-cfg'), clusterXmls: found('cluster-xml'), serverIndexes: found('serverindex-xml'), virtualHosts: found('virtualhosts-xml'), driver });
  append(findings, web.findings);
  // Load balancers are matched to the systems above (their servers are the systems' addresses).
  const lbs = compileLoadBalancers({ manifestLbs, dscontrol: found('dscontrol'), goscripts: found('goscript'), systems: profiles.systems, driver });
  append(findings, lbs.findings);

  const sysplex = timed('model', () => buildSysplex(profiles.systems));
  // What each stack advertises depends on its profile (and the sysplex's distributions) and its OMPROUTE file.
  append(findings, compileRouting({ manifestFiles: manifestOmproute, found: found('omproute'), systems: profiles.systems, sysplex, driver, datasets: manifest?.datasets ?? [] }));

  let running: Estate['running'];
  if (options.running && !options.standalone) {
    const named = readNamedCaptures(options.running.captures ?? [], driver, plan.cwd, options.encoding);
    const r = compileRunning({ manifestCaptures: manifestState, found: [...found('capture'), ...named], systems: profiles.systems, lbs: lbs.loadBalancers });
    append(findings, r.findings);
    running = r.running;
  }

  const estate: Estate = {
    version: MODEL_VERSION,
    files: [...driver.sources.keys()].sort(),
    systems: profiles.systems,
    sysplex,
    web: web.web,
    loadBalancers: lbs.loadBalancers,
    ...(running ? { running } : {}),
  };
  return {
    estate,
    findings: dedupe(findings),
    sources: driver.sources,
    readErrors: driver.readErrors,
    workspace: ws,
    kinds,
    inputs,
    unlisted: profiles.unlisted.map((f) => f.absPath),
    unmatched: [],
    ...(manifest ? { manifest } : {}),
  };
}

function strayCopyFinding(file: string, kind: string): Finding {
  return {
    ruleId: 'stray-copy',
    loc: { file, line: 1, column: 1, endLine: 1, endColumn: 1 },
    message:
      `this file looks like ${kind}, so plexlint does not read it and counts it in no part of the estate: not a stack, a Load Balancer or a plug-in file, with or without plexlint.yaml. ` +
      `Delete it (version control keeps the old versions), or add it to .gitignore or .plexlintignore to leave it out without this note; to check it, give it a name of its own.`,
  };
}

/**
 * Another version of a listed system's profile kept beside it (SYSA.tcpip.prev, SYSA.tcpip.v2 next to SYSA.tcpip;
 * a backup such as SYSA.tcpip.bak is a stray copy, never read) is checked as that system: with its name, CPC and
 * symbols, so that it is read as the stack would read it.
 */
function copiedSystem(manifest: Manifest | undefined, inputs: EstateInputs, driver: Driver): ManifestProfile[] {
  const [abs] = inputs.files;
  if (!manifest || !abs) return [];
  const entry = manifest.systems.find((s) => s.profile && dirname(s.profile.abs) === dirname(abs) && abs.startsWith(s.profile.abs) && abs !== s.profile.abs);
  const file = entry ? driver.read(abs) : undefined;
  if (!entry || !file) return [];
  driver.kinds.set(file.path, 'profile');
  return [{ entry, file }];
}

/**
 * A member included by two stacks is parsed twice; report its findings once. The findings at one start are
 * compared in full; no key holding the message is built for each finding (a hostile profile has hundreds of
 * thousands of findings, each with a message of a few hundred characters).
 */
function dedupe(findings: Finding[]): Finding[] {
  const byFile = new Map<string, Map<string, Finding[]>>();
  return findings.filter((f) => {
    let atStart = byFile.get(f.loc.file);
    if (!atStart) byFile.set(f.loc.file, (atStart = new Map()));
    const start = `${f.loc.line}:${f.loc.column}`;
    const same = atStart.get(start);
    if (!same) {
      atStart.set(start, [f]);
      return true;
    }
    // A finding of one system's release (Finding.system) is its own: the engine names the systems that share it.
    if (same.some((g) => g.ruleId === f.ruleId && g.system === f.system && g.loc.endLine === f.loc.endLine && g.loc.endColumn === f.loc.endColumn && g.message === f.message)) return false;
    same.push(f);
    return true;
  });
}
