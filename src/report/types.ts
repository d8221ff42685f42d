import type { Diagnostic } from '../core/diagnostic.js';
import type { SuppressedDiagnostic } from '../engine/suppress.js';

export interface ReportInput {
  diagnostics: Diagnostic[];
  /** Every file that was checked (display paths), so clean files appear in file-based formats. */
  files: string[];
  /** Working directory: display paths are relative to it. */
  cwd: string;
  color: boolean;
  /** plexlint's version (SARIF tool.driver.version). */
  toolVersion: string;
  /**
   * Where repository-relative paths start (SARIF `%SRCROOT%`, GitHub `file=`):
   * GITHUB_WORKSPACE inside GitHub Actions, else the working directory.
   */
  sourceRoot?: string;
  /** Text of a 1-based line of a checked file (SARIF fingerprints). */
  lineText?: (file: string, line: number) => string | undefined;
  /** Findings hidden by inline directives (json: `suppressedMessages`). */
  suppressed?: SuppressedDiagnostic[];
  /** Where the rules are documented, when the package says (package.json homepage / repository). */
  links?: ProjectLinks;
  /** The Markdown docs page of a rule (docs/rules/<id>.md), for SARIF help. */
  ruleDocs?: (ruleId: string) => string | undefined;
  /** `check --fix` / `--fix-dry-run`: the fixed text of each file fixes changed (json: `output`, as ESLint). */
  outputs?: ReadonlyMap<string, string>;
}

export interface ProjectLinks {
  /** The project's home page (SARIF tool.driver.informationUri); none while package.json names none. */
  informationUri?: string;
  /** A rule's docs page. */
  ruleUrl(ruleId: string): string;
}

export type Formatter = (input: ReportInput) => string;
