import { list, slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * BSDROUTINGPARMS {TRUE|FALSE} link_name {mtu|DEFAULTSIZE} metric subnet_mask dest_addr … ENDBSDROUTINGPARMS.
 *
 * Not confirmed (`unverified`): the copy of IBM's page that could be read (z/OS 2.2,
 * https://www.ibm.com/support/knowledgecenter/SSLTBW_2.2.0/com.ibm.zos.v2r2.halz001/bsdroutingparmsstatement.htm)
 * ends at the first line of its syntax diagram, `>>-BSDRoutingparms--+-TRUE--+`, with the rule "Specify the
 * parameters in the order shown here" (the entries are positional here) and the restriction that it applies
 * only to IPv4 interfaces defined with the LINK statement. The diagram's notation BSDRoutingparms (BSDR is the
 * shortest form) is followed; the entries are plexlint's, checked against IBM's example (IP Configuration
 * Guide, HiperSockets conversion: `HSINTF1 1492 0 255.255.255.0 0`).
 */
export const bsdroutingparms = statement({
  id: 'bsdroutingparms',
  notation: 'BSDRoutingparms',
  end: 'ENDBSDROUTINGPARMS',
  topic: 'BSDROUTINGPARMS statement',
  meaning: 'Per-link MTU, metric and subnet mask for the dynamic routing daemon (OMPROUTE).',
  syntax: 'BSDRoutingparms {TRUE|FALSE} link_name {mtu|DEFAULTSIZE} metric subnet_mask dest_addr … ENDBSDROUTINGPARMS',
  unverified: true,
  body: [
    slot('variable subnetting', v.keyword('TRUE or FALSE', 'TRUE', 'FALSE')),
    list('links', [
      slot('link', v.name('link name', 16)),
      slot('mtu', v.text('MTU or DEFAULTSIZE')),
      slot('metric', v.int('metric', 0, 15)),
      slot('mask', v.text('subnet mask (or 0)')),
      slot('destination', v.text('destination address (or 0)')),
    ]),
  ],
});
