/**
 * The OMPROUTE AST: what the OMPROUTE front end hands to the model builder.
 *
 * One node per statement, in file order. Keywords carry IBM's spelling
 * (`canonical`) next to what was written; values carry their text after system
 * symbols were substituted. A statement or parameter OMPROUTE would not accept
 * keeps `rejected` saying why, so the model leaves it out and rules can still
 * point at it.
 */
import type { ParamSpec, StatementSpec } from '../../../grammar/omproute/keywords.js';
import type { Loc } from '../../core/loc.js';

export interface OmpValue {
  /** The value after system symbols were substituted. */
  text: string;
  /** As written. */
  raw: string;
  loc: Loc;
  /** A parenthesised list: its items. */
  items?: OmpValue[];
  /** Contains a system symbol that has no value. */
  symbolic?: boolean;
}

export interface OmpParameter {
  /** IBM's spelling when the parameter is known, else as written. */
  name: string;
  keywordLoc: Loc;
  value?: OmpValue;
  spec?: ParamSpec;
  /** Why the value is not used. */
  rejected?: string;
  /** An unknown parameter that is a near miss of this known one. */
  meant?: string;
  loc: Loc;
}

export interface OmpStatement {
  /** IBM's spelling when the statement is known, else as written. */
  name: string;
  keywordLoc: Loc;
  spec?: StatementSpec;
  /** The value of a `Keyword=value;` statement. */
  value?: OmpValue;
  params: OmpParameter[];
  /** From the keyword to the `;` that ends the statement (or its last token). */
  loc: Loc;
  /** Position in the file (0-based). */
  order: number;
  /** Why OMPROUTE would not accept the statement; the model leaves it out. */
  rejected?: string;
}

export interface OmprouteAst {
  file: string;
  statements: OmpStatement[];
  /** INCLUDE statements plexlint could not follow (their files are not read), and why. */
  includes: { name: string; loc: Loc; reason: string }[];
  lineCount: number;
  /** Every file read: the configuration and the files it INCLUDEs, in the order read. */
  files: string[];
}
