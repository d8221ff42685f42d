/**
 * The IEBUPDTE front end: a job stream (JCL with `EXEC PGM=IEBUPDTE`, or the SYSIN records alone) → the members it
 * adds to the target library, each with the records it holds and where they are in the job stream, and findings.
 *
 * From IBM's z/OS DFSMSdfp Utilities, IEBUPDTE ("Input and output", "Function statement", "Detail statement"):
 * - the target library is the SYSUT2 data set (SYSUT1 is the old master; a step that updates in place names SYSUT1
 *   only); the control statements and the data come from SYSIN;
 * - a control statement has `./` in columns 1–2, an optional label from column 3, an operation (ADD, REPL, CHANGE,
 *   REPRO; NUMBER, DELETE; ALIAS; LABEL; ENDUP) and its operands; columns 1–71 hold it, a non-blank in column 72
 *   continues it, and the continuation begins in column 16 ("Continuing utility control statements");
 * - ADD and REPL enter a member in its entirety: the data statements that follow, up to the next control statement;
 *   CHANGE updates an existing member and REPRO copies one from SYSUT1, so what they leave depends on the data set
 *   before the step, which plexlint does not have;
 * - NUMBER with ADD or REPL assigns the sequence numbers (NEW1, then INCR) in the sequence field, columns 73–80
 *   unless SEQFLD says otherwise; without it the records are written as they are, columns 73–80 included; "no more
 *   than one NUMBER detail statement is permitted for each ADD or REPL function statement";
 * - ALIAS names an alias of the member just entered; ENDUP ends the input.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import type { SourceFile } from '../../sources/source-file.js';
import { ddOf, readJclFile, type InStreamData, type JclStep } from '../jcl/index.js';
import { nameTable } from '../../core/record.js';

export interface MemberNumbering {
  new1: number;
  incr: number;
  /** 1-based first column and length of the sequence field. */
  column: number;
  length: number;
  /** The NUMBER statement. */
  loc: Loc;
}

export interface IebupdteMember {
  /** Upper case. */
  name: string;
  nameLoc: Loc;
  function: 'ADD' | 'REPL';
  /** The target library (SYSUT2), upper case; undefined when the job stream does not say (or names it through a symbol it does not set). */
  dataset?: string;
  aliases: string[];
  /** 0-based line indexes of the member's records in the job stream. */
  lines: number[];
  /** The function statement. */
  statement: Loc;
  numbering?: MemberNumbering;
}

export interface ParsedJobStream {
  members: IebupdteMember[];
  findings: Finding[];
}

