/**
 * The TCP/IP profile front end: SourceFile → ProfileAst (+ findings), with
 * INCLUDEs followed through the resolver the sources stage provides.
 *
 * The parser (grammar/profile) reads each file into statements with their
 * findings; the block pass applies IBM's processing semantics within the file
 * (blocks.ts), and the definitions pass those across the whole profile, INCLUDEs
 * expanded (definitions.ts).
 */
import { EOF_TYPE, profileParser, type BuiltStatement } from '../../../grammar/profile/parser.js';
import { Scanner, type SymbolTable } from '../../../grammar/profile/scanner.js';
import { blankSequenceNumbers } from '../../../grammar/profile/sequence.js';
import { stripQuotes } from '../../../grammar/profile/values.js';
import { WordFactory } from '../../../grammar/profile/words.js';
import type { Finding } from '../../core/diagnostic.js';
import { FindingLimit } from '../../core/finding-limit.js';
import type { ReleaseContext } from '../../core/release.js';
import { timed } from '../../core/timing.js';
import { sourceKey, type SourceFile } from '../../sources/source-file.js';
import type { IncludeStatement, ProfileAst, Statement } from '../../../grammar/profile/ast.js';
import { applyBlockSemantics, type PlacedStatement } from './blocks.js';
import { checkDefinitions } from './definitions.js';
import { IncludeWalk } from '../include-walk.js';

export type { ProfileAst } from '../../../grammar/profile/ast.js';
export type { SymbolTable } from '../../../grammar/profile/scanner.js';

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
  /** The release of the system the profile (and every member it INCLUDEs) is read for; default: the newest, assumed. */
  release?: ReleaseContext;
  /** The system's name, which findings that depend on its release carry (grammar/profile/parser.ts ParseInput). */
  system?: string;
}

export interface ParsedProfile {
  ast: ProfileAst;
  findings: Finding[];
  /** Every file read (the profile and its includes). */
  files: SourceFile[];
}

export { MAX_INCLUDE_DEPTH, MAX_INCLUDED_CHARS, MAX_INCLUDED_MEMBERS } from '../include-walk.js';

/**
 * Parse one file. Its findings pass through the profile's limit (src/core/finding-limit.ts) as soon as the block
 * pass has used them: 190,000 lines of a statement in the wrong place are 750,000 findings, about 1 GB.
 */
function parseOne(file: SourceFile, options: ProfileOptions, findings: Finding[], limit: FindingLimit): ProfileAst {
  const { symbols } = options;
  const own: Finding[] = [];
  const text = timed('lex', () => blankSequenceNumbers(file, own));
  const scanner = new Scanner({ file: file.path, text, lines: file.lines, symbols, findings: own }, EOF_TYPE);
  const built = timed('parse', () =>
    profileParser().parse({
      scanner,
      words: new WordFactory(file.path, file.lines, text),
      file: file.path,
      ...(options.release ? { release: options.release } : {}),
      ...(options.system !== undefined ? { system: options.system } : {}),
    }),
  );
  const childFindings = new Map<Statement, Finding[]>();
  const placed: PlacedStatement[] = built.map((b) => place(b, childFindings));
  const statements = applyBlockSemantics(placed, (s) => childFindings.get(s) ?? [], own);
  for (const f of limit.filter(own)) findings.push(f);
  return { file: file.path, statements };
}

/** A statement with all its findings, its block's statements' included (kept apart too, for the block pass). */
function place(b: BuiltStatement, childFindings: Map<Statement, Finding[]>): PlacedStatement {
  if (!b.children) return { statement: b.statement, findings: b.findings };
  // The block's own findings (words in it that start none of its statements) are kept apart too, for the block pass.
  const findings = [...b.findings];
  for (const c of b.children) {
    // Most statements of a block have no findings: only those with some are looked up by the block pass.
    if (c.findings.length) childFindings.set(c.statement, c.findings);
    for (const f of c.findings) findings.push(f);
  }
  return { statement: b.statement, findings, own: b.findings };
}

/** Parse a profile and, recursively, the members it INCLUDEs. */
export function parseProfile(file: SourceFile, options: ProfileOptions): ParsedProfile {
  const findings: Finding[] = [];
  const limit = new FindingLimit();
  const files: SourceFile[] = [];
  const walk = new IncludeWalk('the stack', 'profile');
  const visit = (f: SourceFile): ProfileAst => {
    if (!files.includes(f)) files.push(f);
    walk.enter(sourceKey(f));
    const ast = parseOne(f, options, findings, limit);
    for (const s of ast.statements) {
      if (s.kind === 'include' && !s.ignored && !s.dataset.symbolic) resolveInclude(s, f);
    }
    walk.leave();
    return ast;
  };
  const resolveInclude = (s: IncludeStatement, from: SourceFile): void => {
    // A z/OS UNIX path is looked up as written (file names are case-sensitive), unless system symbols changed it.
    const path = s.dataset.text.startsWith('/') ? (s.dataset.raw.includes('&') ? s.dataset.text : stripQuotes(s.dataset.raw)) : undefined;
    if (path) {
      findings.push({
        ruleId: 'include-unix-file',
        loc: s.dataset.loc,
        message:
          `INCLUDE names the z/OS UNIX file ${path}, where the INCLUDE topic documents an MVS data set name (a sequential data set or a PDS member); ` +
          'plexlint could not confirm that the stack opens a z/OS UNIX file here. If it does not, the stack does not read these statements and none of them take effect' +
          (path !== path.toUpperCase() ? `; and if the stack folds this operand to upper case as it folds the others, it looks for ${path.toUpperCase()}` : '') +
          '. Confirm it on a test stack (EZZ0300I OPENED INCLUDE FILE names what was read), or copy the file into a PDS member and INCLUDE that.',
      });
    }
    if (!options.includes) {
      findings.push({
        ruleId: 'include-not-found',
        loc: s.dataset.loc,
        message: `INCLUDE ${s.dataset.text}: no data set mapping is configured, so the included statements are not checked. Map the data set in plexlint.yaml (datasets: { ${s.dataset.text.replace(/\(.*$/, '')}: <folder> }).`,
      });
      return;
    }
    const r = options.includes.resolve(path ?? s.dataset.text, from);
    if ('ruleId' in r) {
      findings.push({ ruleId: r.ruleId, loc: s.dataset.loc, message: r.message });
      return;
    }
    const refused = walk.admit(sourceKey(r.file), r.file.text.length, s.dataset.text, s.dataset.loc);
    if (refused) {
      if (refused.finding) findings.push(refused.finding);
      return;
    }
    s.included = visit(r.file);
  };
  const ast = visit(file);
  // 10^6 `START A` lines without a DEVICE A are a million undefined references.
  const definitions: Finding[] = [];
  checkDefinitions(ast, definitions);
  for (const f of limit.filter(definitions)) findings.push(f);
  for (const f of limit.summaries()) findings.push(f);
  return { ast, findings, files };
}
