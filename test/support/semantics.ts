/**
 * The meaning of one profile, for property tests that rewrite a profile and expect the
 * same meaning: its compiled stack with every location (and the line count) removed, and
 * the rule ids that fired.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import { parseProfile, type ParsedProfile } from '../../src/frontends/profile/index.js';
import { buildSystem } from '../../src/model/builders/system.js';
import { sourceFromText } from '../../src/sources/source-file.js';

export const SYMBOLS = { SYSNAME: 'SYSA', HOSTIP: '10.20.1.11', XCFIP: '10.30.1.1', SVIPA: '10.21.1.11' };

/** One profile text parsed as SYSA.tcpip, with the test symbols. */
export function parseSysa(text: string): ParsedProfile {
  return parseProfile(sourceFromText('SYSA.tcpip', text), { symbols: new Map(Object.entries(SYMBOLS)) });
}

export function semantics(text: string): { model: unknown; rules: string[] } {
  const parsed = parseSysa(text);
  const system = buildSystem({ name: 'SYSA', nameSource: 'file-name', symbols: SYMBOLS, parsed });
  return { model: withoutLocations(system.stack), rules: parsed.findings.map((f: Finding) => f.ruleId).sort() };
}

const POSITION_KEYS = new Set(['file', 'line', 'column', 'endLine', 'endColumn', 'lines']);

export function withoutLocations(x: unknown): unknown {
  // Some texts of the model name a line ("ignored after the error at line 22").
  if (typeof x === 'string') return x.replace(/\bline \d+/g, 'line N');
  if (Array.isArray(x)) return x.map(withoutLocations);
  if (x === null || typeof x !== 'object') return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === 'loc' || k.endsWith('Loc') || POSITION_KEYS.has(k)) continue;
    out[k] = withoutLocations(v);
  }
  return out;
}
