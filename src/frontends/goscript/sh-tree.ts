/**
 * The shell syntax tree of mvdan/sh (package mvdan.cc/sh/v3/syntax), as its
 * JavaScript build (the mvdan-sh package) hands it over: Go structs whose
 * fields keep their Go names, slices as arrays, positions as objects with
 * Offset() / Line() / Col() (in bytes of the UTF-8 text). Only what the
 * go-script scanner reads is typed; `syntax.NodeType(node)` names a node's type.
 */

export interface ShPos {
  Offset(): number;
  Line(): number;
  Col(): number;
  IsValid(): boolean;
}

export interface ShNode {
  Pos(): ShPos;
  End(): ShPos;
}

export interface ShFile extends ShNode {
  Stmts: ShStmt[];
}

export interface ShStmt extends ShNode {
  /** Null for a statement that is only redirections. */
  Cmd: ShNode | null;
  Negated: boolean;
  Background: boolean;
  Redirs: ShRedirect[];
}

export interface ShRedirect extends ShNode {
  OpPos: ShPos;
  Word: ShWord | null;
}

export interface ShLit extends ShNode {
  Value: string;
}

export interface ShWord extends ShNode {
  Parts: ShNode[];
  /** The word's text when it is one literal, else ''. */
  Lit(): string;
}

export interface ShSglQuoted extends ShNode {
  Value: string;
  /** $'…' */
  Dollar: boolean;
}

export interface ShDblQuoted extends ShNode {
  Parts: ShNode[];
  Dollar: boolean;
}

export interface ShParamExp extends ShNode {
  /** $name rather than ${name} */
  Short: boolean;
  /** ${!name} */
  Excl: boolean;
  /** ${#name} */
  Length: boolean;
  Param: ShLit;
  Index: ShNode | null;
  Slice: unknown;
  Repl: unknown;
  /** ${name op word}: the operator is read from the text between Param and Word. */
  Exp: { Word: ShWord | null } | null;
}

export interface ShAssign extends ShNode {
  /** A declaration's flag (typeset -x) or a name without '=' (export NAME). */
  Naked: boolean;
  Append: boolean;
  Name: ShLit | null;
  Value: ShWord | null;
  Array: unknown;
}

export interface ShCallExpr extends ShNode {
  Assigns: ShAssign[];
  Args: ShWord[];
}

export interface ShDeclClause extends ShNode {
  /** export, readonly, typeset, declare, local, nameref */
  Variant: ShLit;
  Args: ShAssign[];
}

export interface ShBinaryCmd extends ShNode {
  OpPos: ShPos;
  X: ShStmt;
  Y: ShStmt;
}

export interface ShIfClause extends ShNode {
  Cond: ShStmt[];
  Then: ShStmt[];
  /** elif / else: an IfClause (an else has no Cond) or null. */
  Else: ShIfClause | null;
}

export interface ShWhileClause extends ShNode {
  Cond: ShStmt[];
  Do: ShStmt[];
}

export interface ShWordIter extends ShNode {
  Name: ShLit;
  Items: ShWord[];
}

export interface ShForClause extends ShNode {
  /** WordIter (for name in …) or CStyleLoop (for ((…))). */
  Loop: ShNode;
  Do: ShStmt[];
}

export interface ShCaseClause extends ShNode {
  Items: { Stmts: ShStmt[] }[];
}

export interface ShBlock extends ShNode {
  Stmts: ShStmt[];
}

export interface ShFuncDecl extends ShNode {
  Name: ShLit;
  Body: ShStmt;
}

export interface ShTimeClause extends ShNode {
  Stmt: ShStmt | null;
}

/**
 * What Parse throws: a ParseError (Text, Incomplete) for a syntax error, or a LangError (Feature, Langs) for
 * syntax the chosen shell does not have. Both have a position and an Error() text "name:line:col: message".
 */
export interface ShParseError {
  Pos: ShPos;
  Text?: string;
  Incomplete?: boolean;
  /** LangError: the syntax that this shell does not have (another one does). */
  Feature?: string;
  Error(): string;
}

export function isParseError(e: unknown): e is ShParseError {
  return typeof e === 'object' && e !== null && typeof (e as { Error?: unknown }).Error === 'function' && typeof (e as { Pos?: { Offset?: unknown } }).Pos?.Offset === 'function';
}

/** The message without the "name:line:col: " the parser puts in front. */
export function parseErrorText(e: ShParseError): string {
  return e.Text ?? e.Error().replace(/^.*?:\d+:\d+: /, '');
}
