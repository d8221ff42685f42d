/**
 * gitignore patterns (gitignore(5)) matched in time linear in the path, whatever the pattern holds.
 *
 * The `ignore` package (what ESLint and Prettier use) turns each pattern into a regular expression, and a pattern
 * such as `a/**\/a/**\/…/b` becomes `^a(?:\/[^\/]+)*\/a(?:\/[^\/]+)*\/…b`: against a path 30 folders deep a
 * backtracking engine tries every way of sharing the folders among the groups, and one `.plexlintignore` line of
 * fifteen such groups kept a check busy for minutes. Here each pattern is compiled into a small automaton whose
 * set of live states advances one character of the path at a time (Thompson's construction, as RE2 does, and as
 * src/engine/glob.ts matches override globs): the work per path is at most its length times the pattern's.
 *
 * The meaning is the `ignore` package's (version 7, which plexlint used before and whose semantics users rely on;
 * test/gitignore-properties.test.ts compares the two on random patterns and paths):
 *
 * - a line starting with `#` is a comment; `!` negates; `\#` and `\!` at the start are literal; trailing spaces
 *   are dropped unless escaped with `\`; a line ending in an unpaired `\` is no pattern;
 * - a pattern with a `/` at its start or in its middle is anchored to the folder of its file; otherwise it matches
 *   at any level; a trailing `/` matches folders only (paths are given with a trailing `/` for folders);
 * - `*` is any run of characters but `/`, `?` one character but `/`, `[…]` a bracket expression (git's wildmatch:
 *   ranges, `!`/`^` negation, POSIX classes, `\` escapes; never `/`; unterminated: the pattern matches nothing);
 *   `\x` is a literal x;
 * - `**` as a whole segment: a leading `**\/` matches in every folder, `/**\/` zero or more folders, a trailing
 *   `/**\/` one or more folders, a trailing `/**` everything inside (not the folder itself); a run of three or more
 *   stars as a whole segment is `**`; `**` elsewhere is `*`;
 * - case is ignored (the `ignore` package's default, which plexlint has always used);
 * - the last pattern that matches decides, and a path inside an ignored folder is ignored: a negation cannot bring
 *   it back (gitignore(5): "It is not possible to re-include a file if a parent directory of that file is
 *   excluded").
 */
import { nameTable } from '../core/record.js';

/** One step of the automaton: a test of the character at `at` (then the next step), a fork, or the end. */
type Instruction = { op: 'char'; test: (s: Subject, at: number) => boolean } | { op: 'split'; a: number; b: number } | { op: 'match' };

/** Where a match may end: at the end of the path, there or before a final `/`, or anywhere (a trailing `/**`). */
type EndMode = 'exact' | 'dir-or-end' | 'prefix';

/** The path being matched, with its characters case-folded once. */
interface Subject {
  text: string;
  folded: string[];
}

/** A pattern token, after escapes and bracket expressions are read. */
type Token = { t: 'lit'; c: string } | { t: 'class'; test: (c: string) => boolean } | { t: 'never' } | { t: 'slash' } | { t: 'stars'; n: number } | { t: 'one' };

/**
 * The case folding of JavaScript's case-insensitive regular expressions (ECMA-262 Canonicalize, without the u flag),
 * which the `ignore` package's expressions used: a character is compared by its upper case, unless that is several
 * characters, or ASCII for a non-ASCII character.
 */
function canonical(c: string): string {
  const u = c.toUpperCase();
  if (u.length !== 1) return c;
  if (c.charCodeAt(0) >= 128 && u.charCodeAt(0) < 128) return c;
  return u;
}

/** git's POSIX classes, as wildmatch.c classifies them (ASCII only), as inclusive code-unit ranges. */
const POSIX_CLASSES: Readonly<Record<string, readonly (readonly [number, number])[]>> = nameTable({
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  blank: [[0x20, 0x20], [0x09, 0x09]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x2e], [0x30, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x2e], [0x30, 0x7e]],
  punct: [[0x21, 0x2e], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x20, 0x20], [0x09, 0x09], [0x0a, 0x0a], [0x0d, 0x0d]],
  upper: [[0x41, 0x5a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
});

/**
 * The bracket expression that starts at `pattern[start] === '['`, read as git's wildmatch.c reads it (and the
 * `ignore` package after it): a `]` right after `[` or `[!` is a member; `\` quotes the next member; `a-z` is a
 * range (one whose ends are out of order keeps only its first end); `[:name:]` a POSIX class. Null when it never
 * ends or names an unknown class: then the whole pattern matches nothing.
 */
