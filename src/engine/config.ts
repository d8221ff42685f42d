/**
 * Effective rule severities: rule default, then plexlint.yaml `rules:`, then
 * `overrides:` whose `files` globs match the file, then `--rule` on the command
 * line (ESLint's order). `syntax` cannot be turned off.
 */
import { relative } from 'node:path';
import type { Severity } from '../core/diagnostic.js';
import type { Manifest } from '../frontends/manifest/index.js';
import type { RuleSetting } from '../frontends/manifest/ast.js';
import { findRule } from '../rules/registry.js';
import { matchesGlob } from './glob.js';
import { emptyRecord } from '../core/record.js';

export type Level = RuleSetting['level'];

export function levelToSeverity(level: Level): Severity | 'off' {
  return level === 'warn' ? 'warning' : level;
}

export function parseLevel(text: string): Level | undefined {
  const t = text.toLowerCase();
  if (t === 'warning') return 'warn';
  return (['off', 'info', 'warn', 'error'] as const).find((l) => l === t);
}

export class RuleConfig {
  constructor(
    private readonly manifest: Manifest | undefined,
    private readonly cli: Record<string, Level> = emptyRecord(),
    private readonly cwd: string = process.cwd(),
  ) {}

  /** Severity for a finding of `ruleId` in `file` (a display path relative to cwd), or 'off'. */
  severity(ruleId: string, file: string, fallback?: Severity): Severity | 'off' {
    const rule = findRule(ruleId);
    const settings: (RuleSetting | Level | undefined)[] = [this.manifest?.rules[ruleId]];
    if (this.manifest) {
      const rel = relative(this.manifest.dir, `${this.cwd}/${file}`).split('\\').join('/');
      for (const o of this.manifest.overrides) if (o.files.some((g) => matchesGlob(rel, g))) settings.push(o.rules[ruleId]);
    }
    settings.push(this.cli[ruleId]);
    let result: Severity | 'off' = fallback ?? rule?.meta.severity ?? 'error';
    for (const s of settings) if (s) result = levelToSeverity(typeof s === 'string' ? s : s.level);
    if (rule?.meta.unsuppressible && result === 'off') return rule.meta.severity;
    return result;
  }

  /** The effective level of every rule for one file (`--print-config`). */
  effective(file: string): Record<string, Severity | 'off'> {
    const out = emptyRecord<Severity | 'off'>();
    for (const id of knownIds()) out[id] = this.severity(id, file);
    return out;
  }
}

let ids: string[] | undefined;
function knownIds(): string[] {
  return (ids ??= []);
}
export function registerIds(all: string[]): void {
  ids = all;
}
