import type { Loc } from '../../../src/core/loc.js';
import { spanLocs } from '../../../src/core/loc.js';
import { didYouMean } from '../../../src/core/suggest.js';
import type { Destination, DistMethod, DistOption, OptionNode, VipaDistributeStatement, Word } from '../ast.js';
import { damageOf } from '../damage.js';
import { dvipaAddress, intfName } from '../dvipa.js';
import { parseNotation } from '../notation.js';
import {
  builtSlot,
  checkedByBuilder,
  choice,
  keyword,
  leadingOptions,
  list,
  opt,
  options,
  optSome,
  statement,
  withSub,
  type BuildContext,
  type Parsed,
} from '../spec.js';
import { v } from '../values.js';

const METHODS = ['BASEWLM', 'SERVERWLM', 'ROUNDROBIN', 'WEIGHTEDActive', 'HOTSTANDBY', 'TARGCONTROLLED'].map((notation) => ({ notation, ...parseNotation(notation) }));
const number = (what: string) => v.text(what);

/** Keywords that only HOTSTANDBY accepts (EZZ0831I). */
const HOTSTANDBY_ONLY = new Set(['AUTOSWITCHBACK', 'NOAUTOSWITCHBACK', 'HEALTHSWITCH', 'NOHEALTHSWITCH', 'PREFERRED', 'BACKUP']);

/**
 * The options IBM's diagram draws before the address ("Base Options (These can be specified
 * in any order)"; the Tier1 and Tier2 parameters add TIER1/TIER2 group, GRE/ENCAP, CONTROLPORT
 * and CPCSCOPE to them). Their values are checked by the builder, with the messages of the
 * statement.
 */
const baseOptions = checkedByBuilder(
  opt('DEFINE'),
  opt('DELEte'),
  opt('DISTMethod', v.keyword('distribution method', ...METHODS.map((m) => m.notation))),
  optSome('OPTLOCAL', 0, v.int('OPTLOCAL value', 0, 16)),
  opt('NOOPTLOCAL'),
  opt('SYSPLEXPorts'),
  opt('TIMEDAFFinity', number('seconds')),
  opt('TIER1', v.name('group name')),
  opt('TIER2', v.name('group name')),
  opt('CPCSCOPE'),
  opt('GRE'),
  opt('ENCAP'),
  opt('CONTROLPORT', number('port')),
  opt('ILWEIGHTING', number('weighting')),
  withSub({ ...opt('PROCTYPE'), required: 0 }, opt('CP', number('proportion')), opt('ZAAP', number('proportion')), opt('ZIIP', number('proportion'))),
  withSub({ ...opt('PROCXCOST'), required: 0 }, opt('ZAAP', number('cost')), opt('ZIIP', number('cost'))),
  opt('AUTOSWITCHBACK'),
  opt('NOAUTOSWITCHBACK'),
  opt('HEALTHSWITCH'),
  opt('NOHEALTHSWITCH'),
);

/** What follows one DESTIP target: WEIGHT (WEIGHTEDACTIVE), PREFERRED or BACKUP rank (HOTSTANDBY). */
const targetOptions = checkedByBuilder(opt('WEIGHT', number('weight')), opt('PREFERRED'), opt('BACKUP', number('rank')));

/** Whether an option read among the DESTIP targets belongs to the target (the others are the statement's). */
const TARGET_OPTIONS = new Set(['WEIGHT', 'PREFERRED', 'BACKUP']);

