/**
 * The IEASYMxx front end: the parmlib member that names each system and defines its static system symbols → its
 * SYSDEF statements, and the systems they describe with their symbols (for `plexlint init`), with findings.
 *
 * From z/OS MVS Initialization and Tuning Reference, "IEASYMxx" ("Statements/parameters for IEASYMxx", "Syntax rules
 * for IEASYMxx") and message IEA012E:
 * - columns 1–71 of each record hold the statements (72–80 are not read); comments are written /* … *\/; the member is
 *   read as one stream, so a SYSDEF statement goes on over as many records as it needs, up to the next SYSDEF;
 * - a SYSDEF with a filter parameter (HWNAME, LPARNAME, VMUSERID) is local: its value parameters apply only to the
 *   system the filters identify; one without is global and applies to every system. "If two SYSDEF statements define
 *   the same symbol for the same system, the last statement processed overrides any previous definitions";
 * - value parameters: SYSPARM, SYSNAME (the system name, 1–8 characters), SYSCLONE (1–2 characters; default the last
 *   two characters of the system name), SYMDEF(&name='substitution text');
 * - IEA012E reports an undefined parameter (007), a symbol name in error (004), a reserved system symbol defined
 *   with SYMDEF (002 — names beginning with SYS are reserved, "Rules for coding IEASYMxx"), data of the wrong length
 *   or in error (006, 008).
 */
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import type { SourceFile } from '../../sources/source-file.js';
import { substituteSymbols } from '../jcl/symbols.js';

export interface SysdefParameter {
  /** Upper case: HWNAME, LPARNAME, VMUSERID, SYSPARM, SYSNAME, SYSCLONE, SYMDEF. */
  name: string;
  nameLoc: Loc;
  /** The value inside the parentheses as written (SYMDEF: the substitution text, without its apostrophes). */
  value: string;
  valueLoc: Loc;
  /** SYMDEF: the symbol name, upper case, without & and period. */
  symbol?: string;
}

export interface Sysdef {
  loc: Loc;
  parameters: SysdefParameter[];
}

export interface IeasymSystem {
  /** The filters that identify it (upper case), as the local SYSDEF statements give them. */
  hwname?: string;
  lparname?: string;
  vmuserid?: string;
  /** SYSNAME, when the member gives one. */
  sysname?: string;
  /** SYSCLONE as given, else the last two characters of SYSNAME. */
  sysclone?: string;
  /** Every static symbol the member gives this system (upper-case names without & and period), SYSNAME and SYSCLONE included. */
  symbols: Map<string, string>;
  /** Where the system's first local SYSDEF is. */
  loc: Loc;
}

export interface ParsedIeasym {
  statements: Sysdef[];
  systems: IeasymSystem[];
  findings: Finding[];
}

const FILTERS = ['HWNAME', 'LPARNAME', 'VMUSERID'] as const;
const VALUES = ['SYSPARM', 'SYSNAME', 'SYSCLONE', 'SYMDEF'] as const;
/**
 * "Do not define new system symbols that begin with the characters SYS. Those names are reserved for existing system
 * symbols (like &SYSNAME)" (Rules for coding IEASYMxx); IEA012E 002 RESERVED SYMBOLIC DEFINED.
 */
