import { rest, statement } from '../spec.js';

/**
 * NETACCESS … ENDNETACCESS: network access control by security zone (SERVAUTH EZB.NETACCESS.*).
 * Not confirmed: no copy of IBM's NETACCESS page was reachable, so its entries are kept as
 * operands, unchecked.
 */
export const netaccess = statement({
  id: 'netaccess',
  notation: 'NETACCESS',
  end: 'ENDNETACCESS',
  topic: 'NETACCESS statement',
  meaning: 'Maps networks to security zones that RACF SERVAUTH profiles (EZB.NETACCESS) permit users to reach.',
  syntax: 'NETACCESS [INBOUND|NOINBOUND] [OUTBOUND|NOOUTBOUND] {network/prefix | network mask | DEFAULT | DEFAULTHOME} zone_name … ENDNETACCESS',
  body: [rest],
  unverified: true,
});
