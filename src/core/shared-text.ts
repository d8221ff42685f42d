/**
 * One string per distinct short text for the whole run: of the model (a link, job or address name, "a.b.c.d/len",
 * the reason an address is or is not advertised) and of the XML front end (attribute names). Each word of a
 * profile is a string of its own, and each reason a string built for its address: the 1,500 routes of a stack over
 * one link, the same first hop and job names in every stack, the same few hundred reasons for the 30,000 addresses
 * of a large estate were a copy each, megabytes of them kept as long as the model, and a large plugin-cfg.xml had
 * 100,000 copies of a few attribute names.
 *
 * Bounded in count and length (at most 50,000 texts of up to 256 characters), so that a long-running language
 * server or a hostile file cannot make it grow without end.
 */
const MAX_TEXTS = 50_000;
const MAX_LENGTH = 256;
const sharedTexts = new Map<string, string>();

export function sharedText(text: string): string {
  if (text.length > MAX_LENGTH) return text;
  let kept = sharedTexts.get(text);
  if (kept === undefined) {
    if (sharedTexts.size >= MAX_TEXTS) sharedTexts.clear();
    sharedTexts.set(text, (kept = text));
  }
  return kept;
}
