/**
 * Libraries that only some runs need, loaded on first use: a check of TCP/IP
 * profiles alone never pays for the YAML, XML or shell parsers. A file of an
 * estate pays for the ones its files need: plexlint.yaml the YAML parser, a
 * plug-in file the two XML readers, a go script the shell parser.
 *
 * How a library is loaded is set by whoever starts plexlint. By default it is
 * required from node_modules. The bundled CLI (bin/bundle.js) sets a loader
 * that runs each library from one CommonJS file the build made of it (dist/lib/)
 * with the V8 code cache the build saved beside it: yaml as its ~50 modules, and
 * mvdan-sh's 1.5 MB GopherJS script compiled afresh, are most of the start-up of
 * a check of one file of an estate.
 */
import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';
import type * as Saxes from 'saxes';
import type * as Viz from '@viz-js/viz';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);

/** The libraries a loader is asked for (by their package names). */
export const LAZY_LIBRARIES = ['yaml', 'saxes', 'fast-xml-parser', 'mvdan-sh'] as const;
export type LazyLibrary = (typeof LAZY_LIBRARIES)[number];

/** Loads a library's CommonJS exports; the bundled CLI's loads it with its code cache (bin/bundle.js). */
export type LibraryLoader = (name: LazyLibrary) => unknown;

let load: LibraryLoader = (name) => require(name);

/** Set how the libraries are loaded (before the first is used; a library already loaded stays). */
export function setLibraryLoader(loader: LibraryLoader): void {
  load = loader;
}

let fxpModule: typeof FastXmlParser | undefined;
let yamlModule: typeof Yaml | undefined;
let saxesModule: typeof Saxes | undefined;

export function fastXmlParser(): typeof FastXmlParser {
  return (fxpModule ??= load('fast-xml-parser') as typeof FastXmlParser);
}

export function yaml(): typeof Yaml {
  return (yamlModule ??= load('yaml') as typeof Yaml);
}

/** The strict XML tokenizer that finds the first well-formedness error (src/frontends/xml/well-formed.ts). */
export function saxes(): typeof Saxes {
  return (saxesModule ??= load('saxes') as typeof Saxes);
}

let mvdanShModule: MvdanSh | undefined;

/** The parts of mvdan-sh (mvdan/sh compiled to JavaScript) that plexlint uses; the syntax tree: src/frontends/goscript/sh-tree.ts. */
export interface MvdanSh {
  syntax: {
    NewParser(...options: unknown[]): { Parse(text: string, name: string): unknown };
    KeepComments(keep: boolean): unknown;
    Variant(variant: unknown): unknown;
    LangBash: unknown;
    LangPOSIX: unknown;
    LangMirBSDKorn: unknown;
    NodeType(node: unknown): string;
  };
}

/**
 * The shell parser of the go-script front end. Its GopherJS runtime sets
 * Error.stackTraceLimit to Infinity and a global `require` when it loads; both
 * are put back, so the rest of the process keeps its own.
 */
export function mvdanSh(): MvdanSh {
  if (mvdanShModule) return mvdanShModule;
  const limit = Error.stackTraceLimit;
  const g = globalThis as { require?: unknown };
  const hadRequire = Object.prototype.hasOwnProperty.call(g, 'require');
  const globalRequire = g.require;
  try {
    mvdanShModule = load('mvdan-sh') as MvdanSh;
  } finally {
    Error.stackTraceLimit = limit;
    if (hadRequire) g.require = globalRequire;
    else delete g.require;
  }
  return mvdanShModule;
}

/**
 * Graphviz compiled to WebAssembly (`plexlint graph -f svg` only), through its CommonJS build: the bundled CLI is a
 * script loaded with V8's code cache (bin/bundle.js), where a dynamic import() has no module loader to call. Not
 * given a code cache: compiling its WebAssembly, not its JavaScript, is what a drawing waits for.
 */
export function viz(): typeof Viz {
  return require('@viz-js/viz') as typeof Viz;
}
