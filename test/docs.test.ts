/** Every rule has its docs page, every docs page has its rule, and each page has the sections users rely on. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../src/rules/registry.js';

const docs = join(import.meta.dirname, '..', 'docs', 'rules');
const SECTIONS = ['## What it checks', '## Why', '## Example', '## How to fix', '## Suppressing it', '## Source'];

describe('rule documentation', () => {
  for (const rule of rules) {
    it(`docs/rules/${rule.meta.id}.md`, () => {
      const path = join(docs, `${rule.meta.id}.md`);
      expect(existsSync(path), `docs/rules/${rule.meta.id}.md is missing`).toBe(true);
      const text = readFileSync(path, 'utf8');
      expect(text.startsWith(`# ${rule.meta.id}\n`)).toBe(true);
      for (const s of SECTIONS) expect(text, `section ${s}`).toContain(s);
      expect(text).toContain(`**Default severity:** ${rule.meta.severity}`);
      // A fixable rule says in "How to fix" what `check --fix` does; no other rule claims a fix.
      const howToFix = text.slice(text.indexOf('## How to fix'), text.indexOf('\n## ', text.indexOf('## How to fix') + 1));
      expect(howToFix.includes('plexlint check --fix'), 'How to fix mentions plexlint check --fix').toBe(rule.meta.fixable === true);
    });
  }
  it('has no page without a rule', () => {
    const ids = new Set<string>(rules.map((r) => r.meta.id));
    const orphans = readdirSync(docs).filter((f) => f.endsWith('.md') && !ids.has(f.slice(0, -3)));
    expect(orphans).toEqual([]);
  });
  it('rule ids are unique and kebab-case', () => {
    const ids = rules.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
