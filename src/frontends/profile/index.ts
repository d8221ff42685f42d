/**
 * The TCP/IP profile front end: SourceFile → ProfileAst (+ findings), with
 * INCLUDEs followed through the resolver the sources stage provides.
 */
import { tokenMatcher } from '../../../grammar/chevrotain.js';
import { profileParser } from '../../../grammar/profile/parser.js';
import { segment } from '../../../grammar/profile/segment.js';
import { K, VipaStatementName } from '../../../grammar/profile/tokens.js';
import type { Finding } from '../../core/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { IncludeStatement, ProfileAst, Statement, VipaStatement } from './ast.js';
import { applyBlockSemantics, type PlacedStatement } from './blocks.js';
import { ProfileBuilder, vipaFindings } from './build.js';
import { lexProfile, type SymbolTable } from './lex.js';
import { timed } from '../../core/timing.js';
import type { IToken } from '../../../grammar/chevrotain.js';

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
export const MAX_INCLUDE_DEPTH = 16;
/**
 * Members one profile may include in all (each time a member is included counts).
 * Without a budget, members that each INCLUDE the next one ten times expand
 * exponentially (an "INCLUDE bomb": 16 levels, 10^16 members) even though no
 * INCLUDE closes a cycle.
 */
export const MAX_INCLUDED_MEMBERS = 1000;
/** Characters of included text one profile may expand to in all (the largest file plexlint reads). */
export const MAX_INCLUDED_CHARS = 64 * 1024 * 1024;

function parseOne(file: SourceFile, symbols: SymbolTable, findings: Finding[]): ProfileAst {
  const lexed = timed('lex', () => lexProfile(file, symbols, findings));
  const tokens = lexed.tokens;
  return timed('parse', () => parseTokens(file, tokens, findings));
}

function parseTokens(file: SourceFile, tokens: IToken[], findings: Finding[]): ProfileAst {
  const parser = profileParser();
  const builder = new ProfileBuilder(file);
  /** Parse tokens [start, end) with one grammar rule; return the CST and the parse errors as findings. */
  const parse = (start: number, end: number, rule: 'statement' | 'vipaSubstatement' | 'routeEntry') => {
    parser.input = tokens.slice(start, end);
    const cst = parser[rule]();
    const errors = parser.errors.map((e) => builder.parseError(e, tokens[end - 1]));
    return { cst, errors };
  };
  const placed: PlacedStatement[] = [];
  for (const seg of segment(tokens)) {
    if (seg.kind === 'statement') {
      const { cst, errors } = parse(seg.start, seg.end, 'statement');
      const built = cst ? builder.statement(cst, errors, builder.at.ofTokens(tokens[seg.start]!, tokens[seg.end - 1]!)) : undefined;
      placed.push(built ?? builder.broken(tokens.slice(seg.start, seg.end), errors));
      const last = placed.at(-1)!;
      if (isVipa(last.statement)) vipaFindings.set(last.statement, last.findings);
      continue;
    }
    const children = seg.children.map((c) => {
      const first = tokens[c.start]!;
      const isSub = seg.kind === 'vipadynamic' ? tokenMatcher(first, VipaStatementName) : tokenMatcher(first, K('ROUTE'));
      if (!isSub) return { junk: tokens.slice(c.start, c.end) };
      const { cst, errors } = parse(c.start, c.end, seg.kind === 'vipadynamic' ? 'vipaSubstatement' : 'routeEntry');
      return { cst, errors, tokens: tokens.slice(c.start, c.end) };
    });
    placed.push(
      seg.kind === 'vipadynamic'
        ? builder.vipaBlock(tokens[seg.header]!, children, seg.endToken === undefined ? undefined : tokens[seg.endToken])
        : builder.routesBlock(tokens[seg.header]!, children, seg.endToken === undefined ? undefined : tokens[seg.endToken]),
    );
  }
  // The parser is shared: without this it keeps the last statement's tokens (for a
  // profile that is one long PORT list, every token of the file) alive after the parse.
  parser.input = [];
  const statements = applyBlockSemantics(placed, (s) => vipaFindings.get(s) ?? [], findings);
  return { file: file.path, statements };
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
  let included = 0;
  let includedChars = 0;
  let budgetReported = false;
  const visit = (f: SourceFile): ProfileAst => {
    if (!files.includes(f)) files.push(f);
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
        message: `INCLUDE ${s.dataset.text} includes a member that is already being processed (${chain}): IBM documents no nesting limit, so plexlint assumes the stack would read it again and again. Remove the INCLUDE that closes the cycle.`,
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
    if (included + 1 > MAX_INCLUDED_MEMBERS || includedChars + r.file.text.length > MAX_INCLUDED_CHARS) {
      // Once per profile: every later INCLUDE would say the same.
      if (!budgetReported) {
        budgetReported = true;
        findings.push({
          ruleId: 'include-cycle',
          loc: s.dataset.loc,
          message:
            `INCLUDE ${s.dataset.text}: this profile has already included ${included} members (${includedChars} characters), ` +
            `more than plexlint follows (${MAX_INCLUDED_MEMBERS} members, ${MAX_INCLUDED_CHARS / 1048576} M characters); ` +
            'it stops following INCLUDEs here. Members that INCLUDE the same members several times multiply: INCLUDE each member from one place.',
        });
      }
      return;
    }
    included++;
    includedChars += r.file.text.length;
    s.included = visit(r.file);
  };
  const ast = visit(file);
  return { ast, findings, files };
}
