/**
 * `--state` of trace and simulate: where a simulation starts. Each value is
 * - a capture of a report (NETSTAT, DISPLAY TCPIP, dscontrol: docs/drift.md), attached to its system or machine
 *   by its file name or content, as plexlint drift attaches it;
 * - a plexlint.yaml: the captures its `systems.<name>.state` and `loadBalancers.<name>.state` name;
 * - or a YAML runtime-state file (the body of a scenario `set` step).
 * The captures together give one running state (src/sim/captured.ts); YAML files are applied after it, in the
 * order given, so a YAML file can change what the captures say.
 */
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import { looksLikeCapture, parseCapture } from '../frontends/capture/index.js';
import { parseManifest } from '../frontends/manifest/index.js';
import { buildRunningState, type CaptureInput } from '../model/builders/running.js';
import type { Estate } from '../model/estate.js';
import { capturedState } from '../sim/captured.js';
import { parseStateFile } from '../sim/scenario.js';
import { SimulationError, type Simulation } from '../sim/index.js';
import type { StatePatch } from '../sim/state.js';
import { visible } from '../report/escape/line.js';
import { UsageError } from './io.js';
import { commandLinePath, OutsideCheckoutError } from '../sources/checkout.js';
import { decode, type Encoding } from '../sources/decode.js';
import { diskFs } from '../sources/fs-journal.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';
import { sourceFromText, type SourceFile } from '../sources/source-file.js';
import { displayPath, MAX_FILE_BYTES, MAX_MANIFEST_BYTES } from '../sources/workspace.js';

export interface StartingState {
  /** The patches to apply, in order. */
  patches: StatePatch[];
  /** What the captures gave, and where from. */
  notes: string[];
  /** Problems in the captures (capture-malformed, capture-unattached, …): warnings, the rest is used. */
  findings: Finding[];
  /** How many captures were read. */
  captures: number;
}

/** A --state value that cannot be used: one line, exit 2. */
export class StateFileError extends Error {}

/** `shown` names the file in a problem (as the user wrote it); `name` names it in findings. */
function readText(abs: string, shown: string, limit: number, encoding?: Encoding, name = shown): SourceFile {
  const bytes = readRegularFile(abs, limit);
  if (isReadFailure(bytes)) throw new StateFileError(`${shown} ${bytes.code === 'EFBIG' ? `is larger than the ${limit / 1024 / 1024} MB plexlint reads for it` : bytes.why}`);
  const decoded = decode(bytes, encoding);
  if (decoded.binary) throw new StateFileError(`${shown} is a binary file (${decoded.binaryReason ?? 'control characters'}), not a capture or a state file`);
  return sourceFromText(name, decoded.text, abs, decoded.encoding, decoded.bom);
}

/** The captures a plexlint.yaml names, with their system or machine; only files inside the manifest's folder. */
function manifestCaptures(abs: string, shown: string, cwd: string, encoding?: Encoding): { file: SourceFile; owner: NonNullable<CaptureInput['owner']> }[] {
  const text = readText(abs, shown, MAX_MANIFEST_BYTES);
  const dir = dirname(abs);
  const { manifest, findings } = parseManifest(text, dir, (p) => diskFs.kind(p) !== 'missing');
  const broken = findings.find((f) => f.ruleId === 'syntax');
  if (broken) throw new StateFileError(`${shown}:${broken.loc.line}:${broken.loc.column}: ${broken.message}`);
  const root = diskFs.realpath(dir) ?? dir;
  const out: { file: SourceFile; owner: NonNullable<CaptureInput['owner']> }[] = [];
  // Every file, and a folder's every file, with its links resolved: a link out of the folder is not followed.
  const inside = (p: string): void => {
    const real = diskFs.realpath(p) ?? p;
    const rel = relative(root, real);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new StateFileError(`${shown}: ${displayPath(cwd, p)} is outside the folder of ${shown}; plexlint reads the captures of an estate from inside it`);
  };
  const take = (owner: NonNullable<CaptureInput['owner']>, p: string): void => {
    inside(p);
    const files = diskFs.kind(p) === 'dir' ? diskFs.list(p).filter((n) => !n.startsWith('.')).map((n) => join(p, n)).filter((f) => diskFs.kind(f) === 'file') : [p];
    for (const f of files) {
      inside(f);
      out.push({ owner, file: readText(f, displayPath(cwd, f), MAX_FILE_BYTES, encoding) });
    }
  };
  for (const s of manifest.systems) for (const p of s.state ?? []) take({ kind: 'system', name: s.name }, p.abs);
  for (const l of manifest.loadBalancers) for (const p of l.state ?? []) take({ kind: 'lb', name: l.name }, p.abs);
  if (!out.length) throw new StateFileError(`${shown} names no captures (systems.<name>.state, loadBalancers.<name>.state; docs/drift.md)`);
  return out;
}

