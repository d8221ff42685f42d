/**
 * The TCP/IP profile keyword table.
 *
 * Keywords are written the way IBM's syntax diagrams print them: the upper-case
 * part is the shortest accepted abbreviation and any longer prefix of the full
 * keyword is accepted too ("VIPADISTribute" accepts VIPADIST, VIPADISTR, …,
 * VIPADISTRIBUTE). Source: z/OS Communications Server IP Configuration Reference,
 * "Statement syntax for configuration statements" and the statement pages cited
 * in
 */

export type KeywordRole =
  /** A statement name at the top level of a profile. */
  | 'statement'
  /** A statement allowed only inside VIPADYNAMIC … ENDVIPADYNAMIC. */
  | 'vipa'
  /** ROUTE inside BEGINROUTES … ENDROUTES. */
  | 'route'
  /** The END keyword of a block. */
  | 'end'
  /** An operand keyword. */
  | 'operand';

export interface KeywordSpec {
  /** IBM's notation, e.g. "VIPADISTribute". */
  notation: string;
  role: KeywordRole;
}

export interface Keyword {
  /** Full keyword in upper case, e.g. VIPADISTRIBUTE; also its id. */
  name: string;
  /** Shortest accepted abbreviation, e.g. VIPADIST. */
  min: string;
  role: KeywordRole;
}

/** Split IBM's mixed-case notation into full name and minimum abbreviation. */
export function parseNotation(notation: string): { name: string; min: string } {
  const firstLower = notation.search(/[a-z]/);
  const min = firstLower < 0 ? notation : notation.slice(0, firstLower);
  return { name: notation.toUpperCase(), min };
}

const statements = [
  'ARPAGE', 'ATMARPSV', 'ATMLIS', 'ATMPVC', 'AUTOLog', 'BEGINRoutes', 'BSDROUTINGPARMS',
  'DEFADDRTABLE', 'DELete', 'DEVice', 'GATEWAY', 'GLOBALCONFig', 'HOME', 'INCLUDE', 'INTERFace',
  'IPCONFig', 'IPCONFIG6', 'IPSEC', 'ITRACE', 'LINK', 'NETACCESS', 'NETMONitor', 'PKTTRACE',
  'PORT', 'PORTRange', 'PRIMARYInterface', 'SACONFig', 'SMFCONFig', 'SMFPARMS', 'SOMAXCONN',
  'SRCIP', 'START', 'STOP', 'TCPCONFig', 'TRANSLATE', 'UDPCONFig', 'VIPADynamic',
  // Obsolete statements that older profiles still carry (accepted or ignored with a message).
  'ASSORTEDPARMS', 'KEEPALIVEOPTIONS',
  // TN3270 server blocks that were allowed in the TCP/IP profile before the Telnet server
  // moved to its own address space.
  'TELNETGLOBALS', 'TELNETPARMS', 'BEGINVTAM',
] as const;

const vipaStatements = [
  'VIPADEFine', 'VIPABackup', 'VIPADELete', 'VIPADISTribute', 'VIPARange', 'VIPAROUTE', 'VIPASMparms',
] as const;

const ends = [
  'ENDAUTOLog', 'ENDRoutes', 'ENDBSDROUTINGPARMS', 'ENDDEFADDRTABLE', 'ENDIPSEC', 'ENDNETACCESS',
  'ENDSRCIP', 'ENDVIPADynamic', 'ENDASSORTEDPARMS', 'ENDKEEPALIVEOPTIONS', 'ENDTELNETGLOBALS',
  'ENDTELNETPARMS', 'ENDVTAM',
] as const;

/**
 * Operand keywords the CST grammar consumes (parser.ts, segment.ts). Operands of
 * statements whose options IBM allows in any order (IPCONFIG, INTERFACE, LINK,
 * ROUTE, PORT entries) are matched by the front end against the statement's own
 * table (src/frontends/profile/options.ts), so they are not listed here: every
 * keyword here becomes a token category, and categories cost parser start-up time.
 */
