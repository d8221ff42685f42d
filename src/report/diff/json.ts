/**
 * `plexlint diff --format json` (docs/review.md): `{ before, after, changes, behaviour, flows, findings }` for all
 * estates together — the shape of a diff of one estate — and, when a side holds several estates, `estates`: each
 * estate's own status, manifests and differences.
 */
import type { DiffResult, EstateDiff } from '../../diff/index.js';
import { stringifyJson } from '../escape/json.js';

function differences(r: Pick<EstateDiff, 'changes' | 'behaviour' | 'flows' | 'findings'>): Pick<EstateDiff, 'changes' | 'behaviour' | 'flows' | 'findings'> {
  return { changes: r.changes, behaviour: r.behaviour, flows: r.flows, findings: r.findings };
}

export function diffJson(r: DiffResult): string {
  const estates = r.estates.length > 1 ? { estates: r.estates.map((e) => ({ estate: e.estate, status: e.status, manifest: e.manifest, ...differences(e) })) } : {};
  // Escapes what JSON.stringify leaves raw (../escape.ts).
  return stringifyJson({ before: r.before, after: r.after, ...differences(r), ...estates });
}
