/**
 * plexlint's findings as LSP diagnostics: the rule id is the `code`, its page the `codeDescription`, the other
 * files of a cross-file finding are `relatedInformation`, and an unused suppression is `unnecessary` (editors
 * show it faded, as an unused import).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic } from '../core/diagnostic.js';
import type { ProjectLinks } from '../report/index.js';
import { rangeOf, uriOf } from './positions.js';

/** LSP DiagnosticSeverity and DiagnosticTag values (the protocol's numbers). */
const SEVERITY = { error: 1, warning: 2, info: 3 } as const;
const UNNECESSARY = 1;

export interface DiagnosticLinks {
  /** The project's pages on the web (package.json homepage / repository), when it has them. */
  links?: ProjectLinks;
  /** The installed package, whose docs/rules/<id>.md is the page otherwise. */
  packageRoot: string;
}

/** Where a rule's page is: on the web, else the installed package's docs/rules/<id>.md. */
export function ruleHref(id: string, where: DiagnosticLinks): string | undefined {
  if (where.links) return where.links.ruleUrl(id);
  const page = join(where.packageRoot, 'docs', 'rules', `${id}.md`);
  return existsSync(page) ? pathToFileURL(page).href : undefined;
}

export function toLsp(d: Diagnostic, absolute: (display: string) => string, where: DiagnosticLinks): LspDiagnostic {
  const out: LspDiagnostic = {
    range: rangeOf(d),
    severity: SEVERITY[d.severity],
    code: d.ruleId,
    source: 'plexlint',
    message: d.message,
  };
  const href = ruleHref(d.ruleId, where);
  if (href) out.codeDescription = { href };
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({ location: { uri: uriOf(absolute(r.file)), range: rangeOf(r) }, message: r.message }));
  }
  if (d.ruleId === 'unused-suppression') out.tags = [UNNECESSARY];
  // The fix travels with the diagnostic, so that a code action request can find it again.
  if (d.fix) out.data = { fix: d.fix };
  return out;
}
