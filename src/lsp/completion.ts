/**
 * Completion in a TCP/IP profile: statement keywords where a statement starts (the first word of a line; inside
 * VIPADYNAMIC its substatements, inside BEGINROUTES ROUTE), and the operands of the statement the cursor is in.
 * The words come from ./vocabulary.ts; they are offered in the case the user is typing in.
 */
import { statementBefore, statementsAt } from './profile-outline.js';
import { contains, type Position } from './positions.js';
import type { DocumentContext } from './session.js';
import { allOperands, allStatements, operandInfo, statementInfo, type OperandInfo, type StatementInfo } from './vocabulary.js';
import { nameTable } from '../core/record.js';
import { trailingRunStart } from '../core/trailing-run.js';

/** LSP CompletionItemKind.Keyword and MarkupKind. */
const KEYWORD = 14;

export interface CompletionEntry {
  label: string;
  kind: number;
  detail: string;
  documentation?: { kind: 'markdown'; value: string };
  sortText: string;
}

function entry(word: string, info: StatementInfo | OperandInfo, what: string, rank: number, lower: boolean): CompletionEntry {
  const label = lower ? word.toLowerCase() : word;
  const docs = [info.summary, 'syntax' in info && info.syntax ? `\`${info.syntax}\`` : undefined, info.details].filter(Boolean).join('\n\n');
  return {
    label,
    kind: KEYWORD,
    detail: `${what}${info.min !== info.name ? ` (shortest form ${info.min})` : ''}`,
    ...(docs ? { documentation: { kind: 'markdown' as const, value: docs } } : {}),
    sortText: `${rank}${label}`,
  };
}

const BLOCKS: Record<string, string> = nameTable({ VIPADYNAMIC: 'ENDVIPADYNAMIC', BEGINROUTES: 'ENDROUTES' });

/**
 * The block (VIPADYNAMIC or BEGINROUTES) the lines before `line` leave open, read from the first word of each line:
 * while a statement is being typed the text does not parse as the block it will be, so the parser cannot say.
 */
function blockBefore(ctx: DocumentContext, line: number): string | undefined {
  let open: string | undefined;
  for (let i = 0; i < line; i++) {
    const first = /^\s*([A-Za-z][A-Za-z0-9]*)/.exec(ctx.source.lines.lineText(i).split(';')[0]!)?.[1];
    const s = first ? statementInfo(first) : undefined;
    if (!s) continue;
    if (s.name in BLOCKS) open = s.name;
    else if (open && BLOCKS[open] === s.name) open = undefined;
  }
  return open;
}

export function completions(ctx: DocumentContext, p: Position): CompletionEntry[] {
  if (ctx.kind !== 'profile' && !(ctx.kind === 'unknown' && ctx.source.text.trim() === '')) return [];
  const line = ctx.source.lines.lineText(p.line).slice(0, p.character);
  // Nothing inside a comment.
  if (line.includes(';')) return [];
  // The word being typed, by a scan back from the cursor (a regular expression anchored at the end is quadratic in the line).
  const prefix = line.slice(trailingRunStart(line, (c) => /[A-Za-z0-9@#$]/.test(c)));
  const firstWord = line.slice(0, line.length - prefix.length).trim() === '';
  const lower = prefix !== '' && prefix === prefix.toLowerCase() && prefix !== prefix.toUpperCase();
  const matches = (name: string): boolean => name.startsWith(prefix.toUpperCase());
  const chain = statementsAt(ctx.source, p);
  // The word being typed may already read as a statement (VIPAD is VIPADYNAMIC): then it is a keyword being
  // written, not an operand of anything.
  if (firstWord && chain.length && contains(chain.at(-1)!.keywordLoc, p)) chain.pop();
  // Until it is one of them, a word typed at the start of a line reads as a statement of its own (docs/statements.md,
  // "A word that starts a line"): the operands offered are those of the statement above it.
  const here = chain.at(-1) ?? (firstWord ? statementBefore(ctx.source, p) : undefined);
  const block = blockBefore(ctx, p.line);
  const out: CompletionEntry[] = [];
  if (firstWord) {
    const wanted = block === 'VIPADYNAMIC' ? ['vipa', 'end'] : block === 'BEGINROUTES' ? ['route', 'end'] : ['statement'];
    for (const s of allStatements()) {
      if (!wanted.includes(s.role) || !matches(s.name)) continue;
      // Only the END of the block the cursor is in.
      if (s.role === 'end' && s.name !== `END${block === 'BEGINROUTES' ? 'ROUTES' : (block ?? '')}`) continue;
      out.push(entry(s.name, s, s.block ? `statement in ${s.block}` : 'statement', 0, lower));
    }
  }
  // Operands of the statement the cursor is in (a statement continues over lines).
  const statement = here && here.name !== 'VIPADYNAMIC' && here.name !== 'BEGINROUTES' ? here.name : undefined;
  if (statement) {
    const info = statementInfo(statement);
    for (const name of info?.operands ?? []) {
      const o = operandInfo(name, statement);
      if (o && matches(o.name)) out.push(entry(o.name, o, `${statement} operand`, 1, lower));
    }
  } else if (!firstWord) {
    for (const o of allOperands()) if (matches(o.name)) out.push(entry(o.name, o, 'operand', 2, lower));
  }
  return out;
}
