/**
 * The OMPROUTE front end: SourceFile → OmprouteAst (+ findings).
 *
 * Lexing and the statement grammar are Chevrotain's (grammar/omproute/); this
 * stage resolves keywords against IBM's statement table (any case), substitutes
 * system symbols in values (IP Messages, EZZ7830I: OMPROUTE translates the
 * IEASYMxx symbols of its configuration file), and checks each value against its
 * type. A syntax error ends OMPROUTE (EZZ7830I "error at line … processing
 * token"), so every message says so; the AST keeps what parsed, so the checks
 * that follow still see the rest of the file.
 */
import { tokenMatcher, type CstNode, type IToken } from '../../../grammar/chevrotain.js';
import { ALL_PARAMETER_NAMES, paramSpec, STATEMENTS, statementSpec, type ParamSpec, type StatementSpec, type ValueType } from '../../../grammar/omproute/keywords.js';
import { omprouteParser } from '../../../grammar/omproute/parser.js';
import { segmentStatements, type Segment } from '../../../grammar/omproute/segment.js';
import { ompLexer, Word } from '../../../grammar/omproute/tokens.js';
import type { Finding, RuleId, Severity } from '../../core/diagnostic.js';
import { maskToPrefix, parseIpv4, parseIpv6 } from '../../core/ip.js';
import { spanLocs, type Loc } from '../../core/loc.js';
import { suggest } from '../../core/suggest.js';
import type { SourceFile } from '../../sources/source-file.js';
import { append } from '../../core/append.js';
import { IncludeWalk } from '../include-walk.js';
import type { IncludeResolver } from '../profile/index.js';
import type { OmprouteAst, OmpParameter, OmpStatement, OmpValue } from './ast.js';

export type { OmprouteAst, OmpStatement, OmpParameter, OmpValue } from './ast.js';

export interface ParsedOmproute {
  ast: OmprouteAst;
  findings: Finding[];
  /** Every file read: the configuration and the files it INCLUDEs. */
  files: SourceFile[];
}

export interface OmprouteOptions {
  /** Static system symbols of the system the file belongs to (SYSNAME and the manifest's). */
  symbols?: ReadonlyMap<string, string>;
  /** Finds the files INCLUDEs name (the estate's resolver); without one, no INCLUDE is followed. */
  includes?: IncludeResolver;
}

