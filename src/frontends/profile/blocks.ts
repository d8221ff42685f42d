/**
 * The block pass: decides, from each statement's findings, what the stack
 * keeps — IBM's rules that a syntax error in a VIPADYNAMIC block stops the rest
 * of the block, that EZZ0831I ignores the statement and the rest of the block,
 * and, where IBM is silent, plexlint's reading, which the message then says in
 * words (scope.ts, damageBasis);
 * and that a block without its END keyword swallows the rest of the data set
 * (IP Configuration Reference, "Statement syntax for configuration statements";
 * VIPADYNAMIC summary page).
 */
import { damageBasis, damageOf, readingSentence, worst, type Damage } from '../../../grammar/profile/damage.js';
import { skippedNote } from '../../../grammar/profile/notes.js';
import { append } from '../../core/append.js';
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import type { Statement, VipaDynamicBlock, VipaStatement } from '../../../grammar/profile/ast.js';

export interface PlacedStatement {
  statement: Statement;
  findings: Finding[];
  /** A block's own findings, also among `findings`: words inside it that start none of its statements. */
  own?: readonly Finding[];
}

function lines(a: Loc, b: Loc): string {
  return a.line === b.endLine ? `line ${a.line}` : `lines ${a.line}–${b.endLine}`;
}

function statementName(s: Statement): string {
  switch (s.kind) {
    case 'generic':
      return s.name;
    case 'unknown':
      return `'${s.keyword.raw}'`;
    default:
      return s.keyword.text.length >= 4 ? canonical(s) : s.keyword.text;
  }
}

function canonical(s: Statement): string {
  // IPCONFIG and IPCONFIG6 share one node kind.
  if (s.kind === 'ipconfig' && s.version === 6) return 'IPCONFIG6';
  const map: Partial<Record<Statement['kind'], string>> = {
    ipconfig: 'IPCONFIG',
    device: 'DEVICE',
    link: 'LINK',
    interface: 'INTERFACE',
    home: 'HOME',
    primaryinterface: 'PRIMARYINTERFACE',
    start: 'START',
    stop: 'STOP',
    include: 'INCLUDE',
    port: 'PORT',
    route: 'ROUTE',
    routes: 'BEGINROUTES',
    vipadynamic: 'VIPADYNAMIC',
    vipadefine: 'VIPADEFINE',
    vipabackup: 'VIPABACKUP',
    vipadelete: 'VIPADELETE',
    viparange: 'VIPARANGE',
    viparoute: 'VIPAROUTE',
    vipasmparms: 'VIPASMPARMS',
    vipadistribute: 'VIPADISTRIBUTE',
  };
  return map[s.kind] ?? s.keyword.text;
}

const VIPA_KINDS = new Set(['vipadefine', 'vipabackup', 'vipadelete', 'viparange', 'viparoute', 'vipasmparms', 'vipadistribute']);

function isVipa(s: Statement): s is VipaStatement {
  return VIPA_KINDS.has(s.kind);
}

function isEnd(s: Statement, name: string): boolean {
  return s.kind === 'generic' && !s.isBlock && s.name === name;
}

/**
 * The findings of a statement the stack skips become notes: what it would be rejected
 * for once the error that skips it is fixed.
 */
function asNotes(findings: readonly Finding[], s: Statement, cause: Loc, inVipaBlock: boolean): void {
  for (const f of findings) {
    if (f.severity === 'info' && f.message.startsWith('Skipped now')) continue;
    Object.assign(f, skippedNote(f, cause, `this ${canonical(s)}`, inVipaBlock));
  }
}

