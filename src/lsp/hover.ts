/**
 * Hover: what plexlint knows about the word under the cursor.
 *
 * - a rule id in a plexlint-disable/enable comment: the rule (severity, what it finds, its page);
 * - an IP address: what the estate knows about it — a DVIPA's owner, backups, distribution method and targets; a
 *   stack's dynamic XCF or home address; a Load Balancer cluster with its ports and servers;
 * - in a TCP/IP profile, a statement or operand keyword (any accepted abbreviation): IBM's syntax summary and
 *   meaning (./vocabulary.ts), since when IBM has it (or when it removed it), and the release of the systems the
 *   file is read for, with what that release makes of it.
 */
import { commentsOf, commentSyntax } from '../engine/comments.js';
import { availability, introducedText, releaseContext, type Introduced, type ZosRelease } from '../core/release.js';
import type { Estate, System } from '../model/estate.js';
import { findRule } from '../rules/registry.js';
import type { RuleMeta } from '../rules/rule.js';
import { ruleHref, type DiagnosticLinks } from './diagnostics.js';
import { statementAt } from './profile-outline.js';
import { offsetAt, wordAt, type Position } from './positions.js';
import type { DocumentContext } from './session.js';
import { operandInfo, statementInfo, type OperandInfo, type StatementInfo } from './vocabulary.js';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export interface HoverResult {
  markdown: string;
  range: { line: number; column: number; endLine: number; endColumn: number };
}

export function hover(ctx: DocumentContext, p: Position, links: DiagnosticLinks): HoverResult | undefined {
  const { source } = ctx;
  const word = wordAt(source, p);
  if (!word) return undefined;
  const inDirective = directiveAt(ctx, p);
  if (inDirective) {
    const rule = findRule(word.text.toLowerCase().replace(/,$/, ''));
    return rule ? { markdown: ruleHover(rule.meta, links), range: word.loc } : undefined;
  }
  const address = word.text.replace(/\/\d+$/, '');
  if (IPV4.test(address) && ctx.result) {
    const text = addressHover(ctx.result.compiled.estate, address);
    if (text) return { markdown: text, range: word.loc };
  }
  if (ctx.kind === 'profile') {
    const bare = /^[A-Za-z][A-Za-z0-9]*$/.test(word.text) ? word.text : undefined;
    if (!bare) return undefined;
    const statement = statementAt(source, p);
    const isKeyword = statement && statement.keywordLoc.line === word.loc.line && statement.keywordLoc.column === word.loc.column;
    const systems = ctx.result?.compiled.estate.systems.filter((s) => s.files.includes(source.path)) ?? [];
    if (isKeyword || !statement) {
      const s = statementInfo(bare);
      if (s) return { markdown: statementHover(s, systems), range: word.loc };
    }
    const o = operandInfo(bare, statement?.name);
    if (o) return { markdown: operandHover(o, statement?.name, systems), range: word.loc };
    const s = statementInfo(bare);
    if (s) return { markdown: statementHover(s, systems), range: word.loc };
  }
  return undefined;
}

/**
 * When IBM added (or removed) the statement or operand, and what release the file's systems run — with what that
 * release makes of the item: the statement table's since / removedIn, judged as the profile checks judge it.
 */
export function releaseLines(item: { since?: Introduced | undefined; removedIn?: ZosRelease | undefined }, systems: readonly System[]): string[] {
  const out: string[] = [];
  if (item.since) out.push(`Since ${introducedText(item.since)}.`);
  if (item.removedIn) out.push(`Removed in z/OS ${item.removedIn}.`);
  if (systems.length === 0) return out;
  const verdict = (s: System): string => {
    const a = availability(item, releaseContext(s.releaseAssumed ? undefined : s.release, s.apars));
    if (a.status === 'available') return '';
    if (a.status === 'needs-apar') return `: needs APAR ${a.apar}`;
    if (a.status === 'removed') return ': removed there';
    return ': not in that release';
  };
  const each = systems.map((s) => `${s.name} (z/OS ${s.release}${s.releaseAssumed ? ', assumed: plexlint.yaml names no release' : ''}${s.apars?.length ? `, APARs ${s.apars.join(', ')}` : ''})${verdict(s)}`);
  out.push(`This file is read for ${each.join('; ')}.`);
  return out;
}

/** Whether the position is inside the directive part of a plexlint-disable/enable comment. */
function directiveAt(ctx: DocumentContext, p: Position): boolean {
  const syntax = commentSyntax(ctx.kind);
  if (syntax === 'none') return false;
  const at = offsetAt(ctx.source, p);
  for (const c of commentsOf(ctx.source.text, ctx.source.lines, syntax)) {
    if (at < c.bodyStart || at > c.end) continue;
    if (!/^\s*plexlint-/i.test(c.body)) return false;
    // The ids come before the reason's separator.
    const before = ctx.source.text.slice(c.bodyStart, at);
    return !/\s--?\s/.test(before);
  }
  return false;
}

