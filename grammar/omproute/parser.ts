/**
 * Chevrotain CST grammar of one OMPROUTE statement (the tokens between two `;`
 * terminators, segment.ts):
 *
 *   statement := keyword [ '=' value ] { parameter }
 *   parameter := name '=' value
 *   value     := word | '(' [ word { ',' word } ] ')'
 *
 * `keyword=value` statements (RouterID=…, IPv6_RIP_Filter=(…)) and statements
 * with parameters (OSPF_Interface IP_Address=… Name=…) share the rule; which
 * keywords take which form, and what each value must be, is keywords.ts's and the
 * front end's business.
 */
import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from '../chevrotain.js';
import { StatementCstParser } from '../statement-parser.js';
import { Comma, Equals, LParen, RParen, Word, lexerTokens } from './tokens.js';

function friendly(type: TokenType): string {
  switch (type) {
    case Word:
      return 'a keyword or value';
    case Equals:
      return "'='";
    case LParen:
      return "'('";
    case RParen:
      return "')'";
    case Comma:
      return "','";
    default:
      return type.name;
  }
}

function describe(token: IToken): string {
  return token.tokenType === EOF ? "the ';' that ends the statement" : `'${token.image}'`;
}

const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return `expected ${friendly(expected)} but found ${describe(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${describe(firstRedundant)}: a parameter is written keyword=value`;
  },
  buildNoViableAltMessage({ actual }) {
    const first = actual[0];
    return first ? `expected a value but found ${describe(first)}` : 'expected a value';
  },
  buildEarlyExitMessage({ actual }) {
    return `expected a value but found ${describe(actual[0]!)}`;
  },
};

export class OmprouteParser extends StatementCstParser {
  /** @param validateGrammar run Chevrotain's grammar validations (the test suite does, the CLI does not). */
  constructor(validateGrammar = false) {
    super(lexerTokens.filter((t) => t.name !== 'Blank'), messages, validateGrammar);
    this.analyse();
  }

  public statement = this.RULE('statement', () => {
    this.CONSUME(Word, { LABEL: 'keyword' });
    this.OPTION(() => {
      this.CONSUME(Equals);
      this.SUBRULE(this.value);
    });
    this.MANY(() => this.SUBRULE(this.parameter));
  });

  public parameter = this.RULE('parameter', () => {
    this.CONSUME(Word, { LABEL: 'name' });
    this.CONSUME(Equals);
    this.SUBRULE(this.value);
  });

  public value = this.RULE('value', () => {
    this.OR([{ ALT: () => this.CONSUME(Word, { LABEL: 'word' }) }, { ALT: () => this.SUBRULE(this.list) }]);
  });

  public list = this.RULE('list', () => {
    this.CONSUME(LParen);
    this.OPTION(() => {
      this.CONSUME(Word, { LABEL: 'item' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.CONSUME2(Word, { LABEL: 'item' });
      });
    });
    this.CONSUME(RParen);
  });
}

let shared: OmprouteParser | undefined;

/** One parser for the process (Chevrotain parsers are reusable through `input`). */
export function omprouteParser(): OmprouteParser {
  return (shared ??= new OmprouteParser());
}
