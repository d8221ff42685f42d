/**
 * The progress line on stderr. Shown only when stderr is a terminal and the run
 * has taken more than a second, or always with `--progress` (then as plain lines,
 * at most one a second, so that a CI log that asks for it stays short). Never on
 * stdout: only the report goes there.
 */
import type { Progress } from '../core/progress.js';
import { visible } from '../report/escape/line.js';

export interface ProgressOptions {
  /** `--progress`: true forces it on, false (`--no-progress`) off, undefined decides by the terminal. */
  option?: boolean | undefined;
  stream?: NodeJS.WriteStream | { isTTY?: boolean; write(s: string): boolean; columns?: number };
  /** Milliseconds before anything is shown on a terminal (a short run prints nothing). */
  delayMs?: number;
  now?: () => number;
}

export function terminalProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = stream.isTTY === true;
  const forced = options.option === true;
  const silent = options.option === false || (!tty && !forced);
  const now = options.now ?? (() => performance.now());
  const start = now();
  const delay = options.delayMs ?? 1000;
  let label = '';
  let total: number | undefined;
  let done = 0;
  let lastDraw = -Infinity;
  let drawn = false;

  const line = (): string => {
    const seconds = ((now() - start) / 1000).toFixed(1);
    const count = total !== undefined ? ` ${done}/${total}` : done > 0 ? ` ${done}` : '';
    // A phase can name a file or a scenario from the checkout: escaped like every line plexlint writes to stderr.
    return `plexlint: ${visible(label)}${count} (${seconds} s)`;
  };
  const draw = (force: boolean): void => {
    if (silent) return;
    const t = now();
    if (!forced && t - start < delay) return;
    // A terminal line is redrawn ten times a second at most; a log line once a second.
    if (!force && t - lastDraw < (tty ? 100 : 1000)) return;
    lastDraw = t;
    if (tty) {
      const width = (stream as { columns?: number }).columns ?? 80;
      stream.write(`\r${line().slice(0, Math.max(10, width - 1))}\x1b[K`);
    } else stream.write(`${line()}\n`);
    drawn = true;
  };
  return {
    phase(next, count) {
      label = next;
      total = count;
      done = 0;
      draw(true);
    },
    tick(n = 1) {
      done += n;
      draw(false);
    },
    end(summary) {
      if (drawn && tty) stream.write('\r\x1b[K');
      drawn = false;
      // The summary goes wherever progress may go (a terminal, or --progress), even after a short run.
      if (summary !== undefined && !silent) stream.write(`${summary}\n`);
    },
  };
}
