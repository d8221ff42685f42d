/**
 * Chevrotain CST grammar of one dscontrol command line.
 *
 * [dscontrol|ndcontrol] command subcommand [object] [option value…]
 *
 * Every keyword is a plain Word token; which keyword it stands for depends on
 * the words valid at its position (any unique prefix, an exact match wins:
 * keywords.ts), so each alternative is chosen by a GATE that resolves LA(1)
 * against the keywords of that position. An unknown or ambiguous word falls to
 * the last alternative (unknownCommand, badSubcommand, or an option whose name
 * is not known), which keeps its words so the front end can say what is wrong
 * and suggest what was meant. Values (addresses, numbers, host names, quoted
 * strings) are plain words here; the front end types and validates them.
 *
 * Command syntax from the dscontrol syntax diagrams cited in keywords.ts.
 */
import { EOF, tokenMatcher, type IParserErrorMessageProvider, type IToken, type TokenType } from '../chevrotain.js';
import { StatementCstParser } from '../statement-parser.js';
import {
  ADVISOR_SUBCOMMANDS,
  CLUSTER_SUBCOMMANDS,
  COMMANDS,
  EXECUTOR_SUBCOMMANDS,
  FILE_SUBCOMMANDS,
  HA_ADD_DELETE,
  HA_SUBCOMMANDS,
  MANAGER_SUBCOMMANDS,
  OPTION_NAMES,
  PORT_SUBCOMMANDS,
  SERVER_SUBCOMMANDS,
  SET_SUBCOMMANDS,
  keywordOf,
  optionSpec,
  prefixOf,
  type OptionTableName,
} from './keywords.js';
import { allTokenTypes, Value, Word, wordText } from './tokens.js';

function friendlyTokenName(type: TokenType): string {
  switch (type.name) {
    case 'Value':
    case 'Quoted':
      return 'a value';
    case 'Word':
      return 'a keyword';
    case 'EOF':
      return 'the end of the line';
    default:
      return type.name;
  }
}

function describe(token: IToken): string {
  return token.tokenType === EOF ? 'the end of the line' : `'${token.image}'`;
}

const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return `expected ${friendlyTokenName(expected)} but found ${describe(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${describe(firstRedundant)}: the command takes no further operands here`;
  },
  buildNoViableAltMessage({ actual }) {
    const first = actual[0];
    return first ? `unexpected ${describe(first)}` : 'unexpected input';
  },
  buildEarlyExitMessage({ actual }) {
    return `expected more operands but found ${describe(actual[0]!)}`;
  },
};

/** Commands parsed without a structure of their own: name and operands. */
const OTHER_COMMANDS = ['binarylog', 'exit', 'help', 'host', 'logstatus', 'metric', 'quit', 'rule', 'subagent'];

export class DscontrolParser extends StatementCstParser {
  /** @param validateGrammar run Chevrotain's grammar validations (the test suite does, the CLI does not). */
  constructor(validateGrammar = false) {
    super(allTokenTypes, messages, validateGrammar);
    this.analyse();
  }

  /** LA(1) is a word that stands for one of `names` among the keywords `among`. */
  private is(among: readonly string[], ...names: string[]): boolean {
    const t = this.LA(1);
    if (!tokenMatcher(t, Word)) return false;
    const k = keywordOf(wordText(t), among);
    return k !== undefined && names.includes(k);
  }

  private isOption(table: OptionTableName, t: IToken): boolean {
    return tokenMatcher(t, Word) && keywordOf(wordText(t), OPTION_NAMES[table]) !== undefined;
  }

