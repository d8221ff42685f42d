import type { Diagnostic } from '../core/diagnostic.js';

export interface ReportInput {
  diagnostics: Diagnostic[];
  /** Every file that was checked (display paths), so clean files appear in file-based formats. */
  files: string[];
  /** Working directory: display paths are relative to it. */
  cwd: string;
  color: boolean;
  /** Rule metadata for formats that describe rules (SARIF). */
  toolVersion: string;
}

export type Formatter = (input: ReportInput) => string;
