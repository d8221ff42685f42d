import type { VipaSmparmsStatement } from '../ast.js';
import { opt, options, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * VIPASMPARMS: the Cisco MNLB service manager parameters. Not confirmed: the stored copy of
 * IBM's V2R1 page ends in its requirements and results, before the diagram; the page names
 * SMMCAST and SMPORT, SMPASSWORD is the earlier table's.
 */
export const vipasmparms = statement({
  id: 'vipasmparms',
  notation: 'VIPASMparms',
  level: 'vipadynamic',
  topic: 'VIPASMPARMS statement',
  meaning: 'Service manager parameters for DVIPAs coded with SERVICEMGR (IPv4 only).',
  details: 'Required when a VIPADEFINE or VIPABACKUP has SERVICEMGR.',
  syntax: 'VIPASMparms [SMMCAST mcast_addr] [SMPORT port] [SMPASSWORD password]',
  body: [options(opt('SMMCAST', v.ipv4('multicast address')), opt('SMPORT', v.port('port')), opt('SMPASSWORD', v.text('password')))],
  unverified: true,
  build: (p): VipaSmparmsStatement => ({ kind: 'vipasmparms', loc: p.loc, keyword: p.keyword, options: p.options }),
});
