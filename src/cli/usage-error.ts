/** A usage or input error: one clear line on stderr (`plexlint: <message>`), exit 2. */
export class UsageError extends Error {}
