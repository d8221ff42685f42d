import type { Diagnostic } from '../core/diagnostic.js';

/**
 * Findings grouped by file, every checked file included (clean ones with no
 * findings), in path order. A finding can name a file that was not read (an
 * unreadable file), so those files are added too.
 */
export function byFile(files: string[], diagnostics: Diagnostic[]): Map<string, Diagnostic[]> {
  const names = new Set(files);
  for (const d of diagnostics) names.add(d.file);
  const out = new Map<string, Diagnostic[]>();
  for (const f of [...names].sort()) out.set(f, []);
  for (const d of diagnostics) out.get(d.file)!.push(d);
  return out;
}
