import { slot, statement } from '../spec.js';
import { v } from '../values.js';

export const somaxconn = statement({
  id: 'somaxconn',
  notation: 'SOMAXCONN',
  topic: 'SOMAXCONN statement',
  meaning: 'The largest backlog of pending connections a listen() call may ask for.',
  syntax: 'SOMAXCONN max_backlog',
  body: [slot('backlog', v.int('maximum backlog', 1, 2147483647))],
});
