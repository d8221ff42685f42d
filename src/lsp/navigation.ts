/**
 * Go to definition and find references, across the files of the estate:
 *
 * - a DEVICE, LINK or INTERFACE name → its DEVICE / LINK / INTERFACE statement; references: the statements that
 *   name it (HOME, START, STOP, ROUTE, LINK, PRIMARYINTERFACE) in the stacks that read this file;
 * - a DVIPA → its VIPADEFINE on the owning stack (else its VIPABACKUPs); references: every VIPADEFINE, VIPABACKUP
 *   and VIPADISTRIBUTE of it on every stack;
 * - a DESTIP address → the target stack's IPCONFIG DYNAMICXCF; references: every DESTIP naming it;
 * - in plugin-cfg.xml, a ServerCluster, UriGroup or VirtualHostGroup name → the element of that name; references:
 *   the Routes naming it.
 */
import type { Loc } from '../core/loc.js';
import type { Estate } from '../model/estate.js';
import type { PluginConfig } from '../model/web.js';
import { contains, wordAt, type Position } from './positions.js';
import type { DocumentContext } from './session.js';

export interface Target {
  /** Absolute path. */
  path: string;
  loc: Loc;
}

interface Found {
  definitions: Loc[];
  references: Loc[];
}

/** A location narrowed to the first occurrence of a word in it (a statement's loc → its name). */
function narrow(ctx: DocumentContext, loc: Loc, word: string): Loc {
  const source = ctx.result?.compiled.sources.get(loc.file);
  if (!source) return loc;
  const start = source.lines.offset(loc.line, loc.column);
  const end = source.lines.offset(loc.endLine, loc.endColumn);
  const re = new RegExp(`(?<![A-Za-z0-9@#$.])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9@#$])`, 'i');
  const m = re.exec(source.text.slice(start, end).replace(/^\S+/, (k) => ' '.repeat(k.length)));
  return m ? source.lines.loc(loc.file, start + m.index, start + m.index + word.length) : loc;
}

function unique(locs: Loc[]): Loc[] {
  const seen = new Set<string>();
  return locs.filter((l) => {
    const k = `${l.file}:${l.line}:${l.column}:${l.endLine}:${l.endColumn}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function profileNames(ctx: DocumentContext, estate: Estate, name: string): Found | undefined {
  const upper = name.toUpperCase();
  const systems = estate.systems.filter((s) => s.files.includes(ctx.source.path));
  const definitions: Loc[] = [];
  const references: Loc[] = [];
  for (const s of systems) {
    for (const d of [...s.stack.devices, ...s.stack.links, ...s.stack.interfaces]) if (d.name === upper) definitions.push(narrow(ctx, d.loc, name));
    for (const r of s.stack.references) if (r.name === upper) references.push(r.loc);
  }
  if (!definitions.length && !references.length) return undefined;
  return { definitions: unique(definitions), references: unique(references) };
}

function addresses(ctx: DocumentContext, estate: Estate, address: string): Found | undefined {
  const dv = estate.sysplex.dvipas.find((d) => d.address === address);
  if (dv) {
    const defs = dv.owners.length ? dv.owners.map((o) => o.loc) : dv.backups.map((b) => b.loc);
    const refs = [...dv.owners.map((o) => o.loc), ...dv.backups.map((b) => b.loc), ...estate.sysplex.distributions.filter((d) => d.dvipa === address).map((d) => d.loc)];
    return { definitions: unique(defs.map((l) => narrow(ctx, l, address))), references: unique(refs.map((l) => narrow(ctx, l, address))) };
  }
  const xcf = estate.systems.filter((s) => s.stack.dynamicXcf.v4?.address === address || s.stack.dynamicXcf.v6?.address === address);
  if (xcf.length) {
    const defs = xcf.map((s) => (s.stack.dynamicXcf.v4?.address === address ? s.stack.dynamicXcf.v4.loc : s.stack.dynamicXcf.v6!.loc));
    const refs = estate.sysplex.distributions.flatMap((d) => d.targets.filter((t) => t.address === address).map((t) => t.loc));
    return { definitions: unique(defs.map((l) => narrow(ctx, l, address))), references: unique([...defs.map((l) => narrow(ctx, l, address)), ...refs]) };
  }
  return undefined;
}

const PLUGIN_REFS = [
  ['clusters', 'ServerCluster'],
  ['uriGroups', 'UriGroup'],
  ['virtualHostGroups', 'VirtualHostGroup'],
] as const;

function pluginNames(plugin: PluginConfig, p: Position): Found | undefined {
  for (const [list, attr] of PLUGIN_REFS) {
    const defs = plugin[list];
    const key = attr === 'ServerCluster' ? 'serverCluster' : attr === 'UriGroup' ? 'uriGroup' : 'virtualHostGroup';
    let name: string | undefined;
    for (const d of defs) if (d.locs['Name'] && contains(d.locs['Name'], p)) name = d.name;
    for (const r of plugin.routes) if (r.locs[attr] && contains(r.locs[attr], p)) name = r[key];
    if (name === undefined) continue;
    return {
      definitions: defs.filter((d) => d.name === name).map((d) => d.locs['Name'] ?? d.loc),
      references: plugin.routes.filter((r) => r[key] === name).map((r) => r.locs[attr] ?? r.loc),
    };
  }
  return undefined;
}

function find(ctx: DocumentContext, p: Position): Found | undefined {
  const estate = ctx.result?.compiled.estate;
  if (!estate) return undefined;
  if (ctx.kind === 'plugin-cfg') {
    const plugin = estate.web.plugins.find((x) => x.file === ctx.source.path);
    return plugin ? pluginNames(plugin, p) : undefined;
  }
  if (ctx.kind !== 'profile') return undefined;
  const word = wordAt(ctx.source, p, /[A-Za-z0-9@#$._:]/);
  if (!word) return undefined;
  const address = word.text.replace(/\/\d+$/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address) || address.includes(':')) return addresses(ctx, estate, address);
  return profileNames(ctx, estate, word.text);
}

export function definition(ctx: DocumentContext, p: Position): Target[] {
  return (find(ctx, p)?.definitions ?? []).map((loc) => ({ path: ctx.absolute(loc.file), loc }));
}

export function references(ctx: DocumentContext, p: Position, includeDeclaration: boolean): Target[] {
  const found = find(ctx, p);
  if (!found) return [];
  const locs = unique(includeDeclaration ? [...found.definitions, ...found.references] : found.references.filter((r) => !found.definitions.some((d) => d.file === r.file && d.line === r.line && d.column === r.column)));
  return locs.map((loc) => ({ path: ctx.absolute(loc.file), loc }));
}
