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
  let prev2 = new Array<number>(n + 1).fill(over);
  let prev = Array.from({ length: n + 1 }, (_, j) => (j <= max ? j : over));
  let cur = new Array<number>(n + 1).fill(over);
  for (let i = 1; i <= m; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(n, i + max);
    cur.fill(over);
    cur[0] = i <= max ? i : over;
    let best = cur[0];
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = Math.min(v, over);
      if (cur[j]! < best) best = cur[j]!;
    }
    if (best > max) return over;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, over);
}

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

function closest(word: string, candidates: Iterable<string>, caseInsensitive: boolean): { best?: string; ties: number } {
  const w = caseInsensitive ? word.toUpperCase() : word;
  let best: string | undefined;
  let bestScore = Infinity;
  const atBest = new Set<string>();
  for (const candidate of candidates) {
    const c = caseInsensitive ? candidate.toUpperCase() : candidate;
    if (c === w) continue;
    const limit = Math.max(1, Math.floor(Math.max(w.length, 3) / 3));
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
