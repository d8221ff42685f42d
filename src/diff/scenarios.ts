/**
 * `plexlint diff --scenario <file…>`: the user's own scenarios run on both
 * estates (in place of the estate they name), and every step whose
 * observations moved is a routing change.
 *
 * Change impact: a scenario may set any state and reach any address, plug-in
 * or cluster, so its inputs are the whole estate (without source positions);
 * it is skipped only when the two estates are the same.
 */
import { dirname, relative, resolve } from 'node:path';
import type { Estate } from '../model/estate.js';
import { simulationFor, type Observed } from '../sim/index.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';
import { readScenarioFile } from '../sources/side-files.js';
import { perEstate, type Flow, type FlowSource } from './flows.js';

export class ScenarioFileError extends Error {}

function load(path: string, cwd: string): Scenario {
  const abs = resolve(cwd, path);
  const file = readScenarioFile(abs, relative(cwd, abs));
  if (typeof file === 'string') throw new ScenarioFileError(`--scenario ${path} ${file}`);
  // The scenario runs on the two estates of the diff: its own estate: and inputs: are never read.
  const { scenario, findings } = parseScenario(file, (p) => resolve(dirname(abs), p));
  if (!scenario) throw new ScenarioFileError(`--scenario ${path}: ${findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.message}`).join('; ')}`);
  return scenario;
}

export function scenarioFlows(paths: string[], cwd: string): FlowSource {
  const scenarios = paths.map((p) => ({ path: p, scenario: load(p, cwd) }));
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
