/**
 * File kind from content (and, where the content is ambiguous, the name):
 * a folder of mixed files is sorted without the user saying what each is.
 */
import { basename } from 'node:path';
import { isOmprouteKeyword, statementSpec } from '../../grammar/omproute/keywords.js';
import { statementWords } from '../../grammar/profile/statement-words.js';
import { looksLikeCapture } from './capture/index.js';
import { SCENARIO_FILE, SKIP_EXT } from '../sources/discover.js';
import type { SourceFile } from '../sources/source-file.js';

export type FileKind =
  | 'profile'
  | 'omproute'
  | 'dscontrol'
  | 'goscript'
  | 'plugin-cfg'
  | 'cluster-xml'
  | 'serverindex-xml'
  | 'virtualhosts-xml'
  | 'iebupdte'
  | 'tcpip-proc'
  | 'ieasym'
  | 'manifest'
  | 'scenario'
  | 'capture'
  | 'unknown';

const GO_SCRIPTS = /^(goActive|goStandby|goInOp|goIdle|highavailChange|serverUp|serverDown|managerAlert|managerClear)(\.(sh|cmd|bat|ksh))?$/i;

const DSCONTROL_LINE =
  /^\s*(?:(?:dscontrol|ndcontrol)\s+\S+|(?:executor|cluster|port|server|manager|advisor|highavailability|high|rule|subagent)\s+(?:add|set|start|stop|remove|configure|unconfigure|heartbeat|backup|reach|takeover|report|status)\b)/i;

/** Elements that only plugin-cfg.xml has, as the root of a fragment. */
const PLUGIN_FRAGMENT_ROOTS = new Set(['VirtualHostGroup', 'UriGroup', 'Route', 'TrustedProxyGroup', 'RequestMetrics']);

function xmlRoot(text: string): string | undefined {
  let i = 0;
  const n = Math.min(text.length, 65536);
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0 || lt >= n) return undefined;
    // An unclosed comment, processing instruction or declaration ends the search
    // (indexOf gives -1: continuing from there would go round in circles).
    const skip = (marker: string, from: number): number => {
      const end = text.indexOf(marker, from);
      return end < 0 ? -1 : end + marker.length;
    };
    if (text.startsWith('<?', lt)) i = skip('?>', lt + 2);
    else if (text.startsWith('<!--', lt)) i = skip('-->', lt + 4);
    else if (text.startsWith('<!', lt)) i = skip('>', lt + 2);
    else {
      const m = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(lt, lt + 200));
      return m?.[1];
    }
    if (i <= lt) return undefined;
  }
  return undefined;
}

/**
 * Share of statement-looking lines that start with a TCP/IP profile statement name. Counting stops once
 * `enough` statements are found: the verdict cannot change after that.
 */
function profileScore(text: string, enough: number): { statements: number; lines: number } {
  let statements = 0;
  let lines = 0;
  let start = 0;
  const limit = Math.min(text.length, 1 << 20);
  while (start < limit && lines < 4000 && statements < enough) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const m = /^\s*([^\s;]+)/.exec(line);
    if (!m) continue;
    lines++;
    const word = m[1]!.toUpperCase();
    if (statementWords.match(word)) statements++;
  }
  return { statements, lines };
}

/**
 * Lines of an OMPROUTE configuration: they start with an OMPROUTE statement
 * keyword (`OSPF_Interface`, `Global_Options`) or hold an OMPROUTE
 * `keyword=value` parameter (`IP_Address=…`, `RouterID=…`). A TCP/IP profile has
 * no `keyword=value` operands, and INTERFACE, the one statement name both files
 * share, does not count on its own. Comments (from `;`) are left out.
 */
