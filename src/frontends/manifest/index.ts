/**
 * plexlint.yaml → Manifest, validated with positions: unknown keys (with
 * did-you-mean), wrong types and paths that do not exist are findings on the
 * exact node, never exceptions.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Alias, Document, Node, Pair } from 'yaml';
import { append } from '../../core/append.js';
import { yaml } from '../../core/libs.js';
import { parseYamlFile } from '../../core/yaml-doc.js';
import type { Finding, Fix, RuleId } from '../../core/diagnostic.js';
import { fix, replaceAt } from '../../core/fix.js';
import type { Loc } from '../../core/loc.js';
import { APAR_PATTERN, parseRelease, releaseContext, releaseFromIbmName, ZOS_RELEASES, type ReleaseContext, type ZosRelease } from '../../core/release.js';
import { didYouMean, uniqueSuggestion } from '../../core/suggest.js';
import { MAX_IGNORE_PATTERN_CHARS } from '../../sources/ignore.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { CellEntry, GscEntry, Located, Manifest, OdrEntry, Override, PathRef, RuleSetting } from './ast.js';
import { emptyRecord } from '../../core/record.js';

export type { Manifest } from './ast.js';

const LEVELS = ['off', 'info', 'warn', 'error'] as const;

/**
 * Nodes plexlint reads through aliases (*name) in all. Each alias is resolved
 * where it is used, so aliases of aliases multiply (a "YAML bomb": ten
 * aliases of ten aliases of … expand exponentially); a manifest has a few
 * hundred nodes. The yaml package's own guard (maxAliasCount) applies only to
 * toJS(), which plexlint does not use: it reads the node tree for positions.
 */
export const MAX_ALIAS_NODES = 10_000;

/** Number of nodes in a subtree, aliases counted as one (iterative: nesting depth does not matter). */
function subtreeSize(node: Node): number {
  let n = 0;
  const stack: unknown[] = [node];
  while (stack.length) {
    const x = stack.pop();
    if (yaml().isPair(x)) {
      stack.push(x.key, x.value);
      continue;
    }
    if (!yaml().isNode(x)) continue;
    n++;
    if (yaml().isCollection(x)) for (const item of x.items) stack.push(item);
  }
  return n;
}