/**
 * VIPADISTRIBUTE [options, any order] {ipv4_addr | ipv6_intfname} [PORT num|num-num …]
 *   DESTIP {ALL | dynxcfip [WEIGHT n | PREFERRED | BACKUP rank] …} [options]
 * IBM's rule: "Specify the parameters in the order shown here, except for the optional
 * parameters preceding the IPv4 address or IPv6 interface name, which can be specified in
 * any order" (VIPADISTRIBUTE statement). IBM's own example ("DVIPA on multiple systems", IP
 * Configuration Guide) contradicts the drawing order: it codes
 *   VIPADISTRIBUTE TIMEDAFF 30 201.2.10.15 PORT 23 DESTIP ALL
 *   PROCTYPE CP 20 ZAAP 80 ZIIP 0
 * so the base options are accepted after the DESTIP part too (after ALL, or after any
 * target), and they mean the same there. PORT before DESTIP is its PORT list, not the PORT
 * statement.
 *
 * Not confirmed: the stored copies of IBM's page (z/OS 2.4 and 2.1) end inside the Base
 * Options diagram (at OPTLOCAL and at TIMEDAFFINITY); the method options (BASEWLM PROCTYPE,
 * SERVERWLM PROCXCOST/ILWEIGHTING, HOTSTANDBY AUTOSWITCHBACK/HEALTHSWITCH), the Tier1 and
 * Tier2 parameters and the DESTIP options come from IBM's Configuration Guide pages
 * (tier 1/tier 2 DataPower configuration, HOTSTANDBY example) and the Netstat VIPADCFG report,
 * not from the statement's diagram.
 */
export const vipadistribute = statement({
  id: 'vipadistribute',
  notation: 'VIPADISTribute',
  level: 'vipadynamic',
  topic: 'VIPADISTRIBUTE statement',
  meaning: 'Makes this stack the sysplex distributor of a DVIPA: which ports, to which target stacks, by which method.',
  details: 'The DVIPA must be defined on this stack by VIPADEFINE or VIPABACKUP. The options before the address may come in any order; IBM\'s own example also codes PROCTYPE after DESTIP ALL. DESTIP ALL means every stack linked by dynamic XCF.',
  syntax:
    'VIPADISTribute [DEFINE|DELEte] [DISTMethod {BASEWLM|SERVERWLM|ROUNDROBIN|WEIGHTEDActive|HOTSTANDBY|TARGCONTROLLED}] [OPTLOCAL [n]|NOOPTLOCAL] [SYSPLEXPorts] ' +
    '[TIMEDAFFinity s] [TIER1 group|TIER2 group] [CPCSCOPE] [GRE|ENCAP] [CONTROLPORT port] [PROCTYPE CP n ZAAP n ZIIP n] [PROCXCOST ZAAP n ZIIP n] [ILWEIGHTING n] ' +
    '[AUTOSWITCHBACK|NOAUTOSWITCHBACK] [HEALTHSWITCH|NOHEALTHSWITCH] {ipv4_addr | ipv6_intfname} [PORT num …] DESTIP {ALL | dynxcfip [WEIGHT n|PREFERRED|BACKUP rank] …} [options]',
  body: [
    leadingOptions(baseOptions),
    builtSlot('address', v.name('DVIPA address or IPv6 interface name')),
    keyword('PORT', [list('ports', [builtSlot('port', v.portRange('port'))])], true),
    keyword('DESTIP', [
      choice({ ALL: [options(baseOptions)] }, [list('targets', [builtSlot('address', v.ip('target')), options(targetOptions, baseOptions)])]),
    ]),
  ],
  unverified: true,
  build: distribute,
});