function omprouteLines(text: string): number {
  let n = 0;
  let start = 0;
  const limit = Math.min(text.length, 1 << 16);
  while (start < limit) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // A keyword is short: look at the start of long lines only, and anchor each match at a word start, so that a
    // megabyte-long word costs one pass.
    const cut = Math.min(end, start + 4096);
    const semi = text.indexOf(';', start);
    const line = text.slice(start, semi >= 0 && semi < cut ? semi : cut);
    start = end + 1;
    const first = /^\s*([A-Za-z][A-Za-z0-9_]{0,40})\b/.exec(line)?.[1];
    if (first && statementSpec(first) && isOmprouteKeyword(first)) n++;
    else if (line.includes('=') && hasParameter(line)) n++;
  }
  return n;
}

/** Whether a line holds an OMPROUTE `keyword=value` parameter. */
function hasParameter(line: string): boolean {
  const re = /\b([A-Za-z][A-Za-z0-9_]{0,40})[ \t]*=/g;
  for (let m = re.exec(line); m; m = re.exec(line)) if (isOmprouteKeyword(m[1]!)) return true;
  return false;
}

/** Lines that hold more than a comment (counted up to 2: a one-statement file is told apart). */
function statementLines(text: string): number {
  let n = 0;
  for (let start = 0; start < text.length && n < 2; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const semi = text.indexOf(';', start);
    const upTo = semi >= 0 && semi < end ? semi : end;
    if (/\S/.test(text.slice(start, Math.min(upTo, start + 4096)))) n++;
    start = end + 1;
  }
  return n;
}

/** The text without a leading byte-order mark and blanks, as far as detection reads it (not a copy of the whole file). */
function leadingText(text: string): string {
  const reach = 1 << 17;
  if (text.length <= reach) return text.replace(/^\uFEFF/, '').trimStart();
  const head = text.slice(0, reach).replace(/^\uFEFF/, '').trimStart();
  // xmlRoot reads 64 K characters of it, and 200 more for a name: with that much left the cut changes nothing.
  return head.length >= (1 << 16) + 256 ? head : text.replace(/^\uFEFF/, '').trimStart();
}

export function detectKind(file: SourceFile): FileKind {
  const name = basename(file.path);
  if (/^plexlint\.ya?ml$/i.test(name)) return 'manifest';
  if (SCENARIO_FILE.test(name)) return 'scenario';
  // A document, an image, a program (README.md, notes.html): not a configuration file, whatever its lines start
  // with — a line of a README that starts with HOME is no HOME statement.
  if (SKIP_EXT.test(name)) return 'unknown';
  if (GO_SCRIPTS.test(name)) return 'goscript';
  const head = leadingText(file.text);
  // A saved report of the running state (NETSTAT, DISPLAY TCPIP, dscontrol): its banner decides, before a profile's
  // statement words in it could (docs/drift.md).
  if (!head.startsWith('<') && looksLikeCapture(head)) return 'capture';
  if (head.startsWith('<')) {
    const root = xmlRoot(head);
    if (root === 'Config') return 'plugin-cfg';
    // A plugin-cfg.xml fragment (no Config root): the plug-in's ServerCluster writes Name, cluster.xml's writes name.
    if (root && PLUGIN_FRAGMENT_ROOTS.has(root)) return 'plugin-cfg';
    if (root === 'ServerCluster' && /<ServerCluster\b[^>]*\s(Name|LoadBalance|RetryInterval)\s*=/.test(head.slice(0, 4096))) return 'plugin-cfg';
    // A fragment that lists plug-in Servers (WAS's own server.xml has a prefixed process:Server root).
    if (root === 'Server' && /<Server\b[^>]*\s(LoadBalanceWeight|CloneID|ConnectTimeout|ServerIOTimeout|MaxConnections)\s*=|<Transport\b[^>]*\sProtocol\s*=/.test(head.slice(0, 4096))) return 'plugin-cfg';
    if (root && /(^|:)ServerCluster$/.test(root)) return 'cluster-xml';
    // WAS configuration repository documents: serverindex:ServerIndex (a node's servers and their ports) and the
    // cell's host:VirtualHost list (an xmi:XMI of them, or one alone).
    if (root && /(^|:)ServerIndex$/.test(root)) return 'serverindex-xml';
    if (root && (/(^|:)VirtualHost$/.test(root) && root.includes(':') || (/(^|:)XMI$/.test(root) && /<[\w.-]+:VirtualHost\b/.test(head.slice(0, 1 << 16))))) return 'virtualhosts-xml';
    if (/plugin-cfg.*\.xml$/i.test(name)) return 'plugin-cfg';
    if (/^cluster\.xml$/i.test(name)) return 'cluster-xml';
    return 'unknown';
  }
  // z/OS inputs that are not configuration files themselves: an IEBUPDTE job stream (its members are), the TCP/IP
  // started procedure and IEASYMxx (plexlint init reads them). Before the profile: a job stream of profiles is full
  // of statements.
  const zos = zosKind(file.text);
  if (zos) return zos;
  const omp = omprouteLines(file.text);
  const named = /\.omproute$|^omproute.*\.conf$/i.test(name) || /(^|\.)OMPROUTE(\.CONF)?$/i.test(name);
  if (omp >= 2 || (omp >= 1 && (named || statementLines(file.text) <= 1))) return 'omproute';
  const sample = file.text.slice(0, 1 << 16).split('\n').slice(0, 400);
  const ds = sample.filter((l) => DSCONTROL_LINE.test(l)).length;
  // More than `ds` statements, and at least 3, make it a profile whatever the rest of the file holds.
  const { statements, lines } = profileScore(file.text, Math.max(3, ds + 1));
  if (ds > 0 && ds >= statements) return 'dscontrol';
  if (statements >= 3 || (statements > 0 && statements >= lines * 0.2)) return 'profile';
  if (named) return 'omproute';
  if (/\.(tcpip|prof|profile)$/i.test(name) || /^PROFILE/i.test(name)) return 'profile';
  if (/\.cfg$/i.test(name) && ds > 0) return 'dscontrol';
  return 'unknown';
}

