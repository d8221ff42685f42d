/**
 * The runtime state that captures of what runs give (docs/drift.md, "Simulating from what runs"): the state a
 * simulation starts from, so that "what does this change do now" is answered from what runs, not from defaults.
 *
 * - Who holds each DVIPA: the stack where NETSTAT VIPADYN or DISPLAY TCPIP,,SYSPLEX,VIPADYN shows it Active.
 * - Per target and port, from NETSTAT VDPT: a server is listening when Rdy is above 0; the WLM weight (the system
 *   weight for a BASEWLM distribution, the server's for SERVERWLM — the weight the report shows for that method),
 *   TSR, and with DETAIL the SEF, health and abnormal completions.
 * - Per Load Balancer server, the weight the manager gives it now (manager report NOW, or the server report):
 *   as `managerWeight`, which a server with `fixedweight yes` ignores (src/sim/lb.ts); -1 (marked down) is 0.
 * - Which machine of an HA pair is active (dscontrol highavailability status, State Active or Standby).
 * Only names the estate has are used; each value says where it was read.
 */
import type { Estate } from '../model/estate.js';
import type { RunningState } from '../model/running.js';
import type { LbServerState, ServerState, StatePatch } from './state.js';
import { emptyRecord } from '../core/record.js';

export interface CapturedState {
  patch: StatePatch;
  /** What was taken from which capture line, for the trace and the reports: "SYSB holds 10.40.1.2 (file:line)". */
  notes: string[];
}

const at = (loc: { file: string; line: number }): string => `${loc.file}:${loc.line}`;

export function capturedState(estate: Estate, running: RunningState): CapturedState {
  const patch: StatePatch = {};
  const notes: string[] = [];
  const systems = new Set(estate.systems.map((s) => s.name));
  const dvipas = new Set(estate.sysplex.dvipas.map((d) => d.address));

  // Holders: the local view of each stack first, the sysplex-wide view where it says more.
  const holders = new Map<string, { system: string; where: string }>();
  for (const st of running.stacks) {
    for (const d of st.dynamic?.dvipas ?? []) {
      if (d.status === 'active' && dvipas.has(d.address) && systems.has(st.system) && !holders.has(d.address)) holders.set(d.address, { system: st.system, where: `NETSTAT VIPADYN, ${at(d.loc)}` });
    }
  }
  for (const view of running.sysplex) {
    for (const d of view.dvipas) {
      const active = d.rows.find((r) => r.status === 'active' && r.system !== undefined);
      if (active && dvipas.has(d.address) && !holders.has(d.address)) holders.set(d.address, { system: active.system!, where: `DISPLAY TCPIP,,SYSPLEX,VIPADYN, ${at(active.loc)}` });
    }
  }
  if (holders.size) {
    patch.dvipas = emptyRecord();
    for (const [address, h] of holders) {
      patch.dvipas[address] = { holder: h.system };
      notes.push(`${h.system} holds ${address} (${h.where})`);
    }
  }

  // Targets: readiness and weights per system and port.
  const stacks: NonNullable<StatePatch['stacks']> = emptyRecord();
  for (const table of running.vdpt) {
    for (const e of table.entries) {
      if (!e.system || !systems.has(e.system)) continue;
      const dist = estate.sysplex.distributions.find((d) => d.dvipa === e.dvipa && (d.ports.length === 0 || d.ports.some((p) => e.port >= p.from && e.port <= p.to)) && (!table.system || d.system === table.system)) ??
        estate.sysplex.distributions.find((d) => d.dvipa === e.dvipa && (d.ports.length === 0 || d.ports.some((p) => e.port >= p.from && e.port <= p.to)));
      const method = (e.method ?? dist?.method ?? '').toUpperCase().replace(/[^A-Z]/g, '');
      const st = (stacks[e.system] ??= {});
      const srv: Partial<ServerState> = { ...(st.servers?.[String(e.port)] ?? {}) };
      const parts: string[] = [];
      if (e.ready !== undefined) {
        srv.listening = e.ready > 0;
        parts.push(e.ready > 0 ? `${e.ready} server${e.ready === 1 ? '' : 's'} ready` : 'no server ready');
      }
      if (e.wlm !== undefined) {
        if (method === 'BASEWLM') {
          st.wlm = e.wlm;
          parts.push(`WLM system weight ${e.wlm}`);
        } else if (method === 'SERVERWLM') {
          srv.wlm = e.wlm;
          parts.push(`WLM server weight ${e.wlm}`);
        }
      }
      if (e.tsr !== undefined) {
        srv.tsr = e.tsr;
        parts.push(`TSR ${e.tsr}`);
      }
      if (e.sef !== undefined) srv.sef = e.sef;
      if (e.health !== undefined) srv.health = e.health;
      if (e.abnormal !== undefined) srv.abnormal = e.abnormal;
      (st.servers ??= emptyRecord())[String(e.port)] = srv;
      if (parts.length) notes.push(`${e.system} port ${e.port}: ${parts.join(', ')} (NETSTAT VDPT, ${at(e.loc)})`);
    }
  }
  if (Object.keys(stacks).length) patch.stacks = stacks;

  // Load Balancer machines: the manager's weights and the active machine.
  const lbs: NonNullable<StatePatch['lbs']> = emptyRecord();
  for (const r of running.lbs) {
    const lb = estate.loadBalancers.find((l) => l.name === r.lb);
    if (!lb) continue;
    const servers: Record<string, LbServerState> = emptyRecord();
    for (const s of [...(r.manager?.servers ?? []), ...(r.servers?.servers ?? [])]) {
      for (const c of lb.clusters) {
        if (s.cluster !== undefined && c.id !== s.cluster && c.address !== s.cluster) continue;
        for (const p of c.ports) {
          if (s.port !== undefined && p.port !== s.port) continue;
          const server = p.servers.find((x) => x.id === s.server || x.address === s.server);
          if (!server) continue;
          const key = `${c.id}@${p.port}@${server.id}`;
          if (servers[key]) continue;
          servers[key] = { managerWeight: Math.max(0, s.weight) };
          notes.push(`${lb.name} ${key}: weight ${s.weight} (${r.manager?.servers.includes(s) ? 'manager report' : 'server report'}, ${at(s.loc)})`);
        }
      }
    }
    const entry: NonNullable<StatePatch['lbs']>[string] = {};
    if (Object.keys(servers).length) entry.servers = servers;
    const state = r.ha?.state?.toLowerCase();
    if (state === 'active' || state === 'standby') {
      entry.active = state === 'active';
      notes.push(`${lb.name} is ${state} (highavailability status, ${at(r.ha!.stateLoc ?? r.ha!.report)})`);
    }
    if (Object.keys(entry).length) lbs[lb.name] = entry;
  }
  if (Object.keys(lbs).length) patch.lbs = lbs;
  return { patch, notes };
}
