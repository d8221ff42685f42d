import { nameStatement } from '../kit.js';
import { slot, statement } from '../spec.js';
import { v } from '../values.js';

export const stop = statement({
  id: 'stop',
  notation: 'STOP',
  topic: 'STOP statement',
  meaning: 'Stops a device or interface (in an OBEYFILE data set).',
  syntax: 'STOP {device_name | interface_name}',
  body: [slot('name', v.name('device or interface name', 16))],
  requires: ['name'],
  build: nameStatement('stop'),
});
