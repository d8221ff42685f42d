/**
 * Mermaid's own parser, for tests: `mermaid.parse` of the mermaid package (the
 * flowchart grammar lives there, not in @mermaid-js/parser), under Node with a
 * jsdom window — mermaid sanitises labels with DOMPurify, which needs a DOM.
 * mermaid 11 is the last line that runs on Node 20 (12 needs Node 22.12).
 */
import { JSDOM } from 'jsdom';

type Parse = (text: string) => Promise<unknown>;
let loaded: Promise<Parse> | undefined;

async function load(): Promise<Parse> {
  const g = globalThis as Record<string, unknown>;
  if (g['window'] === undefined) {
    const dom = new JSDOM('<!doctype html><html><body></body></html>');
    g['window'] = dom.window;
    g['document'] = dom.window.document;
  }
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({ startOnLoad: false });
  return (text: string) => mermaid.parse(text);
}

/** Parse a diagram with Mermaid's parser; rejects with Mermaid's message when it does not parse. */
export async function parseMermaid(text: string): Promise<unknown> {
  loaded ??= load();
  return (await loaded)(text);
}
