/**
 * The statements of one TCP/IP profile document, as the profile front end reads them (INCLUDEs are not followed:
 * the members are documents of their own), for the outline, hover and completion: which statement a position is
 * in, and the statements inside VIPADYNAMIC and BEGINROUTES.
 */
import type { Loc } from '../core/loc.js';
import { parseProfile } from '../frontends/profile/index.js';
import type { ProfileAst } from '../frontends/profile/index.js';
import type { SourceFile } from '../sources/source-file.js';
import { contains, type Position } from './positions.js';
import { statementInfo } from './vocabulary.js';

type Statement = ProfileAst['statements'][number];

export interface OutlineStatement {
  /** The statement's full name (VIPADISTRIBUTE for VIPADIST). */
  name: string;
  /** What it defines or names, for the outline (a device, a DVIPA, a data set). */
  detail: string;
  loc: Loc;
  keywordLoc: Loc;
  children: OutlineStatement[];
}

const cache = new WeakMap<SourceFile, OutlineStatement[]>();

function detailOf(s: Statement): string {
  switch (s.kind) {
    case 'device':
    case 'link':
    case 'interface':
      return `${s.name.raw}${'type' in s && s.type ? ` ${s.type}` : ''}`;
    case 'primaryinterface':
    case 'start':
    case 'stop':
      return s.name.raw;
    case 'include':
      return s.dataset.raw;
    case 'home':
      return s.entries.map((e) => e.addressWord.raw).join(' ');
    case 'ipconfig':
      return s.dynamicXcf?.addressWord ? `DYNAMICXCF ${s.dynamicXcf.addressWord.raw}` : '';
    case 'route':
      return s.isDefault ? (s.ipv6 ? 'DEFAULT6' : 'DEFAULT') : (s.destination ? `${s.destination.address.text}/${s.destination.prefix}` : '');
    case 'port':
      return `${s.entries.length} entr${s.entries.length === 1 ? 'y' : 'ies'}`;
    case 'vipadefine':
    case 'vipabackup':
    case 'vipadelete':
      return s.addresses.map((a) => a.address.text).join(' ');
    case 'vipadistribute':
      return s.address?.text ?? s.interfaceName?.raw ?? '';
    case 'viparange':
      return s.range ? `${s.range.address.text}/${s.range.prefix}` : '';
    default:
      return '';
  }
}

function outlineOf(s: Statement): OutlineStatement {
  const name = statementInfo(s.keyword.text)?.name ?? s.keyword.text.toUpperCase();
  const children = s.kind === 'vipadynamic' ? s.statements.map((c) => outlineOf(c as Statement)) : s.kind === 'routes' ? s.routes.map((r) => outlineOf(r)) : [];
  return { name, detail: detailOf(s), loc: s.loc, keywordLoc: s.keyword.loc, children };
}

/** The statements of a profile document (parsed once per text). */
export function profileOutline(file: SourceFile): OutlineStatement[] {
  let out = cache.get(file);
  if (!out) {
    const parsed = parseProfile(file, { symbols: new Map() });
    out = parsed.ast.statements.map((s) => outlineOf(s));
    cache.set(file, out);
  }
  return out;
}

/** The statements holding a position, outermost first (a block, then the statement in it). */
export function statementsAt(file: SourceFile, p: Position): OutlineStatement[] {
  const chain: OutlineStatement[] = [];
  let list = profileOutline(file);
  for (;;) {
    const s = list.find((x) => contains(x.loc, p));
    if (!s) return chain;
    chain.push(s);
    list = s.children;
  }
}

/**
 * The last statement of a level (the top level, or the block `inside`) that ends on a line before the position's:
 * the statement a word typed at the start of the position's line would go on with.
 */
export function statementBefore(file: SourceFile, p: Position, inside?: OutlineStatement): OutlineStatement | undefined {
  const list = inside ? inside.children : profileOutline(file);
  let last: OutlineStatement | undefined;
  for (const s of list) if (s.loc.endLine < p.line + 1) last = s;
  return last;
}

/** The innermost statement holding a position. */
export function statementAt(file: SourceFile, p: Position): OutlineStatement | undefined {
  return statementsAt(file, p).at(-1);
}
