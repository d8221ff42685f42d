/**
 * Files the simulator reads besides an estate — scenario files and `trace
 * --state` files — and the sandbox of a scenario's `estate:` and `inputs:`.
 *
 * A scenario comes from the repository it is in, which may be anyone's: its
 * `estate: /etc` or `inputs: [/proc/self]` must not make plexlint read the
 * machine. So a scenario's estate and inputs lie inside the repository that
 * holds the scenario — the nearest folder above it with a `.git` — or, when it
 * is in none, inside the working directory, like the estate `check` is given.
 */
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { repositoryRoot } from './checkout.js';
import { decode } from './decode.js';
import { diskFs } from './fs-journal.js';
import { isReadFailure, readRegularFile } from './read-file.js';
import { sourceFromText, type SourceFile } from './source-file.js';

/** Largest scenario or state file: a scenario is a few KB. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;

/** A scenario or state file, decoded, or why it cannot be read ("is a FIFO (named pipe), not a regular file"). */
export function readScenarioFile(abs: string, display: string): SourceFile | string {
  const bytes = readRegularFile(abs, MAX_SCENARIO_BYTES);
  if (isReadFailure(bytes)) return bytes.code === 'EFBIG' ? `is larger than the ${MAX_SCENARIO_BYTES / 1024 / 1024} MB plexlint reads for a scenario` : bytes.why;
  const decoded = decode(bytes);
  if (decoded.binary) return `is a binary file (${decoded.binaryReason ?? 'control characters'}), not a scenario`;
  return sourceFromText(display, decoded.text, abs, decoded.encoding);
}

export interface ScenarioSandbox {
  /** The folder everything the scenario names must lie in. */
  root: string;
  /** What it is, for messages: "the repository that holds the scenario (/src/net)". */
  what: string;
  /** The absolute path a scenario's `estate:` or `inputs:` entry names, or why it may not be used. */
  resolve(path: string): string | { error: string };
}

export { repositoryRoot } from './checkout.js';

export function scenarioSandbox(scenarioAbs: string, cwd: string): ScenarioSandbox {
  const from = dirname(scenarioAbs);
  const repo = repositoryRoot(from);
  const root = repo ?? resolve(cwd);
  const realRoot = diskFs.realpath(root) ?? root;
  const what = repo ? `the repository that holds the scenario (${root})` : `the working directory (${root}; the scenario is in no git repository)`;
  return {
    root,
    what,
    resolve(path) {
      const abs = resolve(from, path);
      const real = diskFs.realpath(abs) ?? abs;
      const rel = relative(realRoot, real);
      if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) return abs;
      return { error: `${path} is outside ${what}; a scenario's estate and inputs must lie inside it, and plexlint does not read anything else` };
    },
  };
}

/**
 * `estate:` names the estate's manifest: one that is not there, or a folder, is an error at the entry — not the
 * compile's `--config` error later, which names an option the user did not give.
 */
export function estateManifest(abs: string, entry: string): string | { error: string } {
  const kind = diskFs.kind(abs);
  if (kind === 'missing') return { error: `${entry} does not exist; estate: names the estate's plexlint.yaml` };
  if (kind === 'dir') {
    const folder = entry.replace(/\/+$/, '');
    return { error: `${entry} is a folder; estate: names the estate's plexlint.yaml (${folder}/plexlint.yaml), or list the folder under inputs: [${folder}]` };
  }
  return abs;
}
