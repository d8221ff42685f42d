/**
 * Object specifications: the `cluster[:port[:server]]` (Load Balancer for IPv4)
 * or `cluster[@port[@server]]` (Load Balancer for IPv4 and IPv6) operand of
 * port, server, advisor and manager commands.
 *
 * - `+` joins several values in one field: `130.40.52.153@80+23`.
 * - In the `@` form an empty field is a wildcard: `@80@ServerA` adds ServerA
 *   to port 80 of every cluster (dscontrol server, v7.0–v9.0 docs).
 * - IPv6 addresses contain `:`; a word with `@` is always the `@` form, and a
 *   word without `@` is read as the `:` form only when it has at most three
 *   `:`-separated parts, no `::`, and a second part that can be a port list.
 */

export interface SpecItem {
  /** The text of the item; '' for a wildcard (empty field). */
  text: string;
  /** Offsets into the word, [start, end). */
  start: number;
  end: number;
  wildcard: boolean;
}

export interface SplitSpec {
  separator: '@' | ':' | undefined;
  /** Up to three fields (cluster, port, server), each a `+` list. */
  fields: SpecItem[][];
  /** More fields than cluster, port and server. */
  extra?: { start: number; end: number };
}

function splitPlus(text: string, base: number): SpecItem[] {
  const out: SpecItem[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === '+') {
      const item = text.slice(start, i);
      out.push({ text: item, start: base + start, end: base + i, wildcard: item === '' });
      start = i + 1;
    }
  }
  return out;
}

function splitOn(text: string, sep: string): { text: string; start: number }[] {
  const parts: { text: string; start: number }[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === sep) {
      parts.push({ text: text.slice(start, i), start });
      start = i + 1;
    }
  }
  return parts;
}

/** Decide the separator style of a spec word. */
export function separatorOf(text: string): '@' | ':' | undefined {
  if (text.includes('@')) return '@';
  if (!text.includes(':') || text.includes('::')) return undefined;
  const parts = text.split(':');
  if (parts.length > 3) return undefined;
  return /^[0-9+]*$/.test(parts[1] ?? '') ? ':' : undefined;
}

export function splitSpec(text: string): SplitSpec {
  const separator = separatorOf(text);
  if (!separator) return { separator, fields: [splitPlus(text, 0)] };
  const parts = splitOn(text, separator);
  const spec: SplitSpec = { separator, fields: parts.slice(0, 3).map((p) => splitPlus(p.text, p.start)) };
  if (parts.length > 3) spec.extra = { start: parts[3]!.start - 1, end: text.length };
  return spec;
}
