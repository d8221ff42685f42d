/**
 * Libraries that only some runs need, loaded on first use: a check of TCP/IP
 * profiles alone never pays for the XML or YAML parser (together ~100 ms of
 * start-up as ES modules). fast-xml-parser's CommonJS build is one file and
 * loads several times faster than its ES module graph.
 */
import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';
import type * as Saxes from 'saxes';
import type * as Viz from '@viz-js/viz';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);

let fxpModule: typeof FastXmlParser | undefined;
let yamlModule: typeof Yaml | undefined;
let saxesModule: typeof Saxes | undefined;

export function fastXmlParser(): typeof FastXmlParser {
  return (fxpModule ??= require('fast-xml-parser') as typeof FastXmlParser);
}

export function yaml(): typeof Yaml {
  return (yamlModule ??= require('yaml') as typeof Yaml);
}

/** The strict XML tokenizer that finds the first well-formedness error (src/frontends/xml/well-formed.ts). */
export function saxes(): typeof Saxes {
  return (saxesModule ??= require('saxes') as typeof Saxes);
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
    mvdanShModule = require('mvdan-sh') as MvdanSh;
  } finally {
    Error.stackTraceLimit = limit;
    if (hadRequire) g.require = globalRequire;
    else delete g.require;
  }
  return mvdanShModule;
}

/**
 * Graphviz compiled to WebAssembly (`plexlint graph -f svg` only), through its CommonJS build: the bundled CLI is a
 * script loaded with V8's code cache (bin/bundle.js), where a dynamic import() has no module loader to call.
 */
export function viz(): typeof Viz {
  return require('@viz-js/viz') as typeof Viz;
}
