/**
 * The mutation fuzzer: real estates from fixtures/ damaged the ways hostile input does (./support/mutants.ts),
 * each checked, compiled, diffed or simulated by the real command line in a worker process with a 1 GB heap
 * (./support/fuzz-worker.mjs). Every mutant must end as designed: a report or one clear line — never an internal
 * error (a crash), never a run without an answer (a hang), never a raw control character in what is printed,
 * and never the content of a file outside the estate.
 *
 * `npm test` runs a small budget with a fixed seed; `npm run fuzz` a large one with a random seed
 * (docs/robustness.md "Fuzzing"):
 *
 *   PLEXLINT_FUZZ_MUTANTS        mutants (default 24 in npm test)
 *   PLEXLINT_FUZZ_SEED           seed (default 18)
 *   PLEXLINT_FUZZ_HANG_SECONDS   a run with no answer after this long is a hang (default 60)
 *   PLEXLINT_FUZZ_LARGE=1        huge tokens up to 4 MB, nesting up to 20,000, lines repeated up to 200,000 times
 *   PLEXLINT_FUZZ_KEEP=<folder>  keep the mutants that failed there, to replay them
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { cliPath, hasStackTrace } from './support/cli.js';
import { baseEstates, fixturesSignature, LARGE, makeMutant, Rng, SMALL, type Mutant } from './support/mutants.js';

const env = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? '');
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const MUTANTS = env('PLEXLINT_FUZZ_MUTANTS', 24);
const SEED = env('PLEXLINT_FUZZ_SEED', 18);
const HANG_MS = env('PLEXLINT_FUZZ_HANG_SECONDS', 60) * 1000;
const LIMITS = process.env['PLEXLINT_FUZZ_LARGE'] === '1' ? LARGE : SMALL;

const root = mkdtempSync(join(tmpdir(), 'plexlint-mutation-fuzz-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Reply {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A worker process, restarted after a hang or a crash. */
class Worker {
  private child?: ChildProcessWithoutNullStreams;
  private waiting?: { id: number; resolve: (r: Reply | 'died') => void };

  private start(): ChildProcessWithoutNullStreams {
    const main = join(cliPath(), '..', '..', 'dist', 'src', 'cli', 'main.js');
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env['FORCE_COLOR'];
    delete env['GITHUB_WORKSPACE'];
    const child = spawn(process.execPath, ['--max-old-space-size=1024', join(import.meta.dirname, 'support', 'fuzz-worker.mjs'), main], { env });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const r = JSON.parse(line) as Reply;
      if (this.waiting?.id === r.id) {
        const w = this.waiting;
        this.waiting = undefined;
        w.resolve(r);
      }
    });
    child.stderr.on('data', () => undefined);
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      const w = this.waiting;
      this.waiting = undefined;
      w?.resolve('died');
    });
    return child;
  }

  run(id: number, m: Mutant): Promise<Reply | 'died' | 'hang'> {
    const child = (this.child ??= this.start());
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        this.child = undefined;
        child.kill('SIGKILL');
        resolve('hang');
      }, HANG_MS);
      this.waiting = {
        id,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      child.stdin.write(JSON.stringify({ id, cwd: m.dir, args: m.args }) + '\n');
    });
  }

  stop(): void {
    this.child?.kill('SIGKILL');
  }
}

/** What a run printed that it must never print. */
function problems(r: Reply, secret: string): string[] {
  const out: string[] = [];
  const all = r.stdout + r.stderr;
  if (r.code === -1 || /internal error/.test(r.stderr)) out.push(`internal error: ${r.stderr.split('\n').find((l) => /internal error|uncaught/.test(l)) ?? ''}`);
  if (hasStackTrace(r.stderr)) out.push('a stack trace on stderr');
  if (![0, 1, 2].includes(r.code)) out.push(`exit code ${r.code}`);
  // Exit 2 is one clear line, or (simulate) the report of a scenario with steps that could not run.
  if (r.code === 2 && !r.stderr.startsWith('plexlint: ') && r.stdout === '') out.push('exit 2 without a plexlint: line');
  const raw = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]/.exec(all);
  if (raw) out.push(`a raw control character U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')} in the output`);
  if (all.includes(secret)) out.push('the content of a file outside the estate');
  return out;
}

