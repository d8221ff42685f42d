/**
 * Chevrotain CST grammar of TCP/IP profile statements.
 *
 * The grammar follows IBM's syntax diagrams (IP Configuration Reference; notes
 * in). segment.ts cuts the profile
 * into statements (and the statements of VIPADYNAMIC and BEGINROUTES blocks);
 * this parser parses one statement at a time:
 * - a statement's operands run until the next word that starts a statement;
 * - the END-type blocks other than VIPADYNAMIC and BEGINROUTES (AUTOLOG,
 *   BSDROUTINGPARMS, …) read every token up to their END keyword;
 * - VIPADISTRIBUTE options before the address may come in any order, the rest
 *   is positional; VIPADEFINE / VIPABACKUP / VIPARANGE keywords come first, then
 *   the mask or interface name, then addresses (order is checked by the front end).
 *
 * Values (addresses, numbers, names) are plain words here; the front end types
 * and validates them, so a bad value gets a precise finding instead of a parse error.
 */
import { EOF, tokenMatcher, type IToken, type IParserErrorMessageProvider, type TokenType } from '../chevrotain.js';
import { StatementCstParser } from '../statement-parser.js';
import {
  allTokenTypes,
  AnyWord,
  EndName,
  K,
  StatementName,
  Terminator,
  Value,
  VipaStatementName,
} from './tokens.js';
import { blockEnds } from './keywords.js';

const INTEGER = /^[+-]?\d+$/;

function friendlyTokenName(type: TokenType): string {
  const name = type.name;
  if (name.startsWith('KW_')) return name.slice(3);
  switch (name) {
    case 'Value':
    case 'PlainWord':
      return 'a value';
    case 'AnyWord':
      return 'a word';
    case 'Terminator':
    case 'StatementName':
      return 'a statement';
    case 'VipaStatementName':
      return 'a VIPADYNAMIC substatement';
    case 'EndName':
      return 'an END keyword';
    case 'EOF':
      return 'end of file';
    default:
      return name;
  }
}

function describe(token: IToken): string {
  return token.tokenType === EOF ? 'the end of the file' : `'${token.image}'`;
}

const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return `expected ${friendlyTokenName(expected)} but found ${describe(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${describe(firstRedundant)}`;
  },
  buildNoViableAltMessage({ actual }) {
    const first = actual[0];
    return first ? `unexpected ${describe(first)}` : 'unexpected input';
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual }) {
    const first = expectedIterationPaths[0]?.[0];
    return `expected ${first ? friendlyTokenName(first) : 'more operands'} but found ${describe(actual[0]!)}`;
  },
};

export class ProfileParser extends StatementCstParser {
  /** The END keyword the generic block being parsed waits for. */
  private expectedEnd = '';

  /** @param validateGrammar run Chevrotain's grammar validations (the test suite does, the CLI does not). */
  constructor(validateGrammar = false) {
    super(allTokenTypes, messages, validateGrammar);
    this.analyse();
  }

  private isEndFor(token: IToken, endName: string): boolean {
    return tokenMatcher(token, K(endName));
  }

  private isInteger(token: IToken): boolean {
    return tokenMatcher(token, Value) && INTEGER.test(token.image);
  }

