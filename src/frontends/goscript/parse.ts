/**
 * A go script through mvdan/sh's parser (POSIX shell, bash and mksh — the
 * Korn shell the classic go scripts start with `#!/bin/ksh`): its syntax tree,
 * or the syntax error where the parser stops, as the shell itself would stop
 * reading the script (`bash -n` / `ksh -n`).
 *
 * - Positions: mvdan/sh counts bytes of the UTF-8 text; they are turned into
 *   offsets of the decoded text here.
 * - CRLF: a carriage return before a line end is read as a blank (offsets do not
 *   move), so the commands are still read; the CRLF itself is a finding of its
 *   own (the kernel looks for the interpreter `/bin/ksh\r`: "bad interpreter").
 * - Depth: the parser recurses on the JavaScript stack. Input that nests deeper
 *   than the stack allows (thousands of `(`) throws a RangeError; the place where
 *   it happens is found by bisection over prefixes of the text (a prefix that
 *   overflows makes every longer one overflow too) and reported as a finding.
 */
import { mvdanSh } from '../../core/libs.js';
import { isParseError, parseErrorText, type ShFile } from './sh-tree.js';

export type ShellDialect = 'ksh' | 'bash' | 'sh';

export interface ShellParse {
  /** The tree of the commands the shell runs: the whole script, or the part before a syntax error. */
  file?: ShFile;
  /** Converts an offset of mvdan/sh (bytes) into an offset of the text. */
  offset(bytes: number): number;
  error?: { offset: number; message: string; incomplete: boolean } | { offset: number; tooDeep: true };
  /** The text the tree was parsed from, when it is a prefix cut before the error. */
  parsedUpTo: number;
}

/** The dialect from the `#!` line: ksh (mksh grammar), bash, else bash's grammar, the widest of the three. */
export function dialectOf(text: string): ShellDialect {
  const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  const interpreter = (m?.[1]?.endsWith('/env') ? m[2] : m?.[1])?.split('/').pop() ?? '';
  if (/ksh/.test(interpreter)) return 'ksh';
  if (interpreter === 'sh' || interpreter === 'dash') return 'sh';
  return 'bash';
}

function byteToCharMapper(text: string): (bytes: number) => number {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(text)) return (b) => Math.min(b, text.length);
  const starts: number[] = [];
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
    for (let k = 0; k < size; k++) starts.push(i);
    bytes += size;
  }
  return (b) => (b >= bytes ? text.length : starts[b]!);
}

type Grammar = 'mksh' | 'bash';

function parser(grammar: Grammar): { Parse(text: string, name: string): unknown } {
  const { syntax } = mvdanSh();
  return syntax.NewParser(syntax.KeepComments(false), syntax.Variant(grammar === 'mksh' ? syntax.LangMirBSDKorn : syntax.LangBash));
}

type Attempt = { file: ShFile } | { error: { offset: number; message: string; incomplete: boolean }; otherShells: boolean } | { tooDeep: true };

function attemptWith(grammar: Grammar, text: string, name: string, toChar: (b: number) => number): Attempt {
  try {
    return { file: parser(grammar).Parse(text, name) as ShFile };
  } catch (e) {
    if (e instanceof RangeError) return { tooDeep: true };
    if (isParseError(e)) return { error: { offset: toChar(e.Pos.Offset()), message: parseErrorText(e), incomplete: e.Incomplete ?? false }, otherShells: e.Feature !== undefined };
    // Anything else is a failure inside the parser (a Go panic): the script is reported unread, never a crash.
    const what = e instanceof Error ? e.message : typeof e === 'object' && e !== null && typeof (e as { Error?: unknown }).Error === 'function' ? String((e as { Error(): unknown }).Error()) : String(e);
    return { error: { offset: 0, message: `plexlint's shell parser failed on this script (${what.slice(0, 200)})`, incomplete: false }, otherShells: false };
  }
}

/**
 * A go script's `/bin/ksh` is ksh88 on AIX, ksh93 or mksh elsewhere, and `/bin/sh` is ksh or bash: a
 * syntax error must be one in both grammars mvdan/sh has for them (mksh, bash), so that no script a
 * real shell accepts is reported (ksh93's `for ((…))` is bash's, not mksh's). The `#!` line picks the
 * grammar tried first; when both refuse the text, the error of the one that read further is shown.
 */
function attempt(text: string, dialect: ShellDialect, name: string, toChar: (b: number) => number): Attempt {
  const [first, second]: Grammar[] = dialect === 'ksh' ? ['mksh', 'bash'] : ['bash', 'mksh'];
  const r = attemptWith(first, text, name, toChar);
  if ('file' in r) return r;
  const other = attemptWith(second, text, name, toChar);
  if ('file' in other || 'tooDeep' in r) return other;
  if (!('error' in other)) return r;
  // Both refuse it. Syntax one grammar leaves to the other ("c-style fors are a bash feature") is judged by the
  // other; else the error of the grammar that read further is shown.
  if (r.otherShells !== other.otherShells) return r.otherShells ? other : r;
  return other.error.offset > r.error.offset ? other : r;
}

/** The shortest prefix of the text whose parse overflows the stack (every longer one overflows too). */
function overflowAt(text: string, dialect: ShellDialect, name: string): number {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ('tooDeep' in attempt(text.slice(0, mid), dialect, name, (b) => b)) hi = mid;
    else lo = mid + 1;
  }
  return Math.max(0, lo - 1);
}

export function parseShell(original: string, name: string): ShellParse {
  // A CR before a line end becomes a blank: same offsets, and the commands read as they were meant.
  const text = original.replace(/\r(?=\n)/g, ' ');
  const dialect = dialectOf(text);
  const toChar = byteToCharMapper(text);
  const first = attempt(text, dialect, name, toChar);
  if ('file' in first) return { file: first.file, offset: toChar, parsedUpTo: text.length };
  if ('tooDeep' in first) {
    const at = overflowAt(text, dialect, name);
    return { offset: toChar, error: { offset: at, tooDeep: true }, parsedUpTo: 0 };
  }
  // The shell runs the complete commands before the one in error: parse the text before the error's line
  // (and before each earlier error such a cut reveals: an unclosed `if` is reported where it starts).
  let cut = first.error.offset;
  for (let tries = 0; tries < 64; tries++) {
    const lineStart = text.lastIndexOf('\n', cut - 1) + 1;
    const prefix = text.slice(0, lineStart);
    const r = attempt(prefix, dialect, name, byteToCharMapper(prefix));
    if ('file' in r) return { file: r.file, offset: toChar, error: first.error, parsedUpTo: lineStart };
    if ('tooDeep' in r || lineStart === 0) break;
    cut = Math.min(r.error.offset, lineStart - 1);
  }
  return { offset: toChar, error: first.error, parsedUpTo: 0 };
}
