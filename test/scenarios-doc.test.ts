/**
 * docs/scenarios.md documents every key a scenario file may use (the reader's
 * own list, SCENARIO_KEYS), every measure, slice and reason, and each of its
 * YAML examples is a valid scenario (or a valid list of steps).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASURES } from '../src/sim/measures.js';
import { parseScenario, SCENARIO_KEYS } from '../src/sim/scenario.js';
import { LOSS_REASONS } from '../src/sim/sessions.js';
import { sourceFromText } from '../src/sources/source-file.js';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs', 'scenarios.md'), 'utf8');

function parse(text: string) {
  return parseScenario(sourceFromText('doc.scenario.yaml', text), (p) => p);
}

describe('docs/scenarios.md', () => {
  for (const [where, keys] of Object.entries(SCENARIO_KEYS)) {
    it(`documents every ${where} key`, () => {
      const missing = keys.filter((k) => !doc.includes(`\`${k}\``) && !new RegExp(`\\b${k}:`).test(doc));
      expect(missing).toEqual([]);
    });
  }
  it('documents every measure with its meaning, the slices and every reason a session is lost', () => {
    for (const [key, m] of Object.entries(MEASURES)) {
      expect(doc, key).toContain(`| \`${key}\` |`);
      for (const f of 'filters' in m ? m.filters : []) expect(doc, `${key} ${f}`).toContain(`\`${f}\``);
    }
    for (const reason of Object.keys(LOSS_REASONS)) expect(doc, reason).toContain(`| \`${reason}\` |`);
  });
  it('every YAML example reads without an error', () => {
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) {
      const text = /^(estate|inputs):/m.test(block)
        ? block
        : /^- /m.test(block)
          ? `estate: plexlint.yaml\nclients: { alice: 192.0.2.10, carol: 192.0.2.30 }\nsteps:\n${block.replace(/^(?=.)/gm, '  ')}`
          : `estate: plexlint.yaml\nsteps:\n  - label: login\n    advance: 1s\n  - connect: { to: "10.40.1.1:8080" }\n${block.replace(/^(?=.)/gm, '    ')}`;
      const r = parse(text);
      expect(r.findings.map((f) => `${f.loc.line}: ${f.message}`), block).toEqual([]);
    }
  });
});
