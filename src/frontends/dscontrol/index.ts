/**
 * The dscontrol front end: SourceFile → DscontrolAst (+ findings).
 *
 * Two kinds of files hold dscontrol commands:
 * - saved configurations (`dscontrol file save`, default.cfg, loaded with
 *   `file newload|appendload`): every line is a command, with or without the
 *   leading `dscontrol`;
 * - shell scripts (configuration.sh.sample style: a `#!` line, or a .sh/.cmd
 *   name): only lines that run dscontrol/ndcontrol are commands; `VAR=value`
 *   lines are remembered and `$VAR`, `${VAR}`, `%VAR%` substituted in later
 *   command lines; every other shell line is skipped.
 */
import { tokenMatcher, type IToken } from '../../../grammar/chevrotain.js';
import { prefixOf } from '../../../grammar/dscontrol/keywords.js';
import { dscontrolParser } from '../../../grammar/dscontrol/parser.js';
import { segmentLines } from '../../../grammar/dscontrol/segment.js';
import { dscontrolLexer, Quoted, wordText, type WordPayload } from '../../../grammar/dscontrol/tokens.js';
import type { Finding } from '../../core/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { DscontrolAst, DsStatement, ProductLine, ProductLineEvidence } from './ast.js';
import { LineBuilder } from './build.js';

export type { DscontrolAst, DsStatement } from './ast.js';

export interface ParsedDscontrol {
  ast: DscontrolAst;
  findings: Finding[];
}

const SCRIPT_NAME = /\.(sh|ksh|bash|cmd|bat)$/i;
const ASSIGNMENT = /^\s*(?:export\s+|set\s+|readonly\s+|typeset\s+|local\s+)?([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;#]*)/;
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)|%([A-Za-z_][A-Za-z0-9_]*)%/g;

function unquote(text: string): string {
  if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))) return text.slice(1, -1);
  if (text.startsWith('"')) return text.slice(1);
  return text;
}

/** Substitute shell variables in a token; mark it symbolic when one has no value. */
function substitute(t: IToken, vars: Map<string, string>): void {
  const raw = tokenMatcher(t, Quoted) ? unquote(t.image) : t.image;
  let symbolic = false;
  const text = raw.replace(VARIABLE, (whole, a?: string, b?: string, c?: string) => {
    const v = vars.get((a ?? b ?? c)!);
    if (v === undefined) {
      symbolic = true;
      return whole;
    }
    return v;
  });
  const payload: WordPayload = { text };
  if (symbolic) payload.symbolic = true;
  t.payload = payload;
}

/** Separator uses and line-specific options, for deciding the product line. */
function evidenceOf(s: DsStatement): ProductLineEvidence[] {
  const out: ProductLineEvidence[] = [];
  const spec = 'spec' in s ? s.spec : undefined;
  if (spec?.separator) {
    const i = spec.word.raw.indexOf(spec.separator);
    const loc = i >= 0 && !spec.word.symbolic ? { ...spec.word.loc, column: spec.word.loc.column + i, endLine: spec.word.loc.line, endColumn: spec.word.loc.column + i + 1 } : spec.word.loc;
    out.push({ line: spec.separator === '@' ? 'ipv4v6' : 'ipv4', what: `'${spec.separator}' separator`, loc, order: s.order });
  }
  if (s.kind === 'advisor') {
    for (const o of s.operands) {
      if (o.text.includes('@')) out.push({ line: 'ipv4v6', what: "'@' separator", loc: o.loc, order: s.order });
    }
  }
  if ('options' in s) {
    for (const o of s.options) if (o.line !== 'both') out.push({ line: o.line, what: `${s.kind} option ${o.name}`, loc: o.keyword.loc, order: s.order });
  }
  if (s.kind === 'highavailability' && s.role?.value === 'both') out.push({ line: 'ipv4', what: "role 'both' (mutual high availability)", loc: s.role.word.loc, order: s.order });
  return out;
}

