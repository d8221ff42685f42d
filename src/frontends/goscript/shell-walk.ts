/**
 * Walks a go script's shell syntax tree (mvdan/sh, ./parse.ts) the way the
 * shell runs it, far enough to know which simple commands run, under which
 * condition, in which function, and with which values:
 *
 * - `if`/`elif`/`else`, `while`/`until`, `case` branches and the right side of
 *   `&&` / `||` run under a condition; a `for name in words` loop runs its body
 *   once per word with the variable set;
 * - a function runs where it is called, with $1…$9 set from the call;
 * - `NAME=value` alone sets a shell variable (before a command, only that
 *   command's environment); export / readonly / typeset / declare / local set
 *   them too; unset removes one;
 * - words are expanded: $NAME, ${NAME}, ${NAME:-default} / ${NAME-default} /
 *   ${NAME:=value}, quotes and backslashes removed; an unquoted expansion is
 *   split into fields; anything else (command substitution, arithmetic, other
 *   parameter operators, an unknown variable) makes the word symbolic.
 *
 * It also reports what stops the script: a syntax error (the shell stops
 * reading there) and CRLF line ends.
 */
import type { Finding } from '../../core/diagnostic.js';
import { mvdanSh } from '../../core/libs.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { Arg, Context, Scanner } from './index.js';
import { parseShell, type ShellParse } from './parse.js';
import type {
  ShAssign,
  ShBinaryCmd,
  ShBlock,
  ShCallExpr,
  ShCaseClause,
  ShDblQuoted,
  ShDeclClause,
  ShForClause,
  ShFuncDecl,
  ShIfClause,
  ShLit,
  ShNode,
  ShParamExp,
  ShSglQuoted,
  ShStmt,
  ShTimeClause,
  ShWhileClause,
  ShWord,
  ShWordIter,
} from './sh-tree.js';

interface Expanded {
  text: string;
  symbolic: boolean;
  /** Unquoted parts came from an expansion: field splitting applies. */
  split: boolean;
}

class ShellWalker {
  private readonly nodeType: (node: unknown) => string;

  constructor(
    private readonly scanner: Scanner,
    private readonly file: SourceFile,
    private readonly parsed: ShellParse,
  ) {
    this.nodeType = mvdanSh().syntax.NodeType;
  }

  private offset(pos: { Offset(): number }): number {
    return this.parsed.offset(pos.Offset());
  }

  stmts(list: ShStmt[], ctx: Context): void {
    for (const st of list) this.stmt(st, ctx);
  }

  stmt(st: ShStmt, ctx: Context): void {
    const cmd = st.Cmd;
    if (!cmd) return;
    switch (this.nodeType(cmd)) {
      case 'CallExpr':
        this.call(cmd as ShCallExpr, ctx);
        break;
      case 'DeclClause':
        this.declare(cmd as ShDeclClause);
        break;
      case 'BinaryCmd': {
        const b = cmd as ShBinaryCmd;
        const op = this.file.text.slice(this.offset(b.OpPos), this.offset(b.OpPos) + 2);
        this.stmt(b.X, ctx);
        // `a && b`, `a || b`: b runs only if a succeeds / fails. In a pipeline both run.
        this.stmt(b.Y, op === '&&' || op === '||' ? { ...ctx, conditional: true } : ctx);
        break;
      }
      case 'IfClause': {
        const cond = { ...ctx, conditional: true };
        for (let c: ShIfClause | null = cmd as ShIfClause; c; c = c.Else) {
          this.stmts(c.Cond, cond);
          this.stmts(c.Then, cond);
        }
        break;
      }
      case 'WhileClause': {
        const w = cmd as ShWhileClause;
        this.stmts(w.Cond, { ...ctx, conditional: true });
        this.stmts(w.Do, { ...ctx, conditional: true });
        break;
      }
      case 'ForClause':
        this.forLoop(cmd as ShForClause, ctx);
        break;
      case 'CaseClause':
        for (const item of (cmd as ShCaseClause).Items) this.stmts(item.Stmts, { ...ctx, conditional: true });
        break;
      case 'Block':
      case 'Subshell':
        this.stmts((cmd as ShBlock).Stmts, ctx);
        break;
      case 'FuncDecl': {
        const f = cmd as ShFuncDecl;
        this.scanner.functions.set(f.Name.Value, (inner) => this.stmt(f.Body, inner));
        break;
      }
      case 'TimeClause':
      case 'CoprocClause': {
        const inner = (cmd as ShTimeClause).Stmt;
        if (inner) this.stmt(inner, ctx);
        break;
      }
      default:
        // [[ … ]], (( … )), let: no command runs.
        break;
    }
  }

