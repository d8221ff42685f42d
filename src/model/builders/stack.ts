/**
 * ProfileAst (with its INCLUDEs) → Stack.
 *
 * Follows the order IBM's profile processing uses: ordinary statements first,
 * in file order with INCLUDEs expanded in place; the VIPADYNAMIC block
 * statements afterwards ("processing of these configuration statements occurs
 * after the normal profile configuration processing", SMF 119 two-phase
 * records topic). Statements the front end marked `ignored` are left out.
 */
import type { Loc } from '../../core/loc.js';
import type {
  InterfaceStatement,
  ProfileAst,
  Statement,
  VipaDefineStatement,
  VipaDistributeStatement,
  VipaStatement,
  Word,
} from '../../../grammar/profile/ast.js';
import type { DistributionDef, Reference, Stack, StackDvipa, UnresolvedAddressStatement } from '../stack.js';
import { sharedText } from '../../core/shared-text.js';
import { emptyRecord } from '../../core/record.js';

interface Flat {
  statement: Statement;
  order: number;
}

/** Statements in processing order, INCLUDEs expanded, VIPA block statements kept in their block. */
export function flatten(ast: ProfileAst): Flat[] {
  const out: Flat[] = [];
  const walk = (a: ProfileAst): void => {
    for (const s of a.statements) {
      out.push({ statement: s, order: out.length });
      if (s.kind === 'include' && s.included && !s.ignored) walk(s.included);
    }
  };
  walk(ast);
  return out;
}

function subnetText(address: string, prefix: number): string {
  return sharedText(`${address}/${prefix}`);
}

function emptyStack(): Stack {
  return {
    devices: [],
    links: [],
    interfaces: [],
    home: [],
    dynamicXcf: {},
    ports: [],
    routes: [],
    dvipas: [],
    vipaRanges: [],
    vipaRoutes: [],
    distributions: [],
    references: [],
    rejections: [],
    ipconfig: emptyRecord(),
    ipconfigLoc: {},
    ignoredStatements: [],
    lines: 0,
  };
}

interface Definition {
  loc: Loc;
  order: number;
  kind: 'device' | 'link' | 'interface';
  type: string;
}