export function startingState(values: readonly string[], estate: Estate, cwd: string, encoding?: Encoding): StartingState {
  const captures: CaptureInput[] = [];
  const findings: Finding[] = [];
  const yamlPatches: StatePatch[] = [];
  for (const v of values) {
    // Like a scenario: never read through a link out of the checkout (src/sources/checkout.ts).
    let abs: string;
    try {
      abs = commandLinePath(v, cwd);
    } catch (e) {
      if (e instanceof OutsideCheckoutError) throw new StateFileError(e.message);
      throw e;
    }
    const shown = v;
    if (/^plexlint\.ya?ml$/i.test(basename(abs))) {
      for (const c of manifestCaptures(abs, shown, cwd, encoding)) {
        const parsed = parseCapture(c.file);
        findings.push(...parsed.findings);
        captures.push({ ast: parsed.ast, owner: c.owner });
      }
      continue;
    }
    const file = readText(abs, shown, MAX_FILE_BYTES, encoding, displayPath(cwd, abs));
    if (looksLikeCapture(file.text)) {
      const parsed = parseCapture(file);
      findings.push(...parsed.findings);
      captures.push({ ast: parsed.ast });
      continue;
    }
    if (file.text.length > 1024 * 1024) throw new StateFileError(`${shown} is neither a capture of a report nor a state file of at most 1 MB`);
    const parsed = parseStateFile(file);
    if (!parsed.state) throw new StateFileError(`${shown}: ${parsed.findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.message}`).join('; ')}`);
    yamlPatches.push(parsed.state);
  }
  const out: StartingState = { patches: [], notes: [], findings, captures: captures.length };
  if (captures.length) {
    if (captures.every((c) => c.ast.reports.every((r) => r.kind === 'other'))) {
      throw new StateFileError(`${captures.map((c) => c.ast.file).join(', ')}: no report plexlint reads (${findings[0]?.message ?? 'docs/drift.md lists them'})`);
    }
    const built = buildRunningState(captures, estate.systems, estate.loadBalancers);
    findings.push(...built.findings);
    const state = capturedState(estate, built.running);
    out.patches.push(state.patch);
    out.notes.push(...state.notes);
  }
  out.patches.push(...yamlPatches);
  return out;
}

/** At most this many problems of the captures are printed (the rest are counted). */
const MAX_PRINTED_FINDINGS = 20;

/**
 * Read the --state values and apply them to a simulation, before anything else happens in it. Problems of the
 * captures go to stderr as warnings (what could be read is used); a value that cannot be used is a usage error.
 * Returns what was taken from the captures, for the report.
 */
export function applyStartingState(sim: Simulation, values: readonly string[], estate: Estate, encoding?: Encoding, cwd = process.cwd()): string[] {
  let state: StartingState;
  try {
    state = startingState(values, estate, cwd, encoding);
  } catch (e) {
    if (e instanceof StateFileError) throw new UsageError(`--state ${e.message}`);
    throw e;
  }
  for (const f of state.findings.slice(0, MAX_PRINTED_FINDINGS)) process.stderr.write(`plexlint: warning: ${visible(`${f.loc.file}:${f.loc.line}:${f.loc.column}: ${f.message} [${f.ruleId}]`)}\n`);
  if (state.findings.length > MAX_PRINTED_FINDINGS) process.stderr.write(`plexlint: warning: ${state.findings.length - MAX_PRINTED_FINDINGS} more problems in the captures\n`);
  try {
    for (const p of state.patches) sim.apply(p);
  } catch (e) {
    if (e instanceof SimulationError) throw new UsageError(`--state: ${e.message}`);
    throw e;
  }
  return state.notes;
}
