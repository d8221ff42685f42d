/**
 * The recovery policy shared by plexlint's CST parsers (TCP/IP profile
 * statements, dscontrol command lines). Each statement or line is parsed on its
 * own, so Chevrotain's re-sync recovery only ever skips to the end of that
 * statement and keeps the partial CST of what parsed before the error. No
 * single-token insertion or deletion and no in-repetition guessing: the products
 * do not guess either — an error rejects the statement.
 */
import { CstParser, type IParserErrorMessageProvider, type TokenType } from './chevrotain.js';

export abstract class StatementCstParser extends CstParser {
  /**
   * @param validateGrammar run Chevrotain's grammar validations; the test suite
   *   does, the CLI does not (start-up time).
   */
  constructor(tokens: TokenType[], messages: IParserErrorMessageProvider, validateGrammar: boolean) {
    super(tokens, {
      recoveryEnabled: true,
      // LL(1) is enough for these grammars and keeps initialisation short; a larger
      // lookahead multiplies the lookahead computation over the token categories.
      maxLookahead: 1,
      errorMessageProvider: messages,
      skipValidations: !validateGrammar,
    });
  }

  /** Call at the end of the subclass constructor, once every rule is defined. */
  protected analyse(): void {
    this.performSelfAnalysis();
    (this as unknown as { attemptInRepetitionRecovery: () => void }).attemptInRepetitionRecovery = () => undefined;
  }

  override canTokenTypeBeInsertedInRecovery(): boolean {
    return false;
  }

  override canTokenTypeBeDeletedInRecovery(): boolean {
    return false;
  }
}