const operands = [
  'DEFINE', 'DELEte', 'ADDADDR', 'DELADDR',
  // VIPADEFINE / VIPABACKUP / VIPARANGE leading keywords
  'MOVEable', 'IMMEDiate', 'WHENIDLE', 'DISRUPTive', 'NONDISRUPTive', 'SERVICEMGR', 'TIER1', 'TIER2', 'CPCSCOPE',
  // VIPADISTRIBUTE options and DESTIP
  'DISTMethod', 'OPTLOCAL', 'NOOPTLOCAL', 'SYSPLEXPorts', 'TIMEDAFFinity', 'GRE', 'ENCAP', 'CONTROLPORT',
  'ILWEIGHTING', 'PROCTYPE', 'PROCXCOST', 'CP', 'ZAAP', 'ZIIP', 'AUTOSWITCHBACK', 'NOAUTOSWITCHBACK',
  'HEALTHSWITCH', 'NOHEALTHSWITCH', 'DESTIP', 'ALL', 'WEIGHT', 'PREFERRED', 'BACKUP',
] as const;

function specs(list: readonly string[], role: KeywordRole): KeywordSpec[] {
  return list.map((notation) => ({ notation, role }));
}

export const keywordSpecs: KeywordSpec[] = [
  ...specs(statements, 'statement'),
  ...specs(vipaStatements, 'vipa'),
  ...specs(['ROUTE'], 'route'),
  ...specs(ends, 'end'),
  ...specs(operands, 'operand'),
];

/** Blocks: begin statement → end keyword. */
export const blockEnds: Readonly<Record<string, string>> = {
  AUTOLOG: 'ENDAUTOLOG',
  BEGINROUTES: 'ENDROUTES',
  BSDROUTINGPARMS: 'ENDBSDROUTINGPARMS',
  DEFADDRTABLE: 'ENDDEFADDRTABLE',
  IPSEC: 'ENDIPSEC',
  NETACCESS: 'ENDNETACCESS',
  SRCIP: 'ENDSRCIP',
  VIPADYNAMIC: 'ENDVIPADYNAMIC',
  ASSORTEDPARMS: 'ENDASSORTEDPARMS',
  KEEPALIVEOPTIONS: 'ENDKEEPALIVEOPTIONS',
  TELNETGLOBALS: 'ENDTELNETGLOBALS',
  TELNETPARMS: 'ENDTELNETPARMS',
  BEGINVTAM: 'ENDVTAM',
};

/** All keywords by name. When a name is listed twice the shortest minimum wins. */
export const keywords: ReadonlyMap<string, Keyword> = (() => {
  const map = new Map<string, Keyword>();
  for (const spec of keywordSpecs) {
    const { name, min } = parseNotation(spec.notation);
    const existing = map.get(name);
    if (existing) {
      // A statement role outranks an operand role for the same word (e.g. DELETE).
      const role = existing.role === 'operand' ? spec.role : existing.role;
      map.set(name, { name, min: min.length < existing.min.length ? min : existing.min, role });
    } else {
      map.set(name, { name, min, role: spec.role });
    }
  }
  return map;
})();

/** Every valid abbreviation → the keywords it abbreviates. */
const byAbbreviation: ReadonlyMap<string, Keyword[]> = (() => {
  const m = new Map<string, Keyword[]>();
  for (const kw of keywords.values()) {
    for (let len = kw.min.length; len <= kw.name.length; len++) {
      const w = kw.name.slice(0, len);
      const list = m.get(w) ?? [];
      list.push(kw);
      m.set(w, list);
    }
  }
  return m;
})();

/** Every keyword an upper-case word abbreviates (usually zero or one). */
export function keywordsMatching(word: string): Keyword[] {
  return byAbbreviation.get(word) ?? [];
}

/**
 * The keyword a word would abbreviate if it were long enough (e.g. DIST for
 * DISTMETHOD, whose shortest form is DISTM): such a word is not a keyword for
 * the stack, which is worth saying when it breaks a statement.
 */
export function tooShortAbbreviationOf(word: string): Keyword | undefined {
  const w = word.toUpperCase();
  if (w.length < 3 || !/^[A-Z]/.test(w) || keywordsMatching(w).length > 0) return undefined;
  let best: Keyword | undefined;
  for (const kw of keywords.values()) {
    if (w.length < kw.min.length && kw.name.startsWith(w) && (!best || kw.min.length < best.min.length)) best = kw;
  }
  return best;
}
