/**
 * The plugin-cfg.xml front end: SourceFile → PluginAst (+ findings).
 *
 * Reads the XML with the shared reader (exact positions, well-formedness,
 * recovery), then checks the tree against the plug-in's element and attribute
 * set (./schema.ts): unknown elements and attributes (with did-you-mean; names
 * are case-sensitive), elements in the wrong place, values that are not of
 * the attribute's type, required attributes that are missing, and blanks or
 * line breaks inside names and paths. Whatever did parse is checked, also in a
 * file that is not well-formed.
 */
import { emptyRecord, nameTable } from '../../core/record.js';
import type { Finding, Fix, RuleId, Severity } from '../../core/diagnostic.js';
import { related } from '../../core/diagnostic.js';
import { FindingLimit } from '../../core/finding-limit.js';
import { fix, replaceAt } from '../../core/fix.js';
import type { Loc } from '../../core/loc.js';
import { suggest, uniqueSuggestion } from '../../core/suggest.js';
import type { SourceFile } from '../../sources/source-file.js';
import { readXml, type XmlAttribute, type XmlElement } from '../xml/index.js';
import type { AttrValue, ClusterNode, GroupNode, NamedElement, PluginAst, PNode, RejectedDefinition, RequestMetricsNode, ServerListNode, ServerNode, TransportNode } from './ast.js';
import { attrSpec, childSpec, ELEMENT_NAMES, parentsOf, spec, SPECS, TRANSPORT_PROPERTIES, type AttrSpec, type ElementSpec } from './schema.js';

export type { PluginAst, PNode, ClusterNode, ServerNode, TransportNode, GroupNode, ServerListNode } from './ast.js';

export interface ParsedPlugin {
  ast: PluginAst;
  findings: Finding[];
}

const PLUGIN = 'the plug-in';

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** A typed value, or a reason why the text is not one. */
function typed(s: AttrSpec, raw: string): { value: AttrValue } | { problem: string; suggestion?: string; certain?: boolean } {
  const t = s.type;
  switch (t.kind) {
    case 'string':
      return { value: raw };
    case 'boolean': {
      const v = raw.trim().toLowerCase();
      if (v === 'true' || v === 'false') return { value: v === 'true' };
      return { problem: 'is not true or false' };
    }
    case 'int': {
      if (!/^\s*[+-]?\d{1,15}\s*$/.test(raw)) return { problem: 'is not a whole number' };
      const n = Number(raw.trim());
      if (t.min !== undefined && n < t.min) return { problem: `is below ${t.min}${t.max !== undefined ? ` (allowed: ${t.min}–${t.max})` : ''}` };
      if (t.max !== undefined && n > t.max) return { problem: `is above ${t.max}${t.min !== undefined ? ` (allowed: ${t.min}–${t.max})` : ''}` };
      return { value: n };
    }
    case 'enum': {
      if (t.values.includes(raw)) return { value: raw };
      const caseOnly = t.values.find((v) => v.toLowerCase() === raw.toLowerCase());
      if (caseOnly) return { problem: `differs from the documented value '${caseOnly}' in capitalisation`, suggestion: caseOnly, certain: true };
      const near = suggest(raw.replace(/[-_]/g, ' '), t.values) ?? suggest(raw, t.values);
      // 'Round-Robin' for 'Round Robin': one documented value is that close, and no other.
      const certain = near !== undefined && (uniqueSuggestion(raw.replace(/[-_]/g, ' '), t.values) ?? uniqueSuggestion(raw, t.values)) === near;
      return { problem: `is not one of ${t.values.map((v) => `'${v}'`).join(', ')}`, ...(near ? { suggestion: near, certain } : {}) };
    }
  }
}