export function buildStack(ast: ProfileAst, lineCount: number): Stack {
  const stack = emptyStack();
  stack.lines = lineCount;
  const flat = flatten(ast);
  const defs = new Map<string, Definition[]>();
  const define = (name: string, d: Definition): void => {
    const list = defs.get(name) ?? [];
    list.push(d);
    defs.set(name, list);
  };
  // INCLUDEs whose member plexlint could not read, in processing order: a name a later statement uses may be
  // defined in one of them.
  const unreadIncludes = flat.flatMap(({ statement: s, order }) =>
    s.kind === 'include' && !s.included && !s.ignored ? [{ order, dataset: s.dataset.text, loc: s.dataset.loc }] : [],
  );
  const afterUnreadInclude = (order: number): boolean => unreadIncludes.length > 0 && unreadIncludes[0]!.order < order;
  // Definitions first (with their order), so references can tell "undefined" from "defined later".
  // Definitions the stack rejects are remembered apart, with the finding that gets each rejected (its cause), so a
  // reference can point at them and fail with them (../dependents.ts).
  const rejectedDefs = new Map<string, { loc: Loc; cause: Loc; what: string }>();
  const reject = (name: Word, what: string, cause: Loc): void => {
    if (!rejectedDefs.has(name.text)) rejectedDefs.set(name.text, { loc: name.loc, cause, what });
  };
  // In this pass `defs` holds only statements before the current one.
  const deviceDefined = (name: string): boolean => (defs.get(name) ?? []).some((d) => d.kind === 'device' || d.kind === 'interface');
  for (const { statement: s, order } of flat) {
    if (s.ignored) {
      if (s.kind === 'device' || s.kind === 'link' || (s.kind === 'interface' && s.action === 'define')) reject(s.name, s.kind.toUpperCase(), s.ignored.cause);
      continue;
    }
    if (s.kind === 'device') define(s.name.text, { loc: s.name.loc, order, kind: 'device', type: s.type });
    else if (s.kind === 'link') {
      // A LINK must follow its DEVICE (ordering rule): without one the stack rejects the LINK — for the reason its
      // DEVICE was rejected, or for the LINK's own reference (undefined-reference reports it there) — unless the DEVICE
      // may be in an INCLUDE plexlint could not read (then the LINK is taken as defined: maybe-undefined-reference).
      if (s.device && !deviceDefined(s.device.text) && !afterUnreadInclude(order)) reject(s.name, 'LINK', rejectedDefs.get(s.device.text)?.cause ?? s.device.loc);
      else define(s.name.text, { loc: s.name.loc, order, kind: 'link', type: s.type });
    }
    else if (s.kind === 'interface' && s.action === 'define') define(s.name.text, { loc: s.name.loc, order, kind: 'interface', type: s.type ?? '' });
  }
  const refer = (kind: Reference['kind'], name: string, from: string, loc: Loc, order: number): Definition | undefined => {
    if (isLoopbackName(name)) return undefined;
    const wanted = (d: Definition): boolean =>
      kind === 'link-or-interface' ? d.kind === 'link' || d.kind === 'interface' : kind === 'device' ? d.kind === 'device' || d.kind === 'interface' : d.kind === kind;
    const candidates = (defs.get(name) ?? []).filter(wanted);
    const earlier = candidates.filter((d) => d.order < order);
    const ref: Reference = { kind, name, from, loc, status: 'ok' };
    if (earlier.length) {
      stack.references.push(ref);
      return earlier.at(-1);
    }
    if (candidates.length) {
      ref.status = 'defined-later';
      ref.definedAt = candidates[0]!.loc;
    } else {
      ref.status = 'undefined';
      const other = defs.get(name)?.[0];
      const rejected = rejectedDefs.get(name);
      if (other) ref.definedAt = other.loc;
      else if (rejected) {
        ref.definedAt = rejected.loc;
        // It fails with the rejected definition: one finding, the one that gets the definition rejected.
        (stack.dependents ??= []).push({ cause: rejected.cause, loc, message: `${from} names ${rejected.what} ${name} (line ${loc.line}) and fails with it` });
      } else {
        const unread = unreadIncludes.filter((i) => i.order < order);
        if (unread.length) ref.unreadIncludes = unread.map(({ dataset, loc: at }) => ({ dataset, loc: at }));
      }
    }
    stack.references.push(ref);
    return undefined;
  };

  const vipaStatements: { s: VipaStatement; order: number }[] = [];
  // DVIPAs of VIPADEFINE / VIPABACKUP statements the stack rejects, with the finding that gets each rejected.
  const rejectedDvipas = new Map<string, Loc>();
  for (const { statement: s, order } of flat) {
    if (s.ignored) {
      stack.ignoredStatements.push({ loc: s.loc, reason: s.ignored.reason });
      // A DESTIP that names this address (on another stack) fails with the statement (the sysplex builder).
      if (s.kind === 'ipconfig' && s.dynamicXcf?.address) (stack.rejectedXcf ??= []).push({ address: s.dynamicXcf.address.text, cause: s.ignored.cause });
      continue;
    }
    switch (s.kind) {
      case 'ipconfig':
        if (s.version === 4) stack.ipconfigLoc.v4 ??= s.keyword.loc;
        else stack.ipconfigLoc.v6 ??= s.keyword.loc;
        for (const o of s.options) stack.ipconfig[(s.version === 6 ? 'IPCONFIG6 ' : '') + o.name] = { values: o.values.map((v) => v.text), loc: o.loc };
        for (const o of s.options) if (o.name === 'DYNAMICXCF' && o.values[0]?.symbolic) unresolvedAddress(stack, s.version === 4 ? 'IPCONFIG DYNAMICXCF' : 'IPCONFIG6 DYNAMICXCF', o.values[0].loc);
        if (s.dynamicXcf?.address) {
          const cfg = { address: s.dynamicXcf.address.text, loc: s.dynamicXcf.loc } as NonNullable<Stack['dynamicXcf']['v4']>;
          if (s.dynamicXcf.prefix !== undefined) cfg.prefix = s.dynamicXcf.prefix;
          if (s.dynamicXcf.cost !== undefined) cfg.cost = s.dynamicXcf.cost;
          if (s.version === 4) stack.dynamicXcf.v4 = cfg;
          else stack.dynamicXcf.v6 = cfg;
        }
        if (s.sysplexRouting && s.version === 4) stack.sysplexRouting = s.sysplexRouting;
        break;
      case 'device':
        stack.devices.push({ name: s.name.text, type: s.type, loc: s.loc, order });
        break;
      case 'link': {
        const link = { name: s.name.text, type: s.type, kind: s.type === 'VIRTUAL' ? 'static-vipa' : 'real', loc: s.loc, order } as Stack['links'][number];
        if (s.device) {
          link.device = s.device.text;
          // Rejected without its DEVICE (see the definitions pass), unless the DEVICE may be in an unread INCLUDE.
          if (!refer('device', s.device.text, `LINK ${s.name.text}`, s.device.loc, order) && !afterUnreadInclude(order)) break;
        }
        stack.links.push(link);
        break;
      }
      case 'interface':
        applyInterface(stack, s, order);
        break;
      case 'home':
        for (const e of s.entries) {
          if (!e.ignored && e.addressWord.symbolic) unresolvedAddress(stack, 'HOME', e.addressWord.loc);
          if (e.ignored || !e.address || !e.link) continue;
          const name = e.link.text;
          let kind: Stack['home'][number]['kind'] = 'unknown';
          if (name === 'LOOPBACK') kind = 'loopback';
          else {
            const d = refer('link', name, 'HOME', e.link.loc, order);
            // A HOME entry naming a link that is not defined before it is rejected by the
            // stack (ordering rule; undefined-reference reports it): it is no home address.
            if (!d) continue;
            kind = d.type === 'VIRTUAL' ? 'static-vipa' : 'real';
          }
          stack.home.push({ address: sharedText(e.address.text), link: sharedText(name), kind, loc: e.loc, order });
        }
        break;
      case 'primaryinterface':
        // Naming a link or interface that is not defined before it, it has no effect.
        if (isLoopbackName(s.name.text) || refer('link-or-interface', s.name.text, 'PRIMARYINTERFACE', s.name.loc, order)) {
          stack.primaryInterface = { name: s.name.text, loc: s.name.loc };
        }
        break;
      case 'start':
      case 'stop':
        refer('device', s.name.text, s.kind.toUpperCase(), s.name.loc, order);
        break;
      case 'port':
        for (const e of s.entries) {
          if (e.ignored || e.port === undefined || !e.protocol || !e.job) continue;
          const r: Stack['ports'][number] = { port: e.port, protocol: e.protocol, job: sharedText(e.job.text), loc: e.loc };
          const share = e.options.find((o) => o.name === 'SHAREPORT' || o.name === 'SHAREPORTWLM');
          if (share) r.shareport = share.name as 'SHAREPORT' | 'SHAREPORTWLM';
          if (e.bind) r.bind = e.bind.text;
          stack.ports.push(r);
        }
        break;
      case 'routes':
        for (const r of s.routes) {
          if (r.ignored || !r.link) continue;
          // A route over a link or interface that is not defined before it is not added.
          if (!isLoopbackName(r.link.text) && !refer('link-or-interface', r.link.text, 'ROUTE', r.link.loc, order)) continue;
          const destination = r.isDefault ? (r.ipv6 ? 'DEFAULT6' : 'DEFAULT') : r.destination ? subnetText(r.destination.address.text, r.destination.prefix) : '?';
          const link = sharedText(r.link.text);
          // One literal per shape: a property added later would be kept outside the object, 40 bytes more per route.
          const route: Stack['routes'][number] = r.firstHop ? { destination, link, loc: r.loc, firstHop: sharedText(r.firstHop.text) } : { destination, link, loc: r.loc };
          stack.routes.push(route);
        }
        break;
      case 'vipadynamic':
        for (const v of s.statements) {
          if (v.ignored) {
            stack.ignoredStatements.push({ loc: v.loc, reason: v.ignored.reason });
            if (v.kind === 'vipadefine' || v.kind === 'vipabackup') for (const a of v.addresses) if (!rejectedDvipas.has(a.address.text)) rejectedDvipas.set(a.address.text, v.ignored.cause);
          } else vipaStatements.push({ s: v, order });
        }
        break;
      default:
        break;
    }
  }
  applyVipaDynamic(stack, vipaStatements, rejectedDvipas);
  return stack;
}

