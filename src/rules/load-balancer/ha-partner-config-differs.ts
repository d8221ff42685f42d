import type { Loc } from '../../core/loc.js';
import type { ExternalLb, LbCluster, LbPort, LbServer } from '../../model/lb.js';
import { rel } from '../helpers.js';
import { defineRule, type RuleContext } from '../rule.js';
import { sep } from './common.js';
import { pairs } from './partners.js';

/**
 * HA partners must have the same configuration (IPv4-and-IPv6 HA considerations): on takeover the cluster addresses move to the other machine,
 * which then balances with its own clusters, ports and servers.
 */
const clusterKey = (c: LbCluster): string => (c.address ?? c.id).toLowerCase();
const serverKey = (s: LbServer): string => (s.address ?? s.id).toLowerCase();

function describeServer(s: LbServer): string {
  return s.target ? `${s.id} (${s.target.system})` : s.id;
}

export const rule = defineRule({
  meta: {
    id: 'ha-partner-config-differs',
    severity: 'warning',
    category: 'load-balancer',
    description: 'HA partners whose clusters, ports or servers differ, so balancing changes on takeover',
    source: 'Edge Components, high availability considerations (both machines must have the same configuration); technote "Tips on configuring the high availability feature" (cluster addresses move to the new active machine on takeover)',
    consequences: [
      {
        reading: "IBM requires both machines to have the same configuration (Load Balancer for IPv4 and IPv6, high availability considerations); the per-object consequences the message gives are plexlint's reading of what the other machine forwards after a takeover.",
      },
    ],
  },
  check(ctx) {
    for (const { follower: f, leader: l } of pairs(ctx.estate.loadBalancers)) {
      if (!f.ha?.backup || !l.ha?.backup) continue;
      compare(ctx, f, l);
    }
  },
});

/** "… take its share. Add the server." → "… take its share (plexlint's reading). Add the server." */
function asReading(message: string): string {
  const fix = Math.max(message.lastIndexOf('. Add '), message.lastIndexOf('. Make '), message.lastIndexOf('. Remove '));
  return fix < 0 ? `${message} (plexlint's reading)` : `${message.slice(0, fix)} (plexlint's reading)${message.slice(fix)}`;
}