describe('mutation fuzzer', () => {
  it('copies the links of a fixture as written and never mutates through one (fixtures/shared stays as it is)', () => {
    const base = join(import.meta.dirname, '..', 'fixtures', 'rules', 'unreadable-file', 'bad');
    const link = join('profiles', 'tcpparms', 'PORTS');
    const before = fixturesSignature();
    const rng = new Rng(7);
    for (let n = 0; n < 40; n++) {
      const m = makeMutant(join(root, 'links'), n, rng, LIMITS, { secretFile: join(root, 'none'), secret: 'none' }, [base]);
      expect(readlinkSync(join(m.dir, link))).toBe(readlinkSync(join(base, link)));
      expect(m.description).not.toContain(`in ${link}`);
      rmSync(m.dir, { recursive: true, force: true });
    }
    expect(fixturesSignature()).toBe(before);
  });

  it(`${MUTANTS} mutants (seed ${SEED}): no crash, no hang, nothing raw or secret printed`, async () => {
    const rng = new Rng(SEED);
    const bases = baseEstates();
    const secretDir = join(root, 'outside');
    mkdirSync(secretDir);
    const secret = `SECRET-${SEED}-c0ffee`;
    const secretFile = join(secretDir, 'SYSZ.tcpip');
    writeFileSync(secretFile, `; ${secret}\nHOME 10.9.9.9 ${secret}\n`);
    const worker = new Worker();
    const failures: string[] = [];
    let crashes = 0;
    let hangs = 0;
    let slowest = { ms: 0, description: '' };
    const fixtures = fixturesSignature();
    try {
      for (let n = 0; n < MUTANTS; n++) {
        const m = makeMutant(join(root, 'mutants'), n, rng, LIMITS, { secretFile, secret }, bases);
        const r = await worker.run(n, m);
        let why: string[] = [];
        if (r === 'hang') {
          hangs++;
          why = [`no answer after ${HANG_MS / 1000} s (a hang)`];
        } else if (r === 'died') {
          crashes++;
          why = ['the worker died (out of memory?)'];
        } else {
          why = problems(r, secret);
          if (why.some((w) => w.startsWith('internal error'))) crashes++;
          if (r.ms > slowest.ms) slowest = { ms: r.ms, description: m.description };
        }
        if (fixturesSignature() !== fixtures) {
          failures.push(`mutant ${n}: ${m.description}\n    changed a file of the fixtures (written through a link?)`);
          break;
        }
        if (why.length) {
          failures.push(`mutant ${n}: ${m.description}\n    ${why.join('\n    ')}`);
          if (process.env['PLEXLINT_FUZZ_KEEP']) cpSync(m.dir, join(process.env['PLEXLINT_FUZZ_KEEP'], `seed${SEED}-m${n}`), { recursive: true, verbatimSymlinks: true });
        }
        rmSync(m.dir, { recursive: true, force: true });
      }
    } finally {
      worker.stop();
    }
    const summary = `plexlint mutation fuzz: ${MUTANTS} mutants, seed ${SEED}, ${crashes} crashes, ${hangs} hangs, ${failures.length} failing; slowest ${(slowest.ms / 1000).toFixed(2)} s: ${slowest.description}`;
    process.stderr.write(`${summary}\n`);
    if (process.env['PLEXLINT_FUZZ_REPORT']) writeFileSync(process.env['PLEXLINT_FUZZ_REPORT'], JSON.stringify({ mutants: MUTANTS, seed: SEED, crashes, hangs, failures, slowest }, null, 2) + '\n');
    expect(failures, summary).toEqual([]);
  }, HANG_MS * 3 + MUTANTS * 20_000);
});
