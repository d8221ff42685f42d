import { Chalk } from 'chalk';
import { Command } from 'commander';
import { parseIp } from '../core/ip.js';
import { compile } from '../engine/compile.js';
import type { TraceStep } from '../sim/trace.js';
import { Simulation } from '../sim/index.js';
import { originOf } from '../sim/steps.js';
import { traceRequest, webRuntime } from '../sim/web.js';
import { resolveMemberKey, resolveOdrKey, type WebIndex } from '../sim/web-index.js';
import { listText } from '../core/list-text.js';
import { didYouMean } from '../core/suggest.js';
import { guardLineStarts, visible } from '../report/escape/line.js';
import { oneEstate } from './compile.js';
import { examples } from './help.js';
import { emit, useColor, UsageError } from './io.js';
import { encodingOption, estateOptions, lintOptionsFrom, outputOptions, repeatable, type EstateCliOptions } from './options.js';
import { applyStartingState } from './state.js';

interface TraceOptions extends EstateCliOptions {
  from?: string;
  to?: string;
  url?: string;
  plugin?: string;
  cookie?: string[];
  seed?: string;
  state?: string[];
  down?: string[];
  output?: string;
  color?: boolean;
}

/** At most this many values of the running state are listed above a trace. */
const MAX_STATE_NOTES = 12;

function lines(c: InstanceType<typeof Chalk>, title: string, trace: TraceStep[], result: string, state: string[] = []): string {
  // Names and values from the files are shown with their control characters escaped (src/report/escape/line.ts).
  const out: string[] = [];
  if (state.length) {
    out.push(c.dim('from the running state:'));
    for (const n of state.slice(0, MAX_STATE_NOTES)) out.push(c.dim(`  ${visible(n)}`));
    if (state.length > MAX_STATE_NOTES) out.push(c.dim(`  and ${state.length - MAX_STATE_NOTES} more`));
  }
  out.push(c.bold(visible(title)));
  const width = String(trace.length).length + 1;
  trace.forEach((s, i) => out.push(`  ${c.dim(`${i + 1}.`.padEnd(width))} ${c.cyan(visible(s.what).padEnd(13))} ${visible(s.detail)}`));
  out.push(`  ${c.bold('→')} ${result}`);
  return guardLineStarts(out.join('\n') + '\n');
}