const isReserved = (name: string): boolean => name.startsWith('SYS');
/** 1–16 characters since z/OS V2R2 (1–8 before): letters, digits, @ # $, not starting with a digit. */
const SYMBOL_NAME = /^[A-Z@#$][A-Z0-9@#$]{0,15}$/;
const TEXT_COLUMNS = 71;

interface Char {
  c: string;
  at: number;
}

/** The member as one stream of characters with their offsets: columns 1–71 of each record, comments left out. */
function stream(file: Pick<SourceFile, 'text' | 'lines'>): { chars: Char[]; unclosedComment?: number } {
  const chars: Char[] = [];
  let comment = -1;
  for (let i = 0; i < file.lines.lineCount; i++) {
    const start = file.lines.lineStarts[i]!;
    const text = file.lines.lineText(i);
    const limit = Math.min(text.length, TEXT_COLUMNS);
    for (let k = 0; k < limit; k++) {
      const c = text[k]!;
      if (comment >= 0) {
        if (c === '*' && text[k + 1] === '/' && k + 1 < limit) {
          comment = -1;
          k++;
        }
        continue;
      }
      if (c === '/' && text[k + 1] === '*' && k + 1 < limit) {
        comment = start + k;
        k++;
        continue;
      }
      chars.push({ c, at: start + k });
    }
    // A record ends with a blank: words do not run on from one record into the next.
    chars.push({ c: ' ', at: start + text.length });
  }
  return comment >= 0 ? { chars, unclosedComment: comment } : { chars };
}

export function parseIeasym(file: Pick<SourceFile, 'path' | 'text' | 'lines'>): ParsedIeasym {
  const findings: Finding[] = [];
  const statements: Sysdef[] = [];
  const { chars, unclosedComment } = stream(file);
  const loc = (a: number, b: number): Loc => file.lines.loc(file.path, chars[a]!.at, chars[Math.max(a, b - 1)]!.at + 1);
  const problem = (l: Loc, message: string): void => {
    findings.push({ ruleId: 'ieasym-invalid', loc: l, message });
  };
  if (unclosedComment !== undefined) {
    problem(file.lines.loc(file.path, unclosedComment, unclosedComment + 2), 'this comment is never closed with */: the rest of the member is part of it, so plexlint assumes the system reads none of the statements after it. Close the comment.');
  }
  const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
  let i = 0;
  let current: Sysdef | undefined;
  while (i < chars.length) {
    while (i < chars.length && isBlank(chars[i]!.c)) i++;
    if (i >= chars.length) break;
    const start = i;
    while (i < chars.length && /[A-Za-z0-9@#$]/.test(chars[i]!.c)) i++;
    const word = chars.slice(start, i).map((x) => x.c).join('').toUpperCase();
    if (word === 'SYSDEF') {
      current = { loc: loc(start, i), parameters: [] };
      statements.push(current);
      continue;
    }
    if (i === start) {
      // Not a word: skip to the next blank (one finding for the run of characters).
      while (i < chars.length && !isBlank(chars[i]!.c)) i++;
      problem(loc(start, i), `'${chars.slice(start, i).map((x) => x.c).join('')}' is not a SYSDEF parameter: plexlint assumes the system rejects the member with IEA012E. Remove it.`);
      continue;
    }
    if (chars[i]?.c !== '(') {
      problem(loc(start, i), word && (FILTERS as readonly string[]).concat(VALUES).includes(word) ? `${word} without its value in parentheses: plexlint assumes the system rejects it (IEA012E). Write ${word}(value).` : `${word} is not an IEASYMxx statement or parameter (SYSDEF with HWNAME, LPARNAME, VMUSERID, SYSPARM, SYSNAME, SYSCLONE, SYMDEF): the system reports IEA012E 007 UNDEFINED PARAMETER DETECTED, and plexlint assumes the definition does not take effect. Correct it.`);
      continue;
    }
    // The value: up to the matching parenthesis, apostrophed text kept whole.
    const open = i;
    i++;
    let depth = 1;
    let quote = false;
    while (i < chars.length && depth > 0) {
      const c = chars[i]!.c;
      if (c === "'") quote = !quote;
      else if (!quote && c === '(') depth++;
      else if (!quote && c === ')') depth--;
      if (depth > 0) i++;
    }
    if (depth > 0) {
      problem(loc(start, open + 1), `${word}( is never closed with a parenthesis${quote ? ' (an apostrophe is open)' : ''}: plexlint assumes the system rejects the rest of the member (IEA012E). Close it.`);
      break;
    }
    const valueStart = open + 1;
    const valueEnd = i;
    i++; // the closing parenthesis
    const raw = chars.slice(valueStart, valueEnd).map((x) => x.c).join('').trim();
    if (!current) {
      problem(loc(start, i), `${word}(…) outside a SYSDEF statement: IEASYMxx parameters belong to SYSDEF statements, so plexlint assumes the system rejects it (IEA012E). Put SYSDEF before it.`);
      continue;
    }
    if (!(FILTERS as readonly string[]).includes(word) && !(VALUES as readonly string[]).includes(word)) {
      problem(loc(start, open), `${word} is not a SYSDEF parameter (HWNAME, LPARNAME, VMUSERID, SYSPARM, SYSNAME, SYSCLONE, SYMDEF): the system reports IEA012E 007 UNDEFINED PARAMETER DETECTED, and plexlint assumes the definition does not take effect. Correct it.`);
      continue;
    }
    const parameter: SysdefParameter = { name: word, nameLoc: loc(start, open), value: raw, valueLoc: valueEnd > valueStart ? loc(valueStart, valueEnd) : loc(open, open + 1) };
    if (word === 'SYMDEF') {
      const m = /^&([^=.]*)\.?\s*=\s*'((?:[^']|'')*)'$/.exec(raw);
      if (!m) {
        problem(parameter.valueLoc, `SYMDEF(${raw}) is not &name='substitution text': plexlint assumes the system rejects it (IEA012E 008 DATA FOR SYMDEF IN ERROR). Write SYMDEF(&NAME='value').`);
        continue;
      }
      const name = m[1]!.toUpperCase();
      if (!SYMBOL_NAME.test(name)) {
        problem(parameter.valueLoc, `&${m[1]} is not a symbol name (1–16 letters, digits, @ # $, not starting with a digit): the system reports IEA012E 004 SYMBOL NAME ERROR, and plexlint assumes the symbol is not defined. Correct the name.`);
        continue;
      }
      if (isReserved(name)) {
        problem(
          parameter.valueLoc,
          `SYMDEF defines &${name}: names that begin with SYS are reserved for the symbols the system provides, and the system reports IEA012E 002 RESERVED SYMBOLIC DEFINED; plexlint assumes the definition does not take effect.${name === 'SYSCLONE' || name === 'SYSNAME' ? ` Give it with the ${name} parameter instead: ${name}(${m[2]!.replace(/''/g, "'")}).` : ' Use another name.'}`,
        );
        continue;
      }
      parameter.symbol = name;
      parameter.value = m[2]!.replace(/''/g, "'");
    } else {
      const limit = word === 'SYSCLONE' ? 2 : 8;
      // HWNAME(), LPARNAME() and VMUSERID() are valid: they select a processor without a name, or one not in LPAR mode.
      const filter = (FILTERS as readonly string[]).includes(word);
      if (word !== 'SYSPARM' && ((raw.length === 0 && !filter) || (raw.length > limit && !raw.includes('&')))) {
        problem(parameter.valueLoc, `${word}(${raw}) is ${raw.length === 0 ? 'empty' : `${raw.length} characters`}; ${word} takes 1–${limit}: the system reports IEA012E 006 DATA LENGTH ERROR, and plexlint assumes the value does not take effect. Correct it.`);
        continue;
      }
      parameter.value = raw.toUpperCase();
    }
    current.parameters.push(parameter);
  }
  return { statements, systems: systemsOf(statements), findings };
}

