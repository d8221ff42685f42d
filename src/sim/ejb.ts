/**
 * EJB workload management: which member of a cluster.xml cluster an EJB call
 * from a client on a node goes to.
 *
 * Facts (IBM Redbook "WebSphere Application Server V6.1 Scalability", 7.5.2 Prefer local):
 * - Server-weighted round robin on the members' weights: weights 2, 2 and 3 give
 *   2/7, 2/7 and 3/7 of the requests; once the two weight-2 members are used up,
 *   the weight-3 member gets the extra request. IBM describes it as the same
 *   decrement scheme as the plug-in's: start at a random member, each request
 *   decrements the chosen member's weight, members at 0 are skipped, all weights
 *   are reset when every member is at 0.
 * - Prefer local (cluster.xml preferLocal, default true): only members on the
 *   client's node are chosen, by weighted round robin among them, unless all
 *   local members are unavailable; then the available members by weight. A
 *   remote client (no node, or a node without members) is not affected.
 * - Weight 0: the member gets no work.
 *
 * Choices where IBM is silent:
 * - Weights are not divided by their GCD (that is documented for the plug-in
 *   only); the shares are the same either way.
 * - A local member with weight 0 does not count as available for prefer local:
 *   calls go to the remote members by weight (weight 0 is how a member is drained).
 * - The random starting member is chosen once per client (cluster and node).
 * - Process and transaction affinity (which override prefer local) are not
 *   modelled: every call is a new call from the node.
 */
import type { TraceStep } from './distributor.js';
import type { Rng } from './rng.js';
import type { MemberIx, WasClusterIx, WebHealth } from './web-index.js';

interface Client {
  current: number[];
  next: number;
}

export class EjbEngine {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly health: WebHealth,
    private readonly rng: Rng,
  ) {}

  private client(w: WasClusterIx, fromNode: string): Client {
    const key = `${w.key}\u0000${fromNode}`;
    let c = this.clients.get(key);
    if (!c) {
      c = { current: w.members.map((m) => m.weight), next: w.members.length ? this.rng.int(w.members.length) : 0 };
      this.clients.set(key, c);
    }
    return c;
  }

  /** Fix the member the next search starts from (tests reproduce IBM's examples from a known start). */
  setStart(w: WasClusterIx, fromNode: string, position: number): void {
    this.client(w, fromNode).next = position % Math.max(1, w.members.length);
  }

  private available(m: MemberIx): boolean {
    return this.health.memberDown[m.gid] !== 1 && m.weight > 0;
  }

  /** One EJB call; undefined when no member can take it. */
  call(w: WasClusterIx, fromNode: string, trace?: TraceStep[]): MemberIx | undefined {
    const members = w.members;
    const n = members.length;
    const local = w.c.preferLocal && fromNode ? members.map((m) => m.m.nodeName === fromNode) : undefined;
    const localAvailable = local ? members.some((m, i) => local[i] && this.available(m)) : false;
    const eligible = (i: number): boolean => this.available(members[i]!) && (!localAvailable || local![i] === true);
    if (trace) {
      for (const m of members) {
        trace.push({
          what: 'candidate',
          detail: `${m.display} on ${m.m.nodeName}: weight ${m.weight}${this.health.memberDown[m.gid] ? ', down' : m.weight === 0 ? ' (weight 0: no work)' : ''}${local && m.m.nodeName === fromNode ? ', local' : ''}`,
        });
      }
      if (!w.c.preferLocal) trace.push({ what: 'policy', detail: `preferLocal="false": every available member by weight` });
      else if (!fromNode || !local!.some(Boolean)) trace.push({ what: 'policy', detail: `prefer local does not apply: the client${fromNode ? ` on ${fromNode}` : ''} has no member on its node` });
      else if (localAvailable) trace.push({ what: 'policy', detail: `prefer local: only members on ${fromNode} while one is available` });
      else trace.push({ what: 'policy', detail: `prefer local, but no member on ${fromNode} is available: the other members by weight` });
    }
    const c = this.client(w, fromNode);
    let any = false;
    let positive = false;
    for (let i = 0; i < n; i++) {
      if (!eligible(i)) continue;
      any = true;
      if (c.current[i]! > 0) {
        positive = true;
        break;
      }
    }
    if (!any) {
      // Members that are up but all at weight 0: IBM does not say what WAS does (cluster-all-weights-zero).
      const upAtZero = members.some((m) => this.health.memberDown[m.gid] !== 1);
      trace?.push({
        what: 'result',
        detail: upAtZero ? 'every member that is up has weight 0: IBM does not document what WAS does then; plexlint counts the call as failed' : 'no member is available: the call fails',
      });
      return undefined;
    }
    if (!positive) {
      for (let i = 0; i < n; i++) c.current[i] = members[i]!.weight;
      trace?.push({ what: 'reset', detail: `every available member's weight is used up: all weights are reset (${members.map((m) => m.weight).join(', ')})` });
    }
    for (let k = 0; k < n; k++) {
      const i = (c.next + k) % n;
      if (!eligible(i) || c.current[i]! <= 0) continue;
      c.current[i] = c.current[i]! - 1;
      c.next = (i + 1) % n;
      trace?.push({ what: 'choice', detail: `server-weighted round robin picks ${members[i]!.display} (weight left ${c.current[i]! + 1} → ${c.current[i]})` });
      return members[i]!;
    }
    return undefined;
  }
}
