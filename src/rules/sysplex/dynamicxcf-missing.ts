import { defineRule } from '../rule.js';
import { dynamicXcfUnread, listText, ownedAddresses, rel } from '../helpers.js';
import { ipconfigAnchor } from './scope.js';
import type { Distribution } from '../../model/estate.js';

interface Targeted {
  d: Distribution;
  t: Distribution['targets'][number];
  order: [number, number];
}

/**
 * IP Configuration Guide, dynamic XCF: DYNAMICXCF must be coded in every
 * stack's profile; stacks join the sysplex's XCF group through it, and sysplex
 * distribution forwards over the dynamic XCF links (or VIPAROUTE).
 */
export const rule = defineRule({
  meta: {
    id: 'dynamicxcf-missing',
    severity: 'error',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A stack that distributes, backs up a distributor or is named as a target without IPCONFIG DYNAMICXCF',
    source: "IBM IP Configuration Guide, \"Getting started with dynamic XCF\"; IP Configuration Reference, VIPAROUTE and VIPADISTRIBUTE (DESTIP dynxcfip)",
    consequences: [
      {
        id: "inference",
        reading: "IBM writes \"DYNAMICXCF must be specified in the TCP/IP profile of each stack\" about generating the XCF links between two stacks (Getting started with dynamic XCF), names VIPADISTRIBUTE targets by their dynamic XCF address (DESTIP dynxcfip), and says that without a matching VIPAROUTE \"IP packets distributed by sysplex distributor to that target use dynamic XCF interfaces\" (VIPAROUTE statement). That a stack without DYNAMICXCF can neither distribute nor be a target, and that a DVIPA it takes over is not distributed, is plexlint's inference from these facts; IBM does not say it in those words.",
      },
    ],
  },
  check(ctx) {
    // The systems that distribute each DVIPA (looked up once per backup DVIPA of every stack).
    const distributorsOf = new Map<string, Set<string>>();
    for (const x of ctx.estate.sysplex.distributions) {
      if (x.role === 'undefined') continue;
      const set = distributorsOf.get(x.dvipa) ?? new Set<string>();
      set.add(x.system);
      distributorsOf.set(x.dvipa, set);
    }
    const targetedAt = new Map<string, Targeted[]>();
    ctx.estate.sysplex.distributions.forEach((d, di) => {
      if (d.routing) return;
      d.targets.forEach((t, ti) => {
        if (t.address) (targetedAt.get(t.address) ?? targetedAt.set(t.address, []).get(t.address)!).push({ d, t, order: [di, ti] });
      });
    });
    for (const s of ctx.estate.systems) {
      const v4 = s.stack.dynamicXcf.v4;
      const v6 = s.stack.dynamicXcf.v6;
      // Coded with a system symbol that has no value still counts: the stack has a dynamic XCF address.
      const has = (version: 4 | 6): boolean => (version === 4 ? Boolean(v4) : Boolean(v6)) || dynamicXcfUnread(s, version);
      const reasons: { loc: import('../../core/loc.js').Loc; why: string; version: 4 | 6 }[] = [];
      for (const d of s.stack.distributions) if (!has(d.version)) reasons.push({ loc: d.loc, why: `it distributes ${d.dvipa}`, version: d.version });
      for (const dv of s.stack.dvipas) {
        if (dv.role !== 'backup' || has(dv.version)) continue;
        const distributors = [...(distributorsOf.get(dv.address) ?? [])].filter((system) => system !== s.name);
        if (distributors.length) reasons.push({ loc: dv.loc, why: `it backs up ${dv.address}, which ${listText(distributors)} ${distributors.length === 1 ? 'distributes' : 'distribute'}`, version: dv.version });
      }
      // The DESTIP targets that name one of this stack's addresses, from an index built once (in the order of the
      // distributions and their targets): every stack against every distribution's targets was stacks × targets.
      if (!has(4) || !has(6)) {
        const targeted: Targeted[] = [];
        for (const address of new Set(ownedAddresses(s).map((o) => o.address))) for (const x of targetedAt.get(address) ?? []) targeted.push(x);
        targeted.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
        for (const { d, t } of targeted) if (!has(d.version)) reasons.push({ loc: t.loc, why: `${d.system} names it as a DESTIP target of ${d.dvipa}`, version: d.version });
      }
      if (reasons.length === 0) continue;
      const first = reasons[0]!;
      ctx.report({
        loc: ipconfigAnchor(s, first.version),
        message:
          `${s.name} codes no IPCONFIG${first.version === 6 ? '6' : ''} DYNAMICXCF, but ${first.why}${reasons.length > 1 ? ` (and ${reasons.length - 1} more)` : ''}. ` +
          'Without it the stack does not join the XCF group in which stacks create their dynamic XCF links to each other, so it has no dynamic XCF address (IBM, Getting started with dynamic XCF); ' +
          'the distributor sends connections to a target over dynamic XCF interfaces unless a VIPAROUTE names another route (IBM, VIPAROUTE statement), and DESTIP names targets by their dynamic XCF address. ' +
          "plexlint's reading of these: this stack can be no target, cannot distribute without VIPAROUTE, and a DVIPA it takes over as a backup is not distributed. " +
          `Code IPCONFIG${first.version === 6 ? '6' : ''} DYNAMICXCF with this stack's address on every stack of the sysplex.`,
        related: reasons.slice(0, 5).map((r) => rel(r.loc, r.why)),
        subject: `${s.name} DYNAMICXCF`,
        consequence: 'inference',
      });
    }
  },
});