function distribute(p: Parsed, cx: BuildContext): VipaDistributeStatement {
  const keyword = p.keyword;
  const out: VipaDistributeStatement = { kind: 'vipadistribute', loc: p.loc, keyword, action: 'define', method: 'BASEWLM', options: [], ports: [], destinations: [] };
  const seen = new Map<string, DistOption>();
  const conflict = (a: string, b: string, d: DistOption): void => {
    const other = seen.get(b);
    if (!other) return;
    cx.report({
      ruleId: 'conflicting-options',
      loc: d.loc,
      message: `VIPADISTRIBUTE codes both ${b} and ${a}, which are mutually exclusive.`,
      related: [{ file: other.loc.file, line: other.loc.line, column: other.loc.column, message: `${b} is coded here` }],
    });
  };
  const targets = p.lists['targets']?.parsed ?? [];
  for (const o of statementOptions(p.options, targets)) {
    const name = o.name;
    const kwWord = o.keyword;
    const value = name === 'PROCTYPE' || name === 'PROCXCOST' ? undefined : o.values[0];
    const optLoc = value ? spanLocs(kwWord.loc, value.loc) : kwWord.loc;
    const d: DistOption = value ? { name, keyword: kwWord, value, loc: optLoc } : { name, keyword: kwWord, loc: optLoc };
    out.options.push(d);
    switch (name) {
      case 'DEFINE':
        conflict('DEFINE', 'DELETE', d);
        out.action = 'define';
        break;
      case 'DELETE':
        conflict('DELETE', 'DEFINE', d);
        out.action = 'delete';
        break;
      case 'DISTMETHOD': {
        const m = value ? method(value, cx) : undefined;
        if (m) out.method = m;
        out.methodLoc = optLoc;
        break;
      }
      case 'OPTLOCAL': {
        conflict('OPTLOCAL', 'NOOPTLOCAL', d);
        // OPTLOCAL without a value means 1 (IBM, OPTLOCAL topic and VIPADISTRIBUTE page).
        if (!value) out.optLocal = { value: 1, loc: optLoc };
        else {
          const n = cx.values.integer(
            value,
            'OPTLOCAL',
            0,
            16,
            'optlocal-out-of-range',
            ': IBM defines only 0, 1 and 2–16 — 0 keeps a connection that starts on a target stack there while its server is healthy, 1 does the same unless the local WLM weight is 0, and 2–16 multiply the local WLM weight',
          );
          if (n !== undefined) out.optLocal = { value: n, loc: optLoc, valueLoc: value.loc };
        }
        break;
      }
      case 'NOOPTLOCAL':
        conflict('NOOPTLOCAL', 'OPTLOCAL', d);
        break;
      case 'SYSPLEXPORTS':
        out.sysplexPorts = optLoc;
        break;
      case 'TIMEDAFFINITY': {
        const n = value ? cx.values.integer(value, 'TIMEDAFFINITY', 0, 65535) : undefined;
        if (n !== undefined) out.timedAffinity = { seconds: n, loc: optLoc };
        break;
      }
      case 'TIER1':
      case 'TIER2':
        conflict(name, name === 'TIER1' ? 'TIER2' : 'TIER1', d);
        if (value) out.tier = { tier: name, group: value.text, loc: optLoc };
        break;
      case 'GRE':
        conflict('GRE', 'ENCAP', d);
        out.gre = optLoc;
        break;
      case 'ENCAP':
        conflict('ENCAP', 'GRE', d);
        out.encap = optLoc;
        break;
      case 'CONTROLPORT': {
        const n = value ? cx.values.port(value, 'CONTROLPORT') : undefined;
        if (n !== undefined) out.controlPort = { port: n, loc: optLoc };
        break;
      }
      case 'ILWEIGHTING': {
        const n = value ? cx.values.integer(value, 'ILWEIGHTING', 0, 3) : undefined;
        if (n !== undefined) out.ilWeighting = { value: n, loc: optLoc };
        break;
      }
      case 'PROCTYPE':
      case 'PROCXCOST': {
        const entry: { cp?: number; zaap?: number; ziip?: number; loc: Loc } = { loc: kwWord.loc };
        for (let i = 0; i + 1 < o.values.length; i += 2) {
          const proc = o.values[i]!;
          const w = o.values[i + 1]!;
          entry.loc = spanLocs(entry.loc, w.loc);
          const n = cx.values.integer(w, `${name} ${proc.text}`, 0, 99);
          if (n === undefined) continue;
          if (proc.text === 'CP') entry.cp = n;
          else if (proc.text === 'ZAAP') entry.zaap = n;
          else entry.ziip = n;
        }
        if (name === 'PROCTYPE') out.procType = entry;
        else out.procXCost = entry;
        break;
      }
      case 'AUTOSWITCHBACK':
      case 'NOAUTOSWITCHBACK':
        conflict(name, name === 'AUTOSWITCHBACK' ? 'NOAUTOSWITCHBACK' : 'AUTOSWITCHBACK', d);
        out.autoSwitchBack = { enabled: name === 'AUTOSWITCHBACK', loc: optLoc };
        break;
      case 'HEALTHSWITCH':
      case 'NOHEALTHSWITCH':
        conflict(name, name === 'HEALTHSWITCH' ? 'NOHEALTHSWITCH' : 'HEALTHSWITCH', d);
        out.healthSwitch = { enabled: name === 'HEALTHSWITCH', loc: optLoc };
        break;
      default:
        break;
    }
    seen.set(name, d);
  }

  const w = p.slots['address'];
  if (w) {
    out.addressWord = w;
    if (!w.symbolic) {
      if (/^[\d.]+$/.test(w.text)) {
        const a = dvipaAddress(w, 'VIPADISTRIBUTE', 4, cx);
        if (a) out.address = a.address;
      } else if (w.text.includes(':')) {
        cx.report({
          ruleId: 'invalid-address',
          loc: w.loc,
          message: `VIPADISTRIBUTE names an IPv6 DVIPA by its interface name (from VIPADEFINE/VIPABACKUP), not by address '${w.raw}'`,
        });
      } else {
        out.interfaceName = w;
        intfName(w, 'VIPADISTRIBUTE', cx);
      }
    }
  }
  const portKw = p.keywords['PORT'];
  if (portKw) {
    out.portKeyword = portKw.loc;
    const ports = (p.lists['ports']?.parsed ?? []).map((e) => e.slots['port']).filter((x): x is Word => x !== undefined);
    if (ports.length === 0) cx.report({ ruleId: 'syntax', loc: out.portKeyword, message: 'VIPADISTRIBUTE: PORT is not followed by any port number' });
    for (const pw of ports) {
      const r = cx.values.portRange(pw, 'VIPADISTRIBUTE PORT');
      if (r) out.ports.push({ from: r.from, to: r.to, word: pw });
    }
  }
  const all = p.keywords['ALL'];
  if (all) out.destipAll = all.loc;
  const version = out.interfaceName ? 6 : 4;
  for (const e of targets) {
    const d = destination(e, version, cx);
    if (d) out.destinations.push(d);
  }
  // The stack rejects the statement at its first error (in a VIPADYNAMIC block it also stops reading the block,
  // VIPADYNAMIC statement): its statement-level rules (EZZ0165I, EZZ0826I/EZZ0827I …) are checked only on a
  // statement that parsed, and of the errors read, the first is the one to fix.
  if (!cx.findings.some((f) => damageOf(f, true) !== 'none')) checkDistribution(out, keyword, cx);
  cx.keepFirstRejection();
  return out;
}