/** A JCL statement that runs IEBUPDTE, or the TCP/IP stack (EZBTCPIP, the program of IBM's sample procedure EZAEB01G). */
const EXEC_PGM = /^\/\/[^\s*]*[ \t]+EXEC[ \t]+(?:[^\n]*?,)?PGM=([A-Z@#$][A-Z0-9@#$]{0,7})\b/gim;
/** An IEBUPDTE function statement that enters a member: `./ ADD NAME=…` (a label may follow the ./). */
const CONTROL = /^\.\/\S*[ \t]+(?:ADD|REPL)[ \t]+\S*NAME=/im;
/** An IEASYMxx SYSDEF statement with a parameter: at the start of a line, after comments are removed. */
const SYSDEF = /^[ \t]*SYSDEF\b[^\n]*?\b(?:HWNAME|LPARNAME|VMUSERID|SYSNAME|SYSCLONE|SYMDEF|SYSPARM)[ \t]*\(/m;

function zosKind(text: string): FileKind | undefined {
  const head = text.length > 1 << 20 ? text.slice(0, 1 << 20) : text;
  let firstRecord = '';
  for (let start = 0; start < head.length; ) {
    let end = head.indexOf('\n', start);
    if (end < 0) end = head.length;
    const line = head.slice(start, Math.min(end, start + 200));
    start = end + 1;
    if (line.trim() === '') continue;
    firstRecord = line;
    break;
  }
  const programs = new Set<string>();
  // JCL starts with a statement, a comment (//*) or a JES2 control statement (/*JOBPARM); SYSIN alone with ./ ADD.
  if (firstRecord.startsWith('//') || firstRecord.startsWith('/*') || firstRecord.startsWith('./')) {
    EXEC_PGM.lastIndex = 0;
    for (let m = EXEC_PGM.exec(head); m; m = EXEC_PGM.exec(head)) programs.add(m[1]!.toUpperCase());
  }
  if (programs.has('IEBUPDTE') || (firstRecord.startsWith('./') && CONTROL.test(firstRecord))) return 'iebupdte';
  if (programs.has('EZBTCPIP')) return 'tcpip-proc';
  if (/SYSDEF/.test(head) && SYSDEF.test(head.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' '))) return 'ieasym';
  return undefined;
}
