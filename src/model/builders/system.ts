/** One system: its name, CPC, symbols and stack, from its parsed profile. */
import { ASSUMED_RELEASE, type ReleaseContext } from '../../core/release.js';
import type { ParsedProfile } from '../../frontends/profile/index.js';
import type { System } from '../estate.js';
import { buildStack } from './stack.js';

export interface SystemInput {
  name: string;
  nameSource: System['nameSource'];
  cpc?: string;
  symbols: Record<string, string>;
  /** The release the manifest gives the system (default: the newest, assumed). */
  release?: ReleaseContext;
  parsed: ParsedProfile;
}

export function buildSystem(input: SystemInput): System {
  // A final line end does not start another line.
  const lines = input.parsed.files.reduce((n, f) => n + f.lines.lineCount - (/\r?\n$|\r$/.test(f.text) ? 1 : 0), 0);
  const release = input.release ?? ASSUMED_RELEASE;
  const system: System = {
    name: input.name,
    nameSource: input.nameSource,
    release: release.release,
    ...(release.assumed ? { releaseAssumed: true as const } : {}),
    ...(release.apars.size ? { apars: [...release.apars].sort() } : {}),
    symbols: input.symbols,
    profile: input.parsed.ast.file,
    files: input.parsed.files.map((f) => f.path),
    stack: buildStack(input.parsed.ast, lines),
  };
  if (input.cpc) system.cpc = input.cpc;
  return system;
}