/**
 * The statement's options in the order coded: those before the address and after DESTIP ALL
 * (the statement's own), and the base options coded after a DESTIP target (read with the
 * target, but the statement's: PROCTYPE after the last target means the same as before the
 * address).
 */
function statementOptions(own: readonly OptionNode[], targets: readonly Parsed[]): readonly OptionNode[] {
  let out: OptionNode[] | undefined;
  for (const t of targets) {
    for (const o of t.options) {
      if (TARGET_OPTIONS.has(o.name)) continue;
      (out ??= [...own]).push(o);
    }
  }
  return out ?? own;
}

function method(w: Word, cx: BuildContext): DistMethod | undefined {
  const m = METHODS.find((c) => w.text.length >= c.min.length && c.name.startsWith(w.text));
  if (!m && !w.symbolic) {
    cx.report({
      ruleId: 'syntax',
      loc: w.loc,
      message: `DISTMETHOD ${w.raw} is not a distribution method (BASEWLM, SERVERWLM, ROUNDROBIN, WEIGHTEDACTIVE, HOTSTANDBY, TARGCONTROLLED).${didYouMean(w.text, METHODS.map((x) => x.name))}`,
    });
  }
  return m?.name as DistMethod | undefined;
}

/** One DESTIP target: dynxcfip [WEIGHT n | PREFERRED | BACKUP rank]. */
function destination(parsed: Parsed, version: 4 | 6, cx: BuildContext): Destination | undefined {
  const w = parsed.slots['address'];
  if (!w) return undefined;
  const option = parsed.options.find((o) => TARGET_OPTIONS.has(o.name));
  const d: Destination = { word: w, loc: option ? spanLocs(w.loc, option.loc) : w.loc };
  if (!w.symbolic) {
    const a = cx.values.ip(w, 'DESTIP target (a dynamic XCF address)');
    if (a && a.version !== version) {
      cx.report({
        ruleId: 'invalid-address',
        loc: w.loc,
        message: `DESTIP target ${a.text} is IPv${a.version} but the DVIPA is IPv${version}: targets are dynamic XCF addresses of the DVIPA's IP version`,
      });
    } else if (a) d.address = a;
  }
  for (const o of parsed.options) {
    const value = o.values[0];
    if (o.name === 'WEIGHT' && value) {
      // WEIGHT range: IBM's examples use 10 and 20; 1–99 is not confirmed, so 0–99 is accepted.
      const n = cx.values.integer(value, 'WEIGHT', 0, 99);
      if (n !== undefined) d.weight = { value: n, loc: o.loc, word: o.keyword };
    } else if (o.name === 'PREFERRED') d.preferred = o.keyword.loc;
    else if (o.name === 'BACKUP' && value) {
      const n = cx.values.integer(value, 'BACKUP rank', 1, 254);
      if (n !== undefined) d.backup = { rank: n, loc: o.loc, word: o.keyword };
    }
  }
  return d;
}