/** Mention the consequence once, on the finding that causes it. */
function addConsequence(f: Finding, text: string): void {
  if (f.message.includes(text)) return;
  const sentence = /[.?!]$/.test(f.message) ? f.message : `${f.message}.`;
  // "plexlint" is written in lower case, also at the start of a sentence.
  f.message = `${sentence} ${text.startsWith('plexlint') ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`}.`;
}

/** "this VIPADISTRIBUTE", naming its line when the finding is on a later line of it. */
function thisStatement(s: Statement, f: Finding): string {
  return `this ${canonical(s)}${s.loc.line !== f.loc.line ? ` (line ${s.loc.line})` : ''}`;
}

/**
 * The finding that gets the statement rejected: the worst damage, and of those the first by position — whatever order
 * the parser and the builder made them in, so that a statement a member several systems INCLUDE gets the same
 * consequence for each of them (a release-dependent error of one system does not move it).
 */
function firstDamaging(findings: Finding[], inBlock: boolean): { finding: Finding; damage: Damage } | undefined {
  let best: { finding: Finding; damage: Damage } | undefined;
  for (const f of findings) {
    const d = damageOf(f, inBlock);
    if (d === 'none' || d === 'entry') continue;
    if (!best || (worst(best.damage, d) !== best.damage ? true : d === best.damage && before(f.loc, best.finding.loc))) best = { finding: f, damage: d };
  }
  return best;
}

function before(a: Loc, b: Loc): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/**
 * A word inside the block that starts none of its statements (the parser's junkInBlock) is a syntax error where it
 * stands: the stack applies the statements before it and ignores the rest of the block (IBM, VIPADYNAMIC statement).
 */
function endBlockAtWord(junk: Finding, rest: VipaStatement[], subFindings: (s: VipaStatement) => Finding[], own: readonly Finding[]): void {
  junk.consequence ??= 'block';
  for (const r of rest) {
    r.ignored = { reason: `the rest of the VIPADYNAMIC block is ignored after the error at line ${junk.loc.line}`, cause: junk.loc };
    asNotes(subFindings(r), r, junk.loc, true);
  }
  wordsSkipped(own, junk.loc);
  addConsequence(
    junk,
    rest.length === 0
      ? 'the stack stops processing the VIPADYNAMIC block here'
      : `the stack stops processing the VIPADYNAMIC block here and ignores the rest of it: ${rest.length} more statement${rest.length === 1 ? '' : 's'} (${lines(rest[0]!.loc, rest.at(-1)!.loc)})`,
  );
}

/** The words that start no statement after an error that ends the block: skipped with the rest of it. */
function wordsSkipped(own: readonly Finding[], cause: Loc): void {
  for (const w of own) if (damageOf(w, true) !== 'none' && before(cause, w.loc)) Object.assign(w, skippedNote(w, cause, 'this word', true));
}

function applyVipaBlock(block: VipaDynamicBlock, subFindings: (s: VipaStatement) => Finding[], own: readonly Finding[]): void {
  const subs = block.statements;
  // The first word in the block that starts none of its statements, while the block is still being processed.
  const junk = firstDamaging([...own], true)?.finding;
  for (let i = 0; i < subs.length; i++) {
    const s = subs[i]!;
    if (s.ignored) continue;
    if (junk && before(junk.loc, s.loc)) {
      endBlockAtWord(junk, subs.slice(i).filter((r) => !r.ignored), subFindings, own);
      return;
    }
    const hit = firstDamaging(subFindings(s), true);
    if (!hit) continue;
    const basis = damageBasis(hit.finding, hit.damage, true);
    hit.finding.consequence ??= basis.key;
    if (hit.damage === 'statement') {
      s.ignored = { reason: `rejected: ${hit.finding.ruleId}`, cause: hit.finding.loc };
      if (!/the stack ignores this /i.test(hit.finding.message)) {
        addConsequence(hit.finding, `the stack ignores ${thisStatement(s, hit.finding)}${basis.reading ? ` and goes on with the rest of the block. ${readingSentence(basis.reading)}` : ''}`);
      }
      continue;
    }
    const rest = subs.slice(i + 1).filter((r) => !r.ignored);
    s.ignored = { reason: `rejected: ${hit.finding.ruleId}`, cause: hit.finding.loc };
    for (const r of rest) {
      r.ignored = { reason: `the rest of the VIPADYNAMIC block is ignored after the error at line ${hit.finding.loc.line}`, cause: hit.finding.loc };
      asNotes(subFindings(r), r, hit.finding.loc, true);
    }
    wordsSkipped(own, hit.finding.loc);
    const why = basis.reading ? `. ${readingSentence(basis.reading)}` : '';
    addConsequence(
      hit.finding,
      rest.length === 0
        ? `the stack ignores ${thisStatement(s, hit.finding)} and stops processing the VIPADYNAMIC block here${why}`
        : `the stack ignores ${thisStatement(s, hit.finding)} and the rest of the VIPADYNAMIC block: ${rest.length} more statement${rest.length === 1 ? '' : 's'} (${lines(rest[0]!.loc, rest.at(-1)!.loc)})${why}`,
    );
    return;
  }
  if (junk) endBlockAtWord(junk, [], subFindings, own);
}

/**
 * Apply IBM's processing semantics to the statements of one file.
 * Mutates statements (`ignored`) and findings (consequences); adds findings
 * for misplaced and unterminated statements.
 */
export function applyBlockSemantics(placed: PlacedStatement[], vipaFindingsOf: (s: VipaStatement) => Finding[], out: Finding[]): Statement[] {
  // 1. A VIPADYNAMIC without END: if a stray ENDVIPADYNAMIC follows, the statements in
  //    between were meant to be inside the block; the first non-VIPA one is a syntax
  //    error there, which ends processing of the rest of the block.
  const result: PlacedStatement[] = [];
  for (let i = 0; i < placed.length; i++) {
    const p = placed[i]!;
    const s = p.statement;
    if (s.kind === 'vipadynamic' && !s.end) {
      let j = i + 1;
      while (j < placed.length && !isEnd(placed[j]!.statement, 'ENDVIPADYNAMIC') && placed[j]!.statement.kind !== 'vipadynamic') j++;
      const closer = placed[j]?.statement;
      if (closer && isEnd(closer, 'ENDVIPADYNAMIC')) {
        const inside = placed.slice(i + 1, j);
        const firstForeign = inside.find((q) => !isVipa(q.statement));
        s.end = closer.loc;
        if (firstForeign) {
          const later = inside.slice(inside.indexOf(firstForeign) + 1);
          out.push({
            ruleId: 'misplaced-statement',
            consequence: 'in-block',
            loc: firstForeign.statement.keyword.loc,
            message:
              `${statementName(firstForeign.statement)} is not allowed inside VIPADYNAMIC … ENDVIPADYNAMIC (only VIPADEFINE, VIPABACKUP, VIPADELETE, ` +
              `VIPADISTRIBUTE, VIPARANGE, VIPAROUTE and VIPASMPARMS are): the stack stops processing the block here and ignores ` +
              `${later.length ? `the ${later.length} statement${later.length === 1 ? '' : 's'} after it up to ENDVIPADYNAMIC` : 'it'}. ` +
              `Move it after ENDVIPADYNAMIC (line ${closer.loc.line}).`,
          });
          for (const q of inside) {
            q.statement.ignored = { reason: 'inside VIPADYNAMIC after a statement the block does not allow', cause: firstForeign.statement.keyword.loc };
            asNotes(q.findings, q.statement, firstForeign.statement.keyword.loc, true);
          }
        }
        // The VIPA statements in between belong to the block.
        for (const q of inside) {
          if (isVipa(q.statement)) s.statements.push(q.statement);
          append(p.findings, q.findings);
        }
        result.push(p);
        i = j; // the closer is consumed
        continue;
      }
    }
    result.push(p);
  }

  // 2. Per statement: rejections, misplaced statements, unterminated blocks.
  const statements: Statement[] = [];
  let swallowedBy: { loc: Loc; name: string } | undefined;
  for (const p of result) {
    const s = p.statement;
    append(out, p.findings);
    statements.push(s);
    if (swallowedBy) {
      s.ignored ??= { reason: `inside the unterminated ${swallowedBy.name} block`, cause: swallowedBy.loc };
      asNotes(p.findings, s, swallowedBy.loc, swallowedBy.name === 'VIPADYNAMIC');
      continue;
    }
    if (s.kind === 'vipadynamic') {
      applyVipaBlock(s, vipaFindingsOf, p.own ?? []);
      if (!s.end) {
        const rest = result.slice(result.indexOf(p) + 1);
        out.push({
          ruleId: 'unterminated-block',
          loc: s.keyword.loc,
          message:
            `VIPADYNAMIC has no ENDVIPADYNAMIC: the stack reads the rest of the data set as part of the block` +
            (rest.length
              ? `, rejects ${statementName(rest[0]!.statement)} (line ${rest[0]!.statement.loc.line}) as not allowed there and ignores every statement after it`
              : '') +
            '. Add ENDVIPADYNAMIC after the last VIPA statement.',
        });
        swallowedBy = { loc: s.keyword.loc, name: 'VIPADYNAMIC' };
      }
      continue;
    }
    if (s.kind === 'routes' && !s.end) {
      const rest = result.slice(result.indexOf(p) + 1);
      out.push({
        ruleId: 'unterminated-block',
        loc: s.keyword.loc,
        message:
          'BEGINROUTES has no ENDROUTES: the stack reads the rest of the data set as ROUTE entries' +
          (rest.length ? `, so ${statementName(rest[0]!.statement)} (line ${rest[0]!.statement.loc.line}) and every statement after it are not processed` : '') +
          '. Add ENDROUTES after the last ROUTE.',
      });
      swallowedBy = { loc: s.keyword.loc, name: 'BEGINROUTES' };
      continue;
    }
    if (s.kind === 'generic' && s.isBlock && !s.end) {
      out.push({
        ruleId: 'unterminated-block',
        loc: s.keyword.loc,
        message: `${s.name} has no END${s.name}: the stack reads every later token in the data set as a parameter of ${s.name}, so nothing after it is processed. Add the END statement.`,
      });
      continue;
    }
    if (isVipa(s) || s.kind === 'route' || (s.kind === 'generic' && !s.isBlock && s.name.startsWith('END'))) {
      const where = isVipa(s) ? 'inside VIPADYNAMIC … ENDVIPADYNAMIC' : s.kind === 'route' ? 'inside BEGINROUTES … ENDROUTES' : 'after its block statement';
      out.push({
        ruleId: 'misplaced-statement',
        consequence: 'outside',
        loc: s.keyword.loc,
        message: `${statementName(s)} is valid only ${where}: plexlint assumes the stack rejects it here (IBM does not document the message).`,
      });
      s.ignored = { reason: 'misplaced statement', cause: s.keyword.loc };
      asNotes(p.findings, s, s.keyword.loc, false);
      continue;
    }
    const hit = firstDamaging(p.findings, false);
    if (hit && hit.damage !== 'none') {
      const partial = s.kind === 'home' || s.kind === 'port' || s.kind === 'routes';
      if (!partial) {
        s.ignored = { reason: `rejected: ${hit.finding.ruleId}`, cause: hit.finding.loc };
        const basis = damageBasis(hit.finding, hit.damage, false);
        hit.finding.consequence ??= basis.key;
        addConsequence(
          hit.finding,
          basis.reading
            ? `plexlint assumes the stack rejects this ${statementName(s)} statement (${basis.reading})`
            : `the stack rejects this ${statementName(s)} statement`,
        );
      }
    }
  }
  return statements;
}
