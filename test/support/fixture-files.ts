/**
 * Every text file under fixtures/ (rule fixtures, estates, scenarios, the corpus copies), decoded the way plexlint
 * decodes its inputs and with the kind plexlint detects, for the property tests that mutate real files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { detectKind, type FileKind } from '../../src/frontends/detect.js';
import { decode } from '../../src/sources/decode.js';
import { sourceFromText } from '../../src/sources/source-file.js';

export interface FixtureFile {
  /** Path below fixtures/. */
  name: string;
  text: string;
  kind: FileKind;
}

let cached: FixtureFile[] | undefined;

export function fixtureFiles(): FixtureFile[] {
  if (cached) return cached;
  const root = join(import.meta.dirname, '..', '..', 'fixtures');
  const out: FixtureFile[] = [];
  const walk = (dir: string): void => {
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const d = decode(readFileSync(p));
        if (!d.binary) out.push({ name: p.slice(root.length + 1), text: d.text, kind: detectKind(sourceFromText(basename(p), d.text)) });
      }
    }
  };
  walk(root);
  cached = out;
  return out;
}
