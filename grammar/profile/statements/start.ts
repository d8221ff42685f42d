import { nameStatement } from '../kit.js';
import { slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * START name.
 *
 * Not confirmed (`unverified`): IBM's START statement page could not be read when this entry was
 * checked, so its operand is plexlint's; IBM's examples code `START IUTIQDFE` (IP Configuration Guide, HiperSockets conversion).
 */
export const start = statement({
  id: 'start',
  notation: 'START',
  topic: 'START statement',
  meaning: 'Starts a device or interface when the profile is processed.',
  syntax: 'START {device_name | interface_name}',
  body: [slot('name', v.name('device or interface name', 16))],
  unverified: true,
  requires: ['name'],
  build: nameStatement('start'),
});
