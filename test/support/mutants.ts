/**
 * Mutants for the mutation fuzzer (test/mutation-fuzz.test.ts): real estates from fixtures/ copied and damaged
 * the ways that found the defects of the security review — deep nesting, huge tokens, control characters (raw
 * and as XML character references), path entries that lead out of the estate or to devices, FIFOs and /proc —
 * and the classic ones (deleted, repeated, swapped and truncated lines, flipped bytes). Deterministic for a seed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** A small, fast, seedable PRNG (mulberry32). */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** Folders of fixtures/ that are estates: the example, fixtures/estates/*, and every rule fixture's bad and good folders. */
export function baseEstates(): string[] {
  const out = [join(FIXTURES, 'example')];
  const estates = join(FIXTURES, 'estates');
  if (existsSync(estates)) for (const n of readdirSync(estates).sort()) if (statSync(join(estates, n)).isDirectory()) out.push(join(estates, n));
  for (const rule of readdirSync(join(FIXTURES, 'rules')).sort()) {
    for (const side of ['bad', 'good']) {
      const p = join(FIXTURES, 'rules', rule, side);
      if (existsSync(p) && statSync(p).isDirectory()) out.push(p);
    }
  }
  return out;
}

function textFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      // lstat: a symbolic link of the fixtures is never followed, so a mutation never writes through it.
      const st = lstatSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && st.size < 4_000_000) out.push(p);
    }
  };
  walk(dir);
  return out;
}

export interface Limits {
  /** Largest huge token, in characters. */
  hugeToken: number;
  /** Deepest nesting. */
  depth: number;
  /** Most repetitions of a line. */
  repeat: number;
}

export const SMALL: Limits = { hugeToken: 200_000, depth: 3_000, repeat: 5_000 };
export const LARGE: Limits = { hugeToken: 4_000_000, depth: 20_000, repeat: 200_000 };

const CONTROL = ['\x00', '\x07', '\x08', '\x1b[31m', '\x1b]0;title\x07', '\x1b[2J', '\r', '\n::error file=PWNED::x\n', '\x85', '\x9b', '\u2028', '\u202e', '\u2066', '\ufeff', '\ufffe', '\ud800', '\x7f'];
const XML_REFS = ['&#10;::error file=PWNED::x', '&#27;[31m', '&#13;', '&#0;', '&#xD800;', '&#x202E;', '&#7;', '&#133;'];
const OPENERS = ['(', '{ ', '$(', 'if true; then ', '[', '{a: ', '- ', '<a>', '<!--', '<![CDATA[', '&', '"', "'", '`', '${', '\\\n'];

/** One mutation of a text. */
export type Mutator = (text: string, rng: Rng, limits: Limits, ctx: MutantContext) => string;

export interface MutantContext {
  /** A file outside the estate whose content must never appear in any output. */
  secretFile: string;
  secret: string;
}

function at(text: string, rng: Rng): number {
  return rng.int(text.length + 1);
}

function insert(text: string, i: number, piece: string): string {
  return text.slice(0, i) + piece + text.slice(i);
}

