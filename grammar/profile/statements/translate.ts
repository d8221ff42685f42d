import { list, slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * TRANSLATE ip_address {ETHERnet|802.3|ETHEROR802.3} hardware_address link_name …
 *
 * Not confirmed (`unverified`): IBM's TRANSLATE statement page could not be read when this entry was checked,
 * and no IBM example of it was found, so its entries are plexlint's. The network types are those of the LCS
 * links that remain after z/OS V2R3 removed the token-ring and FDDI ones (z/OS V2R3 "Support considerations").
 */
export const translate = statement({
  id: 'translate',
  notation: 'TRANSLATE',
  topic: 'TRANSLATE statement',
  meaning: 'Static ARP entries: an IP address and the hardware address it maps to on an LCS link.',
  syntax: 'TRANSLATE ip_address {ETHERnet|802.3|ETHEROR802.3} hardware_address link_name …',
  body: [
    list('entries', [
      slot('address', v.ipv4('IP address')),
      slot('type', v.keyword('network type', 'ETHERnet', '802.3', 'ETHEROR802.3')),
      slot('hardware', v.hex('hardware address', 12)),
      slot('link', v.name('link name', 16)),
    ]),
  ],
  unverified: true,
});
