/**
 * Libraries that only some runs need, loaded on first use: a check of TCP/IP
 * profiles alone never pays for the XML or YAML parser (together ~100 ms of
 * start-up as ES modules). fast-xml-parser's CommonJS build is one file and
 * loads several times faster than its ES module graph.
 */
import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';
import type * as Saxes from 'saxes';
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
