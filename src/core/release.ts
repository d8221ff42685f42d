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