/** The product line: the separators decide; without any, the line-specific keywords do. */
function decideLine(evidence: ProductLineEvidence[]): ProductLine {
  const count = (line: 'ipv4' | 'ipv4v6', sep: boolean) => evidence.filter((e) => e.line === line && e.what.endsWith('separator') === sep).length;
  for (const sep of [true, false]) {
    const v4 = count('ipv4', sep);
    const v6 = count('ipv4v6', sep);
    if (v4 || v6) {
      if (v4 !== v6) return v4 > v6 ? 'ipv4' : 'ipv4v6';
      return evidence.find((e) => e.what.endsWith('separator') === sep)!.line;
    }
  }
  return 'unknown';
}

export function parseDscontrol(file: SourceFile): ParsedDscontrol {
  const findings: Finding[] = [];
  const lexed = dscontrolLexer().tokenize(file.text);
  const at = (start: number, end: number) => file.lines.loc(file.path, start, end);
  for (const err of lexed.errors) {
    findings.push({ ruleId: 'syntax', consequence: 'dscontrol', loc: at(err.offset, err.offset + Math.max(1, err.length)), message: `unexpected character: ${err.message}` });
  }
  for (const junk of lexed.groups['junk'] ?? []) {
    const code = junk.image.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
    findings.push({
      ruleId: 'syntax',
      consequence: 'dscontrol',
      loc: at(junk.startOffset, junk.endOffset! + 1),
      message: `control character X'${code}': a dscontrol configuration is text, so this is probably a binary or wrongly transferred file`,
    });
  }
  const tokens = lexed.tokens;
  const script = file.text.startsWith('#!') || SCRIPT_NAME.test(file.path);
  const parser = dscontrolParser();
  const builder = new LineBuilder(file.path, file.lines);
  const statements: DsStatement[] = [];
  const vars = new Map<string, string>();
  for (const seg of segmentLines(tokens)) {
    let line = tokens.slice(seg.start, seg.end);
    for (const t of line) if (tokenMatcher(t, Quoted)) t.payload = { text: unquote(t.image) } satisfies WordPayload;
    if (script) {
      if (line[0] && /^call$/i.test(line[0].image) && line.length > 1) line = line.slice(1);
      substitute(line[0]!, vars);
      if (!prefixOf(wordText(line[0]!))) {
        const text = file.text.slice(line[0]!.startOffset, line.at(-1)!.endOffset! + 1);
        const m = ASSIGNMENT.exec(text);
        if (m) {
          const value = unquote(m[2]!).replace(VARIABLE, (whole, a?: string, b?: string, c?: string) => vars.get((a ?? b ?? c)!) ?? whole);
          vars.set(m[1]!, value);
        }
        continue;
      }
      for (const t of line) substitute(t, vars);
    }
    const unterminated = line.find((t) => tokenMatcher(t, Quoted) && (t.image.length === 1 || !t.image.endsWith('"')));
    if (unterminated) {
      findings.push({ ruleId: 'syntax', consequence: 'dscontrol', loc: builder.loc(unterminated), message: 'the quoted string is not closed before the end of the line. plexlint assumes dscontrol refuses the command.' });
      continue;
    }
    parser.input = line;
    const cst = parser.line();
    const words = line.filter((t) => !prefixOf(wordText(t))).slice(0, 2).map((t) => wordText(t).toLowerCase());
    const parseFindings = parser.errors.map((e) => builder.parseError(e, line.at(-1), words.join(' ') || 'dscontrol'));
    const built = builder.build(cst, line, statements.length, parseFindings);
    findings.push(...built.findings);
    if (built.statement) statements.push(built.statement);
  }
  const evidence = statements.flatMap(evidenceOf);
  const ast: DscontrolAst = {
    file: file.path,
    script,
    statements,
    evidence,
    productLine: decideLine(evidence),
    lineCount: file.lines.lineCount,
  };
  return { ast, findings };
}
