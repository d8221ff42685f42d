import type { Loc } from './loc.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * The ids of the registered rules, one key each. Empty here: src/rules/registry.ts fills it
 * in from its list of rules (declaration merging), so the ids are written once, in the
 * rules, while the stages below the rules (front ends, model builder) can name an id
 * without importing the rules.
 */
export interface RegisteredRuleIds {}

/** A rule id that the registry lists: a finding with any other id does not compile. */
export type RuleId = keyof RegisteredRuleIds & string;

/** A second location a finding refers to (usually in another file). */
export interface RelatedLocation {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
}

/**
 * A replacement in the finding's own file: the text from line:column to endLine:endColumn (1-based, end column
 * exclusive, as in a Loc) becomes `text`. An empty range inserts; an empty `text` deletes.
 */
export interface TextEdit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
  /**
   * A removal (empty `text`) that leaves the line tidy: with the blanks that separated the removed text from
   * the rest of its line, or the whole line when nothing else is on it (src/engine/fixes.ts).
   */
  tidy?: boolean;
}

/**
 * The one certain, mechanical fix of a finding (ESLint's `fix`): what its message says to do, as edits of the
 * finding's file. Rules give one only when there is no choice to make; `check --fix` applies it, the language
 * server offers it as a quick fix.
 */
export interface Fix {
  /** What the fix does, in a few words ("insert a blank before ';'"). */
  description: string;
  edits: TextEdit[];
}

/** An edit of a reported fix, with its offsets in the decoded text of the file. */
export interface ResolvedEdit extends TextEdit {
  range: [number, number];
}

/**
 * A fix as reported (src/engine/fixes.ts): its edits with offsets, and ESLint's single `range` / `text` (the
 * edits merged, the text between them kept) for tools that read ESLint's JSON.
 */
export interface DiagnosticFix {
  description: string;
  range: [number, number];
  text: string;
  edits: ResolvedEdit[];
}

/**
 * One finding. The contract of docs/model.md: 1-based positions,
 * a range that covers the offending tokens, cross-file findings name the other
 * files in `related`.
 */
export interface Diagnostic {
  ruleId: RuleId;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  related?: RelatedLocation[];
  fix?: DiagnosticFix;
  /** Changes that would address the finding but need a person's choice (ESLint's suggestions): never applied by --fix. */
  suggestions?: DiagnosticFix[];
  /**
   * What the finding is about, independent of line numbers (for example
   * "SYSA DVIPA 10.1.1.1 port 80"). Used to match findings between two versions
   * of an estate (diff, --baseline).
   */
  subject?: string;
  /**
   * The finding's identity (src/core/identity.ts): the same in every run that has the same finding, wherever the
   * estate lies and wherever plexlint runs. `--format json`'s `fingerprint`; what `--baseline` and `diff` match by.
   */
  fingerprint?: string;
}

/** A finding before its severity has been decided by the configuration. */
export interface Finding {
  ruleId: RuleId;
  loc: Loc;
  message: string;
  related?: RelatedLocation[];
  fix?: Fix;
  /** One of several ways to address it, for a person to choose (ESLint's suggestions; an editor's quick fixes). */
  suggestions?: Fix[];
  subject?: string;
  /**
   * Which of its rule's consequences (`RuleMeta.consequences`, by id) this finding states;
   * needed only when the rule has several. Not part of the output.
   */
  consequence?: string;
  /**
   * Which of its rule's message variants (`RuleMeta.variants`) the finding is, when the rule declares several
   * for one consequence (an anchor or a wording that differs by case). Not part of the output.
   */
  variant?: string;
  /** Overrides the rule's default severity (for rules whose severity depends on the case). */
  severity?: Severity;
  /**
   * The stack (system name) a per-stack finding is about. The message does not name it: the
   * engine puts it in front ("SYSA: …"), naming every stack when a member that several stacks
   * INCLUDE gives each of them the same finding ("SYSA, SYSB: …").
   */
  system?: string;
}

export function related(loc: Loc, message: string): RelatedLocation {
  return { file: loc.file, line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, message };
}

export const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };
