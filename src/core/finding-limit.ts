/**
 * At most MAX_FINDINGS_PER_RULE_AND_FILE findings of one rule in one file are
 * kept; the rest are counted and reported as one finding of that rule, at the
 * first one left out. A hostile or broken file can make a rule fire on every
 * line — 10^6 `START A` lines are a million undefined-reference errors, about
 * 2.6 GB of findings, messages and report — and nobody reads past the first
 * screens of one problem repeated (compilers stop after a few errors:
 * clang's -ferror-limit). Memory for findings is then bounded by the number of
 * rules and files, not by the size of a file.
 *
 * A front end that finds many problems in one file keeps a limit of its own,
 * so that it does not even build the messages it would drop (plugin-cfg.xml:
 * an element with 500,000 unknown attributes); the engine's limit passes its
 * summary findings through as they are.
 */
import type { Finding, RuleId } from './diagnostic.js';
import type { Loc } from './loc.js';

export const MAX_FINDINGS_PER_RULE_AND_FILE = 10_000;

interface Count {
  kept: number;
  left: number;
  first?: Loc;
  severity?: Finding['severity'];
  consequence?: string;
}

/** Summary findings made by some limit: counted once, by the limit that made them. */
const SUMMARIES = new WeakSet<Finding>();

/** Whether a finding is a limit's count of the findings it left out. */
export function isLimitSummary(f: Finding): boolean {
  return SUMMARIES.has(f);
}

export class FindingLimit {
  /** Rule → file → counts (no key string built per finding). */
  private readonly counts = new Map<RuleId, Map<string, Count>>();

  constructor(private readonly max = MAX_FINDINGS_PER_RULE_AND_FILE) {}

  /** Whether to keep a finding of this rule at this place (false: it is counted instead). */
  admit(ruleId: RuleId, loc: Loc, severity?: Finding['severity'], consequence?: string): boolean {
    let byFile = this.counts.get(ruleId);
    if (!byFile) this.counts.set(ruleId, (byFile = new Map()));
    let c = byFile.get(loc.file);
    if (!c) byFile.set(loc.file, (c = { kept: 0, left: 0 }));
    if (c.kept < this.max) {
      c.kept++;
      return true;
    }
    if (c.left++ === 0) {
      c.first = loc;
      if (severity) c.severity = severity;
      if (consequence) c.consequence = consequence;
    }
    return false;
  }

  /** The findings admitted, in order. */
  filter(findings: Finding[]): Finding[] {
    return findings.filter((f) => SUMMARIES.has(f) || this.admit(f.ruleId, f.loc, f.severity, f.consequence));
  }

  /** One finding per rule and file that went over the limit, saying how many were left out. */
  summaries(): Finding[] {
    const out: Finding[] = [];
    for (const [ruleId, byFile] of this.counts) for (const c of byFile.values()) {
      if (c.left === 0 || !c.first) continue;
      const f: Finding = {
        ruleId,
        loc: c.first,
        message:
          `${c.left.toLocaleString('en-US')} more finding${c.left === 1 ? '' : 's'} of ${ruleId} in this file from here on ` +
          `are not listed: plexlint reports the first ${this.max.toLocaleString('en-US')} of a rule in a file. Fix those and check again.`,
      };
      if (c.severity) f.severity = c.severity;
      if (c.consequence) f.consequence = c.consequence;
      SUMMARIES.add(f);
      out.push(f);
    }
    return out;
  }
}
