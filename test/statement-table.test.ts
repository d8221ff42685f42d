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
import type { Element, OptionSpec, StatementSpec } from '../grammar/profile/spec.js';
import type { Introduced } from '../src/core/release.js';
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

/** What plexlint does with a word the entry does not know. */
function checked(s: StatementSpec): string {
  if (s.removed) return `removed since z/OS ${s.removed}: reported as obsolete`;
  if (s.unverified) return 'every operand; an unknown word is a warning';
  return 'every operand; an unknown word is an error';
}

/** The release and topic an entry was confirmed against, with the page's address. */
function confirmedAgainst(s: StatementSpec): string {
  if (!s.confirmed) return s.removed ? '—' : 'not confirmed';
  const { release, topic, url } = s.confirmed;
  return `z/OS ${release}: ${url ? `[${topic}](${url})` : topic}`;
}

/** "z/OS 3.2; 2.5 and 3.1 with APAR PH54596". */
function introduced(i: Introduced): string {
  const apar = i.apar ? `; ${(i.aparReleases ?? []).join(' and ')}${i.aparReleases?.length ? ' ' : ''}with APAR ${i.apar}` : '';
  return `z/OS ${i.release}${apar}`;
}

/**
 * What `since`, `removedIn` and `removed` say of a statement's operands and forms, in the order of its body,
 * the forms that share a note together: "`DEFINE EQENET`, `DEFINE EQENET6`: since z/OS 3.2; 2.5 and 3.1 with
 * APAR PH54596". An operand inside a form that IBM added with the form is not listed again.
 */
function releaseNotes(body: readonly Element[]): string[] {
  const byNote = new Map<string, string[]>();
  const note = (what: string, since: Introduced | undefined, inherited: Introduced | undefined, removedIn?: string, removed?: string): void => {
    const parts = [since && since !== inherited ? `since ${introduced(since)}` : '', removedIn ? `removed in z/OS ${removedIn}` : '', removed ? `removed since z/OS ${removed}` : ''].filter(Boolean);
    if (!parts.length) return;
    const key = parts.join('; ');
    byNote.set(key, [...(byNote.get(key) ?? []), `\`${what}\``]);
  };
  const fromOptions = (list: readonly OptionSpec[], path: string, inherited: Introduced | undefined): void => {
    for (const o of list) {
      note(`${path}${o.name}`, o.since, inherited, o.removedIn);
      if (o.sub) fromOptions(o.sub, `${path}${o.name} … `, o.since ?? inherited);
    }
  };
  const walk = (els: readonly Element[], path: string, inherited: Introduced | undefined): void => {
    for (const el of els) {
      if (el.type === 'options') fromOptions(el.options, path, inherited);
      else if (el.type === 'keyword') walk(el.then ?? [], `${path}${el.keyword.name} `, inherited);
      else if (el.type === 'choice') {
        for (const a of el.alternatives) {
          note(`${path}${a.keyword.name}`, a.since, inherited);
          walk(a.body, `${path}${a.keyword.name} `, a.since ?? inherited);
        }
        // The form without a keyword of the choice (INTERFACE name followed by attributes to change).
        if (el.otherwise) walk(el.otherwise, `${path}… `, inherited);
      } else if (el.type === 'variant') {
        for (const c of el.cases) {
          note(`${path}${c.keyword.name}`, c.since, inherited, undefined, c.removed);
          walk(c.body, `${path}${c.keyword.name} `, c.since ?? inherited);
        }
      } else if (el.type === 'list') walk(el.entry, path, inherited);
    }
  };
  walk(body, '', undefined);
  return [...byNote].map(([text, forms]) => `${forms.join(', ')}: ${text}`);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The generated part of docs/statements.md. */
function renderTable(): string {
  const rows = statements.map((s) => `| \`${s.notation}\` | ${WHERE[s.level]} | ${cell(s.meaning)} | ${cell(confirmedAgainst(s))} | ${checked(s)} |`);
  const releases = statements.flatMap((s) => {
    const own = [s.since ? `since ${introduced(s.since)}` : '', s.removedIn ? `removed in z/OS ${s.removedIn}` : ''].filter(Boolean);
    const notes = [...(own.length ? [`the statement: ${own.join('; ')}`] : []), ...releaseNotes(s.body)];
    return notes.length ? [`- \`${s.name}\`: ${notes.join(' · ')}`] : [];
  });
  const syntax = statements.map((s) => `- \`${s.name}\`: \`${s.syntax}\``);
  return [
    START,
    '',
    '| Statement (IBM notation) | Where | What it does | Confirmed against | Operands checked |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '### Statements, operands and forms by release',
    '',
    'What IBM added after z/OS 2.4 (or brought to earlier releases by an APAR), and what it removed; everything else is in every release plexlint knows (2.4 to 3.2).',
    '',
    ...releases,
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

  it('shows the release and topic an entry was confirmed against, with the address', () => {
    const base = statements[0]!;
    const url = 'https://www.ibm.com/docs/en/zos/3.1.0?topic=statements-arpage-statement';
    expect(confirmedAgainst({ ...base, confirmed: { release: '3.1', topic: 'ARPAGE statement', url } })).toBe(`z/OS 3.1: [ARPAGE statement](${url})`);
    expect(confirmedAgainst({ ...base, confirmed: { release: '3.2', topic: 'ARPAGE statement' } })).toBe('z/OS 3.2: ARPAGE statement');
    const { confirmed: _none, ...unconfirmed } = base;
    void _none;
    expect(confirmedAgainst(unconfirmed)).toBe('not confirmed');
  });

  it('lists what each release or APAR added, the forms that share a release together', () => {
    const networkExpress = 'since z/OS 3.2; 2.5 and 3.1 with APAR PH54596';
    const line = renderTable().split('\n').find((l) => l.startsWith('- `INTERFACE`: '));
    expect(line).toBe(`- \`INTERFACE\`: \`DEFINE IPAQENET DEVNUM\`, \`DEFINE IPAQENET6 DEVNUM\`, \`DEFINE EQENET\`, \`DEFINE EQENET6\`, \`… DEVNUM\`: ${networkExpress}`);
    expect(renderTable()).toContain('- `DEVICE`: `CLAW`, `ATM`, `HCH`, `CDLC`, `SNAIUCV`, `SNALU62`, `X25NPSI`: removed since z/OS V2R2 · `MPCOSA`: removed since z/OS V2R3');
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
