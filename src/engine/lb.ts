/**
 * The load-balancer part of the compiler driver: which files make up each
 * Load Balancer machine, their front ends, and the model builder.
 *
 * - With a manifest, `loadBalancers.<name>.config` is the machine's dscontrol
 *   configuration and `scripts` the folder of its go scripts.
 * - Any other dscontrol file found is a machine of its own, named after the
 *   file. Go scripts outside a manifest `scripts` folder belong to the
 *   configuration in the nearest folder above them (a sub-folder named like a
 *   configuration, e.g. edge1/ for edge1.cfg, picks that one).
 * - A script sources its variables file (`. <install>/servers/bin/variables`)
 *   from the same folder.
 */
import { basename, dirname, join, sep } from 'node:path';
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { parseDscontrol, type ParsedDscontrol } from '../frontends/dscontrol/index.js';
import { goScriptName, MAX_GO_SCRIPT_CHARS, scanGoScript, type GoScriptAst } from '../frontends/goscript/index.js';
import type { Manifest } from '../frontends/manifest/index.js';
import { buildLoadBalancers, type LbInput } from '../model/builders/lb.js';
import type { System } from '../model/estate.js';
import type { ExternalLb } from '../model/lb.js';
import { sourceFromText, type SourceFile } from '../sources/source-file.js';
import type { Workspace } from '../sources/workspace.js';
import { fileStem, uniqueName, type Driver } from './driver.js';

export interface ManifestLb {
  entry: Manifest['loadBalancers'][number];
  config?: SourceFile;
  scripts: SourceFile[];
}

/** The files of a folder (not hidden), through the workspace's journalled file system (src/sources/fs-journal.ts). */
function listFolder(ws: Workspace, abs: string): string[] {
  return ws.fs
    .list(abs)
    .map((n) => join(abs, n))
    .filter((p) => ws.fs.kind(p) === 'file');
}

/** Read the files the manifest names for its load balancers and give them their kind. */
export function registerLoadBalancerFiles(manifest: Manifest | undefined, driver: Driver): ManifestLb[] {
  const { ws, kinds, read } = driver;
  const out: ManifestLb[] = [];
  for (const entry of manifest?.loadBalancers ?? []) {
    const lb: ManifestLb = { entry, scripts: [] };
    const config = entry.config && driver.named(entry.config.abs);
    if (config) {
      lb.config = config;
      kinds.set(config.path, 'dscontrol');
    }
    // A scripts folder outside the estate is not listed: read() reports it (exit 2).
    if (entry.scripts && !ws.contains(entry.scripts.abs)) read(entry.scripts.abs, true);
    else if (entry.scripts && ws.fs.exists(entry.scripts.abs)) {
      const files = ws.fs.kind(entry.scripts.abs) === 'dir' ? listFolder(ws, entry.scripts.abs) : [entry.scripts.abs];
      for (const abs of files) {
        if (!goScriptName(abs) || !ws.contains(abs)) continue;
        const f = read(abs, true);
        if (!f) continue;
        lb.scripts.push(f);
        kinds.set(f.path, 'goscript');
      }
    }
    out.push(lb);
  }
  return out;
}

/** Folder of a file (absolute when known). */
function folder(f: SourceFile): string {
  return dirname(f.absPath || f.path);
}

/** The configuration(s) a go script found by a folder scan belongs to. */
function ownersOf(script: SourceFile, configs: SourceFile[]): SourceFile[] {
  const dir = folder(script);
  const parts = dir.split(sep);
  const byName = configs.filter((c) => parts.includes(basename(c.path).replace(/\.[^.]*$/, '')) && (dir + sep).startsWith(folder(c) + sep));
  if (byName.length) return byName;
  let best: SourceFile[] = [];
  let bestLen = -1;
  for (const c of configs) {
    const cd = folder(c);
    if (!(dir + sep).startsWith(cd + sep)) continue;
    if (cd.length > bestLen) {
      best = [c];
      bestLen = cd.length;
    } else if (cd.length === bestLen) best.push(c);
  }
  return best;
}

export interface CompiledLoadBalancers {
  loadBalancers: ExternalLb[];
  findings: Finding[];
}

export function compileLoadBalancers(args: {
  manifestLbs: ManifestLb[];
  /** dscontrol files and go scripts found by the folder scan. */
  dscontrol: SourceFile[];
  goscripts: SourceFile[];
  systems: System[];
  driver: Driver;
}): CompiledLoadBalancers {
  const findings: Finding[] = [];
  const { ws, read, kinds } = args.driver;
  /** A shell file small enough for the shell parser; a larger one is a read error (MAX_GO_SCRIPT_CHARS). */
  const shellSized = (f: SourceFile): boolean => {
    if (f.text.length <= MAX_GO_SCRIPT_CHARS) return true;
    args.driver.readError({
      path: f.path,
      message: `is ${f.text.length.toLocaleString('en-US')} characters, larger than the ${MAX_GO_SCRIPT_CHARS.toLocaleString('en-US')} plexlint reads for a go script or a file it sources (a go script is a few KB)`,
    });
    return false;
  };
  const resolver = (path: string, from: SourceFile): SourceFile | undefined => {
    const abs = join(folder(from), basename(path.replace(/\\/g, '/')));
    if (!from.absPath || !ws.contains(abs) || ws.fs.kind(abs) !== 'file') return undefined;
    const f = read(abs);
    return f && shellSized(f) ? f : undefined;
  };
  const scanned = new Map<string, GoScriptAst>();
  const scan = (f: SourceFile): GoScriptAst => {
    const cached = scanned.get(f.path);
    if (cached) return cached;
    const r = scanGoScript(shellSized(f) ? f : sourceFromText(f.path, '', f.absPath), resolver);
    append(findings, r.findings);
    for (const x of r.files) kinds.set(x.path, kinds.get(x.path) ?? 'goscript');
    scanned.set(f.path, r.ast);
    return r.ast;
  };
  const parsed = new Map<string, ParsedDscontrol>();
  const parse = (f: SourceFile): ParsedDscontrol => {
    let p = parsed.get(f.path);
    if (!p) {
      p = parseDscontrol(f);
      parsed.set(f.path, p);
      append(findings, p.findings);
    }
    return p;
  };

  const inputs: LbInput[] = [];
  const used = new Set<string>();
  const claimed = new Set<string>();
  for (const m of args.manifestLbs) {
    for (const s of m.scripts) claimed.add(s.path);
  }
  for (const m of args.manifestLbs) {
    if (!m.config) continue;
    used.add(m.config.path);
    const input: LbInput = { name: m.entry.name, nameSource: 'manifest', config: parse(m.config).ast, scripts: m.scripts.map(scan) };
    if (m.entry.partner) input.partner = { name: m.entry.partner.value, loc: m.entry.partner.loc };
    inputs.push(input);
  }
  const others = args.dscontrol.filter((f) => !used.has(f.path));
  const names = new Set(inputs.map((i) => i.name));
  const otherInputs = others.map((f) => {
    const name = uniqueName(fileStem(f.path), names);
    return { file: f, input: { name, nameSource: 'file-name' as const, config: parse(f).ast, scripts: [] as GoScriptAst[] } };
  });
  for (const g of args.goscripts) {
    if (claimed.has(g.path)) continue;
    const ast = scan(g);
    for (const owner of ownersOf(g, others)) otherInputs.find((o) => o.file === owner)!.input.scripts.push(ast);
  }
  inputs.push(...otherInputs.map((o) => o.input));
  const built = buildLoadBalancers(inputs, args.systems);
  append(findings, built.findings);
  return { loadBalancers: built.loadBalancers, findings };
}