/** The stack's predefined loopback interfaces need no definition. */
function isLoopbackName(name: string): boolean {
  return name === 'LOOPBACK' || name === 'LOOPBACK6';
}

/** An own address with a system symbol that has no value: the stack has it, plexlint cannot read it. */
function unresolvedAddress(stack: Stack, statement: UnresolvedAddressStatement, loc: Loc): void {
  (stack.unresolvedAddresses ??= []).push({ statement, loc });
}

function applyInterface(stack: Stack, s: InterfaceStatement, order: number): void {
  const name = s.name.text;
  if (s.action === 'define' || s.action === 'addaddr') for (const w of s.symbolicAddresses ?? []) unresolvedAddress(stack, 'INTERFACE', w.loc);
  if (s.action === 'define') {
    const type = s.type ?? '';
    stack.interfaces.push({
      name,
      type,
      version: type.endsWith('6') ? 6 : 4,
      kind: type.startsWith('VIRTUAL') ? 'static-vipa' : 'real',
      addresses: s.addresses.map((a) => (a.prefix === undefined ? { address: a.address.text, loc: a.word.loc } : { address: a.address.text, prefix: a.prefix, loc: a.word.loc })),
      ...(s.portName ? { portName: s.portName.text } : {}),
      loc: s.loc,
      order,
    });
  } else if (s.action === 'delete') {
    stack.interfaces = stack.interfaces.filter((i) => i.name !== name);
  } else if (s.action === 'addaddr' || s.action === 'deladdr') {
    const intf = stack.interfaces.find((i) => i.name === name);
    if (!intf) return;
    for (const a of s.addresses) {
      if (s.action === 'addaddr') intf.addresses.push({ address: a.address.text, loc: a.word.loc });
      else intf.addresses = intf.addresses.filter((x) => x.address !== a.address.text);
    }
  }
}

