/**
 * The run of characters of one kind that ends a text, found by a scan from its end.
 *
 * A regular expression such as `/[A-Za-z0-9]*$/` or `/[^\s]+$/` is tried at every start in the text, and from each
 * start it runs to the end of the run before it finds the run is not at the end: on a long run followed by one other
 * character that is quadratic (50,000 characters took 6 to 15 s here, a 1 MB run would take hours). The scan looks at
 * the characters of the run once each.
 */

/** Where the run of characters that `inRun` accepts, ending at `end` (the text's end unless given), starts: `end` when there is none. */
export function trailingRunStart(text: string, inRun: (c: string) => boolean, end: number = text.length): number {
  let i = end;
  while (i > 0 && inRun(text[i - 1]!)) i--;
  return i;
}
