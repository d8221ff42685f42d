import { nameStatement } from '../kit.js';
import { slot, statement } from '../spec.js';
import { v } from '../values.js';

export const start = statement({
  id: 'start',
  notation: 'START',
  topic: 'START statement',
  meaning: 'Starts a device or interface when the profile is processed.',
  syntax: 'START {device_name | interface_name}',
  body: [slot('name', v.name('device or interface name', 16))],
  requires: ['name'],
  build: nameStatement('start'),
});
