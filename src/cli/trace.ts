import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Chalk } from 'chalk';
import { Command } from 'commander';
import { compile } from '../engine/compile.js';
import { Simulation } from '../sim/index.js';
import { parseStateFile } from '../sim/scenario.js';
import { mergeState } from '../sim/state.js';
import { sourceFromText } from '../sources/source-file.js';
import { emit, useColor, UsageError } from './io.js';

export function traceCommand(): Command {
  return new Command('trace')
    .description('explain one routing decision step by step (like Batfish traceroute)')
    .argument('[paths...]', 'files or folders of the estate')
    .requiredOption('--from <origin>', 'the originating system, or client (outside the sysplex)')
    .requiredOption('--to <address:port>', 'the destination, e.g. 10.40.1.2:3000')
    .option('--state <file>', 'runtime state (YAML, the body of a scenario `set` step)')
    .option('--down <systems...>', 'stacks that are down (shorthand for a state file)')
    .option('-c, --config <file>', 'the estate manifest')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--no-color', 'never colour the output')
    .action((paths: string[], opts: { from: string; to: string; state?: string; down?: string[]; config?: string; output?: string; color?: boolean }) => {
      const m = /^(.+):(\d{1,5})$/.exec(opts.to);
      if (!m) throw new UsageError(`--to ${opts.to}: expected address:port`);
      const compiled = compile(paths, { ...(opts.config ? { config: opts.config } : {}) });
      const missing = compiled.readErrors.filter((e) => e.explicit);
      if (missing.length) throw new UsageError(missing.map((e) => `${e.path} ${e.message}`).join('; '));
      const sim = new Simulation(compiled.estate, 1);
      if (opts.state) {
        const abs = resolve(opts.state);
        let text: string;
        try {
          text = readFileSync(abs, 'utf8');
        } catch {
          throw new UsageError(`--state ${opts.state}: cannot be read`);
        }
        const parsed = parseStateFile(sourceFromText(relative(process.cwd(), abs), text, abs));
        if (!parsed.state) throw new UsageError(`--state ${opts.state}: ${parsed.findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.message}`).join('; ')}`);
        mergeState(sim.state, parsed.state);
      }
      for (const name of opts.down ?? []) {
        const sys = name.toUpperCase();
        if (!compiled.estate.systems.some((s) => s.name === sys)) throw new UsageError(`--down ${name}: no such system`);
        mergeState(sim.state, { stacks: { [sys]: { up: false } } });
      }
      const from = opts.from.toLowerCase() === 'client' ? 'client' : opts.from.toUpperCase();
      if (from !== 'client' && !compiled.estate.systems.some((s) => s.name === from)) {
        throw new UsageError(`--from ${opts.from}: no such system (systems: ${compiled.estate.systems.map((s) => s.name).join(', ')}, or client)`);
      }
      const d = sim.distributor.connect(from, m[1]!, Number(m[2]), true);
      const c = new Chalk({ level: useColor(opts.color, Boolean(opts.output)) ? 1 : 0 });
      const lines = [c.bold(`connection from ${from} to ${m[1]}:${m[2]}`)];
      d.trace.forEach((s, i) => lines.push(`  ${c.dim(`${i + 1}.`)} ${c.cyan(s.what.padEnd(13))} ${s.detail}`));
      const result =
        d.outcome === 'refused'
          ? c.red(`refused: ${d.reason}`)
          : d.outcome === 'local'
            ? c.green(`stays local on ${d.target} (OPTLOCAL)`)
            : c.green(`${d.outcome === 'direct' ? 'goes directly' : `distributed by ${d.distributor}`} to ${d.target}`);
      lines.push(`  ${c.bold('→')} ${result}`);
      emit(lines.join('\n') + '\n', opts.output);
    });
}
