/**
 * Following INCLUDEs, the part the TCP/IP profile and OMPROUTE front ends share:
 * which members are being read (a cycle), how deep, and how much one
 * configuration may include in all (the budget). Both read their members through
 * the same resolver (src/sources/includes.ts), so the same sandbox applies: nothing
 * outside the estate is read.
 *
 * IBM documents INCLUDE for both (the profile's INCLUDE statement; OMPROUTE's
 * EZZ7830I: "If INCLUDE files were processed as part of the OMPROUTE
 * configuration file …") but no nesting limit.
 */
import type { Finding } from '../core/diagnostic.js';
import type { Loc } from '../core/loc.js';

/** INCLUDE nesting deeper than this is reported rather than followed (IBM documents no limit). */
export const MAX_INCLUDE_DEPTH = 16;
/**
 * Members one configuration may include in all (each time a member is included counts).
 * Without a budget, members that each INCLUDE the next one ten times expand
 * exponentially (an "INCLUDE bomb": 16 levels, 10^16 members) even though no
 * INCLUDE closes a cycle.
 */
export const MAX_INCLUDED_MEMBERS = 1000;
/** Characters of included text one configuration may expand to in all (the largest file plexlint reads). */
export const MAX_INCLUDED_CHARS = 64 * 1024 * 1024;

/** Why a member is not followed: its finding (none when the budget was already reported), and whether every statement was still read. */
export interface Refusal {
  finding?: Finding;
  /** A cycle: the member is already being read, so nothing is missing. Depth or budget: the member's statements are not read. */
  complete: boolean;
}

export class IncludeWalk {
  private readonly active: string[] = [];
  private included = 0;
  private includedChars = 0;
  private budgetReported = false;

  /**
   * @param reader who reads the configuration, in a message: "the stack", "OMPROUTE".
   * @param what what it is, in a message: "profile", "OMPROUTE configuration".
   */
  constructor(
    private readonly reader: string,
    private readonly what: string,
  ) {}

  /** Reading of `key` (a file's absolute path) starts / ends. */
  enter(key: string): void {
    this.active.push(key);
  }

  leave(): void {
    this.active.pop();
  }

  /** Whether a member of `chars` characters that `INCLUDE <dataset>` at `loc` names may be read now; when not, why. */
  admit(key: string, chars: number, dataset: string, loc: Loc): Refusal | undefined {
    if (this.active.includes(key)) {
      const chain = [...this.active.slice(this.active.indexOf(key)), key].map((p) => p.split('/').pop()).join(' → ');
      return {
        complete: true,
        finding: {
          ruleId: 'include-cycle',
          loc,
          message: `INCLUDE ${dataset} includes a member that is already being processed (${chain}): IBM documents no nesting limit, so plexlint assumes ${this.reader} would read it again and again. Remove the INCLUDE that closes the cycle.`,
        },
      };
    }
    if (this.active.length >= MAX_INCLUDE_DEPTH) {
      return { complete: false, finding: { ruleId: 'include-cycle', loc, message: `INCLUDE ${dataset} is nested ${this.active.length} deep; plexlint stops following INCLUDEs here.` } };
    }
    if (this.included + 1 > MAX_INCLUDED_MEMBERS || this.includedChars + chars > MAX_INCLUDED_CHARS) {
      // Once per configuration: every later INCLUDE would say the same.
      if (this.budgetReported) return { complete: false };
      this.budgetReported = true;
      return {
        complete: false,
        finding: {
          ruleId: 'include-cycle',
          loc,
          message:
            `INCLUDE ${dataset}: this ${this.what} has already included ${this.included} members (${this.includedChars} characters), ` +
            `more than plexlint follows (${MAX_INCLUDED_MEMBERS} members, ${MAX_INCLUDED_CHARS / 1048576} M characters); ` +
            'it stops following INCLUDEs here. Members that INCLUDE the same members several times multiply: INCLUDE each member from one place.',
        },
      };
    }
    this.included++;
    this.includedChars += chars;
    return undefined;
  }
}
