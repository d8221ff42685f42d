/**
 * The statements of TCPIP.DATA, the resolver's configuration data set (IBM IP Configuration Reference,
 * "Configuration statements in TCPIP.DATA", and the table of "Dynamically changing TCPIP.DATA statements"):
 * they belong in TCPIP.DATA (SYSTCPD, SYS1.TCPPARMS(TCPDATA), the resolver's GLOBALTCPIPDATA), not in
 * PROFILE.TCPIP. None of them is a profile statement, so a profile that codes one gets a finding that says where
 * it belongs. TRACE is the statement of TRACE RESOLVER and TRACE SOCKET; DOMAIN, NAMESERVER and TCPIPUSERID are
 * IBM's synonyms of DOMAINORIGIN, NSINTERADDR and TCPIPJOBNAME.
 */
const NAMES = [
  'ALWAYSWTO',
  'DATASETPREFIX',
  'DOMAINORIGIN',
  'DOMAIN',
  'HOSTNAME',
  'LOADDBCSTABLES',
  'LOOKUP',
  'MESSAGECASE',
  'NOCACHE',
  'NOCACHEREORDER',
  'NSINTERADDR',
  'NAMESERVER',
  'NSPORTADDR',
  'OPTIONS',
  'RESOLVEVIA',
  'RESOLVERTIMEOUT',
  'RESOLVERUDPRETRIES',
  'SEARCH',
  'SOCKDEBUG',
  'SOCKNOTESTSTOR',
  'SOCKTESTSTOR',
  'SORTLIST',
  'TCPIPJOBNAME',
  'TCPIPUSERID',
  'TRACE',
] as const;

const SET: ReadonlySet<string> = new Set(NAMES);

/** Whether a word (upper case) is a TCPIP.DATA statement name. */
export function isTcpipDataStatement(upper: string): boolean {
  return SET.has(upper);
}

export const TCPIP_DATA_STATEMENTS: readonly string[] = NAMES;
