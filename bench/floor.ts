/**
 * The floors the bench's ratios are measured against, in the same run on the same machine.
 *
 * - tokenFloor, "read and tokenise" (the floor of the check ratio since the performance issue): read every file,
 *   decode it as plexlint decodes files (src/sources/decode.ts: byte-order marks, UTF-8 or ISO-8859-1, EBCDIC,
 *   UTF-16), and produce the token list a minimal tokenizer would — one object per token with its kind, its offset
 *   and its text — for profiles, OMPROUTE and dscontrol files and XML alike: `;` comments and XML comments,
 *   quoted strings, XML punctuation (`<`, `</`, `>`, `/>`, `=`, `?`, `!`), and words. Nothing is parsed.
 * - regexCountFloor, the floor before it: read each file as ISO-8859-1 and count the matches of one regular
 *   expression, materialising no token. Printed beside the other so that figures stay comparable with older runs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from '../src/sources/decode.js';

export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

export type TokenKind = 'comment' | 'string' | 'punctuation' | 'word';

export interface Token {
  kind: TokenKind;
  offset: number;
  text: string;
}

const TOKEN = /(;[^\n]*|<!--[\s\S]*?-->)|("[^"]*"|'[^']*')|(<\/?|\/?>|[=?!])|[^\s;<>="']+/g;

/** The tokens of one text. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    out.push({ kind: m[1] !== undefined ? 'comment' : m[2] !== undefined ? 'string' : m[3] !== undefined ? 'punctuation' : 'word', offset: m.index, text: m[0] });
  }
  return out;
}

/** Read, decode and tokenise every file of the folder; milliseconds. */
export function tokenFloor(dir: string): { ms: number; tokens: number } {
  const t = performance.now();
  let tokens = 0;
  for (const f of files(dir)) tokens += tokenize(decode(readFileSync(f)).text).length;
  if (tokens === 0) throw new Error('no tokens');
  return { ms: performance.now() - t, tokens };
}

/** Read every file and count the matches of one regular expression; milliseconds. */
export function regexCountFloor(dir: string): number {
  const t = performance.now();
  let tokens = 0;
  for (const f of files(dir)) {
    const text = readFileSync(f, 'latin1');
    const re = /;[^\n]*|[^\s;<>="]+/g;
    while (re.exec(text)) tokens++;
  }
  if (tokens === 0) throw new Error('no tokens');
  return performance.now() - t;
}
