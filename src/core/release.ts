/**
 * z/OS releases, as the manifest's `release:` key writes them ("2.5"), and what a
 * statement-table entry says about when IBM added, removed or documented it.
 *
 * Shared by the profile statement table (grammar/profile), the manifest front end and
 * the profile rules, so that each names a release the same way.
 */

/** The z/OS releases plexlint knows, oldest first. */
export const ZOS_RELEASES = ['2.4', '2.5', '3.1', '3.2'] as const;
export type ZosRelease = (typeof ZOS_RELEASES)[number];

/** The newest release plexlint knows: what it assumes when the manifest names none. */
export const NEWEST_RELEASE: ZosRelease = ZOS_RELEASES[ZOS_RELEASES.length - 1]!;

export function isZosRelease(text: string): text is ZosRelease {
  return (ZOS_RELEASES as readonly string[]).includes(text);
}

/** -1, 0 or 1 as release a is older than, the same as, or newer than release b. */
export function compareReleases(a: ZosRelease, b: ZosRelease): number {
  return Math.sign(ZOS_RELEASES.indexOf(a) - ZOS_RELEASES.indexOf(b));
}

/**
 * When IBM added a statement, an operand or a form of one: the first release whose
 * IP Configuration Reference documents it, and, where service brought it to earlier
 * releases, the APAR and the releases it was shipped for (Network Express's EQENET:
 * z/OS 3.2, and APAR PH54596 on 2.5 and 3.1).
 */
export interface Introduced {
  release: ZosRelease;
  apar?: string;
  aparReleases?: readonly ZosRelease[];
}

/**
 * What a statement-table entry was confirmed against, word for word: IBM's topic, the
 * release of the IP Configuration Reference that holds it, and the page's address.
 */
export interface Confirmation {
  release: ZosRelease;
  topic: string;
  url?: string;
}

/**
 * The release a system runs and the APARs the manifest says are applied to it: what the profile
 * checks judge a statement, an operand or a form against (docs/estates.md, "z/OS releases").
 */
export interface ReleaseContext {
  release: ZosRelease;
  /** The manifest names no release for the system: plexlint assumes NEWEST_RELEASE. */
  assumed: boolean;
  /** APARs listed as applied (`apars:`), upper case. */
  apars: ReadonlySet<string>;
}

/** What plexlint judges against when the manifest names no release. */
export const ASSUMED_RELEASE: ReleaseContext = Object.freeze({ release: NEWEST_RELEASE, assumed: true, apars: new Set<string>() });

/** An APAR number as IBM writes them: two letters and five digits (PH54596, OA12345). */
export const APAR_PATTERN = /^[A-Z]{2}\d{5}$/;

/**
 * A release as the manifest may write it: "2.5" (a YAML string or number). IBM's "V2R5" is not
 * accepted as such (the manifest has one spelling); `releaseFromIbmName` reads it for a did-you-mean.
 */
export function parseRelease(text: string): ZosRelease | undefined {
  const t = text.trim();
  return isZosRelease(t) ? t : undefined;
}

/** "V2R5", "z/OS V2R5", "2.05" → "2.5" when that is a release plexlint knows. */
export function releaseFromIbmName(text: string): ZosRelease | undefined {
  const m = /^(?:z\/?OS\s*)?V?(\d)(?:R|\.)0?(\d)$/i.exec(text.trim());
  const r = m ? `${m[1]}.${m[2]}` : undefined;
  return r !== undefined && isZosRelease(r) ? r : undefined;
}

/** What a system can do with an item of the statement table that has `since` / `removedIn`. */
export type Availability =
  | { status: 'available' }
  /** On a release that the APAR brought the item to, without the APAR listed as applied: plexlint cannot know. */
  | { status: 'needs-apar'; apar: string }
  /** Introduced after the system's release (and no APAR brings it there). */
  | { status: 'too-new'; introduced: Introduced }
  /** Removed in the system's release or before it. */
  | { status: 'removed'; removedIn: ZosRelease };

const AVAILABLE: Availability = Object.freeze({ status: 'available' });

/** Whether a statement, operand or form exists on the system's release (with its APARs). */
export function availability(item: { since?: Introduced | undefined; removedIn?: ZosRelease | undefined }, ctx: ReleaseContext): Availability {
  if (item.removedIn !== undefined && compareReleases(item.removedIn, ctx.release) <= 0) return { status: 'removed', removedIn: item.removedIn };
  const since = item.since;
  if (!since || compareReleases(since.release, ctx.release) <= 0) return AVAILABLE;
  if (since.apar !== undefined && since.aparReleases?.includes(ctx.release)) {
    return ctx.apars.has(since.apar.toUpperCase()) ? AVAILABLE : { status: 'needs-apar', apar: since.apar.toUpperCase() };
  }
  return { status: 'too-new', introduced: since };
}

/** "z/OS 3.2" or "z/OS 3.2 (and APAR PH54596 on z/OS 2.5 and 3.1)". */
export function introducedText(i: Introduced): string {
  const on = i.aparReleases?.length ? ` on z/OS ${joinReleases(i.aparReleases)}` : '';
  return i.apar ? `z/OS ${i.release} (and APAR ${i.apar}${on})` : `z/OS ${i.release}`;
}

function joinReleases(list: readonly ZosRelease[]): string {
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** The release context of a system from what the manifest says (undefined: not said). */
export function releaseContext(release: ZosRelease | undefined, apars: readonly string[] | undefined): ReleaseContext {
  if (release === undefined && !apars?.length) return ASSUMED_RELEASE;
  return { release: release ?? NEWEST_RELEASE, assumed: release === undefined, apars: new Set((apars ?? []).map((a) => a.toUpperCase())) };
}
