/**
 * `plexlint diff`: semantic changes, behaviour delta and findings delta of two
 * estates — or of every estate of two sides, paired by folder (./estates.ts),
 * each pair compared on its own. Every stage is linear in the size of the two
 * estates (docs/review.md "How long a diff takes"); the behaviour delta
 * simulates only the flows whose inputs changed.
 */
import { posix, relative, sep } from 'node:path';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { planEstates, type EstatePlan } from '../engine/compile.js';
import { lintEstate, type LintOptions, type LintResult } from '../engine/lint.js';
import { graphDelta } from '../graph/delta.js';
import type { Graph } from '../graph/types.js';
import type { Estate } from '../model/estate.js';
import type { EstateInputs } from '../sources/discover.js';
import { behaviourDelta, type BehaviourChange } from './behaviour.js';
import { displayChanges, displayFindings, displayPath } from './display.js';
import { pairEstates, type EstatePair } from './estates.js';
import { emptyEstate } from '../model/builders/empty.js';
import { findingsDelta, type FindingsDelta } from './findings.js';
import type { FlowSource } from './flows.js';
import { diffModels, type Change } from './model-diff.js';
import { readScenarios, ScenarioFileError, scenarioFlows, type ScenarioFile } from './scenarios.js';
import { openSide, SideError, type Side } from './sides.js';

/** What the report says about the files of a diff: each by the name the report gives it. */
export type DiffFiles = Map<string, { file: string; system?: string }>;

/** The differences of one estate: the same on both sides, changed, or only on one side. */
export interface EstateDiff {
  /** The estate's folder below the sides' roots ('.' for the root), as the user's working directory names it. */
  estate: string;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
  /** The estate's manifest on each side, by the name the report gives it (none: no plexlint.yaml there). */
  manifest: { before?: string; after?: string };
  changes: Change[];
  behaviour: BehaviourChange[];
  /** Flows of the routing delta: their outcome worked out on both sides and compared, or skipped because their inputs are the same. */
  flows: { compared: number; skipped: number };
  findings: FindingsDelta;
  /**
   * Every file of both sides by the name the report gives it: the file it is
   * (named as on the new side when it is there too) and the system it belongs
   * to, for the summaries per file and per system.
   */
  files: DiffFiles;
  /** With `diagram`: the flows whose routing changed, as a graph (undefined when none changed). */
  diagram?: Graph;
}

export interface DiffResult extends Omit<EstateDiff, 'estate' | 'status' | 'manifest'> {
  before: string;
  after: string;
  /**
   * Every estate of either side, paired by folder, in folder order: one entry when each side holds one estate.
   * The fields of the result itself are those of all estates together (the single estate's when there is one).
   */
  estates: EstateDiff[];
  /** How long the diff took, in milliseconds. */
  ms: number;
}

/** The order of estates in a result. */
export const STATUS_ORDER: readonly EstateDiff['status'][] = ['changed', 'added', 'removed', 'unchanged'];

export interface DiffOptions extends Omit<LintOptions, 'cwd'> {
  threshold?: number;
  /** The user's own scenario files, run on both sides. */
  scenarios?: string[];
  /** Simulate every flow of the routing delta, not only those whose inputs changed. */
  exhaustive?: boolean;
  /** Also draw the flows whose routing changed (src/graph/delta.ts), for the markdown report. */
  diagram?: boolean;
}

interface Checked {
  estate: Estate;
  diagnostics: Diagnostic[];
  readErrors: LintResult['compiled']['readErrors'];
  manifest?: string;
}

/** The estates a side's paths name (none when the side names nothing: a folder that did not exist at a revision). */
function plan(side: Side, options: Omit<LintOptions, 'cwd'>): EstatePlan | undefined {
  // A git:<ref> side is read from the revision's files in memory (src/sources/git-tree.ts).
  return side.paths.length ? planEstates(side.paths, { ...options, cwd: side.root, ...(side.fs ? { fs: side.fs } : {}) }) : undefined;
}

/** Check one estate of a side, keeping only what the diff needs (the sources of one side are not held while the other is checked). */
function check(side: Side, sidePlan: EstatePlan | undefined, inputs: EstateInputs | undefined, options: Omit<LintOptions, 'cwd'>): Checked {
  // An estate that is not on this side is empty here: all added, or all removed.
  if (!inputs || !sidePlan) return { estate: emptyEstate(), diagnostics: [], readErrors: [] };
  const r = lintEstate(inputs, sidePlan, { ...options, cwd: side.root });
  const manifest = inputs.manifest ? { manifest: shownPath(side.prefix, relative(side.root, inputs.manifest)) } : {};
  return { estate: r.compiled.estate, diagnostics: r.diagnostics, readErrors: r.compiled.readErrors, ...manifest };
}

