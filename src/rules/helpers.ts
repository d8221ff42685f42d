/** Shared pieces of rule implementations. */
import type { RelatedLocation } from '../core/diagnostic.js';
import type { Loc } from '../core/loc.js';
import type { RuleContext } from './rule.js';

export function rel(loc: Loc, message: string): RelatedLocation {
  return { file: loc.file, line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, message };
}

/** Rule `check` of the rules whose findings the model builder records as rejected by the stack: reports them. */
export function reportRejections(ctx: RuleContext): void {
  for (const system of ctx.estate.systems) {
    for (const r of system.stack.rejections) {
      if (r.ruleId !== ctx.ruleId) continue;
      const finding: Parameters<RuleContext['report']>[0] = { loc: r.loc, message: r.message, system: system.name, subject: `${system.name} ${r.message.split(':')[0]}` };
      if (r.related) finding.related = r.related.map((x) => rel(x.loc, x.message));
      ctx.report(finding);
    }
  }
}


export { listText, plural } from '../core/list-text.js';
import type { Estate, System } from '../model/estate.js';

/** Systems by name. */
export function systemsByName(estate: Estate): Map<string, System> {
  return new Map(estate.systems.map((s) => [s.name, s]));
}

/** Where a fix that concerns a whole stack belongs: its IPCONFIG statement, else the top of its profile. */
export function stackAnchor(system: System): Loc {
  const s = system.stack.ipconfigLoc;
  const ipc = s.v4 ?? s.v6;
  return ipc ?? { file: system.profile, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** Every address a stack owns that dynamic routing or the OSA would treat as its own (not loopback, not XCF). */
export function ownedAddresses(system: System): { address: string; kind: 'home' | 'interface' | 'static-vipa'; loc: Loc; via: string }[] {
  const out: { address: string; kind: 'home' | 'interface' | 'static-vipa'; loc: Loc; via: string }[] = [];
  for (const h of system.stack.home) {
    if (h.kind === 'loopback') continue;
    out.push({ address: h.address, kind: h.kind === 'static-vipa' ? 'static-vipa' : 'home', loc: h.loc, via: `HOME link ${h.link}` });
  }
  for (const i of system.stack.interfaces) {
    for (const a of i.addresses) out.push({ address: a.address, kind: i.kind === 'static-vipa' ? 'static-vipa' : 'interface', loc: a.loc, via: `INTERFACE ${i.name}` });
  }
  return out;
}

/**
 * The stack codes IPCONFIG (or IPCONFIG6) DYNAMICXCF with a system symbol that has no value: it has a dynamic XCF
 * address, plexlint cannot read it (so a DESTIP that names no known stack may name this one).
 */
export function dynamicXcfUnread(system: System, version: 4 | 6): boolean {
  const statement = version === 4 ? 'IPCONFIG DYNAMICXCF' : 'IPCONFIG6 DYNAMICXCF';
  return system.stack.unresolvedAddresses?.some((u) => u.statement === statement) ?? false;
}

/**
 * Per IP version, whether any stack of the estate has a dynamic XCF address plexlint cannot read: then a DESTIP that
 * names no known stack may name that one. Worked out once per check (asked per distribution, it scanned every
 * system each time: quadratic in the stacks).
 */
export function dynamicXcfUnreadAnywhere(estate: Estate): Record<4 | 6, boolean> {
  return { 4: estate.systems.some((s) => dynamicXcfUnread(s, 4)), 6: estate.systems.some((s) => dynamicXcfUnread(s, 6)) };
}
