/** "Did you mean" suggestions for unknown names (Damerau–Levenshtein distance). */

/**
 * The Damerau–Levenshtein (optimal string alignment) distance between a and b,
 * or `max + 1` as soon as it is known to exceed `max`. Two words whose lengths
 * differ by more than `max` are that far apart without a look at a character,
 * and only the cells within `max` of the diagonal are computed (Ukkonen's band):
 * time O(max × length), so a 9 MB word from a hostile file costs nothing next
 * to a keyword of ten letters.
 */
export function editDistance(a: string, b: string, max = Math.max(a.length, b.length)): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return max + 1;
  if (m === 0 || n === 0) return Math.max(m, n);
  const over = max + 1;
  // Three rows of scratch space, kept between calls: a file of a million unknown words asks for
  // millions of distances, and fresh rows for each made the garbage collector the largest cost.
  if (scratch.length < 3 * (n + 1)) scratch = new Int32Array(Math.max(3 * (n + 1), 2 * scratch.length));
  let prev2 = 0;
  let prev = n + 1;
  let cur = 2 * (n + 1);
  const row = scratch;
  row.fill(over, prev2, prev2 + n + 1);
  for (let j = 0; j <= n; j++) row[prev + j] = j <= max ? j : over;
  for (let i = 1; i <= m; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(n, i + max);
    row.fill(over, cur, cur + n + 1);
    row[cur] = i <= max ? i : over;
    let best = row[cur]!;
    const ai = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(row[prev + j]! + 1, row[cur + j - 1]! + 1, row[prev + j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, row[prev2 + j - 2]! + 1);
      row[cur + j] = Math.min(v, over);
      if (row[cur + j]! < best) best = row[cur + j]!;
    }
    if (best > max) return over;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(row[prev + n]!, over);
}

let scratch = new Int32Array(3 * 64);

/**
 * The closest candidate, if it is close enough to be a plausible typo. A word
 * that is a prefix of a candidate (a too-short abbreviation) also matches.
 */
export function suggest(word: string, candidates: Iterable<string>, caseInsensitive = true): string | undefined {
  return closest(word, candidates, caseInsensitive).best;
}

/**
 * The closest candidate only when no other candidate is as close: a misspelling with one certain correction,
 * which a fix may write (src/engine/fixes.ts). `VIPAD` is as close to VIPADEFINE as to VIPADELETE: no fix.
 */
export function uniqueSuggestion(word: string, candidates: Iterable<string>, caseInsensitive = true): string | undefined {
  const { best, ties } = closest(word, candidates, caseInsensitive);
  return ties === 1 ? best : undefined;
}

/** The answers for the words already asked about, per frozen list of candidates (a bounded number per list). */
const answers = new WeakMap<object, Map<string, Closest>>();
const ANSWERS_PER_LIST = 4096;

interface Closest {
  best?: string;
  ties: number;
}

function closest(word: string, candidates: Iterable<string>, caseInsensitive: boolean): Closest {
  // A hostile file repeats one unknown word a million times: ask once per list of candidates. Only a
  // frozen list is remembered: a Set that grows while a file is read (scenario labels) must be asked again.
  if (!Object.isFrozen(candidates) || typeof candidates !== 'object') return search(word, candidates, caseInsensitive);
  const key = `${caseInsensitive ? 'i' : 's'}${word}`;
  let known = answers.get(candidates);
  const answer = known?.get(key);
  if (answer) return answer;
  const found = search(word, candidates, caseInsensitive);
  if (!known) answers.set(candidates, (known = new Map()));
  if (known.size < ANSWERS_PER_LIST) known.set(key, found);
  return found;
}

function search(word: string, candidates: Iterable<string>, caseInsensitive: boolean): Closest {
  const w = caseInsensitive ? word.toUpperCase() : word;
  const limit = Math.max(1, Math.floor(Math.max(w.length, 3) / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  const atBest = new Set<string>();
  for (const candidate of candidates) {
    // A candidate shorter than the word by more than the limit is too far; a longer one may still be
    // what the word abbreviates.
    if (candidate.length + limit < w.length) continue;
    const c = caseInsensitive ? candidate.toUpperCase() : candidate;
    if (c === w) continue;
    let score = editDistance(w, c, limit);
    if (w.length >= 3 && c.startsWith(w)) score = Math.min(score, 1);
    if (score > limit) continue;
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
      atBest.clear();
    }
    if (score === bestScore) atBest.add(c);
  }
  return best === undefined ? { ties: 0 } : { best, ties: atBest.size };
}

export function didYouMean(word: string, candidates: Iterable<string>, caseInsensitive = true): string {
  const s = suggest(word, candidates, caseInsensitive);
  return s ? ` Did you mean ${s}?` : '';
}