export const MUTATORS: Record<string, Mutator> = {
  'deep nesting': (t, r, l) => {
    const opener = r.pick(OPENERS);
    const n = 100 + r.int(l.depth);
    const closer = { '(': ')', '{ ': '}', '$(': ')', '[': ']', '{a: ': '}', '<a>': '</a>', 'if true; then ': 'fi; ' }[opener] ?? '';
    return insert(t, at(t, r), opener.repeat(n) + (r.chance(0.5) ? closer.repeat(n) : ''));
  },
  'huge token': (t, r, l) => {
    const n = 1000 + r.int(l.hugeToken);
    const piece = r.pick(['A', 'x', '&A.', '9', '.', ' ', '\t', '/', '*a', '"', '<', '%', '\u00e9', '\ud83d\ude00']).repeat(Math.ceil(n / 2));
    return insert(t, at(t, r), piece);
  },
  'control characters': (t, r) => {
    let out = t;
    for (let k = 1 + r.int(4); k > 0; k--) out = insert(out, at(out, r), r.pick(CONTROL));
    return out;
  },
  'XML character references': (t, r) => {
    // Into an attribute value when there is one: that is where names come from.
    const quotes = [...t.matchAll(/="/g)].map((m) => m.index! + 2);
    const i = quotes.length ? r.pick(quotes) : at(t, r);
    return insert(t, i, r.pick(XML_REFS));
  },
  'path entries': (t, r, _l, ctx) => {
    const target = r.pick(['..', '../..', '/etc/passwd', '/etc', '/proc/self/status', '/proc/self/pagemap', '/dev/zero', '/dev/urandom', ctx.secretFile, `${ctx.secretFile}/..`, 'C:\\Windows', '\x00', '', '*', '**/*', 'a'.repeat(5000)]);
    const lines = t.split('\n');
    const i = r.int(lines.length);
    const edit = r.pick([
      // A manifest or scenario path value, an INCLUDE, a go script's sourced file.
      (line: string) => line.replace(/(profile|config|scripts|estate|plugins|clusters|[A-Z]+\.[A-Z.]+):\s*\S+/, `$1: ${target}`),
      () => `INCLUDE ${target.includes('/') ? `'${target}'` : `USER.X(${target || 'M'})`}`,
      () => `datasets: { USER.X: "${target}" }`,
      () => `inputs: ["${target}"]`,
      () => `. ${target}`,
    ]);
    lines[i] = edit(lines[i] ?? '');
    return lines.join('\n');
  },
  'repeated line': (t, r, l) => {
    const lines = t.split('\n');
    const i = r.int(lines.length);
    lines.splice(i, 0, ...Array<string>(1 + r.int(l.repeat)).fill(lines[i] ?? ''));
    return lines.join('\n');
  },
  'lines deleted, swapped or cut': (t, r) => {
    const lines = t.split('\n');
    const i = r.int(lines.length);
    const kind = r.int(3);
    if (kind === 0) lines.splice(i, 1 + r.int(5));
    else if (kind === 1) {
      const j = r.int(lines.length);
      [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
    } else return t.slice(0, at(t, r));
    return lines.join('\n');
  },
  'bytes flipped': (t, r) => {
    const chars = [...t];
    for (let k = 1 + r.int(8); k > 0 && chars.length; k--) chars[r.int(chars.length)] = String.fromCharCode(r.int(256));
    return chars.join('');
  },
};

/**
 * Size and modification time of every file of the fixtures (links not followed): a mutant must never change one.
 * A link of the fixtures copied as an absolute one once let a mutation write into fixtures/shared.
 */
export function fixturesSignature(): string {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else out.push(`${relative(FIXTURES, p)} ${st.size} ${st.mtimeMs}`);
    }
  };
  walk(FIXTURES);
  return out.join('\n');
}

export interface Mutant {
  dir: string;
  /** What was done, for the report and for a replay. */
  description: string;
  /** The command line to run in `dir`. */
  args: string[];
}

/** Files of the file system that a mutant's estate may link to: a folder scan must neither hang on nor read them. */
const SPECIAL_LINKS = ['/dev/zero', '/dev/urandom', '/proc/self/status', '/proc/self/pagemap', '/etc/passwd'];

const FORMATS = ['stylish', 'gcc', 'json', 'sarif', 'github', 'checkstyle', 'junit', 'codequality'];

/** Make mutant number `n` under `root`. */
export function makeMutant(root: string, n: number, rng: Rng, limits: Limits, ctx: MutantContext, bases: string[]): Mutant {
  const base = rng.pick(bases);
  const dir = join(root, `m${n}`);
  // Links copied as written: cpSync would otherwise make a relative link absolute, pointing into the repository.
  cpSync(base, dir, { recursive: true, verbatimSymlinks: true });
  const files = textFiles(dir);
  const done: string[] = [`copy of fixtures/${relative(FIXTURES, base)}`];
  const names = Object.keys(MUTATORS);
  for (let k = 1 + rng.int(3); k > 0 && files.length; k--) {
    const file = rng.pick(files);
    const mutator = rng.pick(names);
    const text = readFileSync(file, 'latin1');
    const decoded = /[\x80-\xff]/.test(text) ? text : readFileSync(file, 'utf8');
    const out = MUTATORS[mutator]!(decoded, rng, limits, ctx);
    writeFileSync(file, out, rng.chance(0.1) ? 'latin1' : 'utf8');
    done.push(`${mutator} in ${relative(dir, file)}`);
  }
  if (rng.chance(0.15)) {
    // A symbolic link or a FIFO among the estate's files.
    const name = rng.pick(['LINK.tcpip', 'plugin-cfg.xml', 'edge9.cfg', 'profiles/SYSZ.tcpip', 'COMMON']);
    const p = join(dir, name);
    mkdirSync(join(p, '..'), { recursive: true });
    if (!existsSync(p)) {
      if (rng.chance(0.3)) {
        try {
          execFileSync('mkfifo', [p]);
          done.push(`FIFO ${name}`);
        } catch {
          // no mkfifo here
        }
      } else {
        const target = rng.pick([...SPECIAL_LINKS, ctx.secretFile, join(dir, 'loop-a')]);
        symlinkSync(target, p);
        if (target.endsWith('loop-a')) symlinkSync(p, join(dir, 'loop-a'));
        done.push(`link ${name} → ${target}`);
      }
    }
  }
  const command = rng.int(20);
  let args: string[];
  if (command < 13) args = ['check', '.', '--format', rng.pick(FORMATS)];
  else if (command < 15) args = ['compile', '.'];
  else if (command < 17) args = ['diff', base, '.', '--format', rng.pick(['text', 'markdown', 'github', 'json'])];
  else if (command < 18) args = ['check', '.', '--cache', '--cache-location', join(dir, '.cache')];
  else {
    // A scenario of the fixtures, mutated like the files, run on this estate.
    const scenarios = readdirSync(join(FIXTURES, 'scenarios')).filter((s) => extname(s) === '.yaml');
    let text = readFileSync(join(FIXTURES, 'scenarios', rng.pick(scenarios)), 'utf8').replace(/^estate: .*$/m, existsSync(join(dir, 'plexlint.yaml')) ? 'estate: plexlint.yaml' : 'inputs: [.]');
    const mutator = rng.pick(names);
    text = MUTATORS[mutator]!(text, rng, limits, ctx);
    writeFileSync(join(dir, 'fuzz.scenario.yaml'), text);
    done.push(`${mutator} in a scenario`);
    args = ['simulate', 'fuzz.scenario.yaml'];
  }
  return { dir, description: `${done.join('; ')}; plexlint ${args.map((a) => (a === base ? `fixtures/${relative(FIXTURES, base)}` : a)).join(' ')}`, args };
}
