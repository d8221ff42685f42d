/**
 * A usage or input error: one clear line on stderr (`plexlint: <message>`), exit 2 — or one line per problem
 * when there are several (an invalid scenario). The lines are printed with their control characters escaped
 * (src/report/escape.ts): they quote paths and values from the files.
 */
export class UsageError extends Error {
  readonly lines: string[];

  constructor(message: string | string[]) {
    const lines = typeof message === 'string' ? [message] : message;
    super(lines.join('\n'));
    this.lines = lines;
  }
}
