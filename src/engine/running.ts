/**
 * The running-state part of the compiler driver: which files are captures of what runs (docs/drift.md), their
 * front end, and the model builder that attaches each report to a system or a Load Balancer machine.
 *
 * - `systems.<name>.state` and `loadBalancers.<name>.state` in plexlint.yaml name captures (files, or folders of
 *   them) for that system or machine. They are claimed as captures whatever a command does with them: `check`
 *   reads the configuration alone and leaves them aside.
 * - A file of the estate whose content is a report (src/frontends/capture) is a capture too.
 * - A command may name captures outside the estate (plexlint drift <estate> <capture…>, --state): they are read
 *   as files the user named, never scanned for.
 * Captures are parsed only when the command asks for the running state (CompileOptions.running).
 */
import { join, resolve } from 'node:path';
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { parseCapture } from '../frontends/capture/index.js';
import type { Manifest } from '../frontends/manifest/index.js';
import { buildRunningState, type CaptureInput } from '../model/builders/running.js';
import type { System } from '../model/estate.js';
import type { ExternalLb } from '../model/lb.js';
import type { RunningState } from '../model/running.js';
import { guardOf, howItLeadsOut, staysInside } from '../sources/checkout.js';
import { decode, type Encoding } from '../sources/decode.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';
import { sourceFromText, type SourceFile } from '../sources/source-file.js';
import { displayPath, MAX_FILE_BYTES } from '../sources/workspace.js';
import type { Driver } from './driver.js';

export interface ManifestCapture {
  owner: { kind: 'system' | 'lb'; name: string };
  file: SourceFile;
}

/** The files of a folder the manifest names as captures (not hidden, not in sub-folders). */
function folderFiles(driver: Driver, abs: string): string[] {
  const fs = driver.ws.fs;
  return fs
    .list(abs)
    .filter((n) => !n.startsWith('.'))
    .map((n) => join(abs, n))
    .filter((p) => fs.kind(p) === 'file');
}

/** Read the captures plexlint.yaml names (`state:`) and give them their kind. */
export function registerStateFiles(manifest: Manifest | undefined, driver: Driver): ManifestCapture[] {
  const out: ManifestCapture[] = [];
  const claim = (owner: ManifestCapture['owner'], abs: string): void => {
    // A folder inside the estate: its files; anything else is read as named (outside the estate: exit 2).
    const files = driver.ws.contains(abs) && driver.ws.fs.kind(abs) === 'dir' ? folderFiles(driver, abs) : [abs];
    for (const f of files) {
      const file = driver.named(f);
      if (!file) continue;
      driver.kinds.set(file.path, 'capture');
      out.push({ owner, file });
    }
  };
  for (const s of manifest?.systems ?? []) for (const p of s.state ?? []) claim({ kind: 'system', name: s.name }, p.abs);
  for (const l of manifest?.loadBalancers ?? []) for (const p of l.state ?? []) claim({ kind: 'lb', name: l.name }, p.abs);
  return out;
}

export function compileRunning(args: {
  manifestCaptures: ManifestCapture[];
  /** Captures found by the folder scan, and captures the command named. */
  found: SourceFile[];
  systems: System[];
  lbs: ExternalLb[];
}): { running: RunningState; findings: Finding[] } {
  const findings: Finding[] = [];
  const inputs: CaptureInput[] = [];
  const seen = new Set<string>();
  const add = (file: SourceFile, owner?: CaptureInput['owner']): void => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    const parsed = parseCapture(file);
    append(findings, parsed.findings);
    inputs.push(owner ? { ast: parsed.ast, owner } : { ast: parsed.ast });
  };
  for (const c of args.manifestCaptures) add(c.file, c.owner);
  for (const f of args.found) add(f);
  const built = buildRunningState(inputs, args.systems, args.lbs);
  append(findings, built.findings);
  return { running: built.running, findings };
}

/**
 * The captures a command names (plexlint drift's capture arguments, --state files): read as files the user named,
 * wherever they are — a regular file of at most MAX_FILE_BYTES, not binary, not through a link out of the checkout —
 * or a read error that ends the run (exit 2). A capture that is also a file of the estate is read once.
 */
export function readNamedCaptures(paths: readonly string[], driver: Driver, cwd: string, encoding?: Encoding): SourceFile[] {
  const out: SourceFile[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const known = [...driver.sources.values()].find((f) => f.absPath === abs);
    if (known) {
      driver.kinds.set(known.path, 'capture');
      out.push(known);
      continue;
    }
    const path = displayPath(cwd, abs);
    // The one rule for links (src/sources/checkout.ts): a capture in the checkout that links out of it is not read.
    const checkout = guardOf(p, cwd);
    if (checkout && !staysInside(checkout, abs)) {
      driver.readError({ path, message: `${howItLeadsOut(abs)} out of ${checkout.what}; plexlint does not follow a symbolic link out of it (a link in a checkout can come from anyone)`, explicit: true });
      continue;
    }
    const bytes = readRegularFile(abs, MAX_FILE_BYTES);
    if (isReadFailure(bytes)) {
      driver.readError({ path, message: bytes.code === 'EFBIG' ? `is larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB plexlint reads for a file` : bytes.why, explicit: true });
      continue;
    }
    const decoded = decode(bytes, encoding);
    if (decoded.binary) {
      driver.readError({ path, message: `is a binary file (${decoded.binaryReason ?? 'control characters'}), not a capture of a report`, explicit: true, binary: true });
      continue;
    }
    const file = sourceFromText(path, decoded.text, abs, decoded.encoding, decoded.bom);
    driver.sources.set(file.path, file);
    driver.kinds.set(file.path, 'capture');
    out.push(file);
  }
  return out;
}