const MEMBER_NAME = /^[A-Z@#$][A-Z0-9@#$]{0,7}$/;
const FUNCTIONS = new Set(['ADD', 'REPL', 'CHANGE', 'REPRO']);
const FUNCTION_OPERANDS = new Set(['NAME', 'MEMBER', 'LIST', 'SEQFLD', 'NEW', 'COLUMN', 'UPDATE', 'INHDR', 'INTLR', 'OUTHDR', 'OUTTLR', 'TOTAL', 'LEVEL', 'SOURCE', 'SSI']);
const OPERANDS: Record<string, Set<string>> = nameTable({
  NUMBER: new Set(['SEQ1', 'SEQ2', 'NEW1', 'INCR', 'INSERT']),
  DELETE: new Set(['SEQ1', 'SEQ2']),
  ALIAS: new Set(['NAME']),
  ENDUP: new Set(),
  LABEL: new Set(),
});
/** Default sequence field: columns 73–80 (SEQFLD=738). */
const DEFAULT_SEQFLD = { column: 73, length: 8 };
/** Utility control statements are held in columns 1–71; a non-blank in column 72 continues them. */
const TEXT_COLUMNS = 71;

interface ControlOperand {
  keyword: string;
  value: string;
  keywordLoc: Loc;
  valueLoc: Loc;
}

interface ControlStatement {
  operation: string;
  operationLoc: Loc;
  operands: ControlOperand[];
  loc: Loc;
  /** 0-based lines it occupies. */
  lines: number[];
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

export function isControlRecord(record: string): boolean {
  return record.startsWith('./');
}

export function parseJobStream(file: SourceFile): ParsedJobStream {
  const findings: Finding[] = [];
  const members: IebupdteMember[] = [];
  const jcl = readJclFile(file);
  const lineLoc = (line: number, from: number, to: number): Loc => {
    const start = file.lines.lineStarts[line]!;
    return file.lines.loc(file.path, start + from, start + Math.max(from, to));
  };
  const invalid = (loc: Loc, message: string): void => {
    findings.push({ ruleId: 'iebupdte-invalid-statement', loc, message });
  };
  const unknown = (loc: Loc, message: string, consequence: string): void => {
    findings.push({ ruleId: 'iebupdte-member-unknown', loc, message, consequence });
  };

  const steps = jcl.steps.filter((s) => s.program === 'IEBUPDTE');
  for (const p of jcl.problems) {
    // Only the statements of an IEBUPDTE step matter; a problem elsewhere in the job is not plexlint's to judge.
    const inStep = steps.some((s) => withinStep(jcl.steps, s, p.loc.line - 1));
    if (inStep) invalid(p.loc, `${p.message}; plexlint assumes JES rejects the statement, so the step and the members its SYSIN adds are not read.`);
  }
  if (steps.length === 0) {
    if (jcl.statements.length === 0 && jcl.leading) {
      // The SYSIN records alone (a control data set, or the part of a job stream after its SYSIN DD): no library named.
      readControl(jcl.leading.lines, undefined, false);
    } else {
      const at = firstControlLine(file);
      unknown(
        at === undefined ? file.lines.loc(file.path, 0, 0) : lineLoc(at, 0, 2),
        'this job stream holds IEBUPDTE control statements (./ ADD …), but not as the in-stream SYSIN of an EXEC PGM=IEBUPDTE step, so plexlint cannot tell which library they update; it takes no member from them. Run IEBUPDTE directly (EXEC PGM=IEBUPDTE, SYSUT2 DD for the library, SYSIN DD DATA for the statements).',
        'no-step',
      );
    }
    return { members, findings };
  }

  for (const step of steps) {
    const sysin = ddOf(step, 'SYSIN');
    const target = ddOf(step, 'SYSUT2') ?? ddOf(step, 'SYSUT1');
    const stepName = step.name ? `step ${step.name}` : 'the IEBUPDTE step';
    if (!sysin) {
      invalid(step.exec.operationLoc, `${stepName} has no SYSIN DD: IEBUPDTE reads its control statements from SYSIN, so the step adds no member. plexlint assumes the step fails. Add //SYSIN DD DATA with the ./ ADD statements and the members' records.`);
      continue;
    }
    if (!sysin.inStream) {
      unknown(
        sysin.dsn?.loc ?? sysin.statement.loc,
        `${stepName} reads its control statements from the data set ${sysin.dsn?.value ?? 'its SYSIN DD names'}, which is not in the job stream: plexlint does not know which members it adds. Put the statements in-stream (SYSIN DD DATA), or add the members' files to the estate.`,
        'sysin-dataset',
      );
      continue;
    }
    let dataset: string | undefined;
    if (!target?.dsn) {
      invalid(step.exec.operationLoc, `${stepName} has no SYSUT2 (or SYSUT1) DD with a DSN: IEBUPDTE writes the members to the SYSUT2 library, so plexlint assumes the step fails and names its members without a data set. Add //SYSUT2 DD DSN=<library>,DISP=OLD.`);
    } else if (target.dsn.unresolved.length) {
      unknown(
        target.dsn.loc,
        `the library ${target.dsn.raw} uses ${target.dsn.unresolved.map((s) => `&${s}`).join(', ')}, which the job stream does not SET: plexlint does not know which data set the members go to, so it names them without one (an INCLUDE finds them by member name only). Set the symbol in the job stream (// SET ${target.dsn.unresolved[0]}=…) or write the data set name.`,
        'dataset-symbol',
      );
    } else dataset = target.dsn.dataset;
    const replace = /(^|,)\s*NEW\s*(,|$)/i.test(step.parm ?? '');
    readControl(sysin.inStream.lines, dataset, replace, sysin.inStream);
  }
  return { members, findings };

  /** The control statements and data records of one SYSIN. */
  function readControl(lines: number[], dataset: string | undefined, parmNew: boolean, inStream?: InStreamData): void {
    let current: IebupdteMember | undefined;
    /** Data goes to the member, to labels, or nowhere (after CHANGE/REPRO, whose result plexlint does not know). */
    let sink: 'member' | 'label' | 'skip' | 'none' = 'none';
    let numbers = 0;
    let lastFunction: string | undefined;
    let strayData: number | undefined;
    const byName = new Map<string, IebupdteMember>();
    /** The sequence field each member's NUMBER writes (its function statement's SEQFLD). */
    const seqfldOf = new Map<IebupdteMember, { column: number; length: number }>();
    let i = 0;
    while (i < lines.length) {
      const line = lines[i]!;
      const record = file.lines.lineText(line);
      if (!isControlRecord(record)) {
        if (sink === 'member') current!.lines.push(line);
        else if (sink === 'none' && strayData === undefined && record.trim() !== '') strayData = line;
        i++;
        continue;
      }
      const statement = readStatement(lines, i);
      i += statement.lines.length;
      const op = statement.operation;
      if (op === 'ENDUP') break;
      const known = FUNCTIONS.has(op) ? FUNCTION_OPERANDS : OPERANDS[op];
      if (!known) {
        invalid(statement.operationLoc, `${op || 'this'} is not an IEBUPDTE control statement (ADD, REPL, CHANGE, REPRO, NUMBER, DELETE, ALIAS, LABEL, ENDUP): plexlint assumes IEBUPDTE rejects it, and the records that follow it are not taken as a member. Correct the operation.`);
        sink = 'skip';
        continue;
      }
      const bad = statement.operands.find((o) => !known.has(o.keyword));
      if (bad) invalid(bad.keywordLoc, `${bad.keyword} is not an operand of ${op} (${[...known].join(', ') || 'it takes none'}): plexlint assumes IEBUPDTE rejects the statement. Remove or correct the operand.`);
      const get = (k: string): ControlOperand | undefined => statement.operands.find((o) => o.keyword === k);
      if (FUNCTIONS.has(op)) {
        lastFunction = op;
        numbers = 0;
        current = undefined;
        const name = get('NAME');
        if (op === 'CHANGE' || op === 'REPRO') {
          unknown(
            name?.valueLoc ?? statement.operationLoc,
            `./ ${op}${name ? ` NAME=${name.value}` : ''}: ${op === 'CHANGE' ? 'CHANGE updates a member that is already in the library' : 'REPRO copies a member from the old master (SYSUT1)'}, so what the member holds after the step depends on the data set before it, which plexlint does not have; it does not check that member. To check it, add the member whole (./ REPL) or its file to the estate.`,
            'change',
          );
          sink = 'skip';
          continue;
        }
        if (bad) {
          sink = 'skip';
          continue;
        }
        if (!name) {
          // NEW=PS writes a sequential data set: no member, nothing an INCLUDE of a member names.
          if ((get('NEW')?.value ?? '').toUpperCase() === 'PS') {
            sink = 'skip';
            continue;
          }
          invalid(statement.operationLoc, `./ ${op} without NAME=: IEBUPDTE needs the member name to enter a member in a partitioned data set. plexlint assumes it rejects the statement and takes no member from the records that follow. Add NAME=<member>.`);
          sink = 'skip';
          continue;
        }
        const memberName = name.value.toUpperCase();
        if (!MEMBER_NAME.test(memberName)) {
          invalid(name.valueLoc, `NAME=${name.value} is not a member name (1–8 letters, digits, @ # $, not starting with a digit): plexlint assumes IEBUPDTE rejects the statement and takes no member from the records that follow. Correct the name.`);
          sink = 'skip';
          continue;
        }
        const seqfld = readSeqfld(get('SEQFLD'));
        if (seqfld === 'bad') {
          sink = 'skip';
          continue;
        }
        current = { name: memberName, nameLoc: name.valueLoc, function: op as 'ADD' | 'REPL', aliases: [], lines: [], statement: statement.loc };
        if (dataset !== undefined) current.dataset = dataset;
        seqfldOf.set(current, seqfld ?? DEFAULT_SEQFLD);
        const earlier = byName.get(memberName);
        if (earlier) {
          members.splice(members.indexOf(earlier), 1);
          if (op === 'ADD' && !parmNew) {
            unknown(
              name.valueLoc,
              `member ${memberName} is added a second time in this step (first at line ${earlier.nameLoc.line}): IBM documents that an ADD of a member that already exists in the library ends processing unless PARM=NEW is given; whether a member added earlier in the same step counts is not documented. plexlint uses this later copy. Add each member once, or use ./ REPL for the replacement.`,
              'duplicate',
            );
          }
        }
        byName.set(memberName, current);
        members.push(current);
        sink = 'member';
        continue;
      }
      if (bad) continue;
      if (op === 'LABEL') {
        sink = 'label';
        continue;
      }
      if (op === 'ALIAS') {
        const alias = get('NAME');
        if (!current || !alias) {
          invalid(statement.operationLoc, `./ ALIAS ${!alias ? 'without NAME=' : 'before any member'}: an ALIAS names an alias of the member entered just before it. plexlint assumes IEBUPDTE rejects it. ${!alias ? 'Add NAME=<alias>.' : 'Move it after the member it names.'}`);
          continue;
        }
        const a = alias.value.toUpperCase();
        if (!MEMBER_NAME.test(a)) invalid(alias.valueLoc, `NAME=${alias.value} is not a member name (1–8 letters, digits, @ # $, not starting with a digit): plexlint assumes IEBUPDTE rejects the alias. Correct the name.`);
        else current.aliases.push(a);
        continue;
      }
      if (op === 'DELETE') {
        if (lastFunction === 'CHANGE') continue; // its records are CHANGE's, whose member plexlint does not build
        invalid(statement.operationLoc, `./ DELETE ${current ? `after ./ ${current.function}` : 'outside a CHANGE'}: DELETE removes records of a member that CHANGE updates; with ADD or REPL the member is entered whole. plexlint assumes IEBUPDTE rejects it. Remove the statement.`);
        continue;
      }
      // NUMBER
      if (!current || sink !== 'member') {
        if (sink !== 'skip') invalid(statement.operationLoc, `./ NUMBER outside an ADD or REPL: with ADD or REPL it assigns the sequence numbers of the member entered. plexlint assumes IEBUPDTE rejects it. Move it after the ./ ADD it belongs to.`);
        continue;
      }
      numbers++;
      if (numbers > 1) {
        invalid(statement.operationLoc, `a second ./ NUMBER for member ${current.name}: IBM permits no more than one NUMBER detail statement for each ADD or REPL. plexlint assumes IEBUPDTE rejects it and keeps the first. Remove one.`);
        continue;
      }
      const seq1 = get('SEQ1');
      if (seq1 && seq1.value.toUpperCase() !== 'ALL') {
        invalid(seq1.valueLoc, `SEQ1=${seq1.value} with ./ ${current.function}: the first record to renumber is not coded when NUMBER assigns the numbers of a new member (SEQ1=ALL or none). plexlint assumes IEBUPDTE rejects the statement. Remove SEQ1.`);
        continue;
      }
      const new1 = get('NEW1');
      const incr = get('INCR');
      const digits = (o: ControlOperand | undefined): number | undefined => (o && /^\d{1,8}$/.test(o.value) ? Number(o.value) : undefined);
      const n1 = digits(new1);
      const inc = digits(incr);
      if (n1 === undefined || inc === undefined) {
        const o = new1 && n1 === undefined ? new1 : incr && inc === undefined ? incr : undefined;
        invalid(o?.valueLoc ?? statement.operationLoc, o ? `${o.keyword}=${o.value} is not a sequence number (1–8 digits): plexlint assumes IEBUPDTE rejects the statement. Correct it.` : `./ NUMBER without ${n1 === undefined ? 'NEW1=' : 'INCR='}: with ADD or REPL, NUMBER needs the first number (NEW1) and the increment (INCR). plexlint assumes IEBUPDTE rejects it. Add ${n1 === undefined ? 'NEW1' : 'INCR'}=<number>.`);
        continue;
      }
      const field = seqfldOf.get(current) ?? DEFAULT_SEQFLD;
      current.numbering = { new1: n1, incr: inc, column: field.column, length: field.length, loc: statement.loc };
    }
    if (strayData !== undefined) {
      invalid(lineLoc(strayData, 0, file.lines.lineText(strayData).length), `data records before the first ./ ADD (or REPL): IEBUPDTE enters data only into the member a function statement names, so plexlint assumes these records are rejected and belong to no member. Start the SYSIN with ./ ADD NAME=<member>.`);
    }
    if (inStream?.dlm !== undefined && !inStream.delimiter && lines.length) {
      const last = lines[lines.length - 1]!;
      unknown(
        lineLoc(last, 0, file.lines.lineText(last).length),
        `the job stream ends inside the in-stream SYSIN data: the delimiter ${inStream.dlm} that DLM= names never comes. If the file was cut short, the last member is incomplete, and plexlint cannot tell; it checks the records that are there. End the data with ${inStream.dlm}.`,
        'truncated',
      );
    }
  }

  /** SEQFLD=ddl or (ddl,ddl): the sequence field of the records written (the second form's second value). */
  function readSeqfld(o: ControlOperand | undefined): { column: number; length: number } | 'bad' | undefined {
    if (!o) return undefined;
    const m = /^(?:\(\s*(\d{3})\s*,\s*(\d{3})\s*\)|(\d{3}))$/.exec(o.value);
    const ddl = m ? (m[2] ?? m[3]!) : undefined;
    const column = ddl ? Number(ddl.slice(0, 2)) : 0;
    const length = ddl ? Number(ddl[2]) : 0;
    if (!ddl || column < 1 || length < 1 || length > 8 || column + length - 1 > 80) {
      invalid(o.valueLoc, `SEQFLD=${o.value} is not a sequence field (ddl: starting column dd, length l of 1–8, within 80 columns; or (ddl,ddl)): plexlint assumes IEBUPDTE rejects the statement and takes no member from it. Correct it, or leave it out for columns 73–80.`);
      return 'bad';
    }
    return { column, length };
  }

  /** One control statement from lines[at], with its continuation records. */
  function readStatement(lines: number[], at: number): ControlStatement {
    const first = lines[at]!;
    const used = [first];
    const text = (line: number): string => {
      const r = file.lines.lineText(line);
      return r.length > TEXT_COLUMNS ? r.slice(0, TEXT_COLUMNS) : r;
    };
    const continued = (line: number): boolean => {
      const r = file.lines.lineText(line);
      return r.length > TEXT_COLUMNS && !isBlank(r[TEXT_COLUMNS]);
    };
    const t = text(first);
    let col = 2;
    while (col < t.length && !isBlank(t[col])) col++; // the label
    while (col < t.length && isBlank(t[col])) col++;
    const opStart = col;
    while (col < t.length && !isBlank(t[col])) col++;
    const operation = t.slice(opStart, col).toUpperCase();
    const operationLoc = lineLoc(first, opStart, col);
    while (col < t.length && isBlank(t[col])) col++;
    // The operand field over its records: its characters, and the file offset of each.
    let field = '';
    const offsets: number[] = [];
    const take = (line: number, from: number): void => {
      const s = text(line);
      const base = file.lines.lineStarts[line]!;
      let k = from;
      while (k < s.length && !isBlank(s[k])) {
        offsets.push(base + k);
        k++;
      }
      field += s.slice(from, k);
    };
    take(first, col);
    let line = first;
    let k = at;
    while ((continued(line) || field.endsWith(',')) && k + 1 < lines.length) {
      const next = lines[k + 1]!;
      const s = text(next);
      // The continuation begins in column 16 (a ./ in columns 1–2 of it is allowed).
      let from = s.startsWith('./') ? 2 : 0;
      while (from < s.length && isBlank(s[from])) from++;
      k++;
      line = next;
      used.push(next);
      take(next, from);
    }
    const operands: ControlOperand[] = [];
    const locOf = (a: number, b: number): Loc => file.lines.loc(file.path, offsets[a]!, offsets[b - 1]! + 1);
    const flush = (start: number, end: number): void => {
      if (end <= start) return;
      const eq = field.indexOf('=', start);
      if (eq < 0 || eq >= end || eq === start) {
        operands.push({ keyword: field.slice(start, end).toUpperCase(), value: '', keywordLoc: locOf(start, end), valueLoc: locOf(start, end) });
        return;
      }
      operands.push({ keyword: field.slice(start, eq).toUpperCase(), value: field.slice(eq + 1, end), keywordLoc: locOf(start, eq), valueLoc: eq + 1 < end ? locOf(eq + 1, end) : locOf(eq, eq + 1) });
    };
    let start = 0;
    let depth = 0;
    for (let j = 0; j < field.length; j++) {
      const c = field[j];
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
      else if (c === ',' && depth === 0) {
        flush(start, j);
        start = j + 1;
      }
    }
    flush(start, field.length);
    const end = offsets.length ? offsets[offsets.length - 1]! + 1 : file.lines.lineStarts[first]! + col;
    return { operation, operationLoc, operands, loc: file.lines.loc(file.path, file.lines.lineStarts[first]!, end), lines: used };
  }
}

/** Whether a line of the job stream lies in a step (from its EXEC to the next step's). */
function withinStep(all: JclStep[], step: JclStep, line: number): boolean {
  const next = all[all.indexOf(step) + 1];
  return line >= step.exec.firstLine && (!next || line < next.exec.firstLine);
}

function firstControlLine(file: SourceFile): number | undefined {
  for (let i = 0; i < file.lines.lineCount; i++) if (isControlRecord(file.lines.lineText(i))) return i;
  return undefined;
}
