/**
 * `plexlint graph [paths…] -f mermaid|dot|svg|json`: the estate as a picture —
 * its topology, the simulator's routing shares on the edges, the findings on
 * the nodes (docs/graph.md).
 */
import { Command, Option } from 'commander';
import { compile } from '../engine/compile.js';
import { lint } from '../engine/lint.js';
import { buildGraph, GraphError, MAX_GRAPH_WORK, MAX_NODES, parseFocus } from '../graph/index.js';
import { stateAfter } from '../graph/measure.js';
import { GRAPH_FORMATS, renderGraph, type GraphFormat } from '../report/graph/index.js';
import { SimulationError } from '../sim/index.js';
import type { RuntimeState } from '../sim/state.js';
import { failOnExplicitReadErrors, reportUnmatched, ruleOption } from './check.js';
import { oneEstate } from './compile.js';
import { examples } from './help.js';
import { emit, UsageError } from './io.js';
import { estateOptions, lintOptionsFrom, outputOptions, parseRuleOptions, type EstateCliOptions } from './options.js';
import { failOnMissingInputs, readScenarioFile, scenarioEstate } from './simulate.js';
import { emptyRecord } from '../core/record.js';

interface GraphCliOptions extends EstateCliOptions {
  format: GraphFormat;
  output?: string;
  focus?: string;
  scenario?: string;
  step?: string;
  maxNodes: string;
  findings: boolean;
  rule?: string[];
}

function wholeNumber(option: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${option} ${value}: expected a whole number of at least ${min}`);
  return n;
}

export function graphCommand(): Command {
  const cmd = new Command('graph')
    .description('draw the estate: Load Balancers, DVIPAs, systems, plug-ins, ODRs and WAS clusters, with routing shares on the edges and findings on the nodes (docs/graph.md)')
    .argument('[paths...]', 'files or folders of one estate (default .; none with --scenario)')
    .addOption(new Option('-f, --format <format>', 'mermaid (for Markdown), dot (Graphviz), svg (drawn by plexlint) or json').choices([...GRAPH_FORMATS]).default('mermaid'))
    .option('--focus <thing>', 'only the flows through one thing: an address[:port] (DVIPA or cluster), a system, a Load Balancer machine, an ODR, or a plug-in or WAS cluster')
    .option('--scenario <file>', "shares in a scenario's state: its estate, after its steps (docs/scenarios.md)")
    .option('--step <n>', 'with --scenario: the state after step n (default: after the last step)')
    .option('--max-nodes <n>', `merge alike nodes (DVIPAs, clusters, servers) when the picture has more than n nodes; 0: never`, String(MAX_NODES))
    .option('--no-findings', 'do not mark findings on the nodes (skips the rules)');
  ruleOption(cmd, 'set a rule to off|info|warn|error for the findings marked on the nodes');
  estateOptions(cmd);
  outputOptions(cmd);
  cmd.addHelpText('after', examples('graph'));
  return cmd.action(async (paths: string[], opts: GraphCliOptions) => {
    const maxNodes = wholeNumber('--max-nodes', opts.maxNodes, 0);
    const focus = opts.focus !== undefined ? parseFocus(opts.focus) : undefined;
    if (opts.step !== undefined && opts.scenario === undefined) throw new UsageError('--step picks a step of a scenario: give --scenario too');
    let inputs = lintOptionsFrom(opts, paths);
    let title = `estate ${paths.length ? paths.join(' ') : '.'}, default state`;
    let scenario: ReturnType<typeof readScenarioFile> | undefined;
    if (opts.scenario !== undefined) {
      if (paths.length) throw new UsageError(`--scenario draws the estate the scenario names; it takes no paths (got ${paths.join(' ')})`);
      scenario = readScenarioFile(opts.scenario, process.cwd());
      const estate = scenarioEstate(scenario.scenario, process.cwd());
      inputs = { paths: estate.paths, options: { ...inputs.options, ...estate.options, rules: parseRuleOptions(opts.rule) } };
    }
    const { paths: estatePaths, options } = inputs;
    const result = oneEstate('plexlint graph', () => (opts.findings ? lint(estatePaths, options) : { compiled: compile(estatePaths, options), diagnostics: [], suppressed: [] }));
    const { compiled } = result;
    if (scenario) failOnMissingInputs(scenario.display, compiled.readErrors);
    else {
      failOnExplicitReadErrors(compiled.readErrors);
      reportUnmatched({ diagnostics: result.diagnostics, suppressed: result.suppressed, files: [...compiled.kinds.keys()], readErrors: compiled.readErrors, lines: emptyRecord(), unmatched: compiled.unmatched }, paths, true);
    }
    const estate = compiled.estate;
    let state: RuntimeState | undefined;
    if (scenario) {
      const total = scenario.scenario.steps.length;
      const step = opts.step !== undefined ? wholeNumber('--step', opts.step, 0) : total;
      if (step > total) throw new UsageError(`--step ${step}: ${scenario.display} has ${total} step${total === 1 ? '' : 's'}`);
      try {
        state = stateAfter(scenario.scenario, estate, step);
      } catch (e) {
        if (e instanceof SimulationError) throw new UsageError(`${scenario.display}: ${e.message}`);
        throw e;
      }
      title = `estate of ${scenario.display}, state after step ${step} of ${total}`;
    }
    let graph;
    try {
      graph = buildGraph(estate, {
        title,
        diagnostics: result.diagnostics,
        ...(state ? { state } : {}),
        ...(focus ? { focus } : {}),
        maxNodes,
        maxWork: MAX_GRAPH_WORK,
      });
    } catch (e) {
      if (e instanceof GraphError) throw new UsageError(`--focus ${opts.focus}: ${e.message}`);
      throw e;
    }
    emit(await renderGraph(graph, opts.format), opts.output);
    process.exitCode = 0;
  });
}
