/**
 * Lexing a profile: Chevrotain's lexer, then the IBM-specific passes.
 * - numeric sequence fields in columns 73–80 are reported once per file and
 *   blanked for parsing (the stack would read them as operands; blanking keeps
 *   one finding from turning into a cascade of follow-on errors);
 * - `FOO;bar` is reported: a `;` that follows an operand must be preceded by a blank;
 * - static system symbols (&NAME. / &NAME) are resolved, or kept and reported;
 * - every word is re-typed by the keyword table (IBM minimum abbreviations).
 */
import { profileLexer, classifyWord } from '../../../grammar/profile/tokens.js';
import type { IToken } from '../../../grammar/chevrotain.js';
import type { Finding, TextEdit } from '../../core/diagnostic.js';
import { fix, insertBefore, replaceAt } from '../../core/fix.js';
import { quoteWord } from '../../core/quote.js';
import type { SourceFile } from '../../sources/source-file.js';

/** What the front end attaches to each word token. */
export interface WordPayload {
  /** Upper-cased, symbol-resolved text. */
  text: string;
  symbolic: boolean;
}

/*
 * A word token's payload is its folded text, except for words holding an
 * unresolved symbol (rare), which get a WordPayload: one allocation fewer per token.
 */

export type SymbolTable = ReadonlyMap<string, string>;

export interface LexedProfile {
  tokens: IToken[];
  comments: IToken[];
}

const SEQUENCE_FIELD = /^\d{8}$/;

/** Replace sequence numbers in columns 73–80 by blanks; report them once. */
function blankSequenceNumbers(file: SourceFile, findings: Finding[]): string {
  const lines = file.lines;
  let text = file.text;
  let count = 0;
  let first: { line: number; start: number } | undefined;
  const fields: TextEdit[] = [];
  const pieces: string[] = [];
  let copied = 0;
  for (let i = 0; i < lines.lineCount; i++) {
    const line = lines.lineText(i);
    if (line.length < 80) continue;
    const field = line.slice(72, 80);
    if (!SEQUENCE_FIELD.test(field)) continue;
    // Inside a comment the stack ignores everything to the end of the record.
    if (line.slice(0, 72).includes(';')) continue;
    if (line.length > 80 && line.slice(80).trim() !== '') continue;
    const start = lines.lineStarts[i]! + 72;
    // ISPF's UNNUM: the field is blanked, so the record keeps its length.
    fields.push(replaceAt(lines.loc(file.path, start, start + 8), '        '));
    pieces.push(text.slice(copied, start), '        ');
    copied = start + 8;
    count++;
    first ??= { line: i, start };
  }
  if (!first) return text;
  pieces.push(text.slice(copied));
  text = pieces.join('');
  findings.push({
    ruleId: 'sequence-numbers',
    loc: lines.loc(file.path, first.start, first.start + 8),
    message:
      `${count === 1 ? 'this record carries' : `${count} records carry`} a sequence number in columns 73–80. ` +
      'IBM says only "Sequence numbers are not allowed" and names no column limit, so plexlint assumes the stack reads the digits as operands of the statement, which corrupts it. ' +
      'Remove the sequence numbers (ISPF: UNNUM, then NUMBER OFF).',
    fix: fix(`blank the sequence numbers in columns 73–80 of ${count === 1 ? 'the record' : `all ${count} records`}`, ...fields),
  });
  return text;
}

