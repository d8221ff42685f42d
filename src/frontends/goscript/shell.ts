/**
 * A small shell reader for go scripts: words (with quotes, `$VAR`, `${VAR}`,
 * `$(…)`, backquotes), comments, here-documents, redirections, and the
 * compound commands that real scripts use (if/elif/else/fi, case/esac,
 * while/until/for … do … done, { … }, ( … ), function definitions).
 *
 * It is not an interpreter: it builds just enough structure to know which
 * simple commands run, under which condition, inside which function, and with
 * which variable values — so that comments, conditionals and functions cannot
 * make the scanner see an alias command that never runs (or miss one that does).
 * It never throws: unbalanced input ends the enclosing construct.
 */

export interface ShWord {
  /** As written (quotes and `$` included). */
  raw: string;
  start: number;
  end: number;
}

export type Token = { kind: 'word'; w: ShWord } | { kind: 'op'; op: string; start: number; end: number } | { kind: 'nl'; start: number };

export type ShNode =
  | { kind: 'simple'; words: ShWord[]; start: number; end: number; afterAndOr: boolean }
  | { kind: 'if'; parts: ShNode[][] }
  | { kind: 'loop'; body: ShNode[]; cond: ShNode[] }
  | { kind: 'for'; variable: string; values: ShWord[]; body: ShNode[] }
  | { kind: 'case'; subject?: ShWord; branches: ShNode[][] }
  | { kind: 'function'; name: string; body: ShNode[] }
  | { kind: 'group'; body: ShNode[] };

const SEPARATORS = new Set([';', '&', '&&', '||', '|', ';;', ';&', ';;&']);

