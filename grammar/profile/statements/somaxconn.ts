import { slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * SOMAXCONN maximum_queue_depth, 1–2147483647 (default 1024), as IBM's V2R1 page gives it
 * (diagram, parameter and example "SOMAXCONN 1024"). Not confirmed: plexlint cannot record a
 * confirmation for a release before 2.4 and no later copy of the page was reachable.
 */
export const somaxconn = statement({
  id: 'somaxconn',
  notation: 'SOMAXCONN',
  topic: 'SOMAXCONN statement',
  meaning: 'The largest backlog of pending connections a listen() call may ask for.',
  syntax: 'SOMAXCONN max_backlog',
  body: [slot('backlog', v.int('maximum backlog', 1, 2147483647))],
  unverified: true,
});