/** A value as an XML attribute holds it (the documented values need none of this; a guard all the same). */
function escapeAttribute(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function describeDefault(s: AttrSpec): string {
  return s.default === undefined ? 'no value' : `the default '${String(s.default)}'`;
}

class PluginReader {
  readonly findings: Finding[] = [];
  /** Servers outside any ServerCluster (PluginAst.detachedServers). */
  readonly detachedServers: ServerNode[] = [];
  /** Definitions the plug-in cannot use (PluginAst.rejected). */
  readonly rejected: RejectedDefinition[] = [];

  constructor(private readonly source: SourceFile) {}

  private get text(): string {
    return this.source.text;
  }

  /** At most so many findings of a rule in the file (src/core/finding-limit.ts): an element of 500,000 unknown attributes. */
  readonly limit = new FindingLimit();

  /** Whether a finding of the rule at this place is kept; when not, it is only counted (build no message for it). */
  private room(ruleId: RuleId, loc: Loc, severity?: Severity): boolean {
    return this.limit.admit(ruleId, loc, severity);
  }

  private push(ruleId: RuleId, loc: Loc, message: string, extra: { severity?: Severity; related?: Finding['related']; fix?: Fix } = {}, admitted = false): void {
    if (!admitted && !this.room(ruleId, loc, extra.severity)) return;
    const f: Finding = { ruleId, loc, message };
    if (extra.severity) f.severity = extra.severity;
    if (extra.related?.length) f.related = extra.related;
    if (extra.fix) f.fix = extra.fix;
    this.findings.push(f);
  }

  /** Check an element's attributes against its spec; build its PNode. */
  node(el: XmlElement, specKey: string): PNode {
    const s = spec(specKey);
    const values = emptyRecord<AttrValue>();
    const attrs = emptyRecord<XmlAttribute>();
    for (const [n, a] of Object.entries(s.attrs)) if (a.default !== undefined) values[n] = a.default;
    const seen = new Set<string>();
    const misspelt = new Map<string, XmlAttribute>();
    for (const a of el.attributes) {
      if (a.name === 'xmlns' || a.name.includes(':')) continue; // namespace declarations and xsi:… are XML's, not the plug-in's
      if (seen.has(a.name)) continue; // a repeated attribute is a well-formedness error (syntax)
      seen.add(a.name);
      const as = attrSpec(s, a.name);
      if (!as) {
        // A required attribute written with a misspelt name (Nmae="…"): the missing attribute's finding says so.
        const meant = meantAttribute(a.name, s, el);
        if (meant !== undefined && s.attrs[meant]!.required && !misspelt.has(meant)) misspelt.set(meant, a);
        else this.unknownAttribute(el, a, s);
        continue;
      }
      this.whitespace(el, a, as);
      const t = typed(as, a.value);
      if ('value' in t) {
        values[a.name] = t.value;
        attrs[a.name] = a;
      } else {
        const hint = t.suggestion ? ` Did you mean '${t.suggestion}'?` : '';
        this.push(
          'plugin-invalid-value',
          a.valueLoc,
          `${el.name} ${a.name}="${a.value}" ${t.problem}: what ${PLUGIN} does with such a value is not documented (plexlint assumes ${describeDefault(as)}).${hint}`,
          t.suggestion && t.certain ? { fix: fix(`write ${a.name}="${t.suggestion}"`, replaceAt(a.valueLoc, escapeAttribute(t.suggestion))) } : {},
        );
      }
    }
    for (const [n, a] of Object.entries(s.attrs)) {
      if (!a.required || seen.has(n)) continue;
      const documented = a.required === 'documented';
      const written = misspelt.get(n);
      if (written) {
        // One finding for the one cause: the attribute is there, under a name the plug-in does not know.
        if (n === 'Name' && isNamedElement(specKey)) this.rejected.push({ element: specKey, name: written.value, cause: el.loc });
        const caseOnly = written.name.toLowerCase() === n.toLowerCase();
        this.push(
          'plugin-missing-required',
          el.loc,
          `${el.name} has no ${n} attribute (${written.name}="${written.value}" is not one${caseOnly ? ': attribute names are case-sensitive' : ''}): ${missingConsequence(specKey, n)}. Write ${n}.`,
          { ...(documented ? {} : { severity: 'warning' as const }), fix: fix(`rename ${written.name} to ${n}`, replaceAt(written.nameLoc, n)) },
        );
        continue;
      }
      this.push(
        'plugin-missing-required',
        el.loc,
        `${el.name} has no ${n} attribute: ${missingConsequence(specKey, n)}. Add ${n}="…".`,
        documented ? {} : { severity: 'warning' },
      );
    }
    return { element: el.name, loc: el.loc, values, attrs };
  }

  private unknownAttribute(el: XmlElement, a: XmlAttribute, s: ElementSpec): void {
    if (!this.room('plugin-unknown-attribute', a.nameLoc, s.open ? 'info' : undefined)) return;
    const known = Object.keys(s.attrs);
    const caseOnly = known.find((k) => k.toLowerCase() === a.name.toLowerCase());
    const near = caseOnly ?? suggest(a.name, known, false);
    // A rename is certain when one attribute is meant and the element does not have it already (a second one
    // would make the file malformed).
    const rename = (to: string | undefined): { fix?: Fix } =>
      to && !el.attributes.some((x) => x.name === to) ? { fix: fix(`rename ${a.name} to ${to}`, replaceAt(a.nameLoc, to)) } : {};
    if (caseOnly) {
      this.push(
        'plugin-unknown-attribute',
        a.nameLoc,
        `${el.name} has no attribute ${a.name}: attribute names are case-sensitive, so plexlint assumes ${PLUGIN} ignores it and ${caseOnly} ${
          s.attrs[caseOnly]!.default === undefined ? 'stays unset' : `keeps its default (${String(s.attrs[caseOnly]!.default)})`
        }. Write ${caseOnly}.`,
        rename(caseOnly),
        true,
      );
    } else if (near) {
      this.push('plugin-unknown-attribute', a.nameLoc, `${el.name} has no attribute ${a.name}: plexlint assumes ${PLUGIN} ignores it. Did you mean ${near}?`, rename(uniqueSuggestion(a.name, known, false)), true);
    } else if (s.open) {
      this.push(
        'plugin-unknown-attribute',
        a.nameLoc,
        `${el.name} attribute ${a.name} is not one plexlint knows; the web server's plug-in custom properties are written onto Config, so it may be one of those. ` +
          `If it is not, plexlint assumes ${PLUGIN} ignores it.`,
        { severity: 'info' },
        true,
      );
    } else {
      this.push('plugin-unknown-attribute', a.nameLoc, `${el.name} has no attribute ${a.name}: plexlint assumes ${PLUGIN} ignores it. Remove it.`, {}, true);
    }
  }

  /** Line breaks, tabs and stray blanks in values that are names, paths or host names. */
  private whitespace(el: XmlElement, a: XmlAttribute, as: AttrSpec): void {
    const shape = as.shape ?? 'free';
    if (shape === 'free') return;
    const v = a.value;
    let problem: string | undefined;
    if (/[\r\n]/.test(v)) problem = 'contains a line break';
    else if (/\t/.test(v)) problem = 'contains a tab';
    else if (v.length > 0 && v.trim() === '') problem = 'is only blanks';
    else if (/^\s/.test(v) || /\s$/.test(v)) problem = /^\s/.test(v) ? 'starts with a blank' : 'ends with a blank';
    else if ((shape === 'host' || shape === 'token') && /\s/.test(v)) problem = 'contains a blank';
    if (!problem) return;
    const what = shape === 'path' ? 'a path' : shape === 'host' ? 'a host name' : shape === 'token' ? 'a value without blanks' : 'a name';
    const effect =
      shape === 'path'
        ? `plexlint assumes ${PLUGIN} uses the characters as written, so it looks for a file that does not exist`
        : shape === 'host'
          ? `plexlint assumes ${PLUGIN} cannot resolve the host name as written`
          : `plexlint assumes ${PLUGIN} compares the value character by character, so it does not match the name it is meant to`;
    // Blanks, tabs or line breaks only at the ends: trimming them is the one fix. Inside a value it is not certain
    // what was meant.
    const trimmed = v.trim();
    const certain = trimmed !== '' && trimmed !== v && !/[\r\n\t]/.test(trimmed) && !((shape === 'host' || shape === 'token') && /\s/.test(trimmed));
    this.push(
      'plugin-whitespace-in-value',
      a.valueLoc,
      `${el.name} ${a.name} is ${what} but ${problem}: ${effect}. Remove the ${problem.includes('line') ? 'line break' : problem.includes('tab') ? 'tab' : 'blanks'}.`,
      certain ? { fix: fix(`remove the blanks around ${a.name}`, replaceAt(a.valueLoc, escapeAttribute(trimmed))) } : {},
    );
  }

  /** Visit the children of `el` (spec `specKey`); `handle` receives each child the spec allows. */
  children(el: XmlElement, specKey: string, handle: (child: XmlElement, childKey: string) => void): void {
    const s = spec(specKey);
    const counts = new Map<string, XmlElement>();
    const present = new Set<string>();
    for (const child of el.children) {
      const cs = childSpec(s, child.name);
      if (!cs) {
        this.misplacedOrUnknown(child, el, s);
        continue;
      }
      present.add(child.name);
      const first = counts.get(child.name);
      if (first && cs.max === 1) {
        this.push(
          'plugin-misplaced-element',
          child.loc,
          `a second <${child.name}> in <${el.name}>, which takes one: which of them ${PLUGIN} uses is not documented. Merge them into one.`,
          { severity: 'warning', related: [related(first.loc, `the first <${child.name}>`)] },
        );
      }
      if (!first) counts.set(child.name, child);
      handle(child, cs.spec);
    }
    for (const [n, cs] of Object.entries(s.children)) {
      if (!cs.min || present.has(n)) continue;
      if (specKey === 'VirtualHostGroup') continue; // plugin-empty-virtual-host-group says it better
      const documented = specKey === 'ServerCluster' || specKey === 'Server';
      this.push(
        'plugin-missing-required',
        el.loc,
        `<${el.name}> has no <${n}>: ${missingChildConsequence(specKey, n)}. Add ${specKey === 'ServerList' ? 'a <Server Name="…"/> reference' : `a <${n}>`} or remove the element.`,
        documented ? {} : { severity: 'warning' },
      );
    }
  }

  misplacedOrUnknown(child: XmlElement, parent: XmlElement | undefined, parentSpec: ElementSpec | undefined): void {
    const where = parent ? `<${parent.name}>` : 'the top level of the file';
    if (ELEMENT_NAMES.includes(child.name)) {
      const homes = parentsOf(child.name);
      const home = child.name === 'Config' ? 'the root of the file' : homes.map((h) => `<${h}>`).join(' or ');
      this.push(
        'plugin-misplaced-element',
        child.loc,
        `<${child.name}> is not allowed in ${where}; it belongs in ${home}: plexlint assumes ${PLUGIN} does not use it here. Move it.`,
      );
      // Still check what it says, in its own terms; a Server is kept, so the checks of a Server apply to it too.
      if (child.name === 'Server') {
        this.detachedServers.push(this.server(child, 'Server'));
        return;
      }
      const key = hasOwn(SPECS, child.name) ? child.name : undefined;
      if (key) {
        this.node(child, key);
        this.children(child, key, (c, k) => this.walkDetached(c, k));
      }
      return;
    }
    const allowed = parentSpec ? Object.keys(parentSpec.children) : [];
    const caseOnly = ELEMENT_NAMES.find((n) => n.toLowerCase() === child.name.toLowerCase());
    const near = caseOnly ?? suggest(child.name, allowed, false) ?? suggest(child.name, ELEMENT_NAMES, false);
    const hint = caseOnly ? ` Element names are case-sensitive: write ${caseOnly}.` : near ? ` Did you mean ${near}?` : '';
    // Certain: the name in another case, or the one element allowed here that is that close.
    const to = caseOnly ?? (allowed.length ? uniqueSuggestion(child.name, allowed, false) : undefined);
    const renamed = to && allowed.includes(to) ? this.renameElement(child, to) : undefined;
    // Meant to define a name a Route uses (<UriGrop Name="…">): what names it fails with it (src/model/dependents.ts).
    const name = child.attributes.find((x) => x.name === 'Name');
    if (near && isNamedElement(near) && name) this.rejected.push({ element: near, name: name.value, cause: child.loc });
    this.push(
      'plugin-unknown-element',
      child.loc,
      `<${child.name}> is not a plugin-cfg.xml element${parent ? ` (in <${parent.name}>)` : ''}: plexlint assumes ${PLUGIN} ignores it and everything in it.${hint}`,
      renamed ? { fix: renamed } : {},
    );
  }

  /** Rename an element: its start tag and its end tag (found in the text, after its last child). */
  private renameElement(el: XmlElement, to: string): Fix | undefined {
    const start: Loc = { ...el.loc, column: el.loc.column + 1 };
    if (el.selfClosing) return fix(`rename <${el.name}> to <${to}>`, replaceAt(start, to));
    if (el.endOffset === undefined) return undefined;
    const text = this.text;
    const close = `</${el.name}`;
    const at = text.lastIndexOf(close, el.endOffset - 1);
    if (at < 0 || !/^\s*>$/.test(text.slice(at + close.length, el.endOffset))) return undefined;
    return fix(`rename <${el.name}> to <${to}>`, replaceAt(start, to), replaceAt(this.source.lines.loc(this.source.path, at + 2, at + close.length), to));
  }

  /** A Server (or ClusterAddress) with its Transports and their Properties. */
  server(el: XmlElement, key: string): ServerNode {
    const s: ServerNode = { ...this.node(el, key), transports: [] };
    this.children(el, key, (c, k) => {
      const t: TransportNode = { ...this.node(c, k), properties: [] };
      this.children(c, k, (p, pk) => {
        const prop = this.node(p, pk);
        const name = prop.attrs['Name'];
        if (name && !(TRANSPORT_PROPERTIES as readonly string[]).includes(name.value)) {
          const caseOnly = TRANSPORT_PROPERTIES.find((x) => x.toLowerCase() === name.value.toLowerCase());
          const near = caseOnly ?? suggest(name.value, TRANSPORT_PROPERTIES, false);
          const certain = caseOnly ?? uniqueSuggestion(name.value, TRANSPORT_PROPERTIES, false);
          this.findings.push({
            ruleId: 'plugin-invalid-value',
            loc: name.valueLoc,
            message:
              `Transport Property Name="${name.value}" is not one of keyring, stashfile, certLabel: plexlint assumes ${PLUGIN} does not use it.` +
              (near ? ` Did you mean ${near}? (property names are case-sensitive)` : ''),
            ...(certain ? { fix: fix(`write Name="${certain}"`, replaceAt(name.valueLoc, certain)) } : {}),
          });
        }
        t.properties.push(prop);
      });
      s.transports.push(t);
    });
    return s;
  }

  /** Check an element and its children without adding them to the AST (it is in the wrong place). */
  private walkDetached(el: XmlElement, key: string): void {
    this.node(el, key);
    this.children(el, key, (c, k) => this.walkDetached(c, k));
  }
}

/** What a missing element or attribute does is plexlint's reading of IBM's element reference; the message says so. */
function asReading(text: string): string {
  return /not documented|plexlint assumes/.test(text) ? text : `${text} (plexlint's reading)`;
}

/** The attribute of the element that a name it does not know stands for: the same in another case, or the one close enough; only one the element lacks. */
function meantAttribute(name: string, s: ElementSpec, el: XmlElement): string | undefined {
  const known = Object.keys(s.attrs);
  const meant = known.find((k) => k.toLowerCase() === name.toLowerCase()) ?? uniqueSuggestion(name, known, false);
  return meant !== undefined && !el.attributes.some((x) => x.name === meant) ? meant : undefined;
}

const NAMED_ELEMENTS: readonly string[] = ['ServerCluster', 'UriGroup', 'VirtualHostGroup'];

function isNamedElement(name: string): name is NamedElement {
  return NAMED_ELEMENTS.includes(name);
}

function missingConsequence(specKey: string, attr: string): string {
  return asReading(missingAttributeConsequence(specKey, attr));
}

function missingAttributeConsequence(specKey: string, attr: string): string {
  if (specKey === 'Route' && attr === 'ServerCluster') return `${PLUGIN} has no cluster to send the route's requests to`;
  if (specKey === 'Route') return `every generated Route names its ${attr}; how ${PLUGIN} matches a Route without one is not documented`;
  if (specKey === 'Transport' && attr === 'Protocol') return `generated files always name the protocol; plexlint assumes http`;
  if (specKey === 'Transport') return `${PLUGIN} cannot connect to a transport without it`;
  if (specKey === 'Log') return `${PLUGIN} has no log file to write to`;
  if (specKey === 'Uri') return `the Name is the URI pattern, so the Uri matches no request`;
  if (specKey === 'VirtualHost') return `the Name is the host:port, so the VirtualHost matches no request`;
  if (specKey === 'TrustedProxy') return `the Name is the proxy's host, so it trusts no proxy`;
  if (specKey === 'Property' || specKey === 'TransportProperty') return `a Property without a Name sets nothing`;
  if (attr === 'Name') return `nothing can refer to the element, and ${PLUGIN} requires the name`;
  return `${PLUGIN} requires it`;
}

function missingChildConsequence(specKey: string, child: string): string {
  return asReading(missingElementConsequence(specKey, child));
}

function missingElementConsequence(specKey: string, child: string): string {
  if (specKey === 'ServerCluster') return `a cluster without servers has nowhere to send requests`;
  if (specKey === 'Server' || specKey === 'ClusterAddress') return `${PLUGIN} cannot connect to a server without a ${child}`;
  if (specKey === 'ServerList') return `an empty list names no server; what ${PLUGIN} does then is not documented`;
  return `the element is empty`;
}

export function parsePlugin(file: SourceFile): ParsedPlugin {
  const { doc, findings: xmlFindings } = readXml(file, { consumer: PLUGIN });
  const r = new PluginReader(file);
  const start = file.lines.loc(file.path, 0, 0);
  const ast: PluginAst = {
    file: file.path,
    config: { element: 'Config', loc: start, values: emptyRecord<AttrValue>(), attrs: emptyRecord<XmlAttribute>() },
    properties: [],
    virtualHostGroups: [],
    trustedProxies: [],
    clusters: [],
    uriGroups: [],
    routes: [],
    detachedServers: r.detachedServers,
    wellFormed: doc.wellFormed,
    rejected: r.rejected,
  };
  for (const [n, a] of Object.entries(SPECS.Config!.attrs)) if (a.default !== undefined) ast.config.values[n] = a.default;

  const configChild = (child: XmlElement, key: string): void => {
    switch (key) {
      case 'Log':
        if (!ast.log) ast.log = r.node(child, key);
        else r.node(child, key);
        break;
      case 'Property':
        ast.properties.push(r.node(child, key));
        break;
      case 'VirtualHostGroup':
        ast.virtualHostGroups.push(group(child, key));
        break;
      case 'TrustedProxyGroup':
        r.node(child, key);
        r.children(child, key, (c, k) => ast.trustedProxies.push(r.node(c, k)));
        break;
      case 'ServerCluster':
        ast.clusters.push(cluster(child));
        break;
      case 'UriGroup':
        ast.uriGroups.push(group(child, key));
        break;
      case 'Route':
        ast.routes.push(r.node(child, key));
        break;
      case 'RequestMetrics': {
        const rm: RequestMetricsNode = { ...r.node(child, key), filters: [] };
        r.children(child, key, (c, k) => rm.filters.push(group(c, k)));
        if (!ast.requestMetrics) ast.requestMetrics = rm;
        break;
      }
      default:
        break;
    }
  };
  const group = (el: XmlElement, key: string): GroupNode => {
    const g: GroupNode = { ...r.node(el, key), members: [] };
    r.children(el, key, (c, k) => g.members.push(r.node(c, k)));
    return g;
  };
  const cluster = (el: XmlElement): ClusterNode => {
    const c: ClusterNode = { ...r.node(el, 'ServerCluster'), servers: [] };
    r.children(el, 'ServerCluster', (child, key) => {
      if (key === 'Server') c.servers.push(r.server(child, key));
      else if (key === 'ClusterAddress') {
        const ca = r.server(child, key);
        c.clusterAddress ??= ca;
      } else {
        const list: ServerListNode = { ...r.node(child, key), servers: [] };
        r.children(child, key, (s, sk) => list.servers.push(r.node(s, sk)));
        if (child.name === 'PrimaryServers') c.primaryServers ??= list;
        else c.backupServers ??= list;
      }
    });
    return c;
  };

  // The root: Config. A fragment (no Config root) is read as if it were inside one.
  let sawConfig = false;
  let reportedFragment = false;
  /** A file without its Config root is said once, at its first top-level element. */
  const fragment = (root: XmlElement, message: string): void => {
    if (reportedFragment) return;
    reportedFragment = true;
    r.findings.push({ ruleId: 'plugin-misplaced-element', loc: root.loc, message });
  };
  for (const root of doc.roots) {
    if (root.name === 'Config') {
      if (!sawConfig) {
        sawConfig = true;
        const config = r.node(root, 'Config');
        ast.config = config;
      }
      r.children(root, 'Config', configChild);
      continue;
    }
    const cs = childSpec(SPECS.Config!, root.name);
    if (cs) {
      fragment(
        root,
        `<${root.name}> is at the top level, but the root element of plugin-cfg.xml must be <Config>: plexlint assumes ${PLUGIN} cannot load a file without it. ` +
          `Wrap the elements in <Config>…</Config> (plexlint checks them as if they were).`,
      );
      configChild(root, cs.spec);
      continue;
    }
    if (root.name === 'Server') {
      // A fragment that lists Servers without their ServerCluster: every Server is still checked.
      fragment(
        root,
        `<Server> is at the top level: a Server belongs in a <ServerCluster> inside <Config>, so plexlint assumes ${PLUGIN} cannot load this file as it is. ` +
          `Put the Servers in their ServerCluster (plexlint checks each Server as it stands).`,
      );
      r.detachedServers.push(r.server(root, 'Server'));
      continue;
    }
    r.misplacedOrUnknown(root, undefined, { attrs: emptyRecord(), children: nameTable({ Config: { spec: 'Config' } }) });
  }
  return { ast, findings: [...xmlFindings, ...r.findings, ...r.limit.summaries()] };
}