/** A syntax error: IBM documents that OMPROUTE ends (EZZ7830I). */
const ENDS = 'OMPROUTE ends at start-up with EZZ7830I';
/** A word or value OMPROUTE does not take: that it is a syntax error is plexlint's assumption. */
const ASSUMED_ENDS = 'plexlint assumes OMPROUTE rejects it and ends at start-up (EZZ7830I)';
const SYMBOL = /&([A-Za-z0-9@#$_]{1,8})(\.?)/g;
const STATEMENT_NAMES = STATEMENTS.map((s) => s.name);
/** Longer words are no typo of a keyword: no suggestion (and no edit-distance work on a megabyte-long word). */
const MAX_SUGGEST = 64;

class Reader {
  readonly findings: Finding[] = [];
  constructor(
    private readonly file: SourceFile,
    private readonly symbols: ReadonlyMap<string, string>,
  ) {}

  loc(t: IToken): Loc {
    return this.file.lines.loc(this.file.path, t.startOffset, t.endOffset! + 1);
  }

  span(a: IToken, b: IToken): Loc {
    return spanLocs(this.loc(a), this.loc(b));
  }

  /** From a token to the `;` that ends its statement (without the comment after it), or to its last token. */
  statementLoc(first: IToken, seg: Segment, last: IToken): Loc {
    const end = seg.terminator ? seg.terminator.startOffset + 1 : last.endOffset! + 1;
    return this.file.lines.loc(this.file.path, first.startOffset, end);
  }

  report(ruleId: RuleId, loc: Loc, message: string, severity?: Severity, consequence?: string): void {
    const f: Finding = { ruleId, loc, message };
    if (severity) f.severity = severity;
    // Every syntax finding of this front end states the OMPROUTE consequence of the syntax rule.
    const c = consequence ?? (ruleId === 'syntax' ? 'omproute' : undefined);
    if (c) f.consequence = c;
    this.findings.push(f);
  }

  /** A word with its system symbols substituted. */
  word(t: IToken): OmpValue {
    let symbolic = false;
    const text = t.image.replace(SYMBOL, (whole, name: string) => {
      const v = this.symbols.get(name.toUpperCase());
      if (v !== undefined) return v;
      symbolic = true;
      this.report(
        'unresolved-symbol',
        this.loc(t),
        `the system symbol &${name.toUpperCase()}. has no value here: OMPROUTE would use whatever IEASYMxx gives it on the system. ` +
          `Give it a value under systems.<name>.symbols in plexlint.yaml (or attach this file to a system), so plexlint can check the value.`,
      );
      return whole;
    });
    const v: OmpValue = { text, raw: t.image, loc: this.loc(t) };
    if (symbolic) v.symbolic = true;
    return v;
  }
}

function tokensOf(node: CstNode | undefined, label: string): IToken[] {
  return (node?.children[label] as IToken[] | undefined) ?? [];
}

function nodesOf(node: CstNode | undefined, label: string): CstNode[] {
  return (node?.children[label] as CstNode[] | undefined) ?? [];
}

function valueOf(r: Reader, node: CstNode | undefined): OmpValue | undefined {
  if (!node) return undefined;
  const w = tokensOf(node, 'word')[0];
  if (w) return r.word(w);
  const list = nodesOf(node, 'list')[0];
  if (!list) return undefined;
  const items = tokensOf(list, 'item').map((t) => r.word(t));
  const open = tokensOf(list, 'LParen')[0];
  const close = tokensOf(list, 'RParen')[0];
  const first = open ?? items[0];
  if (!first) return undefined;
  const loc = close && open ? r.span(open, close) : items.length ? spanLocs(items[0]!.loc, items.at(-1)!.loc) : r.loc(open!);
  const raw = items.map((i) => i.raw).join(',');
  return { text: items.map((i) => i.text).join(','), raw: `(${raw})`, loc, items };
}

/** Why a value does not fit its type, and whether that is certain (error) or rests on an inferred range (warning). */
function checkValue(type: ValueType, v: OmpValue): { problem: string; severity: Severity } | undefined {
  if (v.symbolic) return undefined;
  if (type.kind === 'list') return v.items ? undefined : { problem: 'must be a parenthesised list, e.g. (nosend,10.0.0.0,255.0.0.0)', severity: 'error' };
  if (v.items) return { problem: 'must be a single value, not a list', severity: 'error' };
  const t = v.text;
  switch (type.kind) {
    case 'ipv4':
      return parseIpv4(t) ? undefined : { problem: 'is not a dotted-decimal IPv4 address', severity: 'error' };
    case 'ipv4-wildcard': {
      const parts = t.split('.');
      const ok = parts.length === 4 && parts.every((o) => o === '*' || (/^\d{1,3}$/.test(o) && Number(o) <= 255));
      return ok ? undefined : { problem: 'is not a dotted-decimal IPv4 address (octets may be * as a wildcard)', severity: 'error' };
    }
    case 'mask': {
      const m = parseIpv4(t);
      if (!m) return { problem: 'is not a dotted-decimal subnet mask', severity: 'error' };
      return maskToPrefix(m) === undefined ? { problem: 'is not a subnet mask: its one bits are not contiguous', severity: 'error' } : undefined;
    }
    case 'dotted':
      return parseIpv4(t) ? undefined : { problem: 'is not a dotted-decimal value (a 32-bit ID such as 0.0.0.0)', severity: 'error' };
    case 'int': {
      if (!/^\d+$/.test(t)) return { problem: 'is not a whole number', severity: 'error' };
      const n = Number(t);
      if (n < type.min || n > type.max) {
        return {
          problem: `is outside ${type.min}-${type.max}${type.inferred ? ' (the size of the OSPF protocol field that carries it; IBM does not document a range)' : ''}`,
          severity: type.inferred ? 'warning' : 'error',
        };
      }
      return undefined;
    }
    case 'decimal': {
      if (!/^\d+(\.\d+)?$/.test(t)) return { problem: 'is not a number', severity: 'error' };
      const n = Number(t);
      return n < type.min || n > type.max ? { problem: `is outside ${type.min}-${type.max} (IBM does not document a range)`, severity: 'warning' } : undefined;
    }
    case 'choice':
      return type.choices.includes(t.toUpperCase()) ? undefined : { problem: `must be one of ${type.choices.join(', ')}`, severity: 'error' };
    case 'ipv6':
      return parseIpv6(t) ? undefined : { problem: 'is not an IPv6 address', severity: 'error' };
    default:
      return undefined;
  }
}

class StatementBuilder {
  constructor(private readonly r: Reader) {}

  build(tokens: IToken[], seg: Segment, order: number, prevEnd: IToken | undefined): OmpStatement | undefined {
    const r = this.r;
    const line = tokens.slice(seg.start, seg.end);
    const first = line[0]!;
    const last = seg.terminator ?? line.at(-1)!;
    const loc = r.statementLoc(first, seg, line.at(-1)!);
    const parser = omprouteParser();
    parser.input = line;
    const cst = parser.statement();
    const keyword = tokensOf(cst, 'keyword')[0];
    if (!keyword || !tokenMatcher(keyword, Word)) {
      r.report('syntax', r.loc(first), `'${first.image}' cannot start a statement: a statement starts with its keyword (OSPF_Interface, Area, …). ${ENDS}.`);
      return undefined;
    }
    const spec = statementSpec(keyword.image);
    const statement: OmpStatement = { name: spec?.name ?? keyword.image, keywordLoc: r.loc(keyword), params: [], loc, order };
    if (spec) statement.spec = spec;
    for (const e of parser.errors) {
      const at = e.token.tokenType.name === 'EOF' ? last : e.token;
      r.report('syntax', r.loc(at), `${statement.name}: ${e.message}. ${ENDS}.`);
      statement.rejected ??= 'syntax error';
    }
    if (seg.ending === 'statement' || seg.ending === 'eof') {
      const next = tokens[seg.end];
      r.report(
        'syntax',
        r.loc(line.at(-1)!),
        `the ${statement.name} statement is not ended by ';'` +
          (next ? `: OMPROUTE reads '${next.image}' on line ${next.startLine} as more of it` : ' before the end of the file') +
          `. ${ENDS}. End the statement with ';'.`,
      );
      statement.rejected ??= "no ';'";
    }
    if (!spec) {
      this.unknownStatement(keyword, prevEnd);
      statement.rejected ??= 'unknown statement';
      return statement;
    }
    const value = valueOf(r, nodesOf(cst, 'value')[0]);
    if (value) statement.value = value;
    this.checkForm(spec, statement, keyword);
    for (const node of nodesOf(cst, 'parameter')) {
      const param = this.parameter(spec, node);
      if (param) statement.params.push(param);
    }
    this.checkParams(spec, statement);
    return statement;
  }

  private unknownStatement(keyword: IToken, prevEnd: IToken | undefined): void {
    const r = this.r;
    const word = keyword.image;
    if (ALL_PARAMETER_NAMES.has(word.toUpperCase())) {
      const where = prevEnd ? ` the ';' on line ${prevEnd.startLine} ended the statement before it` : ' it has no statement before it';
      r.report('syntax', r.loc(keyword), `${word} is a parameter, not a statement:${where}, so OMPROUTE reads ${word} as a statement keyword. ${ENDS}. Remove that ';' (a comment after it runs to the end of its line).`);
      return;
    }
    const near = word.length <= MAX_SUGGEST ? suggest(word, STATEMENT_NAMES) : undefined;
    if (near) {
      r.report('omproute-unknown-statement', r.loc(keyword), `'${word}' is not an OMPROUTE statement. Did you mean ${near}? ${ASSUMED_ENDS}.`, 'error');
      return;
    }
    r.report(
      'omproute-unknown-statement',
      r.loc(keyword),
      `'${word}' is not a statement of the z/OS 3.1 OMPROUTE configuration file that plexlint knows, so nothing in it is checked. If OMPROUTE does not know it either, ${ASSUMED_ENDS}.`,
    );
  }

  /** `Keyword=value;` statements take a value and no parameters; the others the reverse. */
  private checkForm(spec: StatementSpec, s: OmpStatement, keyword: IToken): void {
    const r = this.r;
    if (spec.value && !s.value) {
      r.report('syntax', r.loc(keyword), `${spec.name} is written ${spec.name}=value: the value is missing. ${ENDS}.`);
      s.rejected ??= 'no value';
    } else if (!spec.value && s.value) {
      r.report('syntax', s.value.loc, `${spec.name} takes keyword=value parameters, not a value of its own ('${spec.name}=${s.value.raw}'). ${ENDS}.`);
      delete s.value;
      s.rejected ??= 'value on a statement that takes parameters';
    } else if (spec.value && s.value) {
      const bad = checkValue(spec.value, s.value);
      if (bad) {
        r.report('omproute-invalid-value', s.value.loc, `${spec.name}=${s.value.raw} ${bad.problem}.${bad.severity === 'error' ? ` ${ASSUMED_ENDS}.` : ' plexlint uses it as coded.'}`, bad.severity, bad.severity === 'error' ? 'syntax' : 'range');
        if (bad.severity === 'error') s.rejected ??= 'invalid value';
      }
    }
  }

  private parameter(spec: StatementSpec, node: CstNode): OmpParameter | undefined {
    const r = this.r;
    const name = tokensOf(node, 'name')[0];
    if (!name) return undefined;
    const value = valueOf(r, nodesOf(node, 'value')[0]);
    const ps = paramSpec(spec, name.image);
    const param: OmpParameter = { name: ps?.name ?? name.image, keywordLoc: r.loc(name), loc: value ? spanLocs(r.loc(name), value.loc) : r.loc(name) };
    if (value) param.value = value;
    else param.rejected = 'no value';
    if (!ps) {
      this.unknownParameter(spec, name, param);
      return param;
    }
    param.spec = ps;
    if (value) {
      const bad = checkValue(ps.type, value);
      if (bad) {
        r.report(
          'omproute-invalid-value',
          value.loc,
          `${spec.name} ${ps.name}=${value.raw} ${bad.problem}.${bad.severity === 'error' ? ` ${ASSUMED_ENDS}.` : ` plexlint uses it as coded.`}`,
          bad.severity,
          bad.severity === 'error' ? 'syntax' : 'range',
        );
        if (bad.severity === 'error') param.rejected = 'invalid value';
      }
    }
    return param;
  }

  private unknownParameter(spec: StatementSpec, name: IToken, param: OmpParameter): void {
    const r = this.r;
    const near = name.image.length <= MAX_SUGGEST ? suggest(name.image, spec.params.map((x) => x.name)) : undefined;
    param.rejected = 'unknown parameter';
    if (near) param.meant = near;
    if (near) {
      r.report('omproute-unknown-parameter', r.loc(name), `${spec.name} has no parameter ${name.image}. Did you mean ${near}? ${ASSUMED_ENDS}; until it is corrected, ${near} keeps its default.`, 'error');
    } else if (spec.complete) {
      r.report('omproute-unknown-parameter', r.loc(name), `${name.image} is not a parameter of ${spec.name} in plexlint's table, which follows ${spec.source}. If OMPROUTE does not know it either, ${ASSUMED_ENDS}.`, 'warning');
    }
  }

  private checkParams(spec: StatementSpec, s: OmpStatement): void {
    const r = this.r;
    const seen = new Map<string, OmpParameter>();
    for (const p of s.params) {
      if (!p.spec || p.rejected) continue;
      const prev = seen.get(p.spec.name);
      if (prev && !p.spec.repeatable) {
        const first = prev.keywordLoc.line === p.keywordLoc.line ? `column ${prev.keywordLoc.column}` : `line ${prev.keywordLoc.line}`;
        r.report('omproute-invalid-value', p.keywordLoc, `${spec.name} codes ${p.spec.name} twice (first at ${first}); IBM does not say which one OMPROUTE uses, plexlint uses this last one. Keep one.`, 'warning', 'duplicate');
        prev.rejected = 'coded again later in the statement';
      }
      seen.set(p.spec.name, p);
    }
    if (s.rejected) return;
    for (const req of spec.params.filter((x): x is ParamSpec & { required: 'doc' | 'inferred' } => x.required !== undefined)) {
      if (s.params.some((p) => p.spec?.name === req.name || p.meant === req.name)) continue;
      const doc = req.required === 'doc';
      r.report(
        'omproute-missing-parameter',
        s.keywordLoc,
        `${spec.name} has no ${req.name}=: ` +
          (doc
            ? `IBM says ${req.name} is required${req.name === 'Name' ? ' and must be unique (OMPROUTE ignores it only for dynamic VIPAs)' : ''}; plexlint assumes OMPROUTE rejects the statement and ends at start-up (EZZ7830I).`
            : `${req.why ?? 'IBM shows it as required'}, so plexlint assumes OMPROUTE needs it. Code it.`),
        doc ? 'error' : 'warning',
        doc ? 'required' : 'inferred',
      );
      if (doc) s.rejected = `no ${req.name}`;
    }
  }
}

/** An INCLUDE's name as OMPROUTE is given it: `//'USER.OMPROUTE(DVIPAS)'`, `'USER.OMPROUTE(DVIPAS)'`, `USER.OMPROUTE(DVIPAS)` or a z/OS UNIX path. */
export function includeName(written: string): string {
  return written.trim().replace(/^\/\/(?=')/, '').replace(/^'|'$/g, '');
}

/**
 * Parse an OMPROUTE configuration and, in place, the files it INCLUDEs (EZZ7830I: OMPROUTE processes INCLUDE
 * files as part of its configuration file and works on the expanded file). Members are found through the
 * resolver the sources stage gives — within the estate only, as the profile's members are — and under the same
 * limits (src/frontends/include-walk.ts).
 */
export function parseOmproute(file: SourceFile, options: OmprouteOptions = {}): ParsedOmproute {
  const symbols = options.symbols ?? new Map<string, string>();
  const findings: Finding[] = [];
  const statements: OmpStatement[] = [];
  const includes: OmprouteAst['includes'] = [];
  const files: SourceFile[] = [];
  const walk = new IncludeWalk('OMPROUTE', 'OMPROUTE configuration');
  const visit = (f: SourceFile): void => {
    if (!files.includes(f)) files.push(f);
    walk.enter(f.absPath || f.path);
    const r = new Reader(f, symbols);
    readStatements(r, f, statements, (include) => {
      const refused = followInclude(include, f);
      if (refused) includes.push(refused);
    });
    append(findings, r.findings);
    walk.leave();
  };
  /** Reads the member an INCLUDE names; what it could not read (and why) otherwise. */
  const followInclude = (include: IncludeRef, from: SourceFile): OmprouteAst['includes'][number] | undefined => {
    const unread = (reason: string): OmprouteAst['includes'][number] => {
      findings.push({
        ruleId: 'omproute-include-not-read',
        loc: include.loc,
        message:
          `INCLUDE ${include.name || '(no name)'}: ${reason} The checks that need every definition of this OMPROUTE configuration (DVIPA coverage, undefined interfaces, RouterID) are not made for it; ` +
          'suppress this finding if the included file holds no interface definitions.',
      });
      return { name: include.name, loc: include.loc, reason };
    };
    if (!include.name) return unread('the INCLUDE names no file.');
    if (include.symbolic) return unread('its name has a system symbol without a value, so plexlint cannot tell which file OMPROUTE reads. Give the symbol a value (systems.<name>.symbols in plexlint.yaml).');
    if (!options.includes) return unread('plexlint reads only this file here (no estate to find the included file in). Check it with the estate that holds the included file.');
    const found = options.includes.resolve(includeName(include.name), from);
    if ('ruleId' in found) return unread(found.message.replace(/^INCLUDE [^:]*: /, ''));
    const refused = walk.admit(found.file.absPath || found.file.path, found.file.text.length, include.name, include.loc);
    if (refused) {
      if (refused.finding) findings.push(refused.finding);
      return refused.complete ? undefined : { name: include.name, loc: include.loc, reason: 'not followed' };
    }
    visit(found.file);
    return undefined;
  };
  visit(file);
  // EZZ7869I: without one OSPF, RIP, IPv6 OSPF or IPv6 RIP interface OMPROUTE ends (an INCLUDE not read may hold them).
  const routing = /^(OSPF|RIP|IPv6_OSPF|IPv6_RIP)_Interface$/;
  // A statement rejected for another reason already ends OMPROUTE (EZZ7830I): it counts here.
  if (!includes.length && !statements.some((s) => routing.test(s.name))) {
    const anchor = statements[0]?.keywordLoc ?? file.lines.loc(file.path, 0, 0);
    findings.push({
      ruleId: 'omproute-no-routing-interface',
      loc: anchor,
      message:
        'this OMPROUTE configuration defines no OSPF_Interface, RIP_Interface, IPv6_OSPF_Interface or IPv6_RIP_Interface: OMPROUTE ends at start-up (EZZ7869I) and advertises nothing. ' +
        'Define the interfaces OSPF or RIP runs over.',
    });
  }
  return { ast: { file: file.path, statements, includes, lineCount: file.lines.lineCount, files: files.map((f) => f.path) }, findings, files };
}

/** An INCLUDE as written: the name after system symbols, where it is. */
interface IncludeRef {
  name: string;
  symbolic: boolean;
  loc: Loc;
}

/** The statements of one file, in order, into `out`; an INCLUDE is handed to `include` where it stands. */
function readStatements(r: Reader, file: SourceFile, out: OmpStatement[], include: (ref: IncludeRef) => void): void {
  const lexed = ompLexer().tokenize(file.text);
  for (const err of lexed.errors) {
    r.report('syntax', file.lines.loc(file.path, err.offset, err.offset + Math.max(1, err.length)), `unexpected character: ${err.message}. ${ENDS}.`);
  }
  for (const junk of lexed.groups['junk'] ?? []) {
    const code = junk.image.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
    r.report('syntax', r.loc(junk), `control character X'${code}': an OMPROUTE configuration file is text, so this is probably a binary or wrongly transferred file. ${ENDS}.`);
  }
  const tokens = lexed.tokens;
  const builder = new StatementBuilder(r);
  let prevEnd: IToken | undefined;
  for (const seg of segmentStatements(tokens)) {
    const first = tokens[seg.start]!;
    if (/^INCLUDE$/i.test(first.image) && !tokens[seg.start + 1]?.image.startsWith('=')) {
      const words = tokens.slice(seg.start + 1, seg.end).map((t) => r.word(t));
      include({ name: words.map((w) => w.text).join(''), symbolic: words.some((w) => w.symbolic), loc: r.statementLoc(first, seg, tokens[seg.end - 1]!) });
      prevEnd = seg.terminator;
      continue;
    }
    const s = builder.build(tokens, seg, out.length, prevEnd);
    if (s) out.push(s);
    prevEnd = seg.terminator;
  }
}