/** Tokenize shell text. */
export function tokenize(text: string, cmd: boolean): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  const heredocs: { delim: string; strip: boolean }[] = [];
  const skipHeredocs = (): void => {
    // i is just after a newline: skip the bodies of pending here-documents.
    for (const h of heredocs) {
      while (i < n) {
        let e = text.indexOf('\n', i);
        if (e < 0) e = n;
        const line = text.slice(i, e).replace(/\r$/, '');
        i = Math.min(n, e + 1);
        if ((h.strip ? line.replace(/^\t+/, '') : line) === h.delim) break;
      }
    }
    heredocs.length = 0;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (c === '\n') {
      out.push({ kind: 'nl', start: i });
      i++;
      if (heredocs.length) skipHeredocs();
      continue;
    }
    if (c === '#' || (cmd && /^(rem(\s|$)|::)/i.test(text.slice(i, i + 4)) && (out.length === 0 || out.at(-1)!.kind === 'nl'))) {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    // Operators.
    const three = text.slice(i, i + 3);
    const two = text.slice(i, i + 2);
    if (three === ';;&') {
      out.push({ kind: 'op', op: three, start: i, end: i + 3 });
      i += 3;
      continue;
    }
    if (two === '<<') {
      // Here-document: remember the delimiter, skip its body after the next newline.
      let j = i + 2;
      const strip = text[j] === '-';
      if (strip) j++;
      while (text[j] === ' ' || text[j] === '\t') j++;
      const m = /^(['"]?)([A-Za-z0-9_]+)\1/.exec(text.slice(j));
      if (m) {
        heredocs.push({ delim: m[2]!, strip });
        i = j + m[0].length;
      } else i += 2;
      continue;
    }
    if (['&&', '||', ';;', ';&'].includes(two)) {
      out.push({ kind: 'op', op: two, start: i, end: i + 2 });
      i += 2;
      continue;
    }
    const redirect = /^[0-9]*(>>|>&|<&|&>|>\||<>|>|<)([0-9]+|-)?/.exec(text.slice(i, i + 8));
    if (redirect && (c === '>' || c === '<' || (c === '&' && two === '&>') || (/[0-9]/.test(c) && /^[0-9]+[<>]/.test(text.slice(i, i + 4))))) {
      const op = redirect[0];
      // `2>&1`, `>&-`: no target word follows.
      const closed = /[&][0-9-]*$/.test(op) && /[0-9-]$/.test(op);
      out.push({ kind: 'op', op: closed ? 'redir-closed' : 'redir', start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')') {
      out.push({ kind: 'op', op: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    // A word.
    const start = i;
    while (i < n) {
      const d = text[i]!;
      if (d === ' ' || d === '\t' || d === '\n' || d === '\r' || d === ';' || d === '&' || d === '|' || d === '<' || d === '>' || d === ')' || (d === '(' && i > start && text[i - 1] !== '$' && text[i - 1] !== '=')) break;
      if (d === '(' && i === start) break;
      if (d === '\\') {
        i += 2;
        continue;
      }
      if (d === "'" && !cmd) {
        const e = text.indexOf("'", i + 1);
        i = e < 0 ? n : e + 1;
        continue;
      }
      if (d === '"') {
        let j = i + 1;
        while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
        i = Math.min(n, j + 1);
        continue;
      }
      if (d === '`') {
        const e = text.indexOf('`', i + 1);
        i = e < 0 ? n : e + 1;
        continue;
      }
      if (d === '$' && text[i + 1] === '(') {
        let depth = 0;
        let j = i + 1;
        for (; j < n; j++) {
          if (text[j] === '(') depth++;
          else if (text[j] === ')' && --depth === 0) break;
        }
        i = Math.min(n, j + 1);
        continue;
      }
      if (d === '$' && text[i + 1] === '{') {
        const e = text.indexOf('}', i + 2);
        i = e < 0 ? n : e + 1;
        continue;
      }
      i++;
    }
    if (i === start) {
      // '(' at a word start: an operator.
      out.push({ kind: 'op', op: text[i]!, start: i, end: i + 1 });
      i++;
      continue;
    }
    out.push({ kind: 'word', w: { raw: text.slice(start, i), start, end: i } });
  }
  return out;
}

const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'while', 'until', 'for', 'do', 'done', 'case', 'esac', 'in', '{', '}', '!', 'function', 'select']);

/** Compound commands nested deeper than this are not read (a go script nests a few levels). */
export const MAX_SHELL_NESTING = 100;

export interface Parsed {
  nodes: ShNode[];
  /** Offset of the token where nesting passed MAX_SHELL_NESTING: the script is read up to it. */
  tooDeepAt?: number;
}

function tokenStart(t: Token): number {
  return t.kind === 'word' ? t.w.start : t.start;
}

/** Parse tokens into compound commands. */
export function parse(tokens: Token[]): Parsed {
  let p = 0;
  let depth = 0;
  let tooDeepAt: number | undefined;
  const peek = (): Token | undefined => tokens[p];
  const isWord = (t: Token | undefined, ...raws: string[]): boolean => t?.kind === 'word' && raws.includes(t.w.raw);
  const isOp = (t: Token | undefined, ...ops: string[]): boolean => t?.kind === 'op' && ops.includes(t.op);
  const skipSeparators = (): boolean => {
    let andOr = false;
    while (p < tokens.length) {
      const t = tokens[p]!;
      if (t.kind === 'nl' || (t.kind === 'op' && SEPARATORS.has(t.op) && !t.op.startsWith(';;'))) {
        if (t.kind === 'op' && (t.op === '&&' || t.op === '||')) andOr = true;
        else andOr = false;
        p++;
      } else break;
    }
    return andOr;
  };

  const list = (endWords: string[], endOps: string[] = []): ShNode[] => {
    const out: ShNode[] = [];
    // Each level of nesting is a level of recursion: stop reading where it gets deeper than any script does,
    // rather than let the stack overflow (3,000 '(' in a row).
    if (depth >= MAX_SHELL_NESTING) {
      tooDeepAt ??= p < tokens.length ? tokenStart(tokens[p]!) : undefined;
      p = tokens.length;
      return out;
    }
    depth++;
    try {
      return listBody(out, endWords, endOps);
    } finally {
      depth--;
    }
  };

  const listBody = (out: ShNode[], endWords: string[], endOps: string[]): ShNode[] => {
    for (;;) {
      const andOr = skipSeparators();
      const t = peek();
      if (!t) return out;
      if (t.kind === 'word' && endWords.includes(t.w.raw)) return out;
      if (t.kind === 'op' && endOps.includes(t.op)) return out;
      const before = p;
      const node = command(andOr);
      if (node) out.push(node);
      if (p === before) p++; // always advance
    }
  };

  const expectWord = (raw: string): void => {
    skipSeparators();
    if (isWord(peek(), raw)) p++;
  };

  const command = (andOr: boolean): ShNode | undefined => {
    const t = peek()!;
    if (t.kind === 'word') {
      const raw = t.w.raw;
      if (raw === 'if') {
        p++;
        const parts: ShNode[][] = [list(['then'])];
        expectWord('then');
        parts.push(list(['elif', 'else', 'fi']));
        while (isWord(peek(), 'elif')) {
          p++;
          parts.push(list(['then']));
          expectWord('then');
          parts.push(list(['elif', 'else', 'fi']));
        }
        if (isWord(peek(), 'else')) {
          p++;
          parts.push(list(['fi']));
        }
        expectWord('fi');
        return { kind: 'if', parts };
      }
      if (raw === 'while' || raw === 'until') {
        p++;
        const cond = list(['do']);
        expectWord('do');
        const body = list(['done']);
        expectWord('done');
        return { kind: 'loop', cond, body };
      }
      if (raw === 'for' || raw === 'select') {
        p++;
        const v = peek();
        const variable = v?.kind === 'word' ? v.w.raw : '';
        if (v?.kind === 'word') p++;
        const values: ShWord[] = [];
        if (isWord(peek(), 'in')) {
          p++;
          while (peek()?.kind === 'word' && !isWord(peek(), 'do')) values.push((tokens[p++] as { w: ShWord }).w);
        }
        expectWord('do');
        const body = list(['done']);
        expectWord('done');
        return { kind: 'for', variable, values, body };
      }
      if (raw === 'case') {
        p++;
        const subjectTok = peek();
        const node: ShNode = { kind: 'case', branches: [] };
        if (subjectTok?.kind === 'word') {
          node.subject = subjectTok.w;
          p++;
        }
        if (isWord(peek(), 'in')) p++;
        for (;;) {
          skipSeparators();
          const q = peek();
          if (!q || isWord(q, 'esac')) break;
          // Pattern: words and '|' up to ')'.
          if (isOp(q, '(')) p++;
          while (p < tokens.length && !isOp(peek(), ')') && peek()!.kind !== 'nl') p++;
          if (isOp(peek(), ')')) p++;
          node.branches.push(list(['esac'], [';;', ';&', ';;&']));
          if (isOp(peek(), ';;', ';&', ';;&')) p++;
        }
        if (isWord(peek(), 'esac')) p++;
        return node;
      }
      if (raw === '{') {
        p++;
        const body = list(['}']);
        if (isWord(peek(), '}')) p++;
        return { kind: 'group', body };
      }
      if (raw === 'function') {
        p++;
        const nameTok = peek();
        const name = nameTok?.kind === 'word' ? nameTok.w.raw.replace(/\(\)$/, '') : '';
        if (nameTok) p++;
        if (isOp(peek(), '(') && isOp(tokens[p + 1], ')')) p += 2;
        skipSeparators();
        return { kind: 'function', name, body: functionBody() };
      }
      if (raw === '!' || raw === 'then' || raw === 'do' || raw === 'else') {
        // Stray keyword (unbalanced input): skip it.
        p++;
        return undefined;
      }
      if (isOp(tokens[p + 1], '(') && isOp(tokens[p + 2], ')') && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(raw)) {
        p += 3;
        skipSeparators();
        return { kind: 'function', name: raw, body: functionBody() };
      }
      if (RESERVED.has(raw) && raw !== 'in') {
        p++;
        return undefined;
      }
    }
    if (isOp(t, '(')) {
      p++;
      const body = list([], [')']);
      if (isOp(peek(), ')')) p++;
      return { kind: 'group', body };
    }
    // Simple command: words up to a separator; redirections and their targets dropped.
    const words: ShWord[] = [];
    let start = -1;
    let end = -1;
    while (p < tokens.length) {
      const u = tokens[p]!;
      if (u.kind === 'nl') break;
      if (u.kind === 'op') {
        if (u.op === 'redir') {
          p++;
          if (peek()?.kind === 'word') p++;
          continue;
        }
        if (u.op === 'redir-closed') {
          p++;
          continue;
        }
        break;
      }
      if (start < 0) start = u.w.start;
      end = u.w.end;
      words.push(u.w);
      p++;
    }
    if (words.length === 0) return undefined;
    return { kind: 'simple', words, start, end, afterAndOr: andOr };
  };

  const functionBody = (): ShNode[] => {
    const t = peek();
    if (isWord(t, '{')) {
      p++;
      const body = list(['}']);
      if (isWord(peek(), '}')) p++;
      return body;
    }
    if (isOp(t, '(')) {
      p++;
      const body = list([], [')']);
      if (isOp(peek(), ')')) p++;
      return body;
    }
    const one = t ? command(false) : undefined;
    return one ? [one] : [];
  };

  const out: ShNode[] = [];
  while (p < tokens.length) {
    const before = p;
    out.push(...list([]));
    if (p === before) p++; // a stray terminator at top level: skip it
  }
  return tooDeepAt === undefined ? { nodes: out } : { nodes: out, tooDeepAt };
}

export interface Expanded {
  text: string;
  /** Some variable or command substitution had no known value. */
  symbolic: boolean;
  /** Unquoted parts came from a variable (field splitting applies). */
  split: boolean;
}

/** Expand a word with the current variables (quotes removed). */
export function expand(raw: string, vars: ReadonlyMap<string, string>, cmd: boolean): Expanded {
  let out = '';
  let symbolic = false;
  let split = false;
  let i = 0;
  const n = raw.length;
  const lookup = (name: string): string | undefined => vars.get(name);
  const dollar = (quoted: boolean): void => {
    // raw[i] === '$'
    const rest = raw.slice(i);
    let m = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9])(?:(:?[-=+?])([^}]*))?\}/.exec(rest);
    if (m) {
      const v = lookup(m[1]!);
      const op = m[2];
      if (op && (op.includes('-') || op.includes('=')) && (v === undefined || (op.startsWith(':') && v === ''))) out += expand(m[3] ?? '', vars, cmd).text;
      else if (v === undefined) symbolic = true;
      else out += v;
      if (!quoted && v !== undefined) split = true;
      i += m[0].length;
      return;
    }
    m = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9])/.exec(rest); // $name, or one positional parameter $0-$9
    if (m) {
      const v = lookup(m[1]!);
      if (v === undefined) symbolic = true;
      else {
        out += v;
        if (!quoted) split = true;
      }
      i += m[0].length;
      return;
    }
    if (rest.startsWith('$(')) {
      let depth = 0;
      let j = i + 1;
      for (; j < n; j++) {
        if (raw[j] === '(') depth++;
        else if (raw[j] === ')' && --depth === 0) break;
      }
      symbolic = true;
      i = j + 1;
      return;
    }
    if (/^\$[#?@*!$-]/.test(rest)) {
      symbolic = true;
      i += 2;
      return;
    }
    out += '$';
    i++;
  };
  while (i < n) {
    const c = raw[i]!;
    if (c === '\\' && !cmd) {
      out += raw[i + 1] ?? '';
      i += 2;
    } else if (c === "'" && !cmd) {
      const e = raw.indexOf("'", i + 1);
      out += raw.slice(i + 1, e < 0 ? n : e);
      i = e < 0 ? n : e + 1;
    } else if (c === '"') {
      i++;
      while (i < n && raw[i] !== '"') {
        if (raw[i] === '\\' && !cmd && i + 1 < n) {
          out += raw[i + 1];
          i += 2;
        } else if (raw[i] === '$' && !cmd) dollar(true);
        else if (raw[i] === '%' && cmd) percent();
        else out += raw[i++];
      }
      i++;
    } else if (c === '`') {
      const e = raw.indexOf('`', i + 1);
      symbolic = true;
      i = e < 0 ? n : e + 1;
    } else if (c === '$' && !cmd) dollar(false);
    else if (c === '%' && cmd) percent();
    else {
      out += c;
      i++;
    }
  }
  return { text: out, symbolic, split };

  function percent(): void {
    const m = /^%([A-Za-z_][A-Za-z0-9_]*)%/.exec(raw.slice(i));
    if (!m) {
      out += '%';
      i++;
      return;
    }
    const v = vars.get(m[1]!) ?? vars.get(m[1]!.toUpperCase());
    if (v === undefined) symbolic = true;
    else out += v;
    i += m[0].length;
  }
}
