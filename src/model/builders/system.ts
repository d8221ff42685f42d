/** One system: its name, CPC, symbols and stack, from its parsed profile. */
import type { ParsedProfile } from '../../frontends/profile/index.js';
import type { System } from '../estate.js';
import { buildStack } from './stack.js';

export interface SystemInput {
  name: string;
  nameSource: System['nameSource'];
  cpc?: string;
  symbols: Record<string, string>;
  parsed: ParsedProfile;
}

export function buildSystem(input: SystemInput): System {
  // A final line end does not start another line.
  const lines = input.parsed.files.reduce((n, f) => n + f.lines.lineCount - (/\r?\n$|\r$/.test(f.text) ? 1 : 0), 0);
  const system: System = {
    name: input.name,
    nameSource: input.nameSource,
    symbols: input.symbols,
    profile: input.parsed.ast.file,
    files: input.parsed.files.map((f) => f.path),
    stack: buildStack(input.parsed.ast, lines),
  };
  if (input.cpc) system.cpc = input.cpc;
  return system;
}
