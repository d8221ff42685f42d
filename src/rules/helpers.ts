/** Shared pieces of rule implementations. */
import type { RelatedLocation } from '../core/diagnostic.js';
import type { Loc } from '../core/loc.js';
import type { RuleContext } from './rule.js';

export function rel(loc: Loc, message: string): RelatedLocation {
  return { file: loc.file, line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, message };
}

/** Report what the model builder recorded as rejected by the stack for one rule id. */
export function reportRejections(ruleId: string): (ctx: RuleContext) => void {
  return (ctx) => {
    for (const system of ctx.estate.systems) {
      for (const r of system.stack.rejections) {
        if (r.ruleId !== ruleId) continue;
        const finding: Parameters<RuleContext['report']>[0] = { loc: r.loc, message: `${system.name}: ${r.message}`, subject: `${system.name} ${r.message.split(':')[0]}` };
        if (r.related) finding.related = r.related.map((x) => rel(x.loc, x.message));
        ctx.report(finding);
      }
    }
  };
}