/** Each alias's anchored node: the last node with that anchor before the alias (YAML 1.2). */
function anchorTargets(doc: Document): Map<Alias, Node> {
  const targets = new Map<Alias, Node>();
  const anchors = new Map<string, Node>();
  yaml().visit(doc, {
    Node: (_key, node) => {
      if (yaml().isAlias(node)) {
        const target = anchors.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  return targets;
}

/** The fix of a misspelt key: the key written as meant (a plain scalar: every manifest key is one). */
export function renameKey(key: Loc, to: string): Fix {
  return fix(`rename the key to ${to}`, replaceAt(key, to));
}

/** No value (`key:`, `key: ~`, `key: null`): an empty mapping or list, as if the key were not there. */
function isEmpty(node: Node | null | undefined): boolean {
  return node === null || node === undefined || (yaml().isScalar(node) && node.value === null);
}

/** A data set name with a member: qualifiers of 1–8 characters, the member in parentheses (SYS1.TCPPARMS(PROFA1)). */
const DATA_SET_MEMBER = /^[A-Za-z@#$][A-Za-z0-9@#$-]{0,7}(\.[A-Za-z@#$][A-Za-z0-9@#$-]{0,7})*\([A-Za-z@#$][A-Za-z0-9@#$]{0,7}\)$/;

class ManifestReader {
  readonly findings: Finding[] = [];
  private aliasNodes = 0;
  private aliasBudgetReported = false;
  targets = new Map<Alias, Node>();

  constructor(
    private readonly file: SourceFile,
    private readonly dir: string,
    private readonly exists: (abs: string) => boolean,
  ) {}

  /** The node an alias stands for (within the alias budget); any other node as it is. */
  deref(node: Node | null | undefined): Node | null | undefined {
    if (!yaml().isAlias(node)) return node;
    const target = this.targets.get(node);
    if (!target) {
      this.problem('manifest-invalid-value', node, `alias *${node.source} names no anchor &${node.source} before it`);
      return null;
    }
    this.aliasNodes += subtreeSize(target);
    if (this.aliasNodes > MAX_ALIAS_NODES) {
      if (!this.aliasBudgetReported) {
        this.aliasBudgetReported = true;
        this.problem(
          'manifest-invalid-value',
          node,
          `aliases in plexlint.yaml expand to more than ${MAX_ALIAS_NODES} nodes (aliases of aliases multiply); plexlint stops resolving them here, so this and later aliases are ignored. Write the values out, or alias only small mappings`,
        );
      }
      return null;
    }
    return yaml().isAlias(target) ? this.deref(target) : target;
  }

  loc(node: { range?: [number, number, number] | null | undefined } | null | undefined): Loc {
    const r = node?.range;
    if (!r) return this.file.lines.loc(this.file.path, 0, 0);
    return this.file.lines.loc(this.file.path, r[0], Math.max(r[0] + 1, r[1]));
  }

  /** An `ignore:` entry: a gitignore pattern of at most MAX_IGNORE_PATTERN_CHARS (src/sources/ignore.ts). */
  ignorePattern(n: Node): Located<string> | undefined {
    const l = this.located(n, 'ignore entry');
    if (!l || l.value.length <= MAX_IGNORE_PATTERN_CHARS) return l;
    this.problem(
      'manifest-invalid-value',
      n,
      `ignore entry of ${l.value.length.toLocaleString('en-US')} characters: plexlint reads patterns of at most ${MAX_IGNORE_PATTERN_CHARS.toLocaleString('en-US')} (a pattern names paths), so it ignores nothing by it. Shorten the pattern.`,
    );
    return undefined;
  }

  private problem(ruleId: RuleId, node: Node | Pair | null | undefined, message: string, fix?: Fix): void {
    const n = node && 'key' in node ? (node.key as Node) : (node as Node | null | undefined);
    // What plexlint does with a value it cannot use (docs/rules/manifest-invalid-value.md), said once, here.
    const text = ruleId === 'manifest-invalid-value' && !/[.?!]$/.test(message) ? `${message}; plexlint ignores this value.` : message;
    this.findings.push({ ruleId, loc: this.loc(n), message: text, ...(fix ? { fix } : {}) });
  }

  /** Iterate a mapping's pairs, reporting keys outside `known`. */
  entries(raw: Node | null | undefined, what: string, known: readonly string[] | null): [string, Node | null, Pair][] {
    const node = this.deref(raw);
    if (isEmpty(node)) return [];
    if (!yaml().isMap(node)) {
      this.problem('manifest-invalid-value', node, `${what} must be a mapping (key: value)`);
      return [];
    }
    const out: [string, Node | null, Pair][] = [];
    // The mapping's keys, gathered once when a rename is considered (a scan per unknown key was quadratic).
    let keys: Set<string> | undefined;
    for (const pair of node.items) {
      const key = yaml().isScalar(pair.key) ? String(pair.key.value) : '';
      if (known && !known.includes(key)) {
        // Renaming is certain when one key is meant and the mapping does not have it already.
        const meant = uniqueSuggestion(key, known, false);
        keys ??= meant === undefined ? undefined : new Set(node.items.flatMap((p) => (yaml().isScalar(p.key) ? [String(p.key.value)] : [])));
        const taken = meant !== undefined && keys!.has(meant);
        this.problem('manifest-unknown-key', pair as Pair, `unknown key '${key}' in ${what}: plexlint ignores it.${didYouMean(key, known, false)}`, meant && !taken ? renameKey(this.loc(pair.key as Node), meant) : undefined);
        continue;
      }
      out.push([key, pair.value as Node | null, pair as Pair]);
    }
    return out;
  }

  string(raw: Node | null, what: string): string | undefined {
    const node = this.deref(raw) ?? null;
    if (yaml().isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number')) return String(node.value);
    this.problem('manifest-invalid-value', node, `${what} must be a string`);
    return undefined;
  }

  /** A YAML number (not a quoted string, not true/false: `port: true` is not port 1). */
  integer(raw: Node | null, what: string, min: number, max: number): number | undefined {
    const node = this.deref(raw) ?? null;
    const value = yaml().isScalar(node) ? node.value : undefined;
    const v = typeof value === 'number' ? value : NaN;
    if (!Number.isInteger(v) || v < min || v > max) {
      const quoted = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? ' (write it without quotes)' : '';
      this.problem('manifest-invalid-value', node, `${what} must be a whole number from ${min} to ${max}${quoted}`);
      return undefined;
    }
    return v;
  }

  /** @param member a data set member (SYS1.TCPPARMS(PROFA1)) may stand where the path is, when no such file exists. */
  path(node: Node | null, what: string, kind: 'file' | 'folder' | 'any' = 'any', member = false): PathRef | undefined {
    const value = this.string(node, what);
    if (value === undefined) return undefined;
    const abs = resolve(this.dir, value);
    if (member && DATA_SET_MEMBER.test(value.trim()) && !this.exists(abs)) return { value, abs, loc: this.loc(node), dataset: value.trim().toUpperCase() };
    if (!this.exists(abs)) {
      this.problem('manifest-missing-file', node, `${what} '${value}' does not exist (relative to ${this.file.path.replace(/[^/]*$/, '') || './'}), so plexlint cannot check it. Correct the path, or add the file to the estate.`);
    }
    void kind;
    return { value, abs, loc: this.loc(node) };
  }

  /** One path, or a list of them. */
  paths(raw: Node | null, what: string): PathRef[] {
    const node = this.deref(raw) ?? null;
    if (isEmpty(node)) return [];
    if (yaml().isSeq(node)) return this.list(node, what, (n) => this.path(n, `${what} entry`));
    const one = this.path(node, what);
    return one ? [one] : [];
  }

  list<T>(raw: Node | null, what: string, item: (n: Node) => T | undefined): T[] {
    const node = this.deref(raw);
    if (isEmpty(node)) return [];
    if (!yaml().isSeq(node)) {
      this.problem('manifest-invalid-value', node, `${what} must be a list`);
      return [];
    }
    const out: T[] = [];
    for (const n of node.items) {
      const v = item(n as Node);
      if (v !== undefined) out.push(v);
    }
    return out;
  }

  located(node: Node | null, what: string): Located<string> | undefined {
    const v = this.string(node, what);
    return v === undefined ? undefined : { value: v, loc: this.loc(node) };
  }

  /** A z/OS release: "2.5" (a YAML string or number), one of the releases plexlint knows. */
  release(raw: Node | null, what: string): Located<ZosRelease> | undefined {
    const node = this.deref(raw) ?? null;
    const value = yaml().isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number') ? String(node.value) : undefined;
    const release = value === undefined ? undefined : parseRelease(value);
    if (release) return { value: release, loc: this.loc(node) };
    const meant = value === undefined ? undefined : releaseFromIbmName(value);
    this.problem(
      'manifest-invalid-value',
      node,
      `${what} must be one of ${ZOS_RELEASES.map((r) => `"${r}"`).join(', ')} (the z/OS releases plexlint knows), not ${value === undefined ? 'this' : `'${value}'`}${meant ? ` (did you mean "${meant}"?)` : ''}`,
      meant ? fix(`write "${meant}"`, replaceAt(this.loc(node), `"${meant}"`)) : undefined,
    );
    return undefined;
  }

  /** A list of APAR numbers (PH54596): what service is applied, for operands that an APAR brought to older releases. */
  apars(raw: Node | null, what: string): Located<string>[] {
    return this.list(raw, what, (n) => {
      const l = this.located(n, `${what} entry`);
      if (!l) return undefined;
      const apar = l.value.trim().toUpperCase();
      if (!APAR_PATTERN.test(apar)) {
        this.problem('manifest-invalid-value', n, `${what} entry '${l.value}' is not an APAR number (two letters and five digits, such as PH54596)`);
        return undefined;
      }
      return { value: apar, loc: l.loc };
    });
  }

  ruleSettings(node: Node | null, what: string): Record<string, RuleSetting> {
    const out: Record<string, RuleSetting> = Object.create(null) as Record<string, RuleSetting>;
    for (const [key, v, pair] of this.entries(node, what, null)) {
      const value = this.deref(v) ?? null;
      const raw = yaml().isScalar(value) ? String(value.value) : '';
      const level = raw === 'warning' ? 'warn' : raw;
      if (!(LEVELS as readonly string[]).includes(level)) {
        this.problem('manifest-invalid-value', value, `${what}.${key} must be one of off, info, warn, error`);
        continue;
      }
      out[key] = { level: level as RuleSetting['level'], loc: this.loc(value), keyLoc: this.loc(pair.key as Node) };
    }
    return out;
  }
}

/**
 * The keys of each mapping the manifest has (the JSON Schema of ./schema.ts describes the same keys; a test keeps
 * the two in agreement). Mappings whose keys are names (systems, datasets, symbols, …) take any key.
 */
export const MANIFEST_KEYS = {
  top: ['systems', 'datasets', 'loadBalancers', 'web', 'rules', 'overrides', 'ignore', 'release', 'apars'],
  system: ['profile', 'omproute', 'cpc', 'symbols', 'state', 'release', 'apars'],
  loadBalancer: ['config', 'scripts', 'partner', 'state'],
  web: ['plugins', 'cells'],
  cell: ['odrs', 'properties', 'gscs', 'bridgedWith', 'clusters', 'clientNodes'],
  odr: ['name', 'host', 'port', 'tier', 'properties'],
  gsc: ['name', 'members', 'tier', 'properties'],
  gscMember: ['host', 'port', 'weight'],
  override: ['files', 'rules'],
} as const;

/** Levels a rule setting takes (`warning` is read as `warn`). */
export const RULE_LEVELS = ['off', 'info', 'warn', 'warning', 'error'] as const;

const TOP = MANIFEST_KEYS.top;
const SYSTEM = MANIFEST_KEYS.system;
const LB = MANIFEST_KEYS.loadBalancer;
const WEB = MANIFEST_KEYS.web;
const CELL = MANIFEST_KEYS.cell;
const ODR = MANIFEST_KEYS.odr;
const GSC = MANIFEST_KEYS.gsc;
const MEMBER = MANIFEST_KEYS.gscMember;
const OVERRIDE = MANIFEST_KEYS.override;

export interface ParsedManifest {
  manifest: Manifest;
  findings: Finding[];
}

/** @param exists how to ask whether a path exists (the workspace's journalled file system in a run). */
export function parseManifest(file: SourceFile, dir: string, exists: (abs: string) => boolean = existsSync): ParsedManifest {
  const r = new ManifestReader(file, dir, exists);
  const manifest: Manifest = {
    file: file.path,
    dir,
    systems: [],
    datasets: [],
    loadBalancers: [],
    web: { plugins: [], cells: [] },
    rules: Object.create(null) as Record<string, RuleSetting>,
    overrides: [],
    ignore: [],
  };
  const parsed = parseYamlFile(file, { label: 'plexlint.yaml', typical: 'a plexlint.yaml nests a few levels', consequence: 'manifest' });
  append(r.findings, parsed.findings);
  const doc = parsed.doc;
  if (!doc) return { manifest, findings: r.findings };
  if (doc.errors.length) return { manifest, findings: r.findings };
  r.targets = anchorTargets(doc);
  for (const [key, value] of r.entries(doc.contents as Node | null, 'plexlint.yaml', TOP)) {
    switch (key) {
      case 'systems':
        for (const [name, sys, pair] of r.entries(value, 'systems', null)) {
          const entry: Manifest['systems'][number] = { name: name.toUpperCase(), loc: r.loc(pair.key as Node), symbols: emptyRecord() };
          for (const [k, v] of r.entries(sys, `systems.${name}`, SYSTEM)) {
            if (k === 'profile') {
              const p = r.path(v, `systems.${name}.profile`, 'file', true);
              if (p) entry.profile = p;
            } else if (k === 'omproute') {
              const p = r.path(v, `systems.${name}.omproute`, 'file');
              if (p) entry.omproute = p;
            } else if (k === 'state') {
              entry.state = r.paths(v, `systems.${name}.state`);
            } else if (k === 'cpc') {
              const c = r.located(v, `systems.${name}.cpc`);
              if (c) entry.cpc = { value: c.value.toUpperCase(), loc: c.loc };
            } else if (k === 'release') {
              const release = r.release(v, `systems.${name}.release`);
              if (release) entry.release = release;
            } else if (k === 'apars') {
              entry.apars = r.apars(v, `systems.${name}.apars`);
            } else {
              for (const [sym, sv] of r.entries(v, `systems.${name}.symbols`, null)) {
                const s = r.string(sv, `systems.${name}.symbols.${sym}`);
                if (s !== undefined) entry.symbols[sym.replace(/^&/, '').replace(/\.$/, '').toUpperCase()] = s;
              }
            }
          }
          manifest.systems.push(entry);
        }
        break;
      case 'datasets':
        for (const [name, v, pair] of r.entries(value, 'datasets', null)) {
          const p = r.path(v, `datasets.${name}`);
          if (p) manifest.datasets.push({ name: name.toUpperCase(), path: p, loc: r.loc(pair.key as Node) });
        }
        break;
      case 'loadBalancers':
        for (const [name, lb, pair] of r.entries(value, 'loadBalancers', null)) {
          const entry: Manifest['loadBalancers'][number] = { name, loc: r.loc(pair.key as Node) };
          for (const [k, v] of r.entries(lb, `loadBalancers.${name}`, LB)) {
            if (k === 'partner') {
              const p = r.located(v, `loadBalancers.${name}.partner`);
              if (p) entry.partner = p;
            } else if (k === 'state') {
              entry.state = r.paths(v, `loadBalancers.${name}.state`);
            } else {
              const p = r.path(v, `loadBalancers.${name}.${k}`);
              if (p && k === 'config') entry.config = p;
              else if (p) entry.scripts = p;
            }
          }
          manifest.loadBalancers.push(entry);
        }
        break;
      case 'web':
        for (const [k, v] of r.entries(value, 'web', WEB)) {
          if (k === 'plugins') manifest.web.plugins = r.list(v, 'web.plugins', (n) => r.path(n, 'web.plugins entry', 'file'));
          else for (const [name, cell, pair] of r.entries(v, 'web.cells', null)) manifest.web.cells.push(readCell(r, name, cell, pair));
        }
        break;
      case 'rules':
        manifest.rules = r.ruleSettings(value, 'rules');
        break;
      case 'overrides':
        manifest.overrides = r.list(value, 'overrides', (n) => readOverride(r, n));
        break;
      case 'ignore':
        manifest.ignore = r.list(value, 'ignore', (n) => r.ignorePattern(n));
        break;
      case 'release': {
        const release = r.release(value, 'release');
        if (release) manifest.release = release;
        break;
      }
      case 'apars':
        manifest.apars = r.apars(value, 'apars');
        break;
      default:
        break;
    }
  }
  return { manifest, findings: r.findings };
}

function readCell(r: ManifestReader, name: string, node: Node | null, pair: Pair): CellEntry {
  const cell: CellEntry = {
    name,
    loc: r.loc(pair.key as Node),
    odrs: [],
    properties: Object.create(null) as Record<string, Located<string>>,
    gscs: [],
    bridgedWith: [],
    clusters: [],
    clientNodes: [],
  };
  const at = `web.cells.${name}`;
  for (const [k, v] of r.entries(node, at, CELL)) {
    switch (k) {
      case 'odrs':
        cell.odrs = r.list(v, `${at}.odrs`, (n) => {
          const odr: Partial<OdrEntry> = { loc: r.loc(n), properties: Object.create(null) as Record<string, Located<string>> };
          for (const [ok, ov] of r.entries(n, `${at}.odrs entry`, ODR)) {
            if (ok === 'port') odr.port = r.integer(ov, `${at}.odrs port`, 1, 65535);
            else if (ok === 'name') odr.name = r.string(ov, `${at}.odrs name`);
            else if (ok === 'tier') {
              const t = r.located(ov, `${at}.odrs tier`);
              if (t) odr.tier = t;
            } else if (ok === 'properties') {
              for (const [pk, pv] of r.entries(ov, `${at}.odrs properties`, null)) {
                const s = r.located(pv, `${at}.odrs properties.${pk}`);
                if (s) odr.properties![pk] = s;
              }
            } else odr.host = r.string(ov, `${at}.odrs host`);
          }
          if (!odr.host || odr.port === undefined) {
            r.findings.push({ ruleId: 'manifest-invalid-value', loc: odr.loc!, message: `${at}.odrs: every ODR needs host and port` });
            return undefined;
          }
          const entry: OdrEntry = { name: odr.name ?? `${odr.host}:${odr.port}`, host: odr.host, port: odr.port, loc: odr.loc!, properties: odr.properties! };
          if (odr.tier) entry.tier = odr.tier;
          return entry;
        });
        break;
      case 'properties':
        for (const [pk, pv] of r.entries(v, `${at}.properties`, null)) {
          const s = r.located(pv, `${at}.properties.${pk}`);
          if (s) cell.properties[pk] = s;
        }
        break;
      case 'gscs':
        cell.gscs = r.list(v, `${at}.gscs`, (n) => {
          const gsc: GscEntry = { name: '', members: [], loc: r.loc(n), properties: Object.create(null) as GscEntry['properties'] };
          for (const [gk, gv] of r.entries(n, `${at}.gscs entry`, GSC)) {
            if (gk === 'name') gsc.name = r.string(gv, `${at}.gscs name`) ?? '';
            else if (gk === 'tier') {
              const t = r.located(gv, `${at}.gscs tier`);
              if (t) gsc.tier = t;
            } else if (gk === 'properties') {
              for (const [pk, pv] of r.entries(gv, `${at}.gscs properties`, null)) {
                const v = r.located(pv, `${at}.gscs properties.${pk}`);
                if (v) gsc.properties[pk] = v;
              }
            } else {
              gsc.members = r.list(gv, `${at}.gscs members`, (m) => {
                const member: Partial<GscEntry['members'][number]> = { loc: r.loc(m), weight: 1 };
                for (const [mk, mv] of r.entries(m, `${at}.gscs member`, MEMBER)) {
                  if (mk === 'host') member.host = r.string(mv, 'GSC member host');
                  else if (mk === 'port') member.port = r.integer(mv, 'GSC member port', 1, 65535);
                  else member.weight = r.integer(mv, 'GSC member weight', 0, 100);
                }
                if (!member.host || member.port === undefined) {
                  r.findings.push({ ruleId: 'manifest-invalid-value', loc: member.loc!, message: `${at}.gscs members: every member needs host and port; plexlint leaves this one out` });
                  return undefined;
                }
                return member as GscEntry['members'][number];
              });
            }
          }
          return gsc;
        });
        break;
      case 'bridgedWith':
        cell.bridgedWith = r.list(v, `${at}.bridgedWith`, (n) => r.located(n, `${at}.bridgedWith entry`));
        break;
      case 'clusters':
        cell.clusters = r.list(v, `${at}.clusters`, (n) => r.path(n, `${at}.clusters entry`, 'folder'));
        break;
      case 'clientNodes':
        cell.clientNodes = r.list(v, `${at}.clientNodes`, (n) => r.located(n, `${at}.clientNodes entry`));
        break;
      default:
        break;
    }
  }
  return cell;
}

function readOverride(r: ManifestReader, node: Node): Override | undefined {
  const o: Override = { files: [], rules: emptyRecord(), loc: r.loc(node) };
  for (const [k, v] of r.entries(node, 'overrides entry', OVERRIDE)) {
    if (k === 'files') o.files = r.list(v, 'overrides.files', (n) => r.string(n, 'overrides.files entry'));
    else o.rules = r.ruleSettings(v, 'overrides.rules');
  }
  return o;
}

/**
 * The release a system is judged against: its own `release:` and `apars:`, else the estate's, else the newest
 * release plexlint knows (assumed). A system's `apars:` replaces the estate's list rather than adding to it, as
 * its `release:` replaces the estate's (docs/estates.md).
 */
export function systemRelease(manifest: Manifest | undefined, entry: Manifest['systems'][number] | undefined): ReleaseContext {
  const release = entry?.release ?? manifest?.release;
  const apars = entry?.apars ?? manifest?.apars;
  return releaseContext(release?.value, apars?.map((a) => a.value));
}
