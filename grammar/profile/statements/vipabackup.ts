import { leadingOptions, rest, slot, statement } from '../spec.js';
import { v } from '../values.js';
import { defineKeywords, defineOrBackup } from './vipadefine.js';

/**
 * Follows IBM's V2R1 diagram, read word for word: VIPABackup [rank (1–254, default 1)]
 * [TIER1 | TIER2 [CPCSCOPE] | CPCSCOPE] {ipv4_addr … | ipv6_intfname ipv6_addr |
 * MOVEable {IMMEDiate|WHENIDLE} [SERVICEMGR] address_mask ipv4_addr … | MOVEable IMMEDiate
 * ipv6_intfname {ipv6_addr | ipv6_addr/prefix_len}}. Not confirmed: plexlint cannot record a
 * confirmation for a release before 2.4 and no later copy of the page was reachable.
 */
export const vipabackup = statement({
  id: 'vipabackup',
  notation: 'VIPABackup',
  level: 'vipadynamic',
  topic: 'VIPABACKUP statement',
  meaning: 'Dynamic VIPAs this stack takes over when their owner fails; rank 1–254 orders the backups (highest first).',
  details: 'The short form (rank and address, no MOVEABLE and mask) only takes over a DVIPA that another stack has activated; it cannot create it when this stack starts first.',
  syntax:
    'VIPABackup [rank] [TIER1|TIER2 [CPCSCOPE]|CPCSCOPE] {ipv4_addr … | ipv6_intfname ipv6_addr | MOVEable {IMMEDiate|WHENIDLE} [SERVICEMGR] address_mask ipv4_addr … | MOVEable IMMEDiate ipv6_intfname ipv6_addr[/prefix]}',
  body: [slot('rank', v.int('rank', 1, 254), true), leadingOptions(defineKeywords), rest],
  unverified: true,
  build: (p, cx) => defineOrBackup(p, cx, 'vipabackup'),
});
