import { describe, expect, it } from 'vitest';
import { terminalProgress } from '../src/cli/progress.js';

function sink(isTTY: boolean): { isTTY: boolean; out: string[]; write(s: string): boolean } {
  const out: string[] = [];
  return { isTTY, out, write: (s: string) => (out.push(s), true) };
}

describe('progress on stderr', () => {
  it('prints nothing when stderr is not a terminal and --progress is not given', () => {
    const s = sink(false);
    let t = 0;
    const p = terminalProgress({ stream: s, now: () => t });
    p.phase('model diff', 10);
    t = 5000;
    p.tick(5);
    p.end();
    expect(s.out).toEqual([]);
  });

  it('waits a second on a terminal, then redraws one line and clears it at the end', () => {
    const s = sink(true);
    let t = 0;
    const p = terminalProgress({ stream: s, now: () => t });
    p.phase('model diff', 10);
    t = 500;
    p.tick();
    expect(s.out).toEqual([]);
    t = 1500;
    p.tick();
    expect(s.out.at(-1)).toMatch(/^\rplexlint: model diff 2\/10 \(1\.5 s\)/);
    p.end();
    expect(s.out.at(-1)).toBe('\r\x1b[K');
  });

  it('--progress writes plain lines at most once a second in a log, and --no-progress nothing', () => {
    const s = sink(false);
    let t = 0;
    const p = terminalProgress({ option: true, stream: s, now: () => t });
    p.phase('behaviour delta', 4);
    for (let i = 0; i < 4; i++) {
      t += 300;
      p.tick();
    }
    expect(s.out).toEqual(['plexlint: behaviour delta 0/4 (0.0 s)\n', 'plexlint: behaviour delta 4/4 (1.2 s)\n']);
    const q = sink(true);
    const off = terminalProgress({ option: false, stream: q, now: () => 10_000 });
    off.phase('x', 1);
    off.tick();
    expect(q.out).toEqual([]);
  });

  it('the summary line at the end goes where progress may go: a terminal (even after a short run) or --progress, never when off', () => {
    const tty = sink(true);
    terminalProgress({ stream: tty, now: () => 0 }).end('plexlint diff: 1 configuration change (0.1 s)');
    expect(tty.out).toEqual(['plexlint diff: 1 configuration change (0.1 s)\n']);
    const log = sink(false);
    terminalProgress({ option: true, stream: log, now: () => 0 }).end('done');
    expect(log.out).toEqual(['done\n']);
    const quiet = sink(false);
    terminalProgress({ stream: quiet }).end('done');
    const off = sink(true);
    terminalProgress({ option: false, stream: off }).end('done');
    expect([...quiet.out, ...off.out]).toEqual([]);
  });
});
