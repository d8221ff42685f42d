import type { VipaDynamicBlock, VipaStatement } from '../ast.js';
import { statement } from '../spec.js';

/**
 * VIPADYNAMIC … ENDVIPADYNAMIC: the dynamic VIPA statements. A syntax error inside makes
 * the stack ignore the rest of the block (the block pass in the front end applies it).
 * Follows IBM's V2R1 diagram (VIPADynamic {VIPADEFine | VIPABackup | VIPADELete |
 * VIPADISTribute | VIPARange | VIPAROUTE | VIPASMparms} … ENDVIPADynamic); not confirmed, no
 * copy of the page for 2.4 or later was reachable.
 */
export const vipadynamic = statement({
  id: 'vipadynamic',
  notation: 'VIPADynamic',
  end: 'ENDVIPADynamic',
  contains: 'vipadynamic',
  topic: 'VIPADYNAMIC statement',
  meaning: 'The block of dynamic VIPA statements: VIPADEFINE, VIPABACKUP, VIPADELETE, VIPADISTRIBUTE, VIPARANGE, VIPAROUTE, VIPASMPARMS.',
  details: 'Only its seven substatements are allowed in it. A syntax error inside the block ends processing of the rest of the block: the statements before it are applied, everything after it is ignored.',
  unverified: true,
  syntax: 'VIPADynamic {VIPADEFine … | VIPABackup … | VIPADELete … | VIPADISTribute … | VIPARange … | VIPAROUTE … | VIPASMparms …} … ENDVIPADynamic',
  build(p): VipaDynamicBlock {
    const block: VipaDynamicBlock = { kind: 'vipadynamic', loc: p.loc, keyword: p.keyword, statements: p.children as VipaStatement[] };
    if (p.end) block.end = p.end.loc;
    return block;
  },
});
