/**
 * The statement table: every PROFILE.TCPIP statement of the z/OS 3.1 IP Configuration
 * Reference, one entry per file. Adding a statement is writing its file and listing it
 * here; the parser, the keyword tables and the hover texts follow from the entries.
 */
import type { StatementSpec } from '../spec.js';
import { arpage } from './arpage.js';
import { autolog } from './autolog.js';
import { beginroutes } from './beginroutes.js';
import { bsdroutingparms } from './bsdroutingparms.js';
import { defaddrtable } from './defaddrtable.js';
import { del } from './delete.js';
import { device } from './device.js';
import { globalconfig } from './globalconfig.js';
import { home } from './home.js';
import { include } from './include.js';
import { interfaceStatement } from './interface.js';
import { ipconfig } from './ipconfig.js';
import { ipconfig6 } from './ipconfig6.js';
import { ipsec } from './ipsec.js';
import { itrace } from './itrace.js';
import { assortedparms, atmarpsv, atmlis, atmpvc, beginvtam, gateway, keepaliveoptions, telnetglobals, telnetparms } from './legacy.js';
import { link } from './link.js';
import { netaccess } from './netaccess.js';
import { netmonitor } from './netmonitor.js';
import { pkttrace } from './pkttrace.js';
import { port } from './port.js';
import { portrange } from './portrange.js';
import { primaryinterface } from './primaryinterface.js';
import { route } from './route.js';
import { saconfig } from './saconfig.js';
import { smfconfig } from './smfconfig.js';
import { smfparms } from './smfparms.js';
import { somaxconn } from './somaxconn.js';
import { srcip } from './srcip.js';
import { start } from './start.js';
import { stop } from './stop.js';
import { tcpconfig } from './tcpconfig.js';
import { translate } from './translate.js';
import { udpconfig } from './udpconfig.js';
import { vipabackup } from './vipabackup.js';
import { vipadefine } from './vipadefine.js';
import { vipadelete } from './vipadelete.js';
import { vipadistribute } from './vipadistribute.js';
import { vipadynamic } from './vipadynamic.js';
import { viparange } from './viparange.js';
import { viparoute } from './viparoute.js';
import { vipasmparms } from './vipasmparms.js';

export const statements: readonly StatementSpec[] = [
  // The top level, in the order of IBM's chapter.
  arpage, autolog, beginroutes, bsdroutingparms, defaddrtable, del, device, link, globalconfig, home, include,
  interfaceStatement, ipconfig, ipconfig6, ipsec, itrace, netaccess, netmonitor, pkttrace, port, portrange,
  primaryinterface, saconfig, smfconfig, smfparms, somaxconn, srcip, start, stop, tcpconfig, translate, udpconfig,
  vipadynamic,
  // Inside VIPADYNAMIC … ENDVIPADYNAMIC.
  vipabackup, vipadefine, vipadelete, vipadistribute, viparange, viparoute, vipasmparms,
  // Inside BEGINROUTES … ENDROUTES.
  route,
  // No longer in the chapter: removed statements, and TN3270 server blocks of old profiles.
  gateway, atmarpsv, atmlis, atmpvc, assortedparms, keepaliveoptions, telnetglobals, telnetparms, beginvtam,
];
