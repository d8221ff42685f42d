/**
 * `plexlint diff --scenario <file…>`: the user's own scenarios run on both
 * estates (in place of the estate they name), and every step whose
 * observations moved is a routing change.
 *
 * Change impact: a scenario may set any state and reach any address, plug-in
 * or cluster, so its inputs are the whole estate (without source positions);
 * it is skipped only when the two estates are the same.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import type { Estate } from '../model/estate.js';
import { simulationFor, type Observed } from '../sim/index.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';
import { commandLinePath } from '../sources/checkout.js';
import { readScenarioFile } from '../sources/side-files.js';
import { perEstate, type Flow, type FlowSource } from './flows.js';

export class ScenarioFileError extends Error {}

function load(path: string, cwd: string): Scenario {
  // Never read through a link out of the checkout (src/sources/checkout.ts).
  const abs = commandLinePath(path, cwd);
  const file = readScenarioFile(abs, relative(cwd, abs));
  if (typeof file === 'string') throw new ScenarioFileError(`--scenario ${path} ${file}`);
  // The scenario runs on the two estates of the diff: its own estate: and inputs: are never read.
  const { scenario, findings } = parseScenario(file, (p) => resolve(dirname(abs), p));
  if (!scenario) throw new ScenarioFileError(`--scenario ${path}: ${findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.message}`).join('; ')}`);
  return scenario;
}

/** A scenario file named with --scenario, read. */
export interface ScenarioFile {
  path: string;
  scenario: Scenario;
  /** The folder of the estate it names (its manifest's, else its first input's), relative to the working directory. */
  folder: string;
}

/** Read the scenario files (a bad one is a usage error before any work). */
export function readScenarios(paths: string[], cwd: string): ScenarioFile[] {
  return paths.map((p) => {
    const scenario = load(p, cwd);
    const named = scenario.estate ? dirname(scenario.estate) : scenario.inputs[0] ?? cwd;
    return { path: p, scenario, folder: relative(cwd, named).split(sep).join('/') || '.' };
  });
}

export function scenarioFlows(scenarios: readonly ScenarioFile[]): FlowSource {
  return {
    name: 'scenarios',
    groups(before, after) {
      return scenarios.map(({ path, scenario }) => {
        // One run of the whole scenario per estate: step i sees the state the steps before it left.
        const results = perEstate((estate: Estate) => {
          const sim = simulationFor(scenario, estate);
          return scenario.steps.map((step, j) => sim.step(step, j + 1));
        });
        const flows: Flow[] = [];
        scenario.steps.forEach((step, i) => {
          if (step.kind === 'set' || step.kind === 'close' || step.kind === 'advance') return;
          flows.push({
            name: `${path} step ${i + 1} (line ${step.loc.line}, ${step.kind})`,
            run: (estate: Estate): Observed | undefined => {
              const r = results(estate)[i]!;
              return r.error ? undefined : r.observed;
            },
          });
        });
        return { inputs: [before, after], size: flows.length, flows: (all: boolean) => (all ? flows : []) };
      });
    },
  };
}
