import type { RouteEntry, RoutesBlock } from '../ast.js';
import { spanLocs } from '../../../src/core/loc.js';
import { addSentence, damageOf } from '../damage.js';
import { statement } from '../spec.js';

/**
 * BEGINROUTES … ENDROUTES: ROUTE entries; an error rejects that entry only.
 *
 * Not confirmed (`unverified`): the copy of IBM's BEGINROUTES page that could be read ends before its syntax diagram;
 * IBM's examples code `BEGINROUTES`, ROUTE entries and `ENDROUTES` (IP Configuration Guide, HiperSockets
 * conversion) and `BEGINRoutes … ENDRoutes` (SAMPPROF).
 */
export const beginroutes = statement({
  id: 'beginroutes',
  notation: 'BEGINRoutes',
  end: 'ENDRoutes',
  contains: 'routes',
  topic: 'BEGINROUTES statement',
  meaning: 'The static routing table: ROUTE entries up to ENDROUTES.',
  syntax: 'BEGINRoutes ROUTE … ENDRoutes',
  unverified: true,
  build(p): RoutesBlock {
    const block: RoutesBlock = { kind: 'routes', loc: p.loc, keyword: p.keyword, routes: [] };
    if (p.end) block.end = p.end.loc;
    p.children.forEach((child, i) => {
      if (child.kind !== 'route') return;
      const route = child as RouteEntry;
      const damaging = p.childFindings[i]!.find((f) => damageOf(f, false) !== 'none');
      if (damaging) {
        route.ignored = { reason: 'error in this ROUTE entry', cause: route.loc };
        damaging.consequence ??= 'route-entry';
        addSentence(damaging, 'plexlint assumes the stack ignores this ROUTE entry (IBM does not document what an error in one ROUTE entry does)');
      }
      block.routes.push(route);
    });
    block.loc = spanLocs(p.keyword.loc, p.end ? p.end.loc : (block.routes.at(-1)?.loc ?? p.keyword.loc));
    return block;
  },
});
