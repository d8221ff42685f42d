/**
 * `plexlint diff --scenario <file…>`: the user's own scenarios run on both
 * estates (in place of the estate they name), and every step whose
 * observations moved is a routing change.
 */
import { dirname, relative, resolve } from 'node:path';
import type { Estate } from '../model/estate.js';
import { simulationFor, type Observed } from '../sim/index.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';
import { readScenarioFile } from '../sources/side-files.js';
import type { Flow, FlowSource } from './behaviour.js';

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
    flows(): Flow[] {
      const flows: Flow[] = [];
      for (const { path, scenario } of scenarios) {
        scenario.steps.forEach((step, i) => {
          if (step.kind === 'set' || step.kind === 'close' || step.kind === 'advance') return;
          flows.push({
            name: `${path} step ${i + 1} (line ${step.loc.line}, ${step.kind})`,
            run: (estate: Estate): Observed | undefined => {
              // Replay the steps up to this one on a fresh simulation of this estate.
              const sim = simulationFor(scenario, estate);
              let observed: Observed | undefined;
              for (let j = 0; j <= i; j++) {
                const r = sim.step(scenario.steps[j]!, j + 1);
                if (j === i) observed = r.error ? undefined : r.observed;
              }
              return observed;
            },
          });
        });
      }
      return flows;
    },
  };
}
