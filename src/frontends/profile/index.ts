/**
 * The TCP/IP profile front end: SourceFile → ProfileAst (+ findings), with
 * INCLUDEs followed through the resolver the sources stage provides.
 */
import { profileParser } from '../../../grammar/profile/parser.js';
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { IncludeStatement, ProfileAst, Statement, VipaStatement } from './ast.js';
import { applyBlockSemantics, type PlacedStatement } from './blocks.js';
import { ProfileBuilder, vipaFindings } from './build.js';
import { lexProfile, type SymbolTable } from './lex.js';

export type { ProfileAst } from './ast.js';
export type { SymbolTable } from './lex.js';

export type IncludeResolution =
  | { file: SourceFile }
  | { ruleId: 'include-not-found' | 'include-outside-estate' | 'include-unreadable'; message: string };

export interface IncludeResolver {
  /** Map an MVS data set name, e.g. USER.TCPPARMS(VIPADIST), to a file of the estate. */
  resolve(dataset: string, from: SourceFile): IncludeResolution;
}

export interface ProfileOptions {
  symbols: SymbolTable;
  includes?: IncludeResolver;
}

export interface ParsedProfile {
  ast: ProfileAst;
  findings: Finding[];
  /** Every file read (the profile and its includes). */
  files: SourceFile[];
}

/** INCLUDE nesting deeper than this is reported rather than followed (IBM documents no limit). */
const MAX_INCLUDE_DEPTH = 16;

function parseOne(file: SourceFile, symbols: SymbolTable, findings: Finding[]): ProfileAst {
  const lexed = lexProfile(file, symbols, findings);
  const parser = profileParser();
  parser.input = lexed.tokens;
  const cst = parser.profile();
  const builder = new ProfileBuilder(file);
  const placed: PlacedStatement[] = [];
  for (const st of cst.children['statement'] ?? []) {
    if (!('children' in st)) continue;
    const built = builder.statement(st);
    if (!built) continue;
    placed.push(built);
    if (isVipa(built.statement)) vipaFindings.set(built.statement, built.findings);
  }
  // Parse errors belong to the statement that was being parsed: the last one starting before them.
  for (const e of parser.errors) {
    const f = builder.parseError(e);
    const owner = ownerOf(placed, f.loc);
    if (!owner) {
      findings.push(f);
      continue;
    }
    owner.findings.push(f);
    if (owner.statement.kind === 'vipadynamic') {
      const sub = owner.statement.statements.filter((s) => before(s.loc, f.loc)).at(-1);
      if (sub) vipaFindings.get(sub)?.push(f);
    } else if (isVipa(owner.statement)) vipaFindings.get(owner.statement)?.push(f);
  }
  const statements = applyBlockSemantics(placed, (s) => vipaFindings.get(s) ?? [], findings);
  return { file: file.path, statements };
}

function before(a: Loc, b: Loc): boolean {
  return a.line < b.line || (a.line === b.line && a.column <= b.column);
}

function ownerOf(placed: PlacedStatement[], at: Loc): PlacedStatement | undefined {
  let lo = 0;
  let hi = placed.length - 1;
  let found: PlacedStatement | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (before(placed[mid]!.statement.loc, at)) {
      found = placed[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const VIPA = new Set(['vipadefine', 'vipabackup', 'vipadelete', 'viparange', 'viparoute', 'vipasmparms', 'vipadistribute']);
function isVipa(s: Statement): s is VipaStatement {
  return VIPA.has(s.kind);
}

/** Parse a profile and, recursively, the members it INCLUDEs. */
export function parseProfile(file: SourceFile, options: ProfileOptions): ParsedProfile {
  const findings: Finding[] = [];
  const files: SourceFile[] = [];
  const active: string[] = [];
  const visit = (f: SourceFile): ProfileAst => {
    files.push(f);
    active.push(f.absPath || f.path);
    const ast = parseOne(f, options.symbols, findings);
    for (const s of ast.statements) {
      if (s.kind === 'include' && !s.ignored && !s.dataset.symbolic) resolveInclude(s, f);
    }
    active.pop();
    return ast;
  };
  const resolveInclude = (s: IncludeStatement, from: SourceFile): void => {
    if (!options.includes) {
      findings.push({
        ruleId: 'include-not-found',
        loc: s.dataset.loc,
        message: `INCLUDE ${s.dataset.text}: no data set mapping is configured, so the included statements are not checked. Map the data set in plexlint.yaml (datasets: { ${s.dataset.text.replace(/\(.*$/, '')}: <folder> }).`,
      });
      return;
    }
    const r = options.includes.resolve(s.dataset.text, from);
    if ('ruleId' in r) {
      findings.push({ ruleId: r.ruleId, loc: s.dataset.loc, message: r.message });
      return;
    }
    const key = r.file.absPath || r.file.path;
    if (active.includes(key)) {
      const chain = [...active.slice(active.indexOf(key)), key].map((p) => p.split('/').pop()).join(' → ');
      findings.push({
        ruleId: 'include-cycle',
        loc: s.dataset.loc,
        message: `INCLUDE ${s.dataset.text} includes a member that is already being processed (${chain}): the stack would read it again and again. Remove the INCLUDE that closes the cycle.`,
      });
      return;
    }
    if (active.length >= MAX_INCLUDE_DEPTH) {
      findings.push({
        ruleId: 'include-cycle',
        loc: s.dataset.loc,
        message: `INCLUDE ${s.dataset.text} is nested ${active.length} deep; plexlint stops following INCLUDEs here.`,
      });
      return;
    }
    s.included = visit(r.file);
  };
  const ast = visit(file);
  return { ast, findings, files };
}
