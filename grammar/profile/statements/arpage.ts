import { slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * ARPAGE minutes.
 *
 * Not confirmed (`unverified`): IBM's ARPAGE statement page could not be read when this entry was
 * checked, so the operand is plexlint's; IBM's examples code `ARPAGE 20` (SAMPPROF, the TCPIPCS
 * PROFILE sample output).
 */
export const arpage = statement({
  id: 'arpage',
  notation: 'ARPAGE',
  topic: 'ARPAGE statement',
  meaning: 'Minutes an ARP cache entry of an LCS device lives before it is revalidated (IPCONFIG ARPTO is the current form).',
  syntax: 'ARPAGE minutes',
  unverified: true,
  body: [slot('minutes', v.int('minutes', 1, 2147483647))],
});
