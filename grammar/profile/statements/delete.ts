import { choice, slot, statement } from '../spec.js';
import { v } from '../values.js';

const protocol = v.keyword('protocol', 'TCP', 'UDP');

/**
 * DELETE names what it deletes with a word that is a statement name in its own right (DEVICE, LINK, PORT, PORTRANGE).
 *
 * Not confirmed (`unverified`): IBM's DELETE statement page could not be read when this entry was
 * checked, so its forms are plexlint's.
 */
export const del = statement({
  id: 'delete',
  notation: 'DELete',
  topic: 'DELETE statement',
  meaning: 'Removes a device, link, reserved port or port range that an earlier profile (or OBEYFILE) defined.',
  syntax: 'DELete {DEVice device_name | LINK link_name | PORT num {TCP|UDP} jobname | PORTRange first num {TCP|UDP} jobname}',
  unverified: true,
  body: [
    choice({
      DEVice: [slot('name', v.name('device name', 16))],
      LINK: [slot('name', v.name('link name', 16))],
      PORT: [slot('port', v.text('port number or UNRSV')), slot('protocol', protocol), slot('job', v.name('job name', 8))],
      PORTRange: [slot('port', v.port('first port')), slot('count', v.int('number of ports', 1, 65535)), slot('protocol', protocol), slot('job', v.name('job name', 8))],
      ATMARPSV: [slot('name', v.name('ATMARP server name'))],
      ATMLIS: [slot('name', v.name('LIS name'))],
      ATMPVC: [slot('name', v.name('PVC name'))],
    }),
  ],
});