/** The addresses a stack already owns when VIPADYNAMIC is processed (HOME list and interface addresses). */
function homeAddresses(stack: Stack): Map<string, Loc> {
  const m = new Map<string, Loc>();
  for (const h of stack.home) if (!m.has(h.address)) m.set(h.address, h.loc);
  for (const i of stack.interfaces) for (const a of i.addresses) if (!m.has(a.address)) m.set(a.address, a.loc);
  return m;
}

function applyVipaDynamic(stack: Stack, statements: { s: VipaStatement; order: number }[], rejectedDvipas: ReadonlyMap<string, Loc>): void {
  const home = homeAddresses(stack);
  const xcf = [stack.dynamicXcf.v4, stack.dynamicXcf.v6].filter((x) => x !== undefined);
  const active = new Map<string, StackDvipa>();
  const byInterface = new Map<string, StackDvipa>();
  // Distributions by DVIPA and ports, in the order of their last definition (a replacement is a look-up, not a scan).
  const distributions = new Map(stack.distributions.map((d) => [distributionKey(d.dvipa, d.ports), d]));
  for (const { s, order } of statements) {
    switch (s.kind) {
      case 'vipadefine':
      case 'vipabackup':
        defineDvipas(stack, s, order, home, xcf, active, byInterface);
        break;
      case 'vipadelete':
        for (const a of s.addresses) active.delete(a.address.text);
        if (s.interfaceName) {
          const d = byInterface.get(s.interfaceName.text);
          if (d) active.delete(d.address);
          byInterface.delete(s.interfaceName.text);
        }
        stack.dvipas = stack.dvipas.filter((d) => active.get(d.address) === d);
        break;
      case 'viparange':
        if (!s.range) break;
        if (s.action === 'delete') {
          const text = `${s.range.address.text}/${s.range.prefix}`;
          stack.vipaRanges = stack.vipaRanges.filter((r) => r.subnet !== text);
        } else {
          stack.vipaRanges.push({
            subnet: `${s.range.address.text}/${s.range.prefix}`,
            version: s.range.address.version,
            moveable: s.moveable === 'DISRUPTIVE' ? 'DISRUPTIVE' : 'NONDISRUPTIVE',
            loc: s.loc,
          });
        }
        break;
      case 'viparoute':
        if (s.action === 'delete') {
          const t = s.isDefault ? 'DEFAULT' : s.dynamicXcf?.text;
          stack.vipaRoutes = stack.vipaRoutes.filter((r) => r.target !== t);
        } else if ((s.dynamicXcf || s.isDefault) && s.target) {
          stack.vipaRoutes.push({ target: s.isDefault ? 'DEFAULT' : s.dynamicXcf!.text, via: s.target.text, loc: s.loc });
        }
        break;
      case 'vipadistribute':
        distribute(stack, distributions, s, order, active, byInterface, rejectedDvipas);
        break;
      default:
        break;
    }
  }
  stack.distributions = [...distributions.values()];
}