  private forLoop(f: ShForClause, ctx: Context): void {
    if (this.nodeType(f.Loop) !== 'WordIter') {
      this.stmts(f.Do, { ...ctx, conditional: true });
      return;
    }
    const loop = f.Loop as ShWordIter;
    const name = loop.Name.Value;
    const values = loop.Items.flatMap((w) => this.fields(w));
    const saved = this.scanner.vars.get(name);
    if (values.length === 0) this.stmts(f.Do, ctx);
    for (const v of values) {
      this.scanner.assign(name, v.symbolic ? undefined : v.text);
      this.stmts(f.Do, ctx);
    }
    this.scanner.assign(name, saved);
  }

  private assignment(a: ShAssign): [string, string | undefined] | undefined {
    // A flag (typeset -x), a name without a value (export NAME) or an array: no value to record.
    if (!a.Name || a.Naked || a.Array) return undefined;
    if (!a.Value) return [a.Name.Value, ''];
    const e = this.expand(a.Value);
    const value = e.symbolic ? undefined : a.Append ? (this.scanner.vars.get(a.Name.Value) ?? '') + e.text : e.text;
    return [a.Name.Value, value];
  }

  private declare(d: ShDeclClause): void {
    for (const a of d.Args) {
      const r = this.assignment(a);
      if (r) this.scanner.assign(r[0], r[1]);
    }
  }

  private call(c: ShCallExpr, ctx: Context): void {
    if (c.Args.length === 0) {
      // Only assignments: they set shell variables.
      for (const a of c.Assigns) {
        const r = this.assignment(a);
        if (r) this.scanner.assign(r[0], r[1]);
      }
      return;
    }
    const args = c.Args.flatMap((w) => this.fields(w));
    const name = args[0]?.text ?? '';
    const fn = this.scanner.functions.get(name);
    if (fn && ctx.depth < 8) {
      // Positional parameters $1… of the call.
      const vars = this.scanner.vars;
      const saved = Array.from({ length: 9 }, (_, i) => vars.get(String(i + 1)));
      for (let i = 0; i < 9; i++) {
        const a = args[i + 1];
        this.scanner.assign(String(i + 1), a && !a.symbolic ? a.text : undefined);
      }
      fn({ conditional: ctx.conditional, viaFunction: ctx.viaFunction ?? name, depth: ctx.depth + 1 });
      saved.forEach((v, i) => this.scanner.assign(String(i + 1), v));
      return;
    }
    this.scanner.command({ args, file: this.file, start: this.offset(c.Pos()), end: this.offset(c.End()) }, ctx);
  }

  /** A word expanded into fields: an unquoted expansion with blanks splits. */
  private fields(w: ShWord): Arg[] {
    const e = this.expand(w);
    const start = this.offset(w.Pos());
    const end = this.offset(w.End());
    const raw = this.file.text.slice(start, end);
    const one = (text: string): Arg => ({ text, symbolic: e.symbolic, raw, start, end, file: this.file });
    if (e.split && /\s/.test(e.text.trim())) return e.text.trim().split(/\s+/).map(one);
    return [one(e.text)];
  }

  private expand(w: ShWord): Expanded {
    const out: Expanded = { text: '', symbolic: false, split: false };
    for (const part of w.Parts) this.part(part, out, false);
    return out;
  }

