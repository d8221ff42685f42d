/**
 * A Windows go script (goActive.cmd, …) read the way cmd.exe reads a batch
 * file: one command per line, `rem` and `::` lines are comments, a leading `@`
 * only hides the echo, `set NAME=value` sets a variable, `%NAME%` expands it
 * (names are not case-sensitive), and a command after `if …` or inside a
 * parenthesised block runs under a condition. Words are separated by blanks;
 * double quotes group blanks into a word and are removed.
 */
import type { SourceFile } from '../../sources/source-file.js';
import type { Arg, Context, Scanner } from './index.js';

/** Words of a line, with their offsets in the file. */
function words(line: string, offset: number): { raw: string; start: number; end: number }[] {
  const out: { raw: string; start: number; end: number }[] = [];
  const re = /(?:"[^"]*"?|[^\s"])+/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push({ raw: m[0], start: offset + m.index, end: offset + m.index + m[0].length });
  return out;
}

function expand(raw: string, vars: ReadonlyMap<string, string>): { text: string; symbolic: boolean } {
  let symbolic = false;
  const text = raw
    .replace(/%([A-Za-z_][A-Za-z0-9_]*)%/g, (_, name: string) => {
      const v = vars.get(name) ?? vars.get(name.toUpperCase()) ?? [...vars].find(([k]) => k.toUpperCase() === name.toUpperCase())?.[1];
      if (v === undefined) symbolic = true;
      return v ?? '';
    })
    .replace(/"/g, '');
  return { text, symbolic };
}

export function readBatch(file: SourceFile, scanner: Scanner, ctx: Context): void {
  let offset = 0;
  let depth = 0;
  for (const line of file.text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    let body = line.replace(/\r$/, '');
    let at = lineStart;
    const lead = /^[\s@]*/.exec(body)![0].length;
    body = body.slice(lead);
    at += lead;
    if (/^(rem(\s|$)|::)/i.test(body) || body === '') continue;
    let conditional = ctx.conditional || depth > 0;
    // `if [not] … command` / `if … (`: the command runs under a condition.
    const cond = /^if\s+(not\s+)?(exist\s+\S+|errorlevel\s+\d+|defined\s+\S+|"[^"]*"\s*==\s*"[^"]*"|\S+\s*==\s*\S+)\s*/i.exec(body);
    if (cond) {
      conditional = true;
      body = body.slice(cond[0].length);
      at += cond[0].length;
    }
    if (body.endsWith('(')) {
      depth++;
      body = body.slice(0, -1).trimEnd();
    }
    if (/^\)/.test(body)) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const ws = words(body, at);
    if (ws.length === 0) continue;
    const args: Arg[] = ws.map((w) => ({ ...expand(w.raw, scanner.vars), raw: w.raw, start: w.start, end: w.end, file }));
    if (/^set$/i.test(args[0]!.text)) {
      const m = /^set\s+("?)([A-Za-z_][A-Za-z0-9_]*)=(.*?)\1\s*$/i.exec(body);
      if (m) {
        const e = expand(m[3]!, scanner.vars);
        scanner.assign(m[2]!, e.symbolic ? undefined : e.text);
      }
      continue;
    }
    scanner.command({ args, file, start: ws[0]!.start, end: ws.at(-1)!.end }, { ...ctx, conditional });
  }
}
