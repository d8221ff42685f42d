/** Every scenario in fixtures/scenarios passes; each restates IBM-documented behaviour. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulateFile } from '../src/cli/simulate.js';

const root = join(import.meta.dirname, '..');
const dir = join(root, 'fixtures', 'scenarios');

describe('fixtures/scenarios', () => {
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.scenario.yaml')).sort()) {
    it(f, () => {
      const r = simulateFile(join('fixtures', 'scenarios', f), root);
      const failed = r.steps.flatMap((s) => [
        ...(s.error ? [`step ${s.index} (line ${s.line}): ${s.error}`] : []),
        ...s.expectations.filter((e) => !e.pass).map((e) => `step ${s.index} (line ${s.line}): ${e.name} = ${e.actual}, expected ${e.min ?? ''}..${e.max ?? ''}`),
      ]);
      expect(failed).toEqual([]);
    });
  }
});