function compare(ctx: RuleContext, f: ExternalLb, l: ExternalLb): void {
  const anchor = f.ha?.backup ?? f.loc;
  const report = (loc: Loc, message: string, related: Loc | undefined, relatedMessage: string, subject: string) => {
    // IBM requires the same configuration on both machines; what each difference does after a takeover is plexlint's reading, and the message says so.
    const finding: Parameters<RuleContext['report']>[0] = {
      loc,
      message: `${f.name} vs ${l.name}: ${asReading(message)}`,
      subject: `${f.name} ${l.name} ${subject}`,
    };
    if (related) finding.related = [rel(related, `${l.name}: ${relatedMessage}`)];
    ctx.report(finding);
  };
  const s = sep(f);
  const fc = new Map(f.clusters.map((c) => [clusterKey(c), c]));
  const lc = new Map(l.clusters.map((c) => [clusterKey(c), c]));
  for (const [k, c] of lc) {
    if (fc.has(k)) continue;
    // At the cluster's definition, on the machine that has it: the finding is about that cluster.
    ctx.report({
      loc: c.loc,
      message: `${f.name} vs ${l.name}: ${asReading(`${f.name} has no cluster ${c.id}, which ${l.name} balances. On takeover the cluster addresses move to ${f.name}, which then does not forward connections for ${c.id}: they fail until ${l.name} is active again. Add the cluster, its ports and servers to ${f.config}.`)}`,
      related: [rel(anchor, `${f.name}: its configuration, without cluster ${c.id}`)],
      subject: `${f.name} ${l.name} cluster ${c.id} missing`,
    });
  }
  for (const [k, c] of fc) {
    const other = lc.get(k);
    if (!other) {
      report(c.loc, `${f.name} has cluster ${c.id}, which ${l.name} does not: while ${l.name} is active, connections for ${c.id} are not forwarded; only after a takeover are they. Add it to ${l.config} or remove it here.`, l.loc, `its configuration, without cluster ${c.id}`, `cluster ${c.id} extra`);
      continue;
    }
    comparePorts(c, other);
  }

  function comparePorts(c: LbCluster, o: LbCluster): void {
    const fp = new Map(c.ports.map((p) => [p.port, p]));
    const lp = new Map(o.ports.map((p) => [p.port, p]));
    for (const [n, p] of lp) {
      if (fp.has(n)) continue;
      // At the port's definition, on the machine that has it: the finding is about that port.
      const finding: Parameters<RuleContext['report']>[0] = {
        loc: p.loc,
        message: `${f.name} vs ${l.name}: ${asReading(`port ${o.id}${s}${n} exists only on ${l.name}: cluster ${c.id} has no port ${n} on ${f.name}, so after a takeover to ${f.name} connections to port ${n} are not forwarded. Add the port and its servers to ${f.config}.`)}`,
        related: [rel(c.loc, `${f.name}: cluster ${c.id}, without port ${n}`)],
        subject: `${f.name} ${l.name} port ${c.id} ${n} missing`,
      };
      ctx.report(finding);
    }
    for (const [n, p] of fp) {
      const q = lp.get(n);
      if (!q) {
        report(p.loc, `port ${c.id}${s}${n} exists only on ${f.name}: while ${l.name} is active it is not forwarded. Add it to ${l.config} or remove it here.`, o.loc, `cluster ${o.id}, without port ${n}`, `port ${c.id} ${n} extra`);
        continue;
      }
      comparePort(c, p, q);
    }
  }

  function comparePort(c: LbCluster, p: LbPort, q: LbPort): void {
    const name = `${c.id}${s}${p.port}`;
    const attrs: [string, string | number | undefined, string | number | undefined, Loc | undefined, Loc | undefined, string][] = [
      ['method', p.method, q.method, p.methodLoc, q.methodLoc, 'packets are forwarded differently (and the servers need a different setup)'],
      ['selectionalgorithm', p.selectionAlgorithm, q.selectionAlgorithm, p.selectionAlgorithmLoc, q.selectionAlgorithmLoc, 'clients are assigned to servers differently (affinity is kept or lost)'],
      ['stickytime', p.stickyTime?.value ?? 0, q.stickyTime?.value ?? 0, p.stickyTime?.loc, q.stickyTime?.loc, 'client affinity lasts a different time'],
      ['repstrategy', p.repStrategy?.value ?? '(not set)', q.repStrategy?.value ?? '(not set)', p.repStrategy?.loc, q.repStrategy?.loc, 'different records are replicated, so takeover keeps different connections and affinities'],
    ];
    for (const [attr, mine, theirs, myLoc, theirLoc, effect] of attrs) {
      if (mine === theirs) continue;
      report(myLoc ?? p.loc, `port ${name} has ${attr} ${mine} on ${f.name} but ${theirs} on ${l.name}: after a takeover ${effect}. Make them the same.`, theirLoc ?? q.loc, `${attr} ${theirs}`, `port ${name} ${attr}`);
    }
    const fs = new Map(p.servers.map((v) => [serverKey(v), v]));
    const ls = new Map(q.servers.map((v) => [serverKey(v), v]));
    for (const [k, v] of ls) {
      if (fs.has(k)) continue;
      report(p.loc, `port ${name} has no server ${describeServer(v)} on ${f.name}, but ${l.name} forwards to it: after a takeover ${v.id} gets no new connections and the other servers take its share. Add the server.`, v.loc, `server ${v.id}`, `server ${name} ${v.id} missing`);
    }
    for (const [k, v] of fs) {
      const w = ls.get(k);
      if (!w) {
        report(v.loc, `server ${describeServer(v)} on port ${name} exists only on ${f.name}: it gets connections only while ${f.name} is active. Add it to ${l.config} or remove it here.`, q.loc, `port ${name}, without server ${v.id}`, `server ${name} ${v.id} extra`);
        continue;
      }
      if (v.forwarding !== w.forwarding) {
        report(v.loc, `server ${describeServer(v)} on port ${name} is forwarded with ${v.forwarding.toUpperCase()} on ${f.name} but with ${w.forwarding.toUpperCase()} on ${l.name}: after a takeover its packets arrive differently and the server setup fits only one of them. Make them the same.`, w.loc, `${w.forwarding.toUpperCase()} forwarding`, `server ${name} ${v.id} forwarding`);
      }
      const fw = v.weight?.value;
      const lw = w.weight?.value;
      if (fw !== lw) {
        report(v.weight?.loc ?? v.loc, `server ${describeServer(v)} on port ${name} has weight ${fw ?? '(default)'} on ${f.name} but ${lw ?? '(default)'} on ${l.name}: the share of connections it gets changes on takeover. Make them the same.`, w.weight?.loc ?? w.loc, `weight ${lw ?? '(default)'}`, `server ${name} ${v.id} weight`);
      }
      if (v.forwarding === 'nat' && v.returnAddress?.value !== w.returnAddress?.value) {
        report(v.returnAddress?.loc ?? v.loc, `server ${describeServer(v)} on port ${name} has return address ${v.returnAddress?.value ?? '(none)'} on ${f.name} but ${w.returnAddress?.value ?? '(none)'} on ${l.name}: return addresses move with the cluster on takeover, and replies to connections started on the other machine go to an address the new active machine does not translate. Use the same return address on both.`, w.returnAddress?.loc ?? w.loc, `returnaddress ${w.returnAddress?.value ?? '(none)'}`, `server ${name} ${v.id} returnaddress`);
      }
    }
  }
}
