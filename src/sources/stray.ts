/**
 * Stray copies: the files an editor, a merge, a patch or a person leaves beside a configuration file — a backup, an
 * old version, a dated copy. They are never part of the estate (docs/estates.md "Stray copies"): not a stack, not a
 * Load Balancer configuration, not a plug-in file, with or without a manifest. Discovery skips them, unread, and the
 * check reports each once as `stray-copy` (info) so that nobody wonders why it was not checked.
 *
 * Only file names are judged, never contents; a folder is not a copy (a copied `clusters/AppCluster.old/` holds a
 * `cluster.xml` that WAS may well read). The patterns, case-insensitive:
 *
 * | kind | names |
 * | --- | --- |
 * | backup | `….bak`, `….old`, `….orig`, `….save`, `….tmp`, with an optional number (`SYSA.tcpip.bak2`, `SYSA.tcpip.old.1`); `…~` (Emacs, vi) |
 * | left by a merge or a patch | `….orig`, `….rej` |
 * | an editor's swap file | `….swp`, `….swo` (vim; its hidden `.name.swp` is already skipped as a hidden name) |
 * | dated copy | a date as a part of the name between `.`, `-`, `_` or a blank: `YYYYMMDD`, `YYYY-MM-DD`, `YYYY_MM_DD`, `YYYY.MM.DD` (`SYSA.tcpip.20240101`, `SYSA-2024-01-01.tcpip`, `plugin-cfg.xml.2024-01-01`) |
 * | a copy made by a file manager | `Copy of …`, `… - Copy`, `… copy`, `… copy 2`, `… (2)` |
 *
 * A z/OS member name is at most 8 characters and starts with a letter or a national character (#, @, $), so no
 * member name is a date. The list is fixed, not configurable, so that every run and every user sees the same estate:
 * a configuration file named like a copy is checked once it has a name of its own.
 */
import { basename } from 'node:path';

/** `.bak`, `.old`, `.orig`, `.save`, `.tmp`, `.rej`, `.swp`, `.swo` at the end, with an optional number. */
const BACKUP_SUFFIX = /\.(bak|old|orig|save|tmp|rej|swp|swo)(?:[._-]?\d{1,3})?$/i;
/** A date (1900–2099, month 01–12, day 01–31) as a part of the name. */
const DATE = /(?:^|[._ -])(?:19|20)\d\d([-_.]?)(?:0[1-9]|1[0-2])\1(?:0[1-9]|[12]\d|3[01])(?=$|[._ -])/;
/** What file managers call a copy (Windows, macOS, GNOME, a browser's second download). */
const FILE_MANAGER_COPY = /^copy(?: \(\d+\))? of |\s-\s?copy(?: \(\d+\))?(?=\.[^.]*$|$)|\scopy(?: \d+)?(?=\.[^.]*$|$)|\s\(\d+\)(?=\.[^.]*$|$)/i;

/** What kind of stray copy a file is, by its name ("a backup copy (.bak)"), or undefined when it is not one. */
export function strayCopy(path: string): string | undefined {
  const name = basename(path);
  if (name.endsWith('~')) return 'a backup copy (a name ending in ~)';
  const suffix = BACKUP_SUFFIX.exec(name);
  if (suffix) {
    const what = suffix[1]!.toLowerCase();
    if (what === 'rej') return 'the rejected part of a patch (.rej)';
    if (what === 'swp' || what === 'swo') return `an editor's swap file (.${what})`;
    if (what === 'orig') return 'a copy left by a merge or a patch (.orig)';
    return `a backup copy (.${what})`;
  }
  const date = DATE.exec(name);
  if (date) return `a dated copy (${date[0].replace(/^[._ -]/, '')})`;
  if (FILE_MANAGER_COPY.test(name)) return 'a copy made by a file manager';
  return undefined;
}
