/**
 * Glob matching for `overrides[].files` (`**`, `*`, `?`, `{a,b}`), on '/' paths.
 *
 * Not with a regular expression: `*a*a*a*a*a*a*a*a*b` as `^[^/]*a[^/]*a…b$`
 * against a 60-character file name makes a backtracking engine try
 * exponentially many splits. The glob is compiled into a small automaton whose
 * set of live states is advanced one character at a time (Thompson's
 * construction, as RE2 does): time proportional to the path's length times the
 * glob's, whatever either holds.
 */

type Token =
  | { t: 'char'; c: string }
  /** `?`: one character, not '/'. */
  | { t: 'one' }
  /** `*`: any run of characters without '/'. */
  | { t: 'star' }
  /** `**`: any run of characters. */
  | { t: 'any' }
  /** `**\/` opens an optional group of the next two tokens (any, '/'): folders, or none. */
  | { t: 'optional'; skip: number };

/** Alternatives of `{a,b}` expanded at most to this many globs; beyond, the braces are literal text. */
const MAX_EXPANSIONS = 256;

/** `a{b,c}d{e,f}` → abde, abdf, acde, acdf (braces do not nest). */
function expandBraces(glob: string): string[] {
  let out = [''];
  for (let i = 0; i < glob.length; i++) {
    const end = glob[i] === '{' ? glob.indexOf('}', i) : -1;
    if (end < 0) {
      out = out.map((o) => o + glob[i]);
      continue;
    }
    const choices = glob.slice(i + 1, end).split(',');
    if (out.length * choices.length > MAX_EXPANSIONS) {
      out = out.map((o) => o + glob[i]);
      continue;
    }
    out = out.flatMap((o) => choices.map((c) => o + c));
    i = end;
  }
  return out;
}

function tokens(glob: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        out.push({ t: 'optional', skip: 3 }, { t: 'any' }, { t: 'char', c: '/' });
      } else out.push({ t: 'any' });
    } else if (c === '*') out.push({ t: 'star' });
    else if (c === '?') out.push({ t: 'one' });
    else out.push({ t: 'char', c });
  }
  return out;
}

/** Whether the path matches the tokens, the automaton's live states advanced one character at a time. */
function run(toks: Token[], path: string): boolean {
  const m = toks.length;
  let live = new Uint8Array(m + 1);
  let next = new Uint8Array(m + 1);
  const add = (set: Uint8Array, s: number): void => {
    // The states reached without reading a character (a star may match nothing; an optional group may be skipped).
    const stack = [s];
    while (stack.length) {
      const i = stack.pop()!;
      if (set[i]) continue;
      set[i] = 1;
      const tok = toks[i];
      if (!tok) continue;
      if (tok.t === 'star' || tok.t === 'any') stack.push(i + 1);
      else if (tok.t === 'optional') stack.push(i + 1, i + tok.skip);
    }
  };
  add(live, 0);
  for (let k = 0; k < path.length; k++) {
    const ch = path[k]!;
    next.fill(0);
    let any = false;
    for (let i = 0; i < m; i++) {
      if (!live[i]) continue;
      const tok = toks[i]!;
      if (tok.t === 'char' ? tok.c === ch : tok.t === 'one' ? ch !== '/' : false) add(next, i + 1), (any = true);
      else if (tok.t === 'any' || (tok.t === 'star' && ch !== '/')) add(next, i), (any = true);
    }
    if (!any) return false;
    [live, next] = [next, live];
  }
  return live[m] === 1;
}

/** A glob compiled once for many paths. */
export interface Glob {
  test(path: string): boolean;
}

export function compileGlob(glob: string): Glob {
  const alternatives = expandBraces(glob).map(tokens);
  return { test: (path) => alternatives.some((toks) => run(toks, path)) };
}

/** Whether a path (relative to the manifest's folder) matches a glob; a glob without '/' matches the base name anywhere. */
export function matchesGlob(path: string, glob: string): boolean {
  const p = path.replace(/^\.\//, '');
  if (!glob.includes('/')) {
    const g = compileGlob(glob);
    return g.test(p.split('/').pop() ?? p) || g.test(p);
  }
  return compileGlob(glob.replace(/^\.\//, '')).test(p);
}