/** A distribution's identity: its DVIPA and its ports (a later DEFINE of both replaces it, a DELETE removes it). */
function distributionKey(dvipa: string, ports: DistributionDef['ports']): string {
  return `${dvipa} ${ports.map((p) => `${p.from}:${p.to}`).join(',')}`;
}

function defineDvipas(
  stack: Stack,
  s: VipaDefineStatement,
  order: number,
  home: Map<string, Loc>,
  xcf: { address: string; loc: Loc }[],
  active: Map<string, StackDvipa>,
  byInterface: Map<string, StackDvipa>,
): void {
  const statement = s.kind === 'vipadefine' ? 'VIPADEFINE' : 'VIPABACKUP';
  for (const a of s.addresses) {
    const text = a.address.text;
    const inHome = home.get(text);
    const isXcf = xcf.find((x) => x.address === text);
    if (inHome || isXcf) {
      // EZZ8307I ip_addr IS ALREADY DEFINED: this address is rejected, the others are processed.
      stack.rejections.push({
        ruleId: 'dvipa-already-defined',
        loc: a.word.loc,
        message:
          `${statement} ${text}: the address is already ${inHome ? 'in the HOME list' : "this stack's dynamic XCF address"} (EZZ8307I), ` +
          `so the stack rejects it as a dynamic VIPA and processes the statement's other addresses. ` +
          `Use an address that is not otherwise defined on the stack${inHome ? ', or remove it from HOME' : ''}.`,
        related: [{ loc: (inHome ?? isXcf!.loc), message: inHome ? `${text} is in HOME here` : 'dynamic XCF address defined here' }],
      });
      continue;
    }
    const existing = active.get(text);
    if (existing) {
      stack.rejections.push({
        ruleId: 'dvipa-duplicate-definition',
        loc: a.word.loc,
        message:
          `${statement} ${text}: this DVIPA is already defined by the ${existing.role === 'define' ? 'VIPADEFINE' : 'VIPABACKUP'} on line ${existing.loc.line} ` +
          `and no VIPADELETE comes between them, so the stack rejects this later definition. Keep one definition, or code VIPADELETE ${text} before redefining it.`,
        related: [{ loc: existing.loc, message: 'first definition' }],
      });
      continue;
    }
    const d: StackDvipa = {
      address: text,
      version: a.address.version,
      role: s.kind === 'vipadefine' ? 'define' : 'backup',
      cpcScope: s.cpcScope !== undefined,
      serviceMgr: s.serviceMgr !== undefined,
      loc: a.word.loc,
      order,
    };
    if (s.kind === 'vipabackup') {
      d.rank = s.rank ?? 1;
      d.shortForm = !s.longForm;
    }
    const prefix = a.prefix ?? s.prefix;
    if (prefix !== undefined) d.prefix = prefix;
    if (s.interfaceName) d.interfaceName = s.interfaceName.text;
    if (s.moveable === 'IMMEDIATE' || s.moveable === 'WHENIDLE') d.moveable = s.moveable;
    else if (s.kind === 'vipadefine') d.moveable = 'IMMEDIATE';
    if (s.tier) d.tier = s.tier;
    active.set(text, d);
    if (d.interfaceName) byInterface.set(d.interfaceName, d);
    stack.dvipas.push(d);
  }
}

