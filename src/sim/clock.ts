/**
 * Simulated time. The clock starts at 0 and moves only with `advance` steps
 * (and with the sweeps, which advance it past a detection delay); every
 * time-based behaviour reads it: TIMEDAFFINITY expiry, Load Balancer
 * stickytime, the plug-in's RetryInterval, the HA heartbeat timeout and the
 * go-script window of a takeover. Milliseconds, whole numbers.
 */
import { nameTable } from '../core/record.js';

const UNITS: Record<string, number> = nameTable({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 });

/** The longest `advance` one step takes: 366 days. */
export const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

/** "30s", "5m", "1h30m", "500ms", "2.5s" → milliseconds; a string says what is wrong. */
export function parseDuration(text: string): number | string {
  const t = text.trim();
  const re = /(\d+(?:\.\d+)?)\s*(ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    total += Number(m[1]) * UNITS[m[2]!]!;
    matched = re.lastIndex;
    while (t[matched] === ' ') matched++;
    re.lastIndex = matched;
  }
  if (!t || matched !== t.length) return `'${text}' is not a duration (a number and a unit: 500ms, 30s, 5m, 1h, or several: 1m30s)`;
  const ms = Math.round(total);
  if (ms > MAX_ADVANCE_MS) return `'${text}' is longer than the 366 days one step may advance`;
  return ms;
}

/** 0 → "0s", 90000 → "1m30s", 1500 → "1.5s". */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [['h', 3_600_000], ['m', 60_000]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest) parts.push(rest % 1000 === 0 ? `${rest / 1000}s` : rest > 1000 ? `${rest / 1000}s` : `${rest}ms`);
  return parts.join('');
}

/** Seconds of a configuration (TIMEDAFFINITY, stickytime, RetryInterval) as milliseconds. */
export function seconds(s: number): number {
  return Math.round(s * 1000);
}
