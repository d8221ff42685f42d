import { slot, statement } from '../spec.js';
import { v } from '../values.js';

export const arpage = statement({
  id: 'arpage',
  notation: 'ARPAGE',
  topic: 'ARPAGE statement',
  meaning: 'Minutes an ARP cache entry of an LCS device lives before it is revalidated (IPCONFIG ARPTO is the current form).',
  syntax: 'ARPAGE minutes',
  body: [slot('minutes', v.int('minutes', 1, 2147483647))],
});