/** A path below a side's root (or the root itself, '.') as the user's working directory names it. */
function shownPath(prefix: string, path: string): string {
  return posix.normalize(`${prefix}${path.split(sep).join('/')}`).replace(/(.)\/$/, '$1');
}

/** Progress labelled with what it is about: a side, an estate. */
function labelled(progress: Progress, label: string): Progress {
  return { phase: (what, total) => progress.phase(`${label}: ${what}`, total), tick: (n) => progress.tick(n), end: () => undefined };
}

function filesByName(before: Estate, after: Estate, oldPrefix: string, newPrefix: string): DiffFiles {
  const systems = new Map<string, string>();
  for (const e of [before, after]) for (const s of e.systems) for (const f of s.files) systems.set(f, s.name);
  const onNewSide = new Set(after.files);
  const m: DiffFiles = new Map();
  const add = (f: string, shown: string): void => {
    const system = systems.get(f);
    m.set(shown, { file: displayPath(onNewSide.has(f) ? newPrefix : oldPrefix, f), ...(system ? { system } : {}) });
  };
  for (const f of before.files) add(f, displayPath(oldPrefix, f));
  for (const f of after.files) add(f, displayPath(newPrefix, f));
  return m;
}

/** A side's path that does not exist is the user's mistake, not plexlint's. */
function failOnReadErrors(errors: Checked['readErrors'], side: Side): void {
  const fatal = errors.filter((e) => e.explicit);
  if (fatal.length) throw new SideError(fatal.map((e) => `${displayPath(side.prefix, e.path)} ${e.message}`).join('; '));
}

interface PairOptions {
  threshold: number;
  extra: FlowSource[];
  exhaustive: boolean;
  diagram: boolean;
  title: string;
  lint: Omit<LintOptions, 'cwd'>;
  progress: Progress;
  /** Several estates: progress names the estate. */
  several: boolean;
}

/** Diff one pair of estates. */
function diffPair(pair: EstatePair, sides: readonly [Side, Side], plans: readonly [EstatePlan | undefined, EstatePlan | undefined], o: PairOptions): EstateDiff {
  const [before, after] = sides;
  const progress = o.several ? labelled(o.progress, pair.folder) : o.progress;
  const sideOptions = (side: Side): Omit<LintOptions, 'cwd'> => ({ ...o.lint, progress: labelled(o.progress, o.several ? `${side.spec}: ${pair.folder}` : side.spec) });
  const a = check(before, plans[0], pair.before, sideOptions(before));
  failOnReadErrors(a.readErrors, before);
  const b = check(after, plans[1], pair.after, sideOptions(after));
  failOnReadErrors(b.readErrors, after);
  const [old, current] = [a.estate, b.estate];
  const changes = diffModels(old, current, undefined, progress);
  const routing = behaviourDelta(old, current, { threshold: o.threshold, extra: o.extra, exhaustive: o.exhaustive, measured: o.diagram, progress });
  progress.phase('findings delta');
  const findings = findingsDelta(a.diagnostics, b.diagnostics);
  let picture: Graph | undefined;
  // The picture draws the flows the routing delta found changed, with the outcomes it simulated.
  if (o.diagram && routing.measured.length > 0) {
    progress.phase('routing picture');
    picture = graphDelta(old, current, routing.measured, { threshold: o.threshold, title: o.title });
  }
  const status = !pair.before ? 'added' : !pair.after ? 'removed' : changes.length || routing.changes.length || findings.new.length || findings.fixed.length ? 'changed' : 'unchanged';
  return {
    // Known by its folder on the new side (where a removed estate was), as the working directory names it.
    estate: shownPath(after.prefix, pair.folder),
    status,
    manifest: { ...(a.manifest ? { before: a.manifest } : {}), ...(b.manifest ? { after: b.manifest } : {}) },
    // What the user reads names files relative to the working directory (./display.ts).
    changes: displayChanges(changes, before.prefix, after.prefix),
    behaviour: routing.changes,
    flows: { compared: routing.compared, skipped: routing.skipped },
    findings: displayFindings(findings, before.prefix, after.prefix),
    files: filesByName(old, current, before.prefix, after.prefix),
    ...(picture ? { diagram: picture } : {}),
  };
}

