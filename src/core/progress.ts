/**
 * Progress of a long run (diff, simulate, a big estate), reported by the stages
 * and shown by the command line. Stages only call `phase` and `tick`; whether
 * anything reaches the terminal is the caller's decision (src/cli/progress.ts).
 * The runs are synchronous, so the reporter is driven by these calls, not by a timer.
 */
export interface Progress {
  /** A new phase of the run, with the number of items it has when known ("model diff", 32 systems). */
  phase(label: string, total?: number): void;
  /** `done` more items of the current phase are finished. */
  tick(done?: number): void;
  /**
   * The run is over: clear the progress line, and print `summary` (one line, e.g.
   * what a diff found and how long it took) where the progress was to be shown.
   */
  end(summary?: string): void;
}

/** Progress that goes nowhere: the default for library callers and tests. */
export const silentProgress: Progress = {
  phase() {},
  tick() {},
  end() {},
};