const SYMBOL = /&([A-Za-z@#$][A-Za-z0-9@#$]{0,7})(\.?)/g;

/** Characters lexed at a time: Chevrotain's own tokens of one chunk are all that exist at once. */
const CHUNK = 1 << 20;

interface Lexed {
  tokens: IToken[];
  comments: IToken[];
  junk: IToken[];
  errors: { offset: number; length: number; message: string }[];
}

/**
 * Chevrotain's token of a chunk as a token of the file. The object literal has
 * a shape of its own, with small integers only: Chevrotain's tokens share their
 * shape with its EOF token, whose NaN positions make V8 store every position of
 * every token as a boxed number (about twice the memory; a 60 MB profile has
 * ten million tokens).
 */
function fileToken(t: IToken, offset: number, lines: number): IToken {
  return {
    tokenType: t.tokenType,
    tokenTypeIdx: t.tokenTypeIdx,
    image: t.image,
    startOffset: (t.startOffset + offset) | 0,
    endOffset: (t.endOffset! + offset) | 0,
    startLine: (t.startLine! + lines) | 0,
    endLine: (t.endLine! + lines) | 0,
    startColumn: t.startColumn! | 0,
    endColumn: t.endColumn! | 0,
    payload: undefined,
  };
}

/**
 * Tokenize in chunks that end at a line end. No token spans a line end (a
 * comment ends there; blanks, which may, are skipped), so the tokens are those
 * of the whole text; columns are unchanged because every chunk starts a line.
 */
function tokenize(text: string, lineOf: (offset: number) => number): Lexed {
  const out: Lexed = { tokens: [], comments: [], junk: [], errors: [] };
  for (let start = 0; start < text.length || start === 0; ) {
    let end = Math.min(text.length, start + CHUNK);
    if (end < text.length) {
      const nl = text.indexOf('\n', end - 1);
      end = nl < 0 ? text.length : nl + 1;
    }
    const r = profileLexer.tokenize(start === 0 && end === text.length ? text : text.slice(start, end));
    const lines = lineOf(start);
    for (const t of r.tokens) out.tokens.push(fileToken(t, start, lines));
    for (const t of r.groups['comments'] ?? []) out.comments.push(fileToken(t, start, lines));
    for (const t of r.groups['junk'] ?? []) out.junk.push(fileToken(t, start, lines));
    for (const e of r.errors) out.errors.push({ offset: e.offset + start, length: e.length, message: e.message });
    if (end >= text.length) break;
    start = end;
  }
  return out;
}

/** The symbols an operand names without a value, listed (the first few) and counted. */
function unresolvedSymbolFinding(file: SourceFile, operand: string, first: { start: number; length: number }, all: { name: string }[]): Finding {
  const names = [...new Set(all.map((u) => `&${u.name}.`))];
  const listed = names.length <= 3 ? names.join(', ').replace(/, ([^,]*)$/, ' and $1') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  const times = all.length > names.length ? ` (${all.length.toLocaleString('en-US')} uses)` : '';
  const subject = names.length === 1 ? `system symbol ${listed}${times} has` : `system symbols ${listed}${times} have`;
  return {
    ruleId: 'unresolved-symbol',
    loc: file.lines.loc(file.path, first.start, first.start + first.length),
    message:
      `${subject} no value here, so plexlint keeps '${quoteWord(operand)}' as a symbolic ` +
      'operand and skips the checks that need its value. Give its value in plexlint.yaml (systems.<name>.symbols) ' +
      'to check it.',
  };
}

export function lexProfile(file: SourceFile, symbols: SymbolTable, findings: Finding[]): LexedProfile {
  const text = blankSequenceNumbers(file, findings);
  const result = tokenize(text, (offset) => file.lines.lineOf(offset));
  for (const err of result.errors) {
    findings.push({
      ruleId: 'syntax',
      loc: file.lines.loc(file.path, err.offset, err.offset + Math.max(1, err.length)),
      message: `unexpected character in the profile: ${err.message}`,
    });
  }
  for (const junk of result.junk) {
    const code = junk.image.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
    findings.push({
      ruleId: 'syntax',
      loc: file.lines.loc(file.path, junk.startOffset, junk.endOffset! + 1),
      message: `control character X'${code}' in the profile: a profile is text, so this is probably a binary or wrongly transferred file (download it in text mode, or give --encoding)`,
    });
  }
  const comments = result.comments;
  for (const comment of comments) {
    const before = comment.startOffset > 0 ? text.charCodeAt(comment.startOffset - 1) : 32;
    if (before === 32 || before === 9 || before === 10 || before === 13) continue;
    // Find the operand the ';' is glued to.
    let wordStart = comment.startOffset;
    while (wordStart > 0 && !/[\s;]/.test(text[wordStart - 1]!)) wordStart--;
    const glued = text.slice(wordStart, comment.endOffset! + 1).split(/\s/)[0]!;
    findings.push({
      ruleId: 'comment-needs-blank',
      loc: file.lines.loc(file.path, wordStart, comment.startOffset + 1),
      message:
        `'${glued}': IBM requires a blank before a ';' that follows an operand, so this ';' is not a valid end of the ` +
        `operand and the stack may read '${glued}' as one operand the statement does not know (IBM does not document ` +
        `exactly what it does; plexlint checks the rest as if the blank were there). Insert a blank before ';'.`,
      fix: fix("insert a blank before ';'", insertBefore(file.lines.loc(file.path, comment.startOffset, comment.startOffset), ' ')),
    });
  }
  for (const token of result.tokens) {
    let symbolic = false;
    let resolved = token.image;
    if (token.image.includes('&')) {
      // One finding per operand, however many symbols it holds: a finding per symbol that quoted the
      // whole operand took memory quadratic in its length (100,000 '&A.' in one word: gigabytes).
      const unresolved: { name: string; start: number; length: number }[] = [];
      resolved = token.image.replace(SYMBOL, (whole: string, name: string, _dot: string, offset: number) => {
        const value = symbols.get(name.toUpperCase());
        if (value !== undefined) return value;
        symbolic = true;
        unresolved.push({ name: name.toUpperCase(), start: token.startOffset + offset, length: whole.length });
        return whole;
      });
      const first = unresolved[0];
      if (first) findings.push(unresolvedSymbolFinding(file, token.image, first, unresolved));
    }
    const upper = resolved.toUpperCase();
    const type = classifyWord(upper);
    token.tokenType = type;
    token.tokenTypeIdx = type.tokenTypeIdx!;
    // Most words are written in upper case already: keep one string, not two.
    token.payload = symbolic ? ({ text: upper, symbolic } satisfies WordPayload) : upper === resolved ? resolved : upper;
  }
  return { tokens: result.tokens, comments };
}