  public line = this.RULE('line', () => {
    this.OPTION({
      GATE: () => tokenMatcher(this.LA(1), Word) && prefixOf(wordText(this.LA(1))) !== undefined,
      DEF: () => this.CONSUME(Word, { LABEL: 'prefix' }),
    });
    this.OR([
      { GATE: () => this.is(COMMANDS, 'executor'), ALT: () => this.SUBRULE(this.executorCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'cluster'), ALT: () => this.SUBRULE(this.clusterCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'port'), ALT: () => this.SUBRULE(this.portCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'server'), ALT: () => this.SUBRULE(this.serverCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'manager'), ALT: () => this.SUBRULE(this.managerCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'advisor'), ALT: () => this.SUBRULE(this.advisorCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'highavailability'), ALT: () => this.SUBRULE(this.highavailabilityCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'file'), ALT: () => this.SUBRULE(this.fileCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, 'set'), ALT: () => this.SUBRULE(this.setCommand), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(COMMANDS, ...OTHER_COMMANDS), ALT: () => this.SUBRULE(this.otherCommand), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.unknownCommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** A word that is no command (or an ambiguous abbreviation), and what follows it. */
  public unknownCommand = this.RULE('unknownCommand', () => {
    this.OPTION(() => this.CONSUME(Value, { LABEL: 'name' }));
    this.MANY(() => this.CONSUME2(Value, { LABEL: 'operand' }));
  });

  /** help, rule, subagent, metric, … : kept as words. */
  public otherCommand = this.RULE('otherCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    this.MANY(() => this.CONSUME(Value, { LABEL: 'operand' }));
  });

  /** An unknown, ambiguous or missing subcommand, and what follows it. */
  public badSubcommand = this.RULE('badSubcommand', () => {
    this.OPTION(() => this.CONSUME(Value, { LABEL: 'word' }));
    this.MANY(() => this.CONSUME2(Value, { LABEL: 'operand' }));
  });

  /** `option value…` — the number of values comes from the option table. */
  public optionItem = this.RULE('optionItem', (table?: OptionTableName) => {
    const name = this.CONSUME(Word, { LABEL: 'name' });
    let remaining = 0;
    this.ACTION(() => {
      remaining = this.arity(table, name);
    });
    this.MANY({
      GATE: () => remaining > 0,
      DEF: () => {
        this.CONSUME(Value, { LABEL: 'value' });
        this.ACTION(() => remaining--);
      },
    });
  });

  /**
   * Values of an option: as many as the table says; for an unknown option, the
   * words up to the next known option (so one typo gives one finding).
   */
  private arity(table: OptionTableName | undefined, name: IToken): number {
    if (!table) return 0;
    const known = keywordOf(wordText(name), OPTION_NAMES[table]);
    if (known) return optionSpec(table, known)!.values.length;
    // Inside the ACTION, LA(1) is the word after the option name.
    let n = 0;
    for (let k = 1; ; k++) {
      const t = this.LA(k);
      if (t.tokenType === EOF || this.isOption(table, t)) return n;
      n++;
    }
  }

  public optionList = this.RULE('optionList', (table?: OptionTableName) => {
    this.MANY(() => this.SUBRULE(this.optionItem, { ARGS: [table] }));
  });

  // executor ------------------------------------------------------------------

  public executorCommand = this.RULE('executorCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    const S = EXECUTOR_SUBCOMMANDS;
    this.OR([
      {
        GATE: () => this.is(S, 'set'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.SUBRULE(this.optionList, { ARGS: ['executor'] });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        // IPv4: configure addr[+addr…] [interface netmask]; IPv4 and IPv6: configure addr interface netmask.
        GATE: () => this.is(S, 'configure', 'unconfigure'),
        ALT: () => {
          this.CONSUME3(Word, { LABEL: 'subcommand' });
          this.SUBRULE(this.interfaceOperands);
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'nicconfig'),
        ALT: () => {
          this.CONSUME4(Word, { LABEL: 'subcommand' });
          this.CONSUME(Value, { LABEL: 'value' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'start', 'stop', 'status', 'report'),
        ALT: () => this.CONSUME5(Word, { LABEL: 'subcommand' }),
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** `address[+address…] [interface_name netmask]` of executor/cluster configure. */
  public interfaceOperands = this.RULE('interfaceOperands', () => {
    this.CONSUME(Value, { LABEL: 'spec' });
    this.OPTION(() => {
      this.CONSUME2(Value, { LABEL: 'interface' });
      this.OPTION2(() => this.CONSUME3(Value, { LABEL: 'netmask' }));
    });
  });

  // cluster / port / server ---------------------------------------------------

  public clusterCommand = this.RULE('clusterCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    const S = CLUSTER_SUBCOMMANDS;
    this.OR([
      {
        GATE: () => this.is(S, 'add', 'set'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.CONSUME(Value, { LABEL: 'spec' });
          this.SUBRULE(this.optionList, { ARGS: ['cluster'] });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'configure', 'unconfigure'),
        ALT: () => {
          this.CONSUME3(Word, { LABEL: 'subcommand' });
          this.SUBRULE(this.interfaceOperands);
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'remove', 'report', 'status'),
        ALT: () => {
          this.CONSUME4(Word, { LABEL: 'subcommand' });
          this.CONSUME2(Value, { LABEL: 'spec' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  public portCommand = this.RULE('portCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    const S = PORT_SUBCOMMANDS;
    this.OR([
      {
        GATE: () => this.is(S, 'add', 'set'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.CONSUME(Value, { LABEL: 'spec' });
          this.SUBRULE(this.optionList, { ARGS: ['port'] });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'remove', 'report', 'status'),
        ALT: () => {
          this.CONSUME3(Word, { LABEL: 'subcommand' });
          this.CONSUME2(Value, { LABEL: 'spec' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  public serverCommand = this.RULE('serverCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    const S = SERVER_SUBCOMMANDS;
    this.OR([
      {
        GATE: () => this.is(S, 'add', 'set'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.CONSUME(Value, { LABEL: 'spec' });
          this.SUBRULE(this.optionList, { ARGS: ['server'] });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'remove', 'report', 'status', 'up', 'down'),
        ALT: () => {
          this.CONSUME3(Word, { LABEL: 'subcommand' });
          this.CONSUME2(Value, { LABEL: 'spec' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  // manager / advisor -----------------------------------------------------------

  /** manager subcommand [operands]: start [logfile [metric_port]], interval n, quiesce server, … */
  public managerCommand = this.RULE('managerCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    this.OR([
      {
        GATE: () => this.is(MANAGER_SUBCOMMANDS, ...MANAGER_SUBCOMMANDS),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.MANY(() => this.CONSUME(Value, { LABEL: 'operand' }));
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** advisor subcommand [name] [port | cluster@port] [value | logfile] */
  public advisorCommand = this.RULE('advisorCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    this.OR([
      {
        GATE: () => this.is(ADVISOR_SUBCOMMANDS, ...ADVISOR_SUBCOMMANDS),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.MANY(() => this.CONSUME(Value, { LABEL: 'operand' }));
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  // highavailability ------------------------------------------------------------

  public highavailabilityCommand = this.RULE('highavailabilityCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    const S = HA_SUBCOMMANDS;
    this.OR([
      { GATE: () => this.is(S, 'backup'), ALT: () => this.SUBRULE(this.haBackup), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(S, 'heartbeat'), ALT: () => this.SUBRULE(this.haHeartbeat), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(S, 'reach'), ALT: () => this.SUBRULE(this.haReach), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(S, 'status'), ALT: () => this.CONSUME2(Word, { LABEL: 'subcommand' }), IGNORE_AMBIGUITIES: true },
      {
        GATE: () => this.is(S, 'takeover'),
        ALT: () => {
          this.CONSUME3(Word, { LABEL: 'subcommand' });
          this.OPTION(() => this.CONSUME(Value, { LABEL: 'address' }));
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** backup add primary|backup|both auto|manual port — backup delete */
  public haBackup = this.RULE('haBackup', () => {
    this.CONSUME(Word, { LABEL: 'subcommand' });
    this.OR([
      {
        GATE: () => this.is(HA_ADD_DELETE, 'add'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'action' });
          this.CONSUME(Value, { LABEL: 'role' });
          this.CONSUME2(Value, { LABEL: 'strategy' });
          this.CONSUME3(Value, { LABEL: 'port' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { GATE: () => this.is(HA_ADD_DELETE, 'delete'), ALT: () => this.CONSUME3(Word, { LABEL: 'action' }), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** heartbeat add srcaddress dstaddress — heartbeat delete address */
  public haHeartbeat = this.RULE('haHeartbeat', () => {
    this.CONSUME(Word, { LABEL: 'subcommand' });
    this.OR([
      {
        GATE: () => this.is(HA_ADD_DELETE, 'add'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'action' });
          this.CONSUME(Value, { LABEL: 'address' });
          this.CONSUME2(Value, { LABEL: 'address' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(HA_ADD_DELETE, 'delete'),
        ALT: () => {
          this.CONSUME3(Word, { LABEL: 'action' });
          this.CONSUME3(Value, { LABEL: 'address' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** reach add|delete address */
  public haReach = this.RULE('haReach', () => {
    this.CONSUME(Word, { LABEL: 'subcommand' });
    this.OR([
      {
        GATE: () => this.is(HA_ADD_DELETE, 'add', 'delete'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'action' });
          this.CONSUME(Value, { LABEL: 'address' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  // file / set ------------------------------------------------------------------

  public fileCommand = this.RULE('fileCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    const S = FILE_SUBCOMMANDS;
    this.OR([
      {
        GATE: () => this.is(S, 'save'),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.CONSUME(Value, { LABEL: 'file' });
          this.OPTION(() => this.CONSUME3(Word, { LABEL: 'force' }));
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.is(S, 'newload', 'appendload', 'delete'),
        ALT: () => {
          this.CONSUME4(Word, { LABEL: 'subcommand' });
          this.CONSUME2(Value, { LABEL: 'file' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { GATE: () => this.is(S, 'report'), ALT: () => this.CONSUME5(Word, { LABEL: 'subcommand' }), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });

  /** set loglevel n — set logsize n|unlimited */
  public setCommand = this.RULE('setCommand', () => {
    this.CONSUME(Word, { LABEL: 'command' });
    this.OR([
      {
        GATE: () => this.is(SET_SUBCOMMANDS, ...SET_SUBCOMMANDS),
        ALT: () => {
          this.CONSUME2(Word, { LABEL: 'subcommand' });
          this.CONSUME(Value, { LABEL: 'value' });
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.badSubcommand), IGNORE_AMBIGUITIES: true },
    ]);
  });
}

let shared: DscontrolParser | undefined;
/** One reused parser instance (Chevrotain: initialisation is the expensive part). */
export function dscontrolParser(): DscontrolParser {
  return (shared ??= new DscontrolParser());
}
