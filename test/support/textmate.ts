/**
 * The TextMate grammars of the VS Code extension (editors/vscode/syntaxes), made from the words plexlint reads:
 * the TCP/IP profile statements and operands of src/lsp/vocabulary.ts with every abbreviation IBM allows, and
 * the dscontrol commands, subcommands and options of the dscontrol grammar's keyword tables. test/vscode.test.ts
 * keeps the committed files equal to these (UPDATE_GRAMMARS=1 writes them).
 */
import {
  ADVISOR_SUBCOMMANDS,
  CLUSTER_SUBCOMMANDS,
  COMMANDS,
  EXECUTOR_SUBCOMMANDS,
  FILE_SUBCOMMANDS,
  HA_SUBCOMMANDS,
  MANAGER_SUBCOMMANDS,
  OPTION_NAMES,
  PORT_SUBCOMMANDS,
  PREFIXES,
  SERVER_SUBCOMMANDS,
  SET_SUBCOMMANDS,
} from '../../grammar/dscontrol/keywords.js';
import { allOperands, allStatements } from '../../src/lsp/vocabulary.js';

type Grammar = Record<string, unknown>;

/** A keyword and every longer prefix down to its shortest form: VIPADIST(?:R(?:I(?:B…)?)?)?. */
export function abbreviations(name: string, min: string): string {
  const esc = (c: string): string => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let rest = '';
  for (let i = name.length - 1; i >= min.length; i--) rest = `(?:${esc(name[i]!)}${rest})?`;
  return `${esc(min)}${rest}`;
}

const alternation = (words: { name: string; min: string }[]): string =>
  [...words]
    .sort((a, b) => b.name.length - a.name.length || a.name.localeCompare(b.name))
    .map((w) => abbreviations(w.name, w.min))
    .join('|');

const SCHEMA = 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json';
const IPV4 = '(?<![\\w.])\\d{1,3}(?:\\.\\d{1,3}){3}(?:/\\d{1,2})?(?![\\w.])';
const IPV6 = '(?<![\\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:/\\d{1,3})?(?![\\w:.])';

export function profileGrammar(): Grammar {
  const statements = allStatements();
  const blocks = statements.filter((s) => s.role === 'end' || s.name === 'VIPADYNAMIC' || s.name === 'BEGINROUTES' || s.name.startsWith('END'));
  const plain = statements.filter((s) => !blocks.includes(s));
  const sc = 'tcpip-profile';
  return {
    $schema: SCHEMA,
    name: 'TCP/IP profile',
    scopeName: `source.${sc}`,
    patterns: ['sequence', 'comment', 'block', 'statement', 'symbol', 'address', 'operand', 'number'].map((r) => ({ include: `#${r}` })),
    repository: {
      sequence: { comment: 'ISPF sequence numbers in columns 73-80', match: '(?<=^.{72})\\d{8}\\s*$', name: `comment.line.sequence-number.${sc}` },
      comment: { match: ';.*$', name: `comment.line.semicolon.${sc}` },
      block: { match: `(?i)^\\s*(${alternation(blocks)})(?=\\s|;|$)`, captures: { '1': { name: `keyword.control.block.${sc}` } } },
      statement: { match: `(?i)^\\s*(${alternation(plain)})(?=\\s|;|$)`, captures: { '1': { name: `keyword.control.statement.${sc}` } } },
      symbol: { comment: 'static system symbols: &NAME. or &NAME', match: '&[A-Za-z@#$][A-Za-z0-9@#$]{0,7}\\.?', name: `variable.other.system-symbol.${sc}` },
      address: { patterns: [{ match: IPV4, name: `constant.numeric.ip-address.${sc}` }, { match: IPV6, name: `constant.numeric.ip-address.${sc}` }] },
      operand: { match: `(?i)(?<![\\w@#$.&])(?:${alternation(allOperands())})(?![\\w@#$.])`, name: `keyword.other.operand.${sc}` },
      number: { match: '(?<![\\w.&])\\d+(?![\\w.])', name: `constant.numeric.${sc}` },
    },
  };
}

export function dscontrolGrammar(): Grammar {
  const sc = 'dscontrol';
  const words = (list: readonly string[]): string => [...new Set(list)].sort((a, b) => b.length - a.length || a.localeCompare(b)).join('|');
  const subcommands = [...EXECUTOR_SUBCOMMANDS, ...CLUSTER_SUBCOMMANDS, ...PORT_SUBCOMMANDS, ...SERVER_SUBCOMMANDS, ...MANAGER_SUBCOMMANDS, ...ADVISOR_SUBCOMMANDS, ...HA_SUBCOMMANDS, ...FILE_SUBCOMMANDS, ...SET_SUBCOMMANDS];
  const options = Object.values(OPTION_NAMES).flat();
  return {
    $schema: SCHEMA,
    name: 'Load Balancer (dscontrol)',
    scopeName: `source.${sc}`,
    patterns: ['comment', 'command', 'address', 'option', 'number'].map((r) => ({ include: `#${r}` })),
    repository: {
      comment: { match: '(?:^|(?<=\\s))#.*$', name: `comment.line.number-sign.${sc}` },
      command: {
        comment: 'dscontrol <command> <subcommand>',
        match: `(?i)^\\s*(${words(PREFIXES)})\\s+(${words(COMMANDS)})(?:\\s+(${words(subcommands)}))?(?=\\s|$)`,
        captures: { '1': { name: `entity.name.function.${sc}` }, '2': { name: `keyword.control.command.${sc}` }, '3': { name: `keyword.control.subcommand.${sc}` } },
      },
      address: { comment: 'an address, or cluster@port@server (: in the IPv4-only product line)', match: `${IPV4.replace('(?![\\w.])', '')}(?=[@:\\s]|$)|(?<=[@:])\\d+(?=[@:\\s]|$)`, name: `constant.numeric.ip-address.${sc}` },
      option: { match: `(?i)(?<=\\s)(?:${words(options)})(?=\\s|$)`, name: `keyword.other.option.${sc}` },
      number: { match: '(?<![\\w.@:])\\d+(?![\\w.@:])', name: `constant.numeric.${sc}` },
    },
  };
}