/** IBM's statement-level rules for VIPADISTRIBUTE (EZZ messages of the VIPADISTRIBUTE page). */
function checkDistribution(d: VipaDistributeStatement, keyword: Word, cx: BuildContext): void {
  if (d.action === 'delete') return;
  const hot = d.method === 'HOTSTANDBY';
  if (!hot) {
    // EZZ0831I: a HOTSTANDBY-only keyword with another method; statement and rest of block ignored.
    const offending = [
      ...d.options.filter((o) => HOTSTANDBY_ONLY.has(o.name)).map((o) => ({ name: o.name, loc: o.loc })),
      ...d.destinations.flatMap((t) => [...(t.preferred ? [{ name: 'PREFERRED', loc: t.preferred }] : []), ...(t.backup ? [{ name: 'BACKUP', loc: t.backup.loc }] : [])]),
    ];
    const first = offending[0];
    if (first) {
      cx.report({
        ruleId: 'hotstandby-option-wrong-method',
        loc: first.loc,
        message:
          `${first.name} is a DISTMETHOD HOTSTANDBY keyword but this VIPADISTRIBUTE uses ${d.method}${d.methodLoc ? '' : ' (the default)'} ` +
          '(EZZ0831I). ' +
          `Code DISTMETHOD HOTSTANDBY, or remove ${[...new Set(offending.map((o) => o.name))].join(', ')}.`,
      });
    }
  }
  for (const t of d.destinations) {
    if (t.weight && d.method !== 'WEIGHTEDACTIVE') {
      cx.report({
        ruleId: 'weight-ignored',
        loc: t.weight.loc,
        message:
          `WEIGHT is used only by DISTMETHOD WEIGHTEDACTIVE; with ${d.method} the stack ignores it (EZZ0799I) and ` +
          `distributes by ${d.method === 'HOTSTANDBY' ? 'PREFERRED/BACKUP rank' : d.method === 'ROUNDROBIN' ? 'turns' : 'WLM weights'}. Remove WEIGHT or code DISTMETHOD WEIGHTEDACTIVE.`,
      });
    }
  }
  if (hot) checkHotStandby(d, keyword, cx);
  if (d.tier?.tier === 'TIER1' && d.encap && d.ports.length === 0) {
    cx.report({
      ruleId: 'encap-tier1-port',
      loc: d.encap,
      message: 'TIER1 with ENCAP needs an explicit PORT list; with no PORT (all ports) the stack ignores this VIPADISTRIBUTE (EZZ0783I). Code PORT with the ports to distribute.',
    });
  }
  if ((d.gre || d.encap) && (d.method === 'BASEWLM' || d.method === 'SERVERWLM')) {
    cx.report({
      ruleId: 'tier1-routing-method',
      loc: d.methodLoc ?? (d.gre ?? d.encap)!,
      message: `DISTMETHOD ${d.method}${d.methodLoc ? '' : ' (the default)'} is not available with ${d.gre ? 'GRE' : 'ENCAP'}: non-z/OS tier-1 targets have no WLM weights. Use TARGCONTROLLED, ROUNDROBIN, WEIGHTEDACTIVE or HOTSTANDBY.`,
    });
  }
  if (d.method === 'TARGCONTROLLED' && !d.gre && !d.encap) {
    cx.report({
      ruleId: 'tier1-routing-method',
      loc: d.methodLoc!,
      message: 'DISTMETHOD TARGCONTROLLED takes its weights from non-z/OS tier-1 targets and is allowed only with TIER1 GRE or ENCAP.',
    });
  }
}

