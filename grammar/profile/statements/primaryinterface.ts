import { nameStatement } from '../kit.js';
import { slot, statement } from '../spec.js';
import { v } from '../values.js';

export const primaryinterface = statement({
  id: 'primaryinterface',
  notation: 'PRIMARYInterface',
  topic: 'PRIMARYINTERFACE statement',
  meaning: 'The link or interface whose address is the default local address (GETHOSTID); IPv4 only.',
  details: 'Without it the default local address is the first address in the HOME list.',
  syntax: 'PRIMARYInterface link_or_interface_name',
  body: [slot('name', v.name('link or interface name', 16))],
  requires: ['name'],
  build: nameStatement('primaryinterface'),
});