/**
 * The scenarios of each estate: with one estate, all of them (a scenario stands in for the estate it names); with
 * several, each runs on the estate whose folder holds the estate it names (the deepest), and one that names none of
 * them is a usage error.
 */
function scenariosByEstate(scenarios: readonly ScenarioFile[], folders: readonly string[]): ScenarioFile[][] {
  if (folders.length === 1) return [[...scenarios]];
  const inside = (folder: string, path: string): boolean => folder === '.' || path === folder || path.startsWith(`${folder}/`);
  const own: ScenarioFile[][] = folders.map(() => []);
  for (const s of scenarios) {
    const at = folders.reduce((best, f, i) => (inside(f, s.folder) && (best < 0 || f.length > folders[best]!.length) ? i : best), -1);
    if (at < 0) throw new ScenarioFileError(`--scenario ${s.path}: the estate it names (${s.folder}) is none of the estates diffed (${folders.join(', ')})`);
    own[at]!.push(s);
  }
  return own;
}

/** All estates together: what single-estate reports, the exit code and the summary line read. */
function merged(estates: EstateDiff[]): Omit<EstateDiff, 'estate' | 'status' | 'manifest'> {
  if (estates.length === 1) {
    const { estate: _estate, status: _status, manifest: _manifest, ...one } = estates[0]!;
    return one;
  }
  const files: DiffFiles = new Map();
  for (const e of estates) for (const [k, v] of e.files) files.set(k, v);
  return {
    changes: estates.flatMap((e) => e.changes),
    behaviour: estates.flatMap((e) => e.behaviour),
    flows: { compared: estates.reduce((n, e) => n + e.flows.compared, 0), skipped: estates.reduce((n, e) => n + e.flows.skipped, 0) },
    findings: { new: estates.flatMap((e) => e.findings.new), fixed: estates.flatMap((e) => e.findings.fixed), unchanged: estates.flatMap((e) => e.findings.unchanged) },
    files,
  };
}

export function runDiff(beforeSpec: string, afterSpec: string, cwd: string, options: DiffOptions = {}): DiffResult {
  const start = performance.now();
  const progress = options.progress ?? silentProgress;
  const { exhaustive, scenarios, threshold, diagram, progress: _progress, ...lintOptions } = options;
  // Scenario files are read first: a bad one is a usage error before any work.
  const scenarioFiles = scenarios?.length ? readScenarios(scenarios, cwd) : [];
  // A git:<ref> side reads, at that revision, the paths the other side names.
  const pathsFor = (other: string): string[] => (other.startsWith('git:') ? ['.'] : [other]);
  const before = openSide(beforeSpec, cwd, pathsFor(afterSpec));
  const after = openSide(afterSpec, cwd, pathsFor(beforeSpec));
  const plans = [plan(before, lintOptions), plan(after, lintOptions)] as const;
  for (const [i, side] of [before, after].entries()) for (const e of plans[i]?.readErrors ?? []) failOnReadErrors([e], side);
  // Two revisions of one repository (or --config, one manifest for both): the same folder is the same estate.
  const byFolderOnly = (before.git || after.git) && !options.config;
  const pairs = pairEstates({ side: before, estates: plans[0]?.discovery.estates ?? [] }, { side: after, estates: plans[1]?.discovery.estates ?? [] }, byFolderOnly);
  const shown = pairs.map((pair) => shownPath(after.prefix, pair.folder));
  const ownScenarios = scenariosByEstate(scenarioFiles, shown);
  const estates = pairs.map((pair, i) =>
    diffPair(pair, [before, after], plans, {
      threshold: threshold ?? 0.01,
      extra: ownScenarios[i]!.length ? [scenarioFlows(ownScenarios[i]!)] : [],
      exhaustive: exhaustive === true,
      diagram: diagram === true,
      title: `routing changes: ${beforeSpec} → ${afterSpec}${pairs.length > 1 ? `, estate ${pair.folder}` : ''}`,
      lint: lintOptions,
      progress,
      several: pairs.length > 1,
    }),
  );
  // What a reviewer reads first: the estates that changed, then those added and removed, then the rest (a stable sort: by folder within each).
  estates.sort((x, y) => STATUS_ORDER.indexOf(x.status) - STATUS_ORDER.indexOf(y.status));
  return { before: beforeSpec, after: afterSpec, ...merged(estates), estates, ms: performance.now() - start };
}

export type { Change } from './model-diff.js';
export type { BehaviourChange } from './behaviour.js';
export type { FindingsDelta } from './findings.js';
