/**
 * Mermaid's own parser, for tests: `mermaid.parse` of the mermaid package (the
 * flowchart grammar lives there, not in @mermaid-js/parser), under Node with a
 * jsdom window — mermaid sanitises labels with DOMPurify, which needs a DOM.
 * mermaid 11 is the last line that runs on Node 20 (12 needs Node 22.12).
 *
 * The window is global only while Mermaid runs: with a global `window`, the
 * Graphviz WebAssembly module of `graph -f svg` takes itself for a browser and
 * fails, so a test file that draws both must not keep it.
 */
import { JSDOM } from 'jsdom';
import type { Mermaid } from 'mermaid';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
let loaded: Promise<Mermaid> | undefined;

/** Run `work` with jsdom's window and document as globals (unless the test environment has its own). */
async function withDom<T>(work: () => Promise<T>): Promise<T> {
  const g = globalThis as Record<string, unknown>;
  const own = g['window'] === undefined;
  if (own) {
    g['window'] = dom.window;
    g['document'] = dom.window.document;
  }
  try {
    return await work();
  } finally {
    if (own) {
      delete g['window'];
      delete g['document'];
    }
  }
}

async function mermaid(): Promise<Mermaid> {
  loaded ??= withDom(async () => {
    const { default: m } = await import('mermaid');
    m.initialize({ startOnLoad: false });
    return m;
  });
  return loaded;
}

/** Parse a diagram with Mermaid's parser; rejects with Mermaid's message when it does not parse. */
export async function parseMermaid(text: string): Promise<unknown> {
  const m = await mermaid();
  return withDom(() => m.parse(text));
}

/** What Mermaid made of a flowchart: the configuration its directives set, and every label as it is shown. */
export interface MermaidPicture {
  /** What `%%{init …}%%` directives or front matter set ({} when none). */
  config: Record<string, unknown>;
  nodes: { id: string; lines: string[]; link?: string; classes: string[] }[];
  edges: { lines: string[] }[];
  subgraphs: string[];
}

interface FlowDb {
  getVertices(): Map<string, { id: string; text?: string; link?: string; classes: string[] }>;
  getEdges(): { text?: string }[];
  getSubGraphs(): { title: string }[];
}

/**
 * A label's text as a browser shows it: Mermaid's entity codes (`#35;`, stored as ﬂ°°35¶ß) become HTML entities,
 * which the DOM decodes; the lines plexlint joins with `<br/>` are split (a `<` from the files is always a code).
 */
function shown(text: string): string[] {
  return text.split(/<br\s*\/?>/i).map((line) => {
    const element = dom.window.document.createElement('div');
    element.innerHTML = line.replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';');
    return element.textContent ?? '';
  });
}

/** Parse a flowchart with Mermaid, as it is drawn: its configuration, its nodes, edges and subgraphs. */
export async function inspectMermaid(text: string): Promise<MermaidPicture> {
  const m = await mermaid();
  return withDom(async () => {
    const parsed = (await m.parse(text)) as unknown as { config?: Record<string, unknown> };
    const { db } = (await m.mermaidAPI.getDiagramFromText(text)) as unknown as { db: FlowDb };
    return {
      config: parsed.config ?? {},
      nodes: [...db.getVertices().values()].map((v) => ({ id: v.id, lines: shown(v.text ?? v.id), ...(v.link !== undefined ? { link: v.link } : {}), classes: [...v.classes] })),
      edges: db.getEdges().map((e) => ({ lines: shown(e.text ?? '') })),
      subgraphs: db.getSubGraphs().map((g) => shown(g.title).join('\n')),
    };
  });
}
