import { nameStatement } from '../kit.js';
import { slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * PRIMARYINTERFACE name.
 *
 * Not confirmed (`unverified`): IBM's PRIMARYINTERFACE statement page could not be read when this entry was
 * checked, so its operand is plexlint's; IBM's examples code `PRIMARYINTERFACE HSINTF1` (IP Configuration Guide, HiperSockets conversion).
 */
export const primaryinterface = statement({
  id: 'primaryinterface',
  notation: 'PRIMARYInterface',
  topic: 'PRIMARYINTERFACE statement',
  meaning: 'The link or interface whose address is the default local address (GETHOSTID); IPv4 only.',
  details: 'Without it the default local address is the first address in the HOME list.',
  syntax: 'PRIMARYInterface link_or_interface_name',
  body: [slot('name', v.name('link or interface name', 16))],
  unverified: true,
  requires: ['name'],
  build: nameStatement('primaryinterface'),
});
