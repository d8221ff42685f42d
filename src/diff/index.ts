/** `plexlint diff`: semantic changes, behaviour delta and findings delta of two estates. */
import { lint, type LintOptions } from '../engine/lint.js';
import { graphDelta } from '../graph/delta.js';
import type { Graph } from '../graph/types.js';
import { behaviourDelta, type BehaviourChange } from './behaviour.js';
import { findingsDelta, type FindingsDelta } from './findings.js';
import { diffModels, type Change } from './model-diff.js';
import './routing.js';
import { scenarioFlows } from './scenarios.js';
import { displayChanges, displayFindings, sidePrefix } from './display.js';
import { openSide, SideError, type Side } from './sides.js';

export interface DiffResult {
  before: string;
  after: string;
  /** The folder the new side's paths are shown relative to. */
  afterRoot: string;
  changes: Change[];
  behaviour: BehaviourChange[];
  findings: FindingsDelta;
  /** With `diagram`: the flows whose routing changed, as a graph (undefined when none changed). */
  diagram?: Graph;
}

export interface DiffOptions extends Omit<LintOptions, 'cwd'> {
  threshold?: number;
  /** The user's own scenario files, run on both sides. */
  scenarios?: string[];
  /** Also draw the flows whose routing changed (src/graph/delta.ts), for the markdown report. */
  diagram?: boolean;
}

export function runDiff(beforeSpec: string, afterSpec: string, cwd: string, options: DiffOptions = {}): DiffResult {
  // A git:<ref> side reads, at that revision, the paths the other side names.
  const pathsFor = (other: string): string[] => (other.startsWith('git:') ? ['.'] : [other]);
  const before = openSide(beforeSpec, cwd, pathsFor(afterSpec));
  const after = openSide(afterSpec, cwd, pathsFor(beforeSpec));
  const lintOpts = (side: Side): LintOptions => ({ ...options, cwd: side.cwd, ...(side.fs ? { fs: side.fs } : {}) });
  const a = lint(before.paths, lintOpts(before));
  const b = lint(after.paths, lintOpts(after));
  const fatal = [...a.compiled.readErrors, ...b.compiled.readErrors].filter((e) => e.explicit);
  if (fatal.length) throw new SideError(fatal.map((e) => `${e.path} ${e.message}`).join('; '));
  const oldPrefix = sidePrefix(cwd, before.cwd, beforeSpec.startsWith('git:'));
  const newPrefix = sidePrefix(cwd, after.cwd, afterSpec.startsWith('git:'));
  const result: DiffResult = {
    before: beforeSpec,
    after: afterSpec,
    afterRoot: after.cwd,
    changes: displayChanges(diffModels(a.compiled.estate, b.compiled.estate), oldPrefix, newPrefix),
    behaviour: behaviourDelta(a.compiled.estate, b.compiled.estate, options.threshold ?? 0.01, options.scenarios?.length ? [scenarioFlows(options.scenarios, cwd)] : []),
    findings: displayFindings(findingsDelta(a.diagnostics, b.diagnostics), oldPrefix, newPrefix),
  };
  if (options.diagram) {
    const diagram = graphDelta(a.compiled.estate, b.compiled.estate, { threshold: options.threshold ?? 0.01, title: `routing changes: ${beforeSpec} → ${afterSpec}` });
    if (diagram) result.diagram = diagram;
  }
  return result;
}

export type { Change } from './model-diff.js';
export type { BehaviourChange } from './behaviour.js';
export type { FindingsDelta } from './findings.js';
