/**
 * A finding's identity: what makes a finding of one run the same finding in another run — another revision,
 * another copy of the estate in another folder, another working directory, another machine. It is the one
 * identity of plexlint: `check --baseline` (a folder, `git:<ref>` or a saved JSON report) and `diff`'s new and
 * fixed findings match by it, `--format json` writes it as `fingerprint` and `--format codequality` derives its
 * fingerprint from it (docs/review.md, "Findings").
 *
 * It is made of:
 * - the rule id;
 * - the file, relative to the root of its estate (not to the working directory);
 * - the text of the statement the finding is on, blanks normalised and case folded (lines inserted above it keep
 *   the identity; editing the statement makes a new finding, as GitHub's code scanning alerts do);
 * - what the finding says: its subject when the rule gives one ("SYSA DVIPA 10.1.1.1 port 80"), else its message;
 *   either with line numbers and paths taken out (a file at the estate's root keeps its name: a message naming
 *   `prod/PLEX1/plexlint.yaml` says `plexlint.yaml`, as it does when plexlint runs in prod/PLEX1).
 *
 * It never contains a path of the machine or the estate's location: the same estate checked in `cur/` and in a
 * copy in `base/`, from any working directory, gives the same identities.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** What the identity is made of, from a finding as reported. */
export interface IdentitySubject {
  ruleId: string;
  /** The file as reported: relative to `cwd` (or absolute, or a name such as `<stdin>`). */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  subject?: string;
}

export interface IdentityContext {
  /** The root of the finding's estate (absolute). */
  root: string;
  /** The folder the finding's file and the paths in its message are relative to (absolute). */
  cwd: string;
  /** The text of a 1-based line of the finding's file, when it was read. */
  lineText(line: number): string | undefined;
}

/** Lines of a statement taken into its identity (a finding over a whole block would otherwise hash the block). */
const MAX_STATEMENT_LINES = 8;
/** Characters of each line taken: a line of a megabyte (one XML element on one line) is not hashed per finding. */
const MAX_LINE_CHARS = 512;

/** Standard input without a file name is named `<stdin>`: a name, not a path. */
function isPseudoFile(file: string): boolean {
  return /^<[^<>/\\]+>$/.test(file);
}

function posix(path: string): string {
  return path.split(sep).join('/');
}

/** The file relative to the estate's root, '/' separators. */
function fileBelowRoot(file: string, ctx: Pick<IdentityContext, 'root' | 'cwd'>): string {
  if (isPseudoFile(file)) return file;
  return posix(relative(ctx.root, resolve(ctx.cwd, file)));
}

/**
 * The statement's text, blanks normalised and case folded (a profile's statements are case-insensitive, and a copy
 * in lower case is the same estate); none for a finding about a whole file (an empty range).
 */
function statementText(d: IdentitySubject, ctx: IdentityContext): string {
  if (d.line === d.endLine && d.column === d.endColumn) return '';
  const lines: string[] = [];
  const last = Math.min(Math.max(d.line, d.endLine), d.line + MAX_STATEMENT_LINES - 1);
  for (let n = d.line; n <= last; n++) lines.push((ctx.lineText(n) ?? '').slice(0, MAX_LINE_CHARS));
  return lines.join(' ').trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Characters a path can go on with (a path of a message ends at a blank, a quote, a bracket, a comma…). */
const PATH_CHAR = /[\w@#$&~+%=-]/;
/** Characters a path cannot start right after (it would be the middle of a longer path: ../cur/ is not cur/). */
const INSIDE_PATH = /[\w./@#$&~+%=-]/;
/** An address with a prefix length (10.1.1.0/24, 2001:db8::/32): not a path. */
const ADDRESS_PREFIX = /^[0-9A-Fa-f.:]+\/\d{1,3}$/;

/**
 * Every place in `text` where a path starting with `prefix` begins, written relative to the estate's root: the
 * prefix taken away, or `./` for the root itself. A scan, not a regular expression made from the path.
 */
function rebase(text: string, prefix: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
    if (at < from || (at > 0 && INSIDE_PATH.test(text.charAt(at - 1)))) continue;
    const after = text.charAt(at + prefix.length);
    const goesOn = PATH_CHAR.test(after) || (after === '.' && PATH_CHAR.test(text.charAt(at + prefix.length + 1)));
    out += text.slice(from, at) + (goesOn ? '' : './');
    from = at + prefix.length;
  }
  return out + text.slice(from);
}

/**
 * The message with what depends on the run taken out: line numbers, and paths. A path inside the estate is first
 * written relative to the estate's root (the root itself as `./`), so that a file at the root keeps its name
 * (`cur/plexlint.yaml` and, run inside `cur`, `plexlint.yaml` both say `plexlint.yaml`); every path that still has a
 * folder in it — inside the estate or outside, which the working directory names differently — is then left out.
 * Case is folded, as in the statement's text.
 */
export function messageIdentity(message: string, ctx: Pick<IdentityContext, 'root' | 'cwd'>): string {
  let text = message.replace(/\blines? \d+(–\d+)?/g, 'line N').replace(/:\d+:\d+/g, '');
  const rel = relative(ctx.cwd, ctx.root);
  const prefixes = new Set<string>([`${posix(ctx.root)}/`]);
  if (rel !== '') prefixes.add(`${posix(isAbsolute(rel) ? ctx.root : rel)}/`);
  for (const prefix of [...prefixes].sort((a, b) => b.length - a.length)) text = rebase(text, prefix);
  return text.replace(/[^\s'"`()[\]{},;]+/g, (word) => (word.includes('/') && !ADDRESS_PREFIX.test(word.replace(/[.:]+$/, '')) ? '<path>' : word)).toUpperCase();
}

/** The identity of a finding (see above), as a short hash prefixed with the rule id for people reading it. */
export function findingIdentity(d: IdentitySubject, ctx: IdentityContext): string {
  const parts = [d.ruleId, fileBelowRoot(d.file, ctx), statementText(d, ctx), messageIdentity(d.subject ?? d.message, ctx)];
  return `${d.ruleId}:${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`;
}