export function ruleHover(meta: RuleMeta, links: DiagnosticLinks): string {
  const href = ruleHref(meta.id, links);
  return [
    `**${meta.id}** · ${meta.severity} · ${meta.category}${meta.fixable ? ' · fixable' : ''}`,
    '',
    `${meta.description}.`,
    '',
    `Source: ${meta.source}`,
    ...(href ? ['', `[Rule page](${href})`] : []),
  ].join('\n');
}

function statementHover(s: StatementInfo, systems: readonly System[] = []): string {
  const head = `**${s.name}** — TCP/IP profile statement${s.block ? ` (inside ${s.block})` : ''}${s.min !== s.name ? `; shortest form ${s.min}` : ''}`;
  const releases = releaseLines(s, systems);
  return [
    head,
    ...(s.syntax ? ['', '```text', s.syntax, '```'] : []),
    ...(s.summary ? ['', s.summary] : []),
    ...(s.details ? ['', s.details] : []),
    ...(releases.length ? ['', ...releases] : []),
    ...(s.source ? ['', `_${s.source}_`] : []),
  ].join('\n');
}

function operandHover(o: OperandInfo, statement: string | undefined, systems: readonly System[] = []): string {
  const head = `**${o.name}** — operand${o.statements.length ? ` of ${o.statements.join(', ')}` : ''}${o.min !== o.name ? `; shortest form ${o.min}` : ''}`;
  // The statement under the cursor's own since / removedIn; where the cursor names none, the first statement's.
  const release = o.releases?.find((r) => r.statement === statement) ?? (statement ? undefined : o.releases?.[0]);
  const releases = releaseLines(release ?? {}, systems);
  return [
    head,
    ...(o.summary ? ['', o.summary] : []),
    ...(o.details ? ['', o.details] : []),
    ...(releases.length ? ['', ...releases] : []),
    ...(o.source ? ['', `_${o.source}_`] : []),
  ].join('\n');
}

const portsText = (ports: { from: number; to: number }[]): string => (ports.length ? ports.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`)).join(', ') : 'all ports');

/** What the estate knows about an address. */
export function addressHover(estate: Estate, address: string): string | undefined {
  const out: string[] = [];
  const dv = estate.sysplex.dvipas.find((d) => d.address === address);
  if (dv) {
    out.push(`**DVIPA ${address}**`, '');
    out.push(`- owner: ${dv.owners.length ? dv.owners.map((o) => `${o.system}${o.moveable ? ` (MOVEABLE ${o.moveable})` : ''}`).join(', ') : 'none (no VIPADEFINE)'}`);
    out.push(`- backups: ${dv.backups.length ? dv.backups.map((b) => `${b.system} rank ${b.rank}${b.shortForm ? ' (short form)' : ''}`).join(', ') : 'none'}`);
    for (const id of dv.distributions) {
      const d = estate.sysplex.distributions.find((x) => x.id === id);
      if (!d) continue;
      const targets = d.destipAll ? 'DESTIP ALL' : 'DESTIP';
      const list = d.targets.map((t) => `${t.system ?? t.address ?? '?'}${t.weight !== undefined ? ` weight ${t.weight}` : ''}${t.preferred ? ' preferred' : ''}${t.backupRank !== undefined ? ` backup ${t.backupRank}` : ''}`);
      out.push(
        `- distributed by ${d.system}: ${d.method}${d.optLocal !== undefined ? `, OPTLOCAL ${d.optLocal}` : ''}, ${portsText(d.ports)}, ${targets}${list.length ? ` → ${list.join(', ')}` : ''}`,
      );
    }
    if (dv.takeover.length) out.push(`- takeover order: ${dv.takeover.map((t) => `${t.system} (rank ${t.rank})`).join(', ')}`);
  }
  for (const s of estate.systems) {
    if (s.stack.dynamicXcf.v4?.address === address || s.stack.dynamicXcf.v6?.address === address) out.push(`**${address}**: dynamic XCF address of ${s.name}`);
    for (const h of s.stack.home) if (h.address === address) out.push(`**${address}**: HOME address of ${s.name} on ${h.link} (${h.kind})`);
    for (const i of s.stack.interfaces) for (const a of i.addresses) if (a.address === address) out.push(`**${address}**: address of ${s.name} interface ${i.name} (${i.type})`);
  }
  for (const lb of estate.loadBalancers) {
    for (const c of lb.clusters) {
      if (c.address !== address && c.id !== address) continue;
      out.push(`**Load Balancer cluster ${address}** on ${lb.name}`, '');
      for (const port of c.ports) out.push(`- port ${port.port} (${port.method}): ${port.servers.map((sv) => sv.address ?? sv.id).join(', ') || 'no servers'}`);
      if (c.targets.length) out.push(`- z/OS targets: ${c.targets.join(', ')}`);
    }
  }
  return out.length ? out.join('\n') : undefined;
}