function distribute(
  stack: Stack,
  distributions: Map<string, DistributionDef>,
  s: VipaDistributeStatement,
  order: number,
  active: Map<string, StackDvipa>,
  byInterface: Map<string, StackDvipa>,
  rejectedDvipas: ReadonlyMap<string, Loc>,
): void {
  const dvipa = s.address ? active.get(s.address.text) : s.interfaceName ? byInterface.get(s.interfaceName.text) : undefined;
  const address = s.address?.text ?? dvipa?.address ?? s.interfaceName?.text;
  if (!address) return;
  const rejected = dvipa ? undefined : rejectedDvipas.get(address);
  // A VIPADISTRIBUTE of a DVIPA whose VIPADEFINE (or VIPABACKUP) the stack rejects fails with it.
  if (rejected && s.action !== 'delete') (stack.dependents ??= []).push({ cause: rejected, loc: s.loc, message: `VIPADISTRIBUTE (line ${s.loc.line}) distributes DVIPA ${address} and fails with it` });
  const ports = s.ports.map((p) => ({ from: p.from, to: p.to }));
  const key = distributionKey(address, ports);
  if (s.action === 'delete') {
    distributions.delete(key);
    return;
  }
  const def: DistributionDef = {
    dvipa: address,
    version: dvipa?.version ?? (s.interfaceName ? 6 : 4),
    ports,
    method: s.method,
    timedAffinity: s.timedAffinity?.seconds ?? 0,
    sysplexPorts: s.sysplexPorts !== undefined,
    autoSwitchBack: s.autoSwitchBack?.enabled ?? true,
    healthSwitch: s.healthSwitch?.enabled ?? false,
    destipAll: s.destipAll !== undefined,
    targets: s.destinations.map((t) => {
      const target: DistributionDef['targets'][number] = t.address ? { loc: t.loc, address: sharedText(t.address.text) } : { loc: t.loc };
      if (t.weight) {
        target.weight = t.weight.value;
        target.weightLoc = t.weight.loc;
      }
      if (t.preferred) target.preferred = true;
      if (t.backup) target.backupRank = t.backup.rank;
      return target;
    }),
    dvipaDefined: dvipa !== undefined,
    loc: s.loc,
    order,
  };
  if (s.methodLoc) def.methodLoc = s.methodLoc;
  if (s.optLocal) {
    def.optLocal = s.optLocal.value;
    def.optLocalLoc = s.optLocal.loc;
  }
  if (s.tier) def.tier = s.tier;
  if (s.gre) def.routing = 'GRE';
  else if (s.encap) def.routing = 'ENCAP';
  if (s.controlPort) {
    def.controlPort = s.controlPort.port;
    def.controlPortLoc = s.controlPort.loc;
  }
  if (s.destipAll) def.destipLoc = s.destipAll;
  // A later VIPADISTRIBUTE DEFINE for the same DVIPA and ports replaces the earlier one.
  distributions.delete(key);
  distributions.set(key, def);
}
