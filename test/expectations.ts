/**
 * Fixtures state their own expected findings in comments:
 *   TCP/IP profile:   ; expect: rule-id[, rule-id …]      (or expect-next-line:)
 *   dscontrol, YAML, shell:  # expect: rule-id
 *   XML:              <!-- expect: rule-id -->
 * The ids apply to the line of the comment (or the next line). A rule listed
 * twice expects two findings on that line.
 *
 * A capture of a running report (docs/drift.md) has no comment syntax — it is the stack's output as saved — so
 * the fixture's plexlint.yaml states the findings expected in it:
 *   # expect-in: state/SYSA.vdpt.txt:10 rule-id[, rule-id …]     (the path relative to the file of the comment)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decode } from '../src/sources/decode.js';

export interface Expected {
  file: string;
  line: number;
  ruleId: string;
}

const PATTERN = /(?:;|#|<!--)\s*expect(-next-line)?:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)/g;

const ELSEWHERE = /#\s*expect-in:\s*(\S+):(\d+)\s+([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)/g;

export function expectationsIn(file: string, display: string): Expected[] {
  // Decoded as plexlint decodes it, so fixtures in UTF-16 or EBCDIC state their expectations too.
  const text = decode(readFileSync(file)).text;
  const out: Expected[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    for (const m of line.matchAll(ELSEWHERE)) {
      const target = join(dirname(display), m[1]!).split('\\').join('/');
      for (const id of m[3]!.split(',')) out.push({ file: target, line: Number(m[2]), ruleId: id.trim() });
    }
    for (const m of line.matchAll(PATTERN)) {
      const target = m[1] ? i + 2 : i + 1;
      for (const id of m[2]!.split(',')) out.push({ file: display, line: target, ruleId: id.trim() });
    }
  });
  return out;
}

export function key(e: { file: string; line: number; ruleId: string }): string {
  return `${e.file}:${e.line} ${e.ruleId}`;
}

/** Multiset difference: what is in `a` and not in `b`. */
export function missingFrom(a: string[], b: string[]): string[] {
  const counts = new Map<string, number>();
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = counts.get(x) ?? 0;
    if (n > 0) counts.set(x, n - 1);
    else out.push(x);
  }
  return out;
}
