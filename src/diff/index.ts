/**
 * `plexlint diff`: semantic changes, behaviour delta and findings delta of two
 * estates. Every stage is linear in the size of the two estates (docs/review.md
 * "How long a diff takes"); the behaviour delta simulates only the flows whose
 * inputs changed.
 */
import { silentProgress, type Progress } from '../core/progress.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { lint, type LintOptions, type LintResult } from '../engine/lint.js';
import { graphDelta } from '../graph/delta.js';
import type { Graph } from '../graph/types.js';
import type { Estate } from '../model/estate.js';
import { behaviourDelta, type BehaviourChange } from './behaviour.js';
import { displayChanges, displayFindings, displayPath, sidePrefix } from './display.js';
import { findingsDelta, type FindingsDelta } from './findings.js';
import { diffModels, type Change } from './model-diff.js';
import { scenarioFlows } from './scenarios.js';
import { openSide, SideError, type Side } from './sides.js';

export interface DiffResult {
  before: string;
  after: string;
  /** The folder the new side's paths are shown relative to. */
  afterRoot: string;
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
  files: Map<string, { file: string; system?: string }>;
  /** With `diagram`: the flows whose routing changed, as a graph (undefined when none changed). */
  diagram?: Graph;
  /** How long the diff took, in milliseconds. */
  ms: number;
}

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
}

/** Check one side, keeping only what the diff needs (the sources of the first side are not held while the second is checked). */
function check(side: Side, options: Omit<LintOptions, 'cwd'>): Checked {
  // A git:<ref> side is read from the revision's files in memory (src/sources/git-tree.ts).
  const r = lint(side.paths, { ...options, cwd: side.cwd, ...(side.fs ? { fs: side.fs } : {}) });
  return { estate: r.compiled.estate, diagnostics: r.diagnostics, readErrors: r.compiled.readErrors };
}

/** The progress of one side's check, labelled with the side. */
function sideProgress(progress: Progress, side: string): Progress {
  return { phase: (label, total) => progress.phase(`${side}: ${label}`, total), tick: (n) => progress.tick(n), end: () => undefined };
}

function filesByName(before: Estate, after: Estate, oldPrefix: string, newPrefix: string): Map<string, { file: string; system?: string }> {
  const systems = new Map<string, string>();
  for (const e of [before, after]) for (const s of e.systems) for (const f of s.files) systems.set(f, s.name);
  const onNewSide = new Set(after.files);
  const m = new Map<string, { file: string; system?: string }>();
  const add = (f: string, shown: string): void => {
    const system = systems.get(f);
    m.set(shown, { file: displayPath(onNewSide.has(f) ? newPrefix : oldPrefix, f), ...(system ? { system } : {}) });
  };
  for (const f of before.files) add(f, displayPath(oldPrefix, f));
  for (const f of after.files) add(f, displayPath(newPrefix, f));
  return m;
}

export function runDiff(beforeSpec: string, afterSpec: string, cwd: string, options: DiffOptions = {}): DiffResult {
  const start = performance.now();
  const progress = options.progress ?? silentProgress;
  // A git:<ref> side reads, at that revision, the paths the other side names.
  const pathsFor = (other: string): string[] => (other.startsWith('git:') ? ['.'] : [other]);
  const before = openSide(beforeSpec, cwd, pathsFor(afterSpec));
  const after = openSide(afterSpec, cwd, pathsFor(beforeSpec));
  const { exhaustive, scenarios, threshold, diagram, ...lintOptions } = options;
  // Scenario files are read first: a bad one is a usage error before any work.
  const extra = scenarios?.length ? [scenarioFlows(scenarios, cwd)] : [];
  const a = check(before, { ...lintOptions, progress: sideProgress(progress, beforeSpec) });
  const b = check(after, { ...lintOptions, progress: sideProgress(progress, afterSpec) });
  const fatal = [...a.readErrors, ...b.readErrors].filter((e) => e.explicit);
  if (fatal.length) throw new SideError(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
  const [old, current] = [a.estate, b.estate];
  const changes = diffModels(old, current, undefined, progress);
  const routing = behaviourDelta(old, current, { threshold: threshold ?? 0.01, extra, exhaustive: exhaustive === true, progress });
  progress.phase('findings delta');
  const findings = findingsDelta(a.diagnostics, b.diagnostics);
  // What the user reads names files relative to the working directory (./display.ts).
  const oldPrefix = sidePrefix(cwd, before.cwd, beforeSpec.startsWith('git:'));
  const newPrefix = sidePrefix(cwd, after.cwd, afterSpec.startsWith('git:'));
  let picture: Graph | undefined;
  // The picture is of the routing changes: none to draw (and two pictures of the estates to spare) when there are none.
  if (diagram && routing.changes.length > 0) {
    progress.phase('routing picture');
    picture = graphDelta(old, current, { threshold: threshold ?? 0.01, title: `routing changes: ${beforeSpec} → ${afterSpec}` });
  }
  return {
    before: beforeSpec,
    after: afterSpec,
    afterRoot: after.cwd,
    changes: displayChanges(changes, oldPrefix, newPrefix),
    behaviour: routing.changes,
    flows: { compared: routing.compared, skipped: routing.skipped },
    findings: displayFindings(findings, oldPrefix, newPrefix),
    files: filesByName(old, current, oldPrefix, newPrefix),
    ...(picture ? { diagram: picture } : {}),
    ms: performance.now() - start,
  };
}

export type { Change } from './model-diff.js';
export type { BehaviourChange } from './behaviour.js';
export type { FindingsDelta } from './findings.js';