  private part(part: ShNode, out: Expanded, quoted: boolean): void {
    switch (this.nodeType(part)) {
      case 'Lit': {
        const v = (part as ShLit).Value;
        // Backslashes quote the next character (in double quotes only before $ ` " \ and a line end).
        out.text += quoted ? v.replace(/\\([$`"\\\n])/g, '$1') : v.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
        break;
      }
      case 'SglQuoted':
        out.text += (part as ShSglQuoted).Value;
        break;
      case 'DblQuoted':
        for (const p of (part as ShDblQuoted).Parts) this.part(p, out, true);
        break;
      case 'ParamExp':
        this.param(part as ShParamExp, out, quoted);
        break;
      default:
        // $(…), `…`, $((…)), <(…), globs: no value plexlint can know.
        out.symbolic = true;
    }
  }

  private param(p: ShParamExp, out: Expanded, quoted: boolean): void {
    const value = this.scanner.vars.get(p.Param.Value);
    if (p.Excl || p.Length || p.Index || p.Slice || p.Repl) {
      out.symbolic = true;
      return;
    }
    if (p.Exp) {
      // The operator is the text between the name and the word: - :- = := + :+ ? :? and the pattern operators.
      const from = this.offset(p.Param.End());
      const to = p.Exp.Word ? this.offset(p.Exp.Word.Pos()) : this.offset(p.End()) - 1;
      const op = this.file.text.slice(from, to);
      if (/^:?[-=]$/.test(op)) {
        const unset = value === undefined || (op.startsWith(':') && value === '');
        if (unset) {
          const e = p.Exp.Word ? this.expand(p.Exp.Word) : { text: '', symbolic: false, split: false };
          out.text += e.text;
          out.symbolic ||= e.symbolic;
          if (op.endsWith('=') && !e.symbolic) this.scanner.assign(p.Param.Value, e.text);
          return;
        }
      } else {
        out.symbolic = true;
        return;
      }
    }
    if (value === undefined) out.symbolic = true;
    else {
      out.text += value;
      if (!quoted) out.split = true;
    }
  }
}

/** Parse and walk one shell script (or a file it sources). */
export function walkShell(file: SourceFile, scanner: Scanner, ctx: Context): void {
  const parsed = parseShell(file.text, file.path);
  scanner.findings.push(...syntaxFindings(file, parsed), ...lineEndFindings(file));
  if (parsed.file) new ShellWalker(scanner, file, parsed).stmts(parsed.file.Stmts, ctx);
}

/** mvdan/sh's messages, in the words of `bash -n` where they differ, with what it means for the script. */
function syntaxFindings(file: SourceFile, parsed: ShellParse): Finding[] {
  const e = parsed.error;
  if (!e) return [];
  const at = Math.min(e.offset, file.text.length);
  const end = Math.min(file.text.length, at + 1);
  const loc = file.lines.loc(file.path, at, file.text[at] === '\n' || file.text[at] === '\r' ? at : end);
  if ('tooDeep' in e) {
    return [
      {
        ruleId: 'syntax',
        consequence: 'goscript-depth',
        loc,
        message:
          'commands are nested here more deeply than plexlint\'s shell parser can follow, so the script is not checked. ' +
          'No real go script nests like this: check that the file is the script it should be.',
      },
    ];
  }
  const rest = file.text.slice(file.text.lastIndexOf('\n', at - 1) + 1).replace(/\n$/, '');
  const lines = rest.split('\n').length;
  const what = /must be followed by a word/.test(e.message)
    ? `${e.message.replace(/ must be followed by a word$/, '')} needs its file name on the same line (bash -n: "syntax error near unexpected token \`newline'")`
    : e.message;
  return [
    {
      ruleId: 'syntax',
      consequence: 'goscript',
      loc,
      message:
        `shell syntax error: ${what}. The shell stops reading the script here, so ${parsed.parsedUpTo > 0 ? 'only the commands before this line run' : 'none of its commands run'} ` +
        `(${lines} line${lines === 1 ? '' : 's'} from here on are not run); plexlint assumes the high-availability transition then completes without them (IBM does not document what the Load Balancer does when a go script fails). ` +
        `Correct it (check with ksh -n or bash -n).`,
    },
  ];
}

/**
 * CRLF line ends (a script edited on Windows). The kernel reads the `#!` line
 * up to the LF, so the interpreter is `/bin/ksh\r`: "bad interpreter: No such
 * file or directory", and the script does not run at all. Without a `#!` line
 * the shell reads a CR at the end of every command's last word.
 */
function lineEndFindings(file: SourceFile): Finding[] {
  const first = file.text.indexOf('\r\n');
  if (first < 0) return [];
  const count = file.text.split('\r\n').length - 1;
  const shebang = /^#!\s*(\S+)/.exec(file.text)?.[1];
  const firstLine = file.text.slice(0, file.text.indexOf('\n') + 1);
  const effect =
    shebang && firstLine.endsWith('\r\n')
      ? `the system looks for the interpreter '${shebang}\\r' ("${shebang}^M: bad interpreter"), so the script does not run at all`
      : `the shell reads a carriage return at the end of every command's last word, so an address or interface name ends in '\\r' and the commands fail`;
  return [
    {
      ruleId: 'goscript-crlf-line-ends',
      // An empty range at the end of the line: the carriage return is not a visible character.
      loc: file.lines.loc(file.path, first, first),
      message:
        `the script has Windows line ends (CR LF, ${count} line${count === 1 ? '' : 's'}): ${effect}; plexlint assumes the high-availability state change then happens without the script's commands ` +
        `(IBM does not document what the Load Balancer does when a go script fails). Convert it to LF line ends (dos2unix, or tr -d '\\r').`,
    },
  ];
}
