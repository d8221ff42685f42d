import { list, slot, statement } from '../spec.js';
import { v } from '../values.js';

export const bsdroutingparms = statement({
  id: 'bsdroutingparms',
  notation: 'BSDROUTINGPARMS',
  end: 'ENDBSDROUTINGPARMS',
  topic: 'BSDROUTINGPARMS statement',
  meaning: 'Per-link MTU, metric and subnet mask for the dynamic routing daemon (OMPROUTE).',
  syntax: 'BSDROUTINGPARMS {TRUE|FALSE} link_name {mtu|DEFAULTSIZE} metric subnet_mask dest_addr … ENDBSDROUTINGPARMS',
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