export function traceCommand(): Command {
  const cmd = new Command('trace')
    .description('explain one routing decision step by step (like Batfish traceroute): a connection (--from/--to) or a plug-in request (--url)')
    .argument('[paths...]', 'files or folders of the estate')
    .option('--from <origin>', 'the originating system, or client (outside the sysplex)')
    .option('--to <address:port>', 'the destination, e.g. 10.40.1.2:3000')
    .option('--url <url>', 'a request that reaches the web server, e.g. http://shop.example.com/shop/cart')
    .option('--plugin <file>', 'the plugin-cfg.xml the request goes through (as in findings, or a tail of its path)')
    .addOption(repeatable('--cookie <name=value>', 'a cookie the request carries, e.g. JSESSIONID=0000A2MB4IJozU_VM8IffsMNfdR:v544d0o0'))
    .option('--seed <n>', 'seed of the random choices (the plug-in\'s random starting point)', '1')
    .addOption(repeatable('--state <file>', 'where to start: a capture of a report (NETSTAT VDPT, VIPADYN, dscontrol manager report …), a plexlint.yaml (the captures its state: names), or a YAML runtime state (the body of a scenario `set` step)'))
    .addOption(repeatable('--down <name>', 'what is down: a system, an ODR (name or CELL/name), a cluster member (CELL/Cluster/member) or a plug-in server (<plugin file>#<Server Name>)'));
  estateOptions(cmd);
  outputOptions(cmd);
  cmd.addHelpText('after', examples('trace'));
  return cmd.action((paths: string[], opts: TraceOptions) => {
      if (opts.url === undefined && (opts.from === undefined || opts.to === undefined)) throw new UsageError('trace needs --from and --to (a connection) or --url (a plug-in request)');
      if (opts.url !== undefined && (opts.from !== undefined || opts.to !== undefined)) throw new UsageError('--url traces a plug-in request; it does not take --from or --to');
      const m = opts.to !== undefined ? /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(opts.to) : null;
      if (opts.url === undefined && !m) throw new UsageError(`--to ${opts.to}: expected address:port (an IPv6 address in brackets: [2001:db8::1]:443)`);
      if (m && !parseIp(m[1]!)) throw new UsageError(`--to ${opts.to}: ${m[1]} is not an IPv4 or IPv6 address`);
      if (m && (Number(m[2]) < 1 || Number(m[2]) > 65535)) throw new UsageError(`--to ${opts.to}: port ${m[2]} is not from 1 to 65535`);
      const seed = Number(opts.seed);
      if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed ${opts.seed}: expected a whole number`);
      const cli = lintOptionsFrom(opts, paths);
      const compiled = oneEstate('plexlint trace', () => compile(cli.paths, cli.options));
      if (compiled.unmatched.length) throw new UsageError(`no files to check in ${compiled.unmatched.join(', ')}`);
      const missing = compiled.readErrors.filter((e) => e.explicit);
      if (missing.length) throw new UsageError(missing.map((e) => `${e.path} ${e.message}`).join('; '));
      const sim = new Simulation(compiled.estate, seed);
      // Captures, a plexlint.yaml or a YAML state; like a scenario, never read through a link out of the checkout (src/cli/state.ts).
      const started = opts.state?.length ? applyStartingState(sim, opts.state, compiled.estate, encodingOption(opts.encoding)) : [];
      // What --down names failed after the stacks started: their DVIPAs were active.
      if (opts.down?.length) sim.engines.distributor.activateAll();
      for (const name of opts.down ?? []) {
        const sys = name.toUpperCase();
        if (compiled.estate.systems.some((s) => s.name === sys)) {
          sim.apply({ stacks: { [sys]: { up: false } } });
          continue;
        }
        const ix = webRuntime(sim).ix;
        const odr = resolveOdrKey(ix, name);
        if (typeof odr !== 'string') {
          sim.apply({ odrs: { [name]: { up: false } } });
          continue;
        }
        const member = resolveMemberKey(ix, name);
        if (typeof member !== 'string') {
          sim.apply({ members: { [name]: { up: false } } });
          continue;
        }
        // A plug-in Server Name on its own, when only one plug-in file has it.
        const named = ix.servers.filter((s) => s.name === name);
        if (named.length === 1) {
          sim.apply({ members: { [`${named[0]!.plugin.file}#${name}`]: { up: false } } });
          continue;
        }
        const why = name.includes('#') || name.split('/').length >= 3 ? member : name.includes('/') ? odr : unknownDown(name, compiled.estate.systems.map((s) => s.name), ix);
        throw new UsageError(`--down ${name}: ${why}`);
      }
      const c = new Chalk({ level: useColor(opts.color, Boolean(opts.output)) ? 1 : 0 });
      if (opts.url !== undefined) {
        const cookies: [string, string][] = [];
        for (const kv of opts.cookie ?? []) {
          const eq = kv.indexOf('=');
          if (eq <= 0) throw new UsageError(`--cookie ${kv}: expected name=value`);
          cookies.push([kv.slice(0, eq), kv.slice(eq + 1)]);
        }
        const t = traceRequest(sim, opts.plugin, opts.url, cookies);
        if (typeof t === 'string') throw new UsageError(`--url ${opts.url}: ${t}`);
        const o = t.outcome;
        const result = t.error
          ? c.yellow(visible(t.error))
          : !o?.server
            ? c.red('the request fails: no server is available')
            : c.green(
                visible(
                  `${o.server.name} (${o.server.s.transports[0] ? `${o.server.s.transports[0].hostname}:${o.server.s.transports[0].port}` : 'no transport'})` +
                    (o.odr !== undefined ? `; completed by ODR ${o.odr}, served by cell ${o.cell}` : '') +
                    (o.affinity ? ', by affinity' : ''),
                ),
              ) + (o.lost ? c.red(' — the session is lost') : '');
        emit(lines(c, `request ${opts.url}`, t.trace, result, started), opts.output);
        return;
      }
      const from = opts.from!.toLowerCase() === 'client' ? 'client' : opts.from!.toUpperCase();
      if (from !== 'client' && !compiled.estate.systems.some((s) => s.name === from)) {
        const systems = compiled.estate.systems.map((s) => s.name);
        throw new UsageError(`--from ${opts.from}: no such system (systems: ${systems.join(', ') || 'none'}, or client)${didYouMean(opts.from!, [...systems, 'client']).replace(' Did', '. Did')}`);
      }
      const address = m![1]!;
      const port = Number(m![2]);
      const title = `connection from ${from} to ${address}:${port}`;
      // A cluster address of a Load Balancer is reached through it, as a scenario's connect is: the z/OS targets
      // hold it as a LOOPBACK address, which is not advertised, so the balancer is where the packets go.
      const ownStack = from !== 'client' && compiled.estate.systems.find((s) => s.name === from)?.stack.home.some((h) => h.address === address);
      if (!ownStack && sim.engines.lb.find(address, port).known) {
        const t = sim.engines.lb.trace(originOf(from), address, port);
        const r = t.result;
        const result =
          r.kind === 'forwarded'
            ? c.green(visible(`forwarded by ${r.lb} to ${r.target}${r.server !== r.target ? ` (${r.server})` : ''}`))
            : c.red(visible(`${r.kind === 'refused' ? 'refused' : 'dropped'}: ${r.why}`));
        emit(lines(c, title, t.trace, result, started), opts.output);
        return;
      }
      const d = sim.distributor.connect(from, address, port, true);
      const result =
        d.outcome === 'refused'
          ? c.red(visible(`refused: ${d.reason}`))
          : d.outcome === 'local'
            ? c.green(visible(`stays local on ${d.target} (OPTLOCAL)`))
            : c.green(visible(`${d.outcome === 'direct' ? 'goes directly' : `distributed by ${d.distributor}`} to ${d.target}`));
      emit(lines(c, title, d.trace, result, started), opts.output);
    });
}

/**
 * Why a plain name given to --down names nothing, with what it could name — the systems, the ODRs and the plug-in
 * servers of the estate (a cluster member is named CELL/Cluster/member) — and the closest of them.
 */
function unknownDown(name: string, systems: string[], ix: WebIndex): string {
  const odrs = [...new Set(ix.odrs.map((o) => o.odr.name))];
  const servers = [...new Set(ix.servers.map((x) => x.name))];
  const known = [`systems: ${listText(systems, 8) || 'none'}`, ...(odrs.length ? [`ODRs: ${listText(odrs, 8)}`] : []), ...(servers.length ? [`plug-in servers: ${listText(servers, 8)}`] : [])];
  return `no such system, ODR, cluster member or plug-in server (${known.join('; ')}; a cluster member as CELL/Cluster/member)${didYouMean(name, [...systems, ...odrs, ...servers]).replace(' Did', '. Did')}`;
}