  public statement = this.RULE('statement', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.homeStatement) },
      { ALT: () => this.SUBRULE(this.portStatement) },
      { ALT: () => this.SUBRULE(this.deviceStatement) },
      { ALT: () => this.SUBRULE(this.linkStatement) },
      { ALT: () => this.SUBRULE(this.interfaceStatement) },
      { ALT: () => this.SUBRULE(this.nameStatement) },
      { ALT: () => this.SUBRULE(this.includeStatement) },
      { ALT: () => this.SUBRULE(this.deleteStatement) },
      // A VIPADYNAMIC substatement or ROUTE outside its block: parsed the same way,
      // flagged by the front end.
      { ALT: () => this.SUBRULE(this.vipaSubstatement) },
      { ALT: () => this.SUBRULE(this.routeEntry) },
      { ALT: () => this.SUBRULE(this.strayEnd) },
      { ALT: () => this.SUBRULE(this.genericBlock), IGNORE_AMBIGUITIES: true },
      // Every other statement IBM defines: name and operands kept as words.
      { ALT: () => this.SUBRULE(this.genericStatement), IGNORE_AMBIGUITIES: true },
      // A word that is no statement name: unknown-statement, operands skipped.
      { ALT: () => this.SUBRULE(this.unknownStatement) },
    ]);
  });

  /** Operands until the next statement-starting word. */
  private operands(label = 'operand'): void {
    this.MANY9({
      GATE: () => !tokenMatcher(this.LA(1), Terminator),
      DEF: () => this.CONSUME9(Value, { LABEL: label }),
    });
  }

  public genericStatement = this.RULE('genericStatement', () => {
    this.CONSUME(StatementName, { LABEL: 'name' });
    this.operands();
  });

  public unknownStatement = this.RULE('unknownStatement', () => {
    this.CONSUME(Value, { LABEL: 'name' });
    this.operands();
  });

  public strayEnd = this.RULE('strayEnd', () => {
    this.CONSUME(EndName, { LABEL: 'name' });
  });

  /**
   * AUTOLOG … ENDAUTOLOG and the other generic blocks: every token up to the
   * block's own END keyword belongs to the block (IBM: statement syntax rules).
   */
  public genericBlock = this.RULE('genericBlock', () => {
    const begin = this.OR(
      Object.keys(blockEnds)
        .filter((b) => b !== 'VIPADYNAMIC' && b !== 'BEGINROUTES')
        .map((b) => ({ ALT: () => this.CONSUME(K(b), { LABEL: 'name' }) })),
    );
    this.ACTION(() => {
      this.expectedEnd = blockEnds[this.nameOf(begin)] ?? '';
    });
    this.MANY({
      GATE: () => !this.isEndFor(this.LA(1), this.expectedEnd),
      DEF: () => this.CONSUME(AnyWord, { LABEL: 'operand' }),
    });
    this.OPTION(() => this.CONSUME(EndName, { LABEL: 'end' }));
  });

  private nameOf(token: IToken): string {
    for (const name of Object.keys(blockEnds)) if (tokenMatcher(token, K(name))) return name;
    return '';
  }

  public deviceStatement = this.RULE('deviceStatement', () => {
    this.CONSUME(K('DEVICE'), { LABEL: 'keyword' });
    this.CONSUME(Value, { LABEL: 'name' });
    this.CONSUME2(Value, { LABEL: 'type' });
    this.operands();
  });

  public linkStatement = this.RULE('linkStatement', () => {
    this.CONSUME(K('LINK'), { LABEL: 'keyword' });
    this.CONSUME(Value, { LABEL: 'name' });
    this.CONSUME2(Value, { LABEL: 'type' });
    this.operands();
  });

  /** INTERFACE name {DEFINE type | ADDADDR addr | DELADDR addr | DELETE} options. */
  public interfaceStatement = this.RULE('interfaceStatement', () => {
    this.CONSUME(K('INTERFACE'), { LABEL: 'keyword' });
    this.CONSUME(Value, { LABEL: 'name' });
    this.OR([
      {
        ALT: () => {
          this.CONSUME(K('DEFINE'), { LABEL: 'action' });
          this.CONSUME2(Value, { LABEL: 'type' });
        },
      },
      { ALT: () => this.CONSUME(K('ADDADDR'), { LABEL: 'action' }) },
      { ALT: () => this.CONSUME(K('DELADDR'), { LABEL: 'action' }) },
      { ALT: () => this.CONSUME(K('DELETE'), { LABEL: 'action' }) },
      // A modification of an existing interface's attributes (no action keyword).
      { ALT: () => this.CONSUME3(Value, { LABEL: 'operand' }), IGNORE_AMBIGUITIES: true },
    ]);
    this.operands();
  });

  /** Statements whose only operand is a name: PRIMARYINTERFACE, START, STOP. */
  public nameStatement = this.RULE('nameStatement', () => {
    this.OR([
      { ALT: () => this.CONSUME(K('PRIMARYINTERFACE'), { LABEL: 'keyword' }) },
      { ALT: () => this.CONSUME(K('START'), { LABEL: 'keyword' }) },
      { ALT: () => this.CONSUME(K('STOP'), { LABEL: 'keyword' }) },
    ]);
    this.CONSUME(Value, { LABEL: 'name' });
    this.operands();
  });

  /**
   * DELETE {DEVICE name | LINK name | PORT … | PORTRANGE … | ATMxxx name}: the
   * object is a word that is otherwise a statement name (segment.ts keeps it here).
   */
  public deleteStatement = this.RULE('deleteStatement', () => {
    this.CONSUME(K('DELETE'), { LABEL: 'name' });
    this.CONSUME(AnyWord, { LABEL: 'operand' });
    this.operands();
  });

  public includeStatement = this.RULE('includeStatement', () => {
    this.CONSUME(K('INCLUDE'), { LABEL: 'keyword' });
    this.CONSUME(Value, { LABEL: 'dataset' });
    this.operands();
  });

  /** HOME: a list of `address link_name` pairs. */
  public homeStatement = this.RULE('homeStatement', () => {
    this.CONSUME(K('HOME'), { LABEL: 'keyword' });
    this.MANY(() => this.SUBRULE(this.homeEntry));
  });

  public homeEntry = this.RULE('homeEntry', () => {
    this.CONSUME(Value, { LABEL: 'address' });
    this.CONSUME2(Value, { LABEL: 'link' });
  });

  /** PORT: entries `num {TCP|UDP} jobname [options]`, each starting with a number. */
  public portStatement = this.RULE('portStatement', () => {
    this.CONSUME(K('PORT'), { LABEL: 'keyword' });
    this.MANY(() => this.SUBRULE(this.portEntry));
  });

  public portEntry = this.RULE('portEntry', () => {
    this.CONSUME(Value, { LABEL: 'port' });
    this.CONSUME2(Value, { LABEL: 'protocol' });
    this.CONSUME3(Value, { LABEL: 'job' });
    this.MANY({
      GATE: () => !tokenMatcher(this.LA(1), Terminator) && !this.isInteger(this.LA(1)),
      DEF: () => this.CONSUME4(Value, { LABEL: 'operand' }),
    });
  });

  /** ROUTE destination [mask] {first_hop|=} link [MTU n] [options]: interpreted by the front end. */
  public routeEntry = this.RULE('routeEntry', () => {
    this.CONSUME(K('ROUTE'), { LABEL: 'keyword' });
    this.operands();
  });

  public vipaSubstatement = this.RULE('vipaSubstatement', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.vipaDistribute) },
      { ALT: () => this.SUBRULE(this.vipaDefine) },
      { ALT: () => this.SUBRULE(this.vipaBackup) },
      { ALT: () => this.SUBRULE(this.vipaDelete) },
      { ALT: () => this.SUBRULE(this.vipaRange) },
      { ALT: () => this.SUBRULE(this.vipaRoute) },
      { ALT: () => this.SUBRULE(this.vipaSmparms) },
    ]);
  });

  /** Keywords before the mask / interface name of VIPADEFINE, VIPABACKUP, VIPARANGE. */
  private vipaLeadingKeywords(): void {
    this.MANY8(() =>
      this.OR8([
        { ALT: () => this.CONSUME(K('TIER1'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('TIER2'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('CPCSCOPE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('MOVEABLE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('IMMEDIATE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('WHENIDLE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('DISRUPTIVE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('NONDISRUPTIVE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('SERVICEMGR'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('DEFINE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('DELETE'), { LABEL: 'option' }) },
      ]),
    );
  }

  /** Trailing words: mask / interface name and addresses (typed by the front end). */
  private vipaValues(): void {
    this.MANY7({
      GATE: () => !tokenMatcher(this.LA(1), Terminator),
      DEF: () => this.CONSUME7(Value, { LABEL: 'value' }),
    });
  }

  public vipaDefine = this.RULE('vipaDefine', () => {
    this.CONSUME(K('VIPADEFINE'), { LABEL: 'keyword' });
    this.vipaLeadingKeywords();
    this.vipaValues();
  });

  /** VIPABACKUP [rank] [TIER1|TIER2 [CPCSCOPE]|CPCSCOPE] [MOVEABLE …] … */
  public vipaBackup = this.RULE('vipaBackup', () => {
    this.CONSUME(K('VIPABACKUP'), { LABEL: 'keyword' });
    this.OPTION({
      GATE: () => this.isInteger(this.LA(1)),
      DEF: () => this.CONSUME(Value, { LABEL: 'rank' }),
    });
    this.vipaLeadingKeywords();
    this.vipaValues();
  });

  public vipaDelete = this.RULE('vipaDelete', () => {
    this.CONSUME(K('VIPADELETE'), { LABEL: 'keyword' });
    this.vipaValues();
  });

  /** VIPARANGE [DEFINE|DELETE] [MOVEABLE …] mask addr [SAF resname] [ZCX] */
  public vipaRange = this.RULE('vipaRange', () => {
    this.CONSUME(K('VIPARANGE'), { LABEL: 'keyword' });
    this.vipaLeadingKeywords();
    this.vipaValues();
  });

  /** VIPAROUTE [DEFINE|DELETE] {dynxcfip|DEFAULT} target_ip */
  public vipaRoute = this.RULE('vipaRoute', () => {
    this.CONSUME(K('VIPAROUTE'), { LABEL: 'keyword' });
    this.OPTION(() =>
      this.OR([
        { ALT: () => this.CONSUME(K('DEFINE'), { LABEL: 'option' }) },
        { ALT: () => this.CONSUME(K('DELETE'), { LABEL: 'option' }) },
      ]),
    );
    this.vipaValues();
  });

  public vipaSmparms = this.RULE('vipaSmparms', () => {
    this.CONSUME(K('VIPASMPARMS'), { LABEL: 'keyword' });
    this.vipaValues();
  });

  /**
   * VIPADISTRIBUTE [options, any order] {ipv4_addr | ipv6_intfname}
   *                [PORT num|num-num …] DESTIP {ALL | dynxcfip [dest options] …}
   */
  public vipaDistribute = this.RULE('vipaDistribute', () => {
    this.CONSUME(K('VIPADISTRIBUTE'), { LABEL: 'keyword' });
    this.MANY(() => this.SUBRULE(this.distOption));
    this.CONSUME(Value, { LABEL: 'address' });
    this.OPTION(() => {
      this.CONSUME(K('PORT'), { LABEL: 'portKeyword' });
      this.MANY2({
        GATE: () => !tokenMatcher(this.LA(1), Terminator) && !tokenMatcher(this.LA(1), K('DESTIP')),
        DEF: () => this.CONSUME2(Value, { LABEL: 'port' }),
      });
    });
    this.CONSUME(K('DESTIP'), { LABEL: 'destipKeyword' });
    this.OR([
      { ALT: () => this.CONSUME(K('ALL'), { LABEL: 'all' }) },
      { ALT: () => this.AT_LEAST_ONE(() => this.SUBRULE(this.destination)) },
    ]);
  });

  public distOption = this.RULE('distOption', () => {
    this.OR([
      { ALT: () => this.CONSUME(K('DEFINE'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('DELETE'), { LABEL: 'flag' }) },
      {
        ALT: () => {
          this.CONSUME(K('DISTMETHOD'), { LABEL: 'keyword' });
          this.CONSUME(Value, { LABEL: 'value' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K('OPTLOCAL'), { LABEL: 'keyword' });
          this.OPTION({ GATE: () => this.isInteger(this.LA(1)), DEF: () => this.CONSUME2(Value, { LABEL: 'value' }) });
        },
      },
      { ALT: () => this.CONSUME(K('NOOPTLOCAL'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('SYSPLEXPORTS'), { LABEL: 'flag' }) },
      {
        ALT: () => {
          this.CONSUME(K('TIMEDAFFINITY'), { LABEL: 'keyword' });
          this.CONSUME3(Value, { LABEL: 'value' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K('TIER1'), { LABEL: 'keyword' });
          this.CONSUME4(Value, { LABEL: 'value' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K('TIER2'), { LABEL: 'keyword' });
          this.CONSUME5(Value, { LABEL: 'value' });
        },
      },
      { ALT: () => this.CONSUME(K('CPCSCOPE'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('GRE'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('ENCAP'), { LABEL: 'flag' }) },
      {
        ALT: () => {
          this.CONSUME(K('CONTROLPORT'), { LABEL: 'keyword' });
          this.CONSUME6(Value, { LABEL: 'value' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K('ILWEIGHTING'), { LABEL: 'keyword' });
          this.CONSUME7(Value, { LABEL: 'value' });
        },
      },
      {
        // PROCTYPE CP n ZAAP n ZIIP n (BASEWLM) / PROCXCOST ZAAP n ZIIP n (SERVERWLM)
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(K('PROCTYPE'), { LABEL: 'keyword' }) },
            { ALT: () => this.CONSUME(K('PROCXCOST'), { LABEL: 'keyword' }) },
          ]);
          this.MANY(() => {
            this.OR3([
              { ALT: () => this.CONSUME(K('CP'), { LABEL: 'processor' }) },
              { ALT: () => this.CONSUME(K('ZAAP'), { LABEL: 'processor' }) },
              { ALT: () => this.CONSUME(K('ZIIP'), { LABEL: 'processor' }) },
            ]);
            this.CONSUME8(Value, { LABEL: 'proportion' });
          });
        },
      },
      { ALT: () => this.CONSUME(K('AUTOSWITCHBACK'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('NOAUTOSWITCHBACK'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('HEALTHSWITCH'), { LABEL: 'flag' }) },
      { ALT: () => this.CONSUME(K('NOHEALTHSWITCH'), { LABEL: 'flag' }) },
    ]);
  });

  /** One DESTIP target: dynxcfip [WEIGHT n | PREFERRED | BACKUP rank]. */
  public destination = this.RULE('destination', () => {
    this.CONSUME(Value, { LABEL: 'address' });
    this.OPTION(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(K('WEIGHT'), { LABEL: 'keyword' });
            this.CONSUME2(Value, { LABEL: 'value' });
          },
        },
        { ALT: () => this.CONSUME(K('PREFERRED'), { LABEL: 'keyword' }) },
        {
          ALT: () => {
            this.CONSUME(K('BACKUP'), { LABEL: 'keyword' });
            this.CONSUME3(Value, { LABEL: 'value' });
          },
        },
      ]),
    );
  });
}

/** Categories used by the front end to recognise statement starts. */
export { StatementName, VipaStatementName, Terminator, EndName };

let shared: ProfileParser | undefined;
/** One reused parser instance (Chevrotain: initialisation is the expensive part). */
export function profileParser(): ProfileParser {
  return (shared ??= new ProfileParser());
}
