/**
 * One string per distinct text of the model (a link, job or address name, "a.b.c.d/len", the reason an address is
 * or is not advertised) for the whole run. Each word of a profile is a string of its own, and each reason a string
 * built for its address: the 1,500 routes of a stack over one link, the same first hop and job names in every
 * stack, the same few hundred reasons for the 30,000 addresses of a large estate were a copy each, megabytes of them
 * kept as long as the model. Bounded, so that a long-running language server does not collect them forever.
 */
const sharedTexts = new Map<string, string>();
export function sharedText(text: string): string {
  let kept = sharedTexts.get(text);
  if (kept === undefined) {
    if (sharedTexts.size >= 100_000) sharedTexts.clear();
    sharedTexts.set(text, (kept = text));
  }
  return kept;
}
