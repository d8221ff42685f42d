/**
 * Statements that older profiles still carry but the IP Configuration Reference no longer
 * describes: removed ones (a current stack rejects them) and blocks of the TN3270 server,
 * which left the stack's profile for its own address space. Their operands are kept as
 * they are.
 *
 * The release that removed each, and the source:
 * - GATEWAY, ATMARPSV, ATMLIS, ATMPVC: z/OS V2R2 (z/OS New Function Summary, "Support
 *   considerations in V2R2": the GATEWAY profile statement and the ATM device driver are
 *   discontinued; the V2R1 chapter still lists ATMARPSV, ATMLIS and ATMPVC, the V2R2 one does not);
 * - ASSORTEDPARMS: V2R1 or earlier (the V2R1 chapter's list of statements goes from ARPAGE to
 *   ATMARPSV without it); the exact release was not found;
 * - KEEPALIVEOPTIONS and the TN3270 server blocks: not established (no IBM page reachable), so
 *   they are read without a finding and their entries stay unconfirmed.
 * Every release plexlint knows (2.4 and later) is after the removals, hence `removedIn: '2.4'`.
 */
import { list, rest, slot, statement } from '../spec.js';
import { v } from '../values.js';

const number = v.either('subnet mask or value', v.ipv4('dotted'), v.int('number', 0, 2147483647));

/** GATEWAY entries are positional (so a link name is a name, whatever it spells); their values are not checked. */
export const gateway = statement({
  id: 'gateway',
  notation: 'GATEWAY',
  topic: 'GATEWAY statement (removed)',
  meaning: 'Static routes in the old format; replaced by BEGINROUTES.',
  syntax: 'GATEWAY {network | DEFAULTNET} {first_hop | =} link_name {packet_size | DEFAULTSIZE} [subnet_mask subnet_value] …',
  removed: 'V2R2 (use BEGINROUTES)',
  removedIn: '2.4',
  body: [
    list('routes', [
      slot('network', v.either('network', v.ipv4('network'), v.keyword('DEFAULTNET', 'DEFAULTNET')), false, { unchecked: true }),
      slot('hop', v.text('first hop')),
      slot('link', v.name('link name', 16)),
      slot('size', v.text('packet size')),
      slot('mask', number, true, { unchecked: true }),
      slot('value', number, true, { unchecked: true }),
    ]),
  ],
});

export const atmarpsv = statement({ id: 'atmarpsv', notation: 'ATMARPSV', topic: 'ATMARPSV statement (removed)', meaning: 'An ATMARP server.', syntax: 'ATMARPSV …', removed: 'V2R2', removedIn: '2.4', body: [rest] });
export const atmlis = statement({ id: 'atmlis', notation: 'ATMLIS', topic: 'ATMLIS statement (removed)', meaning: 'An ATM logical IP subnet.', syntax: 'ATMLIS …', removed: 'V2R2', removedIn: '2.4', body: [rest] });
export const atmpvc = statement({ id: 'atmpvc', notation: 'ATMPVC', topic: 'ATMPVC statement (removed)', meaning: 'An ATM permanent virtual circuit.', syntax: 'ATMPVC …', removed: 'V2R2', removedIn: '2.4', body: [rest] });

export const assortedparms = statement({
  id: 'assortedparms',
  notation: 'ASSORTEDPARMS',
  end: 'ENDASSORTEDPARMS',
  topic: 'ASSORTEDPARMS statement (obsolete)',
  meaning: 'Old catch-all settings, long replaced by GLOBALCONFIG, IPCONFIG, TCPCONFIG and UDPCONFIG.',
  syntax: 'ASSORTEDPARMS … ENDASSORTEDPARMS',
  removed: 'V2R1 or earlier (use GLOBALCONFIG, IPCONFIG, TCPCONFIG and UDPCONFIG)',
  removedIn: '2.4',
  body: [rest],
});

export const keepaliveoptions = statement({
  id: 'keepaliveoptions',
  notation: 'KEEPALIVEOPTIONS',
  end: 'ENDKEEPALIVEOPTIONS',
  topic: 'KEEPALIVEOPTIONS statement (obsolete)',
  meaning: 'Old keepalive settings, replaced by TCPCONFIG INTERVAL and SENDGARBAGE.',
  syntax: 'KEEPALIVEOPTIONS … ENDKEEPALIVEOPTIONS',
  body: [rest],
  unverified: true,
});

export const telnetglobals = statement({ id: 'telnetglobals', notation: 'TELNETGLOBALS', end: 'ENDTELNETGLOBALS', topic: 'TELNETGLOBALS block (TN3270 server)', meaning: 'TN3270 server settings of the time the server ran inside the stack.', syntax: 'TELNETGLOBALS … ENDTELNETGLOBALS', body: [rest], unverified: true });
export const telnetparms = statement({ id: 'telnetparms', notation: 'TELNETPARMS', end: 'ENDTELNETPARMS', topic: 'TELNETPARMS block (TN3270 server)', meaning: 'TN3270 server port settings of the time the server ran inside the stack.', syntax: 'TELNETPARMS … ENDTELNETPARMS', body: [rest], unverified: true });
export const beginvtam = statement({ id: 'beginvtam', notation: 'BEGINVTAM', end: 'ENDVTAM', topic: 'BEGINVTAM block (TN3270 server)', meaning: 'TN3270 server LU mapping of the time the server ran inside the stack.', syntax: 'BEGINVTAM … ENDVTAM', body: [rest], unverified: true });
