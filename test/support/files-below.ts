import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file below a folder, relative to it with '/' separators, sorted (links followed as what they lead to). */
export function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
