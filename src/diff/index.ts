/**
 * `plexlint diff`: semantic changes, behaviour delta and findings delta of two
 * estates. Every stage is linear in the size of the two estates (docs/review.md
 * "How long a diff takes"); the behaviour delta simulates only the flows whose
 * inputs changed.
 */
import { silentProgress, type Progress } from '../core/progress.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { lint, type LintOptions, type LintResult } from '../engine/lint.js';
import type { Estate } from '../model/estate.js';
import { behaviourDelta, type BehaviourChange } from './behaviour.js';
import { findingsDelta, type FindingsDelta } from './findings.js';
import { diffModels, type Change } from './model-diff.js';
import { scenarioFlows } from './scenarios.js';
import { openSide, type Side } from './sides.js';

export interface DiffResult {
  before: string;
  after: string;
  /** The folder the new side's paths are shown relative to. */
  afterRoot: string;
  changes: Change[];
  behaviour: BehaviourChange[];
  /** Flows of the routing delta: simulated on both sides and compared, or skipped because their inputs are the same. */
  flows: { compared: number; skipped: number };
  findings: FindingsDelta;
  /** The system each profile belongs to (both sides; files are named alike on both), for summaries per system. */
  systemOf: Map<string, string>;
  /** How long the diff took, in milliseconds. */
  ms: number;
}

export interface DiffOptions extends Omit<LintOptions, 'cwd'> {
  threshold?: number;
  /** The user's own scenario files, run on both sides. */
  scenarios?: string[];
  /** Simulate every flow of the routing delta, not only those whose inputs changed. */
  exhaustive?: boolean;
  progress?: Progress;
}

interface Checked {
  estate: Estate;
  diagnostics: Diagnostic[];
  readErrors: LintResult['compiled']['readErrors'];
}

/** Check one side, keeping only what the diff needs (the sources and findings of the first side are not held while the second is checked). */
function check(side: Side, options: Omit<LintOptions, 'cwd'>): Checked {
  const r = lint(side.paths, { ...options, cwd: side.cwd });
  return { estate: r.compiled.estate, diagnostics: r.diagnostics, readErrors: r.compiled.readErrors };
}

function systemsByFile(estates: Estate[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of estates) for (const s of e.systems) for (const f of s.files) m.set(f, s.name);
  return m;
}

export function runDiff(beforeSpec: string, afterSpec: string, cwd: string, options: DiffOptions = {}): DiffResult {
  const start = performance.now();
  const progress = options.progress ?? silentProgress;
  // A git:<ref> side reads, at that revision, the paths the other side names.
  const pathsFor = (other: string): string[] => (other.startsWith('git:') ? ['.'] : [other]);
  const before = openSide(beforeSpec, cwd, pathsFor(afterSpec));
  let after;
  try {
    after = openSide(afterSpec, cwd, pathsFor(beforeSpec));
  } catch (e) {
    before.cleanup();
    throw e;
  }
  try {
    const { progress: _progress, exhaustive, scenarios, threshold, ...lintOptions } = options;
    // Scenario files are read first: a bad one is a usage error before any work.
    const extra = scenarios?.length ? [scenarioFlows(scenarios, cwd)] : [];
    progress.phase(`checking ${beforeSpec}`);
    const a = check(before, lintOptions);
    progress.phase(`checking ${afterSpec}`);
    const b = check(after, lintOptions);
    const fatal = [...a.readErrors, ...b.readErrors].filter((e) => e.explicit);
    if (fatal.length) throw new Error(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
    const [old, current] = [a.estate, b.estate];
    const changes = diffModels(old, current, undefined, progress);
    const routing = behaviourDelta(old, current, {
      threshold: threshold ?? 0.01,
      extra,
      exhaustive: exhaustive === true,
      progress,
    });
    progress.phase('findings delta');
    const findings = findingsDelta(a.diagnostics, b.diagnostics);
    return {
      before: beforeSpec,
      after: afterSpec,
      afterRoot: after.cwd,
      changes,
      behaviour: routing.changes,
      flows: { compared: routing.compared, skipped: routing.skipped },
      findings,
      systemOf: systemsByFile([old, current]),
      ms: performance.now() - start,
    };
  } finally {
    before.cleanup();
    after.cleanup();
  }
}

export type { Change } from './model-diff.js';
export type { BehaviourChange } from './behaviour.js';
export type { FindingsDelta } from './findings.js';
