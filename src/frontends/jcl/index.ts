/**
 * JCL statements (grammar/jcl) → the steps of a job or cataloged procedure: each EXEC with its program, its PARM and
 * its DD statements, each DD with the data set it names (symbols replaced) or its in-stream data. What plexlint needs
 * from JCL is that much: the target library of an IEBUPDTE step (SYSUT2) with its in-stream SYSIN, and the PROFILE DD
 * of the TCP/IP started procedure.
 *
 * Symbols: `// SET name=value`, the defaults of a `PROC` statement, and — for a started procedure — the system
 * symbols the caller gives (z/OS substitutes them in the JCL of started tasks). A symbol in apostrophes is not
 * replaced, as JCL does not replace it there.
 */
import type { Loc } from '../../core/loc.js';
import { readJcl, type InStreamData, type JclOperand, type JclProblem, type JclStatement } from '../../../grammar/jcl/records.js';
import type { SourceFile } from '../../sources/source-file.js';
import { substituteSymbols } from './symbols.js';

export type { InStreamData, JclOperand, JclStatement } from '../../../grammar/jcl/records.js';

export interface DataSetName {
  /** Upper case, symbols replaced where they have a value; a member in parentheses when the DD names one. */
  value: string;
  /** The data set without the member. */
  dataset: string;
  member?: string;
  /** As written. */
  raw: string;
  loc: Loc;
  /** Symbols without a value: the name is not known. */
  unresolved: string[];
}

export interface JclDd {
  /** Upper case; absent on a concatenated DD (no name). */
  name?: string;
  statement: JclStatement;
  dsn?: DataSetName;
  inStream?: InStreamData;
}

export interface JclStep {
  name?: string;
  exec: JclStatement;
  /** PGM=, upper case, symbols replaced. */
  program?: string;
  programLoc?: Loc;
  /** The procedure an EXEC without PGM= calls. */
  procedure?: string;
  parm?: string;
  dds: JclDd[];
}

export interface JclFile {
  statements: JclStatement[];
  steps: JclStep[];
  /** The PROC statement of a cataloged procedure, with its symbol defaults (upper-case names). */
  proc?: { statement: JclStatement; defaults: Record<string, string> };
  /** In-stream data before any statement: a file of data records only. */
  leading?: InStreamData;
  problems: JclProblem[];
}

export interface JclOptions {
  /** System symbols (upper-case names, without & and period), after the JCL's own. */
  systemSymbols?: ReadonlyMap<string, string>;
}

/** The operand with a keyword (upper case), or undefined. */
export function operand(statement: JclStatement, keyword: string): JclOperand | undefined {
  return statement.operands.find((o) => o.keyword === keyword);
}

/** `SYS1.TCPPARMS(PROFILE)` → data set and member. */
export function splitDataSetName(value: string): { dataset: string; member?: string } {
  const m = /^([^()]+)\(([^()]*)\)$/.exec(value);
  return m ? { dataset: m[1]!, member: m[2]! } : { dataset: value };
}

export function readJclFile(file: Pick<SourceFile, 'path' | 'text' | 'lines'>, options: JclOptions = {}): JclFile {
  const stream = readJcl(file);
  const symbols = new Map<string, string>();
  const lookup = (name: string): string | undefined => symbols.get(name) ?? options.systemSymbols?.get(name);
  const value = (o: JclOperand): { text: string; unresolved: string[] } => (o.quoted ? { text: o.value, unresolved: [] } : substituteSymbols(o.value, lookup));
  const out: JclFile = { statements: stream.statements, steps: [], problems: stream.problems };
  if (stream.leading) out.leading = stream.leading;
  let step: JclStep | undefined;
  for (const s of stream.statements) {
    switch (s.operation) {
      case 'SET':
        for (const o of s.operands) if (o.keyword) symbols.set(o.keyword, value(o).text);
        break;
      case 'PROC': {
        const defaults: Record<string, string> = Object.create(null) as Record<string, string>;
        for (const o of s.operands) {
          if (!o.keyword) continue;
          // A PROC default is used unless the EXEC that calls the procedure overrides it; plexlint reads the procedure alone.
          defaults[o.keyword] = o.value;
          if (!symbols.has(o.keyword)) symbols.set(o.keyword, o.value);
        }
        out.proc = { statement: s, defaults };
        break;
      }
      case 'EXEC': {
        step = { exec: s, dds: [] };
        if (s.name !== undefined) step.name = s.name;
        const pgm = operand(s, 'PGM');
        const parm = operand(s, 'PARM');
        const positional = s.operands.find((o) => o.keyword === undefined);
        if (pgm) {
          step.program = value(pgm).text.toUpperCase();
          step.programLoc = pgm.valueLoc;
        } else {
          const proc = operand(s, 'PROC') ?? positional;
          if (proc) step.procedure = value(proc).text.toUpperCase();
        }
        if (parm) step.parm = value(parm).text;
        out.steps.push(step);
        break;
      }
      case 'DD': {
        if (!step) break;
        const dd: JclDd = { statement: s };
        if (s.name !== undefined) dd.name = s.name.replace(/^.*\./, ''); // STEP.DDNAME overrides name the DD of a step
        const dsn = operand(s, 'DSN') ?? operand(s, 'DSNAME');
        if (dsn) {
          const v = value(dsn);
          const text = v.text.toUpperCase();
          const parts = splitDataSetName(text);
          dd.dsn = { value: text, dataset: parts.dataset, raw: dsn.raw, loc: dsn.valueLoc, unresolved: v.unresolved };
          if (parts.member !== undefined) dd.dsn.member = parts.member;
        }
        if (s.inStream && !s.inStream.implied) dd.inStream = s.inStream;
        step.dds.push(dd);
        break;
      }
      case 'JOB':
      case 'PEND':
        step = undefined;
        break;
      default:
        break;
    }
    // Data JES reads without a DD statement (after an EXEC or a DD that is not * or DATA) is the step's SYSIN.
    if (step && s.inStream?.implied) step.dds.push({ name: 'SYSIN', statement: s, inStream: s.inStream });
  }
  return out;
}

/** The first DD of a step with this name (upper case), or undefined. */
export function ddOf(step: JclStep, name: string): JclDd | undefined {
  return step.dds.find((d) => d.name === name);
}
