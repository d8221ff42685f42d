/**
 * SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif) and
 * any other SARIF viewer. What GitHub reads (docs: "SARIF support for code
 * scanning"): one run per tool; `tool.driver.rules[]` with id, short and full
 * description (≤ 1024 characters each) and help; results with ruleId, level,
 * message.text and a physical location whose uri is repository-relative and
 * whose region is complete; `partialFingerprints.primaryLocationLineHash` so
 * that an alert keeps its identity when lines move. The output is checked by
 * Microsoft's SARIF validator in test/formats.test.ts.
 *
 * Only rules that fired are described (GitHub needs a descriptor per ruleId;
 * describing all of them would bloat every upload).
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DiagnosticFix, RelatedLocation, Severity } from '../core/diagnostic.js';
import { findRule } from '../rules/registry.js';
import type { RuleMeta } from '../rules/rule.js';
import { stringifyJson } from './escape/json.js';
import { visible } from './escape/line.js';
import { breakReferences } from './escape/markdown.js';
import { absolutePath, rootRelative } from './paths.js';
import type { Formatter, ReportInput } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };
const PROBLEM_SEVERITY: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'recommendation' };

function clip(s: string, max = 1024): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** `optlocal-out-of-range` → `OptlocalOutOfRange` (SARIF rule names are PascalCase identifiers). */
function pascal(id: string): string {
  return id
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

function sentence(s: string): string {
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/**
 * Percent-encode each path segment: a uri-reference must not hold blanks, `#`, `%`… A lone surrogate (a name a
 * manifest spelled with a YAML `\uD800` escape) is written as U+FFFD, as UTF-8 has no encoding for it and
 * encodeURIComponent throws on it.
 */
function encodePath(rel: string): string {
  return rel
    .split('/')
    .map((seg) => encodeURIComponent(seg.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')))
    .join('/');
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

function artifactLocation(input: ReportInput, file: string): ArtifactLocation {
  const rel = rootRelative(input, file);
  if (rel !== undefined) return { uri: encodePath(rel), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(absolutePath(input, file)).href };
}

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** SARIF regions are 1-based with an exclusive end column, as ours; an empty range is widened to one character so viewers can show it. */
function region(r: { line: number; column: number; endLine?: number; endColumn?: number }): Region {
  const endLine = Math.max(r.line, r.endLine ?? r.line);
  let endColumn = r.endColumn ?? r.column + 1;
  if (endLine === r.line && endColumn <= r.column) endColumn = r.column + 1;
  return { startLine: r.line, startColumn: r.column, endLine, endColumn };
}

function descriptor(meta: RuleMeta, input: ReportInput): Record<string, unknown> {
  const url = input.links?.ruleUrl(meta.id);
  const where = url ? `Documentation: ${url} (or run \`plexlint explain ${meta.id}\`).` : `Run \`plexlint explain ${meta.id}\` for the documentation.`;
  const docs = input.ruleDocs?.(meta.id);
  const markdown = `${docs?.trim() ?? `**${meta.id}**: ${sentence(meta.description)}\n\nSource: ${meta.source}`}\n\n${url ? `[Documentation](${url})` : where}`;
  const d: Record<string, unknown> = {
    id: meta.id,
    name: pascal(meta.id),
    shortDescription: { text: clip(sentence(meta.description)) },
    fullDescription: { text: clip(`${sentence(meta.description)} Source: ${sentence(meta.source)}`) },
    help: { text: `${sentence(meta.description)} Source: ${sentence(meta.source)} ${where}`, markdown },
    defaultConfiguration: { level: LEVEL[meta.severity] },
    properties: { tags: ['plexlint', meta.category], 'problem.severity': PROBLEM_SEVERITY[meta.severity] },
  };
  if (url) d['helpUri'] = url;
  return d;
}

/** Whitespace-insensitive text of a line, so re-indenting does not change an alert's identity. */
function normalise(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/**
 * GitHub's `primaryLocationLineHash`: a hash of the rule id and the flagged
 * line's normalised text, plus how many times that pair occurred before in the
 * same file. It does not contain the line number, so inserting lines above a
 * finding keeps the alert; editing the flagged line makes a new one.
 */
export function lineFingerprints(input: ReportInput): string[] {
  const seen = new Map<string, number>();
  return input.diagnostics.map((d) => {
    const text = normalise(input.lineText?.(d.file, d.line) ?? '');
    const hash = createHash('sha256').update(`${d.ruleId}\0${text}`).digest('hex').slice(0, 16);
    const key = `${d.file}\0${hash}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${hash}:${n}`;
  });
}

/**
 * A message as code scanning shows it, on the pull request too: control characters escaped (./escape/line.ts), and no
 * mention or issue reference that would notify or link (./escape/markdown.ts).
 */
function shown(message: string): string {
  return breakReferences(visible(message));
}

function relatedLocation(input: ReportInput, r: RelatedLocation, id: number): Record<string, unknown> {
  return { id, physicalLocation: { artifactLocation: artifactLocation(input, r.file), region: region(r) }, message: { text: shown(r.message) } };
}

/**
 * A finding's fix as a SARIF `fix`: one artifact change of the finding's file, one replacement per edit. The
 * deleted region gives lines and columns and the character offset and length (of the decoded text, the
 * run's columnKind); an insertion deletes an empty region.
 */
function sarifFix(input: ReportInput, d: Diagnostic, fix: DiagnosticFix): Record<string, unknown> {
  return {
    description: { text: sentence(fix.description.charAt(0).toUpperCase() + fix.description.slice(1)) },
    artifactChanges: [
      {
        artifactLocation: artifactLocation(input, d.file),
        replacements: fix.edits.map((e) => ({
          deletedRegion: { startLine: e.line, startColumn: e.column, endLine: e.endLine, endColumn: e.endColumn, charOffset: e.range[0], charLength: e.range[1] - e.range[0] },
          ...(e.text ? { insertedContent: { text: e.text } } : {}),
        })),
      },
    ],
  };
}

export function sarifLog(input: ReportInput): Record<string, unknown> {
  const ruleIds = [...new Set(input.diagnostics.map((d) => d.ruleId))].sort();
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const meta = findRule(id)?.meta ?? { id, severity: 'warning' as const, category: 'input' as const, description: id, source: 'plexlint', consequences: [] };
    return descriptor(meta, input);
  });
  const prints = lineFingerprints(input);
  const results = input.diagnostics.map((d: Diagnostic, i) => {
    const result: Record<string, unknown> = {
      ruleId: d.ruleId,
      ruleIndex: index.get(d.ruleId),
      level: LEVEL[d.severity],
      // Viewers show the text as it is: its control characters are escaped; the URIs are percent-encoded.
      message: { text: shown(d.message) },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(input, d.file), region: region(d) } }],
      partialFingerprints: { primaryLocationLineHash: prints[i] },
    };
    if (d.related?.length) result['relatedLocations'] = d.related.map((r, j) => relatedLocation(input, r, j + 1));
    // SARIF's fixes are proposed fixes: the certain one first, then the suggestions.
    const fixes = [...(d.fix ? [d.fix] : []), ...(d.suggestions ?? [])];
    if (fixes.length) result['fixes'] = fixes.map((f) => sarifFix(input, d, f));
    return result;
  });
  const driver: Record<string, unknown> = { name: 'plexlint', version: input.toolVersion, semanticVersion: input.toolVersion };
  if (input.links?.informationUri) driver['informationUri'] = input.links.informationUri;
  driver['rules'] = rules;
  const root = pathToFileURL(input.sourceRoot ?? input.cwd).href;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver },
        originalUriBaseIds: { [SRCROOT]: { uri: root.endsWith('/') ? root : `${root}/` } },
        // Our columns count UTF-16 code units of the decoded text (src/core/loc.ts).
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

export const sarif: Formatter = (input) => stringifyJson(sarifLog(input));