function bracket(pattern: string, start: number): { end: number; test: (c: string) => boolean } | null {
  let i = start + 1;
  let negated = false;
  if (pattern[i] === '!' || pattern[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: [number, number][] = [];
  const member = (c: string): void => void ranges.push([c.charCodeAt(0), c.charCodeAt(0)]);
  // The member a `-` can start a range from ('' when none can: the start, or just after a range or a class).
  let prev = '';
  for (;;) {
    const c = pattern[i];
    if (c === undefined) return null;
    if (c === '\\') {
      const quoted = pattern[++i];
      if (quoted === undefined) return null;
      member(quoted);
      prev = quoted;
    } else if (c === '-' && prev !== '' && i + 1 < pattern.length && pattern[i + 1] !== ']') {
      let to = pattern[++i]!;
      if (to === '\\') {
        const quoted = pattern[++i];
        if (quoted === undefined) return null;
        to = quoted;
      }
      if (prev <= to) ranges.push([prev.charCodeAt(0), to.charCodeAt(0)]);
      prev = '';
    } else if (c === '[' && pattern[i + 1] === ':') {
      const nameStart = i + 2;
      let end = nameStart;
      while (end < pattern.length && pattern[end] !== ']') end++;
      if (end === pattern.length) return null;
      if (end > nameStart && pattern[end - 1] === ':') {
        const name = pattern.slice(nameStart, end - 1);
        // A name table: `[:constructor:]` is no class, like any name it does not have.
        const cls = POSIX_CLASSES[name];
        if (!cls) return null;
        ranges.push(...cls.map(([lo, hi]): [number, number] => [lo, hi]));
        prev = '';
        i = end;
      } else {
        // No `:]` closes it: the `[` is a member, and the scan goes on after it.
        member('[');
        prev = '[';
      }
    } else {
      member(c);
      prev = c;
    }
    i++;
    if (pattern[i] === ']') {
      const has = (c: string): boolean => {
        const code = c.charCodeAt(0);
        return ranges.some(([lo, hi]) => code >= lo && code <= hi);
      };
      // Case is ignored: a member matches a character whose canonical form it shares (exact for ASCII).
      const holds = (c: string): boolean => {
        if (has(c)) return true;
        const k = canonical(c);
        const lower = c.toLowerCase();
        const upper = c.toUpperCase();
        return (upper.length === 1 && canonical(upper) === k && has(upper)) || (lower.length === 1 && canonical(lower) === k && has(lower));
      };
      // A bracket expression never matches a path separator, whatever its members say.
      return { end: i, test: (c) => c !== '/' && holds(c) !== negated };
    }
  }
}

/** The tokens of a pattern's body (the line without `!`, trailing spaces and leading `\!` `\#` escapes). */
function tokenize(body: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < body.length; ) {
    const c = body[i]!;
    if (c === '\\') {
      const quoted = body[i + 1]!;
      // git removes a final `/` before matching: an escape left without its character makes the pattern invalid.
      out.push(quoted === '/' && i + 2 === body.length ? { t: 'never' } : { t: 'lit', c: quoted });
      i += 2;
    } else if (c === '[') {
      const b = bracket(body, i);
      if (!b) {
        out.push({ t: 'never' });
        break;
      }
      out.push({ t: 'class', test: b.test });
      i = b.end + 1;
    } else if (c === '*') {
      let n = 0;
      while (body[i] === '*') n++, i++;
      out.push({ t: 'stars', n });
    } else {
      out.push(c === '/' ? { t: 'slash' } : c === '?' ? { t: 'one' } : { t: 'lit', c });
      i++;
    }
  }
  return out;
}

/** A pattern compiled: its automaton, where it may start and where it may end. */
interface Program {
  code: Instruction[];
  /** 'start': at the start of the path only; 'any': at the start of any segment; 'last': of the last one only. */
  start: 'start' | 'any' | 'last';
  end: EndMode;
}

const isGlobstar = (tok: Token | undefined): boolean => tok?.t === 'stars' && tok.n >= 2;
const isSlash = (s: Subject, at: number): boolean => s.text[at] === '/';
const notSlash = (s: Subject, at: number): boolean => s.text[at] !== '/';
const anyChar = (): boolean => true;

/** The automaton of a pattern's body, or undefined when it can match nothing. */
function compile(written: string): Program | undefined {
  // `/**` matches every path, as `**` does.
  const body = /^\/\*{2,}$/.test(written) ? '**' : written;
  const toks = tokenize(body);
  if (toks.some((t) => t.t === 'never')) return undefined;
  let i = 0;
  let anchored = false;
  let everyFolder = false;
  if (toks[0]?.t === 'slash') {
    anchored = true;
    i = 1;
  }
  // Leading `**/` (after an optional `/`): what follows matches in every folder.
  while (isGlobstar(toks[i]) && toks[i + 1]?.t === 'slash') {
    everyFolder = true;
    i += 2;
  }
  const first = i;
  // A `/` at the start or in the middle anchors the pattern to its folder (a `\/` and one in brackets count too).
  const hasInnerSlash = body.slice(0, -1).includes('/');
  const basenameOnly = !hasInnerSlash;
  const start: Program['start'] = everyFolder ? 'any' : anchored || hasInnerSlash ? 'start' : basenameOnly ? 'last' : 'any';
  const code: Instruction[] = [];
  const emit = (ins: Instruction): number => code.push(ins) - 1;
  /** `[^/]*` (min 0) or `[^/]+` (min 1). A character test goes on to the next instruction. */
  const run = (min: 0 | 1): void => {
    const b = code.length;
    if (min === 1) {
      emit({ op: 'char', test: notSlash }); // b
      emit({ op: 'split', a: b, b: b + 2 }); // b + 1
    } else {
      emit({ op: 'split', a: b + 1, b: b + 3 }); // b
      emit({ op: 'char', test: notSlash }); // b + 1
      emit({ op: 'split', a: b + 1, b: b + 3 }); // b + 2
    }
  };
  /** `(?:\/[^\/]+)*` (min 0) or `(?:\/[^\/]+)+` (min 1): whole folders. */
  const folders = (min: 0 | 1): void => {
    const b = code.length;
    const o = min === 0 ? 1 : 0;
    if (min === 0) emit({ op: 'split', a: b + 1, b: b + 5 }); // b
    emit({ op: 'char', test: isSlash }); // b + o
    emit({ op: 'char', test: notSlash }); // b + o + 1
    emit({ op: 'split', a: b + o + 1, b: b + o + 3 }); // b + o + 2: more of the folder's name, or on
    emit({ op: 'split', a: b + o, b: b + o + 4 }); // b + o + 3: another folder, or on
  };
  let end: EndMode = 'dir-or-end';
  let endsWithSlash = false;
  for (; i < toks.length; i++) {
    const tok = toks[i]!;
    endsWithSlash = false;
    if (tok.t === 'slash') {
      const after = toks[i + 2];
      if (isGlobstar(toks[i + 1]) && (after === undefined || after.t === 'slash')) {
        if (after === undefined) {
          // A trailing `/**`: everything inside the folder, not the folder itself.
          emit({ op: 'char', test: isSlash });
          emit({ op: 'char', test: anyChar });
          end = 'prefix';
          break;
        }
        // `/**/`: zero or more folders; one or more when it ends the pattern (`a/**/` is not `a/`).
        folders(i + 3 === toks.length ? 1 : 0);
        i++;
        continue;
      }
      emit({ op: 'char', test: isSlash });
      endsWithSlash = true;
    } else if (tok.t === 'stars') {
      // A trailing single `*` right after a `/` (not a leading one; an escaped `\/` too) needs a character:
      // `abc/*` does not match `abc/` (a run of stars that is no globstar may match nothing, as in the package).
      const before = i > first ? toks[i - 1] : undefined;
      run(i === toks.length - 1 && tok.n === 1 && (before?.t === 'slash' || (before?.t === 'lit' && before.c === '/')) ? 1 : 0);
    } else if (tok.t === 'one') emit({ op: 'char', test: notSlash });
    else if (tok.t === 'lit') {
      const k = canonical(tok.c);
      emit({ op: 'char', test: (s, at) => s.folded[at] === k });
    } else if (tok.t === 'class') {
      const test = tok.test;
      emit({ op: 'char', test: (s, at) => test(s.text[at]!) });
    }
  }
  if (end !== 'prefix' && endsWithSlash) end = 'exact';
  emit({ op: 'match' });
  return { code, start, end };
}

/** How many character tests matching has made (for tests that check the work done, not the time taken). */
export const matchWork = { steps: 0 };

/**
 * Whether the automaton matches the path: the live states advance one character at a time, each state at most once
 * per position, so the work is at most the path's length times the automaton's.
 */
function matches(program: Program, subject: Subject): boolean {
  const { code, end } = program;
  const text = subject.text;
  const len = text.length;
  // The position each state was last added for (states are deduplicated per position).
  const mark = new Int32Array(code.length).fill(-1);
  let matchedAt = -1;
  const add = (list: number[], pc: number, at: number): void => {
    const stack = [pc];
    while (stack.length) {
      const p = stack.pop()!;
      if (mark[p] === at) continue;
      mark[p] = at;
      const ins = code[p]!;
      if (ins.op === 'split') stack.push(ins.b, ins.a);
      else if (ins.op === 'match') matchedAt = at;
      else list.push(p);
    }
  };
  const accepts = (k: number): boolean => end === 'prefix' || k === len || (end === 'dir-or-end' && k === len - 1 && text[k] === '/');
  const firstStart = program.start === 'last' ? text.lastIndexOf('/', len - 2) + 1 : 0;
  let live: number[] = [];
  let next: number[] = [];
  for (let k = firstStart; ; k++) {
    if (k === firstStart || (program.start === 'any' && text[k - 1] === '/')) add(live, 0, k);
    if (matchedAt === k && accepts(k)) return true;
    if (k === len || (live.length === 0 && program.start !== 'any')) return false;
    next.length = 0;
    for (const pc of live) {
      matchWork.steps++;
      if ((code[pc] as { test: (s: Subject, at: number) => boolean }).test(subject, k)) add(next, pc + 1, k + 1);
    }
    [live, next] = [next, live];
  }
}

export interface IgnoreResult {
  ignored: boolean;
  unignored: boolean;
  /** The pattern (as written) that ignores the path. */
  rule?: { pattern: string };
}

interface Rule {
  pattern: string;
  negative: boolean;
  /** Undefined: the pattern matches nothing (an unterminated bracket expression, an unknown class). */
  program: Program | undefined;
}

/**
 * Read a line the way git does (and the `ignore` package with an array of lines): trailing spaces go, unless the
 * last is escaped (`a\ ` keeps one space); with the line end, CR and LF at the end go too.
 */
function trimLine(body: string): string {
  let lineEnd = body.length;
  let end: number;
  for (;;) {
    if (body[lineEnd - 1] === '\r') lineEnd--;
    end = lineEnd;
    while (body[end - 1] === ' ') end--;
    if (body[end - 1] !== '\n') break;
    lineEnd = end - 1;
  }
  if (end === lineEnd) return body.slice(0, lineEnd);
  let backslashes = 0;
  while (body[end - backslashes - 1] === '\\') backslashes++;
  return backslashes % 2 ? `${body.slice(0, end - 1)} ` : body.slice(0, end);
}

function ruleOf(line: string, first: boolean): Rule | undefined {
  let body = first && line.startsWith('\uFEFF') ? line.slice(1) : line;
  if (body === '' || body[0] === '#') return undefined;
  let negative = false;
  if (body[0] === '!') {
    negative = true;
    body = body.slice(1);
  }
  const last = body[body.length - 1];
  if (last === ' ' || last === '\r' || last === '\n') body = trimLine(body);
  if (!body) return undefined;
  let backslashes = 0;
  while (body[body.length - backslashes - 1] === '\\') backslashes++;
  if (backslashes % 2) return undefined;
  if (body.startsWith('\\!') || body.startsWith('\\#')) body = body.slice(1);
  return { pattern: line, negative, program: compile(body) };
}

function subjectOf(text: string): Subject {
  const folded: string[] = new Array<string>(text.length);
  for (let k = 0; k < text.length; k++) folded[k] = canonical(text[k]!);
  return { text, folded };
}

/** The parent folder of a path, with its trailing `/` ('' at the top): `a/b/c` → `a/b/`, `a/b/` → `a/`. */
function parentOf(path: string): string {
  const cut = path.lastIndexOf('/', path.endsWith('/') ? path.length - 2 : path.length - 1);
  return cut < 0 ? '' : path.slice(0, cut + 1);
}

/** The patterns of one file (or list), in order; paths are relative, with a trailing `/` for folders. */
export class GitignoreRules {
  private readonly rules: Rule[] = [];
  /** Folder results, as the parents of many paths ask for them. */
  private readonly folders = new Map<string, IgnoreResult>();

  constructor(lines: readonly string[]) {
    lines.forEach((line, i) => {
      const r = ruleOf(line, i === 0);
      if (r) this.rules.push(r);
    });
  }

  /** Whether the path itself matches, the last pattern deciding (its folders not looked at). */
  private own(path: string): IgnoreResult {
    if (this.rules.length === 0) return { ignored: false, unignored: false };
    const subject = subjectOf(path);
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const r = this.rules[i]!;
      if (r.program && matches(r.program, subject)) return r.negative ? { ignored: false, unignored: true } : { ignored: true, unignored: false, rule: { pattern: r.pattern } };
    }
    return { ignored: false, unignored: false };
  }

  /** Whether a path is ignored: by a folder above it (which no negation can undo), else by its own match. */
  test(path: string): IgnoreResult {
    if (path === '') return { ignored: false, unignored: false };
    const dir = path.endsWith('/');
    if (dir) {
      const known = this.folders.get(path);
      if (known) return known;
    }
    const parent = parentOf(path);
    const above = parent ? this.test(parent) : undefined;
    const result = above?.ignored ? above : this.own(path);
    if (dir) this.folders.set(path, result);
    return result;
  }
}
