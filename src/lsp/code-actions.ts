/**
 * Code actions: the fix of a finding (the same edit `plexlint check --fix` makes), its suggestions (changes that
 * need a person's choice), all of a document's fixes at once (`source.fixAll.plexlint`), and a suppression comment for the finding — on the line before it or for the
 * whole file — in the file's own comment syntax, with a reason to fill in.
 */
import type { Diagnostic, DiagnosticFix } from '../core/diagnostic.js';
import { commentSyntax } from '../engine/comments.js';
import { applyFixes } from '../engine/fixes.js';
import { DIRECTIVE_RULES } from '../engine/suppress.js';
import { findRule } from '../rules/registry.js';
import { rangeOf, type Range } from './positions.js';
import type { DocumentContext } from './session.js';

export interface TextChange {
  range: Range;
  newText: string;
}

export interface Action {
  title: string;
  kind: 'quickfix' | 'source.fixAll.plexlint';
  /** The diagnostic it acts on. */
  diagnostic?: Diagnostic;
  edits: TextChange[];
  preferred?: boolean;
}

/** The reason placeholder of a suppression comment: a reason is what makes a suppression reviewable. */
export const REASON = 'TODO: why this is right here';

function changes(fix: DiagnosticFix): TextChange[] {
  return fix.edits.map((e) => ({ range: rangeOf(e), newText: e.text }));
}

function overlaps(d: Diagnostic, r: Range): boolean {
  const start = d.line - 1;
  const end = d.endLine - 1;
  return !(end < r.start.line || start > r.end.line);
}

/** The comment text of a directive in a file of this kind, or undefined when the file has no comments. */
function directive(ctx: DocumentContext, text: string): string | undefined {
  switch (commentSyntax(ctx.kind)) {
    case 'semicolon':
      return `; ${text} -- ${REASON}`;
    case 'hash':
      return `# ${text} -- ${REASON}`;
    case 'xml':
      return `<!-- ${text} - ${REASON} -->`;
    default:
      return undefined;
  }
}

function lineEnd(ctx: DocumentContext): string {
  return /\r\n/.test(ctx.source.text) ? '\r\n' : '\n';
}

export function codeActions(ctx: DocumentContext, range: Range, only?: string[]): Action[] {
  const mine = (ctx.result?.diagnostics ?? []).filter((d) => ctx.absolute(d.file) === ctx.doc.path);
  const out: Action[] = [];
  const wants = (kind: string): boolean => !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
  if (wants('quickfix')) {
    for (const d of mine.filter((x) => overlaps(x, range))) {
      if (d.fix) out.push({ title: `Fix: ${d.fix.description} (${d.ruleId})`, kind: 'quickfix', diagnostic: d, edits: changes(d.fix), preferred: true });
      for (const x of d.suggestions ?? []) out.push({ title: `${x.description.charAt(0).toUpperCase()}${x.description.slice(1)} (${d.ruleId})`, kind: 'quickfix', diagnostic: d, edits: changes(x) });
      const rule = findRule(d.ruleId);
      if (!rule || rule.meta.unsuppressible || (DIRECTIVE_RULES as readonly string[]).includes(d.ruleId)) continue;
      const line = ctx.source.lines.lineText(d.line - 1);
      const indent = /^[ \t]*/.exec(line)![0];
      const nextLine = directive(ctx, `plexlint-disable-next-line ${d.ruleId}`);
      if (nextLine) {
        const at = { line: d.line - 1, character: 0 };
        out.push({ title: `Suppress ${d.ruleId} on this line`, kind: 'quickfix', diagnostic: d, edits: [{ range: { start: at, end: at }, newText: `${indent}${nextLine}${lineEnd(ctx)}` }] });
      }
      const file = directive(ctx, `plexlint-disable-file ${d.ruleId}`);
      if (file) {
        // After an XML declaration, which must stay first.
        const declaration = ctx.kind !== 'profile' && /^\s*<\?xml[^>]*\?>[^\n]*\n?/.exec(ctx.source.text);
        const at = declaration ? ctx.source.lines.position(declaration[0].length) : { line: 1, column: 1 };
        const pos = { line: at.line - 1, character: at.column - 1 };
        out.push({ title: `Suppress ${d.ruleId} in this file`, kind: 'quickfix', diagnostic: d, edits: [{ range: { start: pos, end: pos }, newText: `${file}${lineEnd(ctx)}` }] });
      }
    }
  }
  if (wants('source.fixAll.plexlint') || wants('source.fixAll')) {
    const fixes = mine.map((d) => d.fix).filter((f): f is DiagnosticFix => f !== undefined);
    if (fixes.length) {
      const applied = applyFixes(ctx.source.text, fixes);
      out.push({ title: 'Fix all plexlint problems that have a fix', kind: 'source.fixAll.plexlint', edits: applied.applied.flatMap(changes) });
    }
  }
  return out;
}
