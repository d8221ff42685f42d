/**
 * Findings on the picture: each finding marks the node whose configuration it
 * is in — the most specific model element whose source range holds the
 * finding's line (a VIPADISTRIBUTE marks its DVIPA, a `server add` its
 * cluster) — else the node or group that owns the file (a profile its system,
 * a dscontrol file its machine, a plug-in file its group). Findings in no
 * pictured file (the manifest, a scenario) mark nothing.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { GraphParts } from './structure.js';
import type { FindingMarks } from './types.js';

function mark(marks: FindingMarks | undefined, d: Diagnostic): FindingMarks {
  const m = marks ?? { errors: 0, warnings: 0, infos: 0, rules: [] };
  if (d.severity === 'error') m.errors++;
  else if (d.severity === 'warning') m.warnings++;
  else m.infos++;
  if (!m.rules.includes(d.ruleId)) m.rules.push(d.ruleId);
  return m;
}

/** Where a finding belongs: the id of a node or group, or undefined. */
function place(parts: GraphParts, byFile: Map<string, { id: string; line: number; endLine: number }[]>, d: Diagnostic): string | undefined {
  let best: { id: string; span: number } | undefined;
  for (const r of byFile.get(d.file) ?? []) {
    if (d.line < r.line || d.line > r.endLine) continue;
    const span = r.endLine - r.line;
    if (!best || span < best.span) best = { id: r.id, span };
  }
  return best?.id ?? parts.fileOwners.get(d.file);
}

export function markFindings(parts: GraphParts, diagnostics: readonly Diagnostic[]): void {
  const byFile = new Map<string, { id: string; line: number; endLine: number }[]>();
  for (const [id, locs] of parts.locs) {
    for (const l of locs) {
      const list = byFile.get(l.file) ?? [];
      list.push({ id, line: l.line, endLine: l.endLine });
      byFile.set(l.file, list);
    }
  }
  for (const d of diagnostics) {
    const id = place(parts, byFile, d);
    if (!id) continue;
    const node = parts.nodes.get(id);
    if (node) node.findings = mark(node.findings, d);
    else {
      const group = parts.groups.get(id);
      if (group) group.findings = mark(group.findings, d);
    }
  }
}
