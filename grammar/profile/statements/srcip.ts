import { rest, statement } from '../spec.js';

/**
 * SRCIP … ENDSRCIP: source IP address selection by job name or destination. Not confirmed: no
 * copy of IBM's SRCIP page was reachable, so its entries are kept as operands, unchecked.
 */
export const srcip = statement({
  id: 'srcip',
  notation: 'SRCIP',
  end: 'ENDSRCIP',
  topic: 'SRCIP statement',
  meaning: 'The source IP address (or interface) of outbound connections, chosen by job name or by destination.',
  syntax: 'SRCIP {JOBNAME jobname | DESTINATION dest[/prefix]} {source_ip | intf_name} [SERVER|CLIENT|BOTH] … ENDSRCIP',
  body: [rest],
  unverified: true,
});
