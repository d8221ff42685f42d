/**
 * An input beyond one of plexlint's documented limits (docs/robustness.md, "Limits"), refused before the work it
 * would take is done: the command line prints the message as one line, `plexlint: <message>`, and exits 2; the
 * language server shows it on the document. Any stage may throw one; its message says what was too large, the
 * limit, and what to do instead.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';
}
