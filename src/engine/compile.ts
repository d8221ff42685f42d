/**
 * The compiler driver: sources → front ends → model. Everything a command
 * needs to lint, simulate or diff an estate starts here. The manifest is read
 * first; each tier then claims the files the manifest names for it
 * (profiles.ts, web.ts, lb.ts), the other inputs are sorted by their content,
 * and each tier compiles its files.
 */
import { dirname } from 'node:path';
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import { detectKind, type FileKind } from '../frontends/detect.js';
import { parseManifest, type Manifest } from '../frontends/manifest/index.js';
import { buildSysplex } from '../model/build/sysplex.js';
import { MODEL_VERSION, type Estate } from '../model/estate.js';
import type { Encoding } from '../sources/decode.js';
import type { FsJournal } from '../sources/fs-journal.js';
import type { SourceFile } from '../sources/source-file.js';
import { loadWorkspace, type ReadError, type Workspace } from '../sources/workspace.js';
import { createDriver } from './driver.js';
import { compileLoadBalancers, registerLoadBalancerFiles } from './lb.js';
import { compileSystems, registerSystemProfiles } from './profiles.js';
import { compileWeb, registerWebFiles } from './web.js';

export interface CompileOptions {
  cwd?: string;
  config?: string;
  encoding?: Encoding;
  /** Where the files come from: the disk by default; the files of a git revision for `diff git:<ref>`. */
  fs?: FsJournal;
}

export interface CompileResult {
  estate: Estate;
  findings: Finding[];
  /** Every file read, by display path. */
  sources: Map<string, SourceFile>;
  /** Files that could not be read (exit 2 when named explicitly). */
  readErrors: ReadError[];
  manifest?: Manifest;
  workspace: Workspace;
  kinds: Map<string, FileKind>;
}

export function compile(paths: string[], options: CompileOptions = {}): CompileResult {
  const ws = loadWorkspace(paths, options);
  const driver = createDriver(ws);
  const { kinds } = driver;
  const findings: Finding[] = [];

  let manifest: Manifest | undefined;
  if (ws.manifestPath) {
    const mf = driver.read(ws.manifestPath, true);
    if (mf) {
      const parsed = parseManifest(mf, dirname(ws.manifestPath), (p) => ws.mayExist(p));
      manifest = parsed.manifest;
      append(findings, parsed.findings);
      kinds.set(mf.path, 'manifest');
    }
  }

  // Files the manifest names have a known kind; the rest of the inputs are sorted by their content.
  const manifestProfiles = registerSystemProfiles(manifest, driver);
  const manifestWeb = registerWebFiles(manifest, driver);
  const manifestLbs = registerLoadBalancerFiles(manifest, driver);
  const byKind = new Map<FileKind, SourceFile[]>();
  for (const abs of ws.inputs) {
    if (abs === ws.manifestPath) continue;
    const f = driver.read(abs);
    if (!f || kinds.has(f.path)) continue;
    const kind = detectKind(f);
    if (kind === 'unknown' && ws.explicit.has(abs)) {
      findings.push({
        ruleId: 'unknown-file-kind',
        loc: f.lines.loc(f.path, 0, 0),
        message: `plexlint cannot tell what kind of file this is (TCP/IP profile, dscontrol script, plugin-cfg.xml, cluster.xml, plexlint.yaml), so it is not checked.`,
      });
      continue;
    }
    if (kind === 'manifest') continue;
    kinds.set(f.path, kind);
    const list = byKind.get(kind) ?? [];
    list.push(f);
    byKind.set(kind, list);
  }
  const found = (kind: FileKind): SourceFile[] => byKind.get(kind) ?? [];

  const profiles = compileSystems({ manifest, manifestProfiles, profiles: found('profile'), driver });
  append(findings, profiles.findings);
  const web = compileWeb({ manifest, manifestFiles: manifestWeb, plugins: found('plugin-cfg'), clusterXmls: found('cluster-xml'), driver });
  append(findings, web.findings);
  // Load balancers are matched to the systems above (their servers are the systems' addresses).
  const lbs = compileLoadBalancers({ manifestLbs, dscontrol: found('dscontrol'), goscripts: found('goscript'), systems: profiles.systems, driver });
  append(findings, lbs.findings);

  const estate: Estate = {
    version: MODEL_VERSION,
    files: [...driver.sources.keys()].sort(),
    systems: profiles.systems,
    sysplex: timed('model', () => buildSysplex(profiles.systems)),
    web: web.web,
    loadBalancers: lbs.loadBalancers,
  };
  return {
    estate,
    findings: dedupe(findings),
    sources: driver.sources,
    readErrors: driver.readErrors,
    workspace: ws,
    kinds,
    ...(manifest ? { manifest } : {}),
  };
}

/** A member included by two stacks is parsed twice; report its findings once. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.ruleId}|${f.loc.file}|${f.loc.line}|${f.loc.column}|${f.loc.endLine}|${f.loc.endColumn}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