function checkHotStandby(d: VipaDistributeStatement, keyword: Word, cx: BuildContext): void {
  if (d.destipAll) {
    cx.report({
      ruleId: 'hotstandby-destip-all',
      loc: d.destipAll,
      message:
        'DISTMETHOD HOTSTANDBY cannot use DESTIP ALL (EZZ0165I): the stack ignores this VIPADISTRIBUTE, so the DVIPA is not distributed. ' +
        "List the targets' dynamic XCF addresses, one PREFERRED and the others BACKUP rank.",
    });
    return;
  }
  const preferred = d.destinations.filter((t) => t.preferred);
  const backups = d.destinations.filter((t) => t.backup);
  const neither = d.destinations.filter((t) => !t.preferred && !t.backup);
  const addrSeen = new Map<string, Destination>();
  let dupPrefBackup: Destination | undefined;
  for (const t of d.destinations) {
    if (!t.address) continue;
    const prev = addrSeen.get(t.address.text);
    if (prev && ((prev.preferred && t.backup) || (prev.backup && t.preferred))) dupPrefBackup = t;
    addrSeen.set(t.address.text, t);
  }
  const reject = (loc: Loc, why: string, code: string): void => {
    cx.report({
      ruleId: 'hotstandby-preferred-backup',
      loc,
      message: `${why} (${code}): the stack ignores this VIPADISTRIBUTE, so the DVIPA is not distributed. A HOTSTANDBY distribution needs exactly one PREFERRED target and at least one BACKUP rank target.`,
    });
  };
  if (neither.length > 0) reject(neither[0]!.loc, `DESTIP target ${neither[0]!.word.raw} is neither PREFERRED nor BACKUP`, 'EZZ0826I');
  else if (preferred.length !== 1) reject(preferred[1]?.loc ?? d.destinations[0]?.loc ?? keyword.loc, `HOTSTANDBY has ${preferred.length} PREFERRED targets`, 'EZZ0827I');
  else if (backups.length === 0) reject(preferred[0]!.loc, 'HOTSTANDBY has no BACKUP target', 'EZZ0827I');
  else if (dupPrefBackup) reject(dupPrefBackup.loc, `${dupPrefBackup.word.raw} is both PREFERRED and BACKUP`, 'EZZ0830I');
  if (backups.length > 31) {
    cx.report({
      ruleId: 'hotstandby-too-many-backups',
      loc: backups[31]!.loc,
      message: `HOTSTANDBY allows at most 31 BACKUP targets, this statement has ${backups.length} (EZZ0829I): the stack ignores this VIPADISTRIBUTE, so the DVIPA is not distributed.`,
    });
  }
}
