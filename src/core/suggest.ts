/** "Did you mean" suggestions for unknown names (Damerau–Levenshtein distance). */

export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
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
    let score = editDistance(w, c);
    if (w.length >= 3 && c.startsWith(w)) score = Math.min(score, 1);
    const limit = Math.max(1, Math.floor(Math.max(w.length, 3) / 3));
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
