/**
 * The statement table (grammar/profile/statements): every file's entries are listed, every
 * entry has what hover text needs, and docs/statements.md shows the table as it is.
 *
 * To refresh docs/statements.md after changing an entry:
 *   PLEXLINT_WRITE_STATEMENT_DOCS=1 npx vitest run test/statement-table.test.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StatementSpec } from '../grammar/profile/spec.js';
import { statements } from '../grammar/profile/statements/index.js';

const root = join(import.meta.dirname, '..');
const dir = join(root, 'grammar', 'profile', 'statements');
const docsPath = join(root, 'docs', 'statements.md');
const START = '<!-- The table below is generated from grammar/profile/statements (test/statement-table.test.ts). -->';
const END = '<!-- end of the generated table -->';

function isSpec(x: unknown): x is StatementSpec {
  return typeof x === 'object' && x !== null && 'notation' in x && 'body' in x && 'level' in x;
}

const WHERE: Record<StatementSpec['level'], string> = { top: 'profile', vipadynamic: 'VIPADYNAMIC block', routes: 'BEGINROUTES block' };

function checked(s: StatementSpec): string {
  if (s.removed) return `removed since z/OS ${s.removed}: reported as obsolete`;
  if (s.unverified) return 'not confirmed against IBM\'s diagram: unknown operands are warnings';
  return 'every operand';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The generated part of docs/statements.md. */
function renderTable(): string {
  const rows = statements.map((s) => `| \`${s.notation}\` | ${WHERE[s.level]} | ${cell(s.meaning)} | ${checked(s)} |`);
  const syntax = statements.map((s) => `- \`${s.name}\`: \`${s.syntax}\``);
  return [
    START,
    '',
    '| Statement (IBM notation) | Where | What it does | Operands checked |',
    '|---|---|---|---|',
    ...rows,
    '',
    '### Syntax summaries',
    '',
    ...syntax,
    '',
    END,
  ].join('\n');
}

describe('statement table', () => {
  it('lists every entry of every file in grammar/profile/statements', async () => {
    const listed = new Set(statements);
    const missing: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
      const mod = (await import(join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) if (isSpec(value) && !listed.has(value)) missing.push(`${file}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('gives every entry a unique id and name per level, its IBM topic, a meaning and a syntax summary (hover text)', () => {
    const ids = statements.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = statements.map((s) => `${s.level} ${s.name}`);
    expect(new Set(names).size).toBe(names.length);
    for (const s of statements) {
      expect(s.topic, s.id).toMatch(/statement|block/);
      expect(s.meaning.length, `${s.id} meaning`).toBeGreaterThan(10);
      expect(s.meaning, `${s.id} meaning is one line`).not.toContain('\n');
      expect(s.syntax.toUpperCase().startsWith(s.min), `${s.id} syntax starts with the statement`).toBe(true);
      expect(s.name.startsWith(s.min), `${s.id} notation`).toBe(true);
    }
  });

  it('docs/statements.md shows the table as it is', () => {
    const text = readFileSync(docsPath, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, 'generated section').toBeGreaterThanOrEqual(0);
    const current = text.slice(start, end + END.length);
    const wanted = renderTable();
    if (process.env['PLEXLINT_WRITE_STATEMENT_DOCS'] === '1' && current !== wanted) writeFileSync(docsPath, text.slice(0, start) + wanted + text.slice(end + END.length));
    else expect(current).toBe(wanted);
  });
});
