/**
 * A usage or input error: one clear line on stderr (`plexlint: <message>`), exit 2 — or one line per problem
 * when there are several (an invalid scenario). The lines are printed with their control characters escaped
 * (src/report/escape.ts): they quote paths and values from the files. `details` are lines printed under them as
 * written (indented choices, such as the estates a folder holds), escaped the same way.
 */
export class UsageError extends Error {
  readonly lines: string[];
  readonly details: string[];

  constructor(message: string | string[], details: string[] = []) {
    const lines = typeof message === 'string' ? [message] : message;
    super([...lines, ...details].join('\n'));
    this.lines = lines;
    this.details = details;
  }
}
