import type { Loc } from './loc.js';

export type Severity = 'error' | 'warning' | 'info';

/** A second location a finding refers to (usually in another file). */
export interface RelatedLocation {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
}

/** A text replacement proposed by a rule; applied only when the user asks. */
export interface FixEdit {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
}

export interface Fix {
  description: string;
  edits: FixEdit[];
}

/**
 * One finding. The contract of docs/model.md: 1-based positions,
 * a range that covers the offending tokens, cross-file findings name the other
 * files in `related`.
 */
export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  related?: RelatedLocation[];
  fix?: Fix;
  /**
   * What the finding is about, independent of line numbers (for example
   * "SYSA DVIPA 10.1.1.1 port 80"). Used to match findings between two versions
   * of an estate (diff, --baseline).
   */
  subject?: string;
}

/** A finding before its severity has been decided by the configuration. */
export interface Finding {
  ruleId: string;
  loc: Loc;
  message: string;
  related?: RelatedLocation[];
  fix?: Fix;
  subject?: string;
  /**
   * Which of its rule's consequences (`RuleMeta.consequences`, by id) this finding states;
   * needed only when the rule has several. Not part of the output.
   */
  consequence?: string;
  /** Overrides the rule's default severity (for rules whose severity depends on the case). */
  severity?: Severity;
}

export function related(loc: Loc, message: string): RelatedLocation {
  return { file: loc.file, line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, message };
}

export const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };
