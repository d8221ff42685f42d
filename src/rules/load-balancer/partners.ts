/** HA partner pairs of the estate, each once, with the side a difference is reported on. */
import type { ExternalLb } from '../../model/lb.js';

export interface Pair {
  /** Conventionally the machine that follows: the backup (or the second by name). */
  follower: ExternalLb;
  /** The primary (or the first by name). */
  leader: ExternalLb;
}

export function pairs(lbs: readonly ExternalLb[]): Pair[] {
  const out: Pair[] = [];
  const seen = new Set<string>();
  for (const lb of lbs) {
    const name = lb.ha?.partner?.name;
    if (!name) continue;
    const other = lbs.find((o) => o.name === name && o !== lb);
    if (!other) continue;
    const k = [lb.name, other.name].sort().join('\u0000');
    if (seen.has(k)) continue;
    seen.add(k);
    const [a, b] = [lb, other].sort((x, y) => x.name.localeCompare(y.name));
    const aBackup = a!.ha?.role?.value === 'backup';
    const bBackup = b!.ha?.role?.value === 'backup';
    out.push(aBackup && !bBackup ? { follower: a!, leader: b! } : { follower: b!, leader: a! });
  }
  return out;
}
