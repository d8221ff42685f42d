import { nameStatement } from '../kit.js';
import { slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * STOP name.
 *
 * Not confirmed (`unverified`): IBM's STOP statement page could not be read when this entry was
 * checked, so its operand is plexlint's.
 */
export const stop = statement({
  id: 'stop',
  notation: 'STOP',
  topic: 'STOP statement',
  meaning: 'Stops a device or interface (in an OBEYFILE data set).',
  syntax: 'STOP {device_name | interface_name}',
  body: [slot('name', v.name('device or interface name', 16))],
  unverified: true,
  requires: ['name'],
  build: nameStatement('stop'),
});