type FilterKey = { hwname?: string; lparname?: string; vmuserid?: string };

function filtersOf(s: Sysdef): FilterKey {
  const out: FilterKey = {};
  for (const p of s.parameters) {
    if (p.name === 'HWNAME') out.hwname = p.value;
    else if (p.name === 'LPARNAME') out.lparname = p.value;
    else if (p.name === 'VMUSERID') out.vmuserid = p.value;
  }
  return out;
}

/** Whether a SYSDEF's filters all match the system's (a global SYSDEF has none, and applies to every system). */
function applies(statement: FilterKey, system: FilterKey): boolean {
  return (
    (statement.hwname === undefined || statement.hwname === system.hwname) &&
    (statement.lparname === undefined || statement.lparname === system.lparname) &&
    (statement.vmuserid === undefined || statement.vmuserid === system.vmuserid)
  );
}

/** One system per distinct set of filters of the local SYSDEF statements, with the symbols that apply to it. */
function systemsOf(statements: Sysdef[]): IeasymSystem[] {
  const candidates: { key: FilterKey; loc: Loc }[] = [];
  for (const s of statements) {
    const key = filtersOf(s);
    if (key.hwname === undefined && key.lparname === undefined && key.vmuserid === undefined) continue;
    if (!candidates.some((c) => c.key.hwname === key.hwname && c.key.lparname === key.lparname && c.key.vmuserid === key.vmuserid)) candidates.push({ key, loc: s.loc });
  }
  const out: IeasymSystem[] = [];
  for (const c of candidates) {
    const symbols = new Map<string, string>();
    let sysclone: string | undefined;
    for (const s of statements) {
      if (!applies(filtersOf(s), c.key)) continue;
      for (const p of s.parameters) {
        // Substitution text may use the symbols defined before it (&SYSNAME., or &SYSNAME(3:2) for part of it).
        const value = substituteSymbols(p.value, (n) => symbols.get(n)).text;
        if (p.name === 'SYSNAME') symbols.set('SYSNAME', value);
        else if (p.name === 'SYSCLONE') {
          sysclone = value;
          symbols.set('SYSCLONE', value);
        }
        else if (p.name === 'SYMDEF' && p.symbol) symbols.set(p.symbol, value);
      }
    }
    const system: IeasymSystem = { ...c.key, symbols, loc: c.loc };
    const sysname = symbols.get('SYSNAME');
    if (sysname !== undefined) system.sysname = sysname;
    const clone = sysclone ?? (sysname !== undefined ? sysname.slice(-2) : undefined);
    if (clone !== undefined) {
      system.sysclone = clone;
      symbols.set('SYSCLONE', clone);
    }
    out.push(system);
  }
  return out;
}
