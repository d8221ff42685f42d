/**
 * Chevrotain, loaded from its single-file ESM bundle.
 *
 * The package's entry point (`lib/src/api.js`) pulls in lodash-es as ~650
 * separate ES modules, which costs about 300 ms of start-up on every run; the
 * bundle that chevrotain ships (`lib/chevrotain.mjs`, same code) loads in ~15 ms.
 * Its exports map does not list the bundle, so it is located next to the
 * resolved entry point. Types still come from the package itself.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type * as ChevrotainApi from 'chevrotain';

const entry = createRequire(import.meta.url).resolve('chevrotain');
const bundle = join(dirname(entry), '..', 'chevrotain.mjs');
const chevrotain = (await import(pathToFileURL(bundle).href)) as typeof ChevrotainApi;

export const {
  CstParser,
  EmbeddedActionsParser,
  Lexer,
  EOF,
  createToken,
  tokenMatcher,
  LLkLookaheadStrategy,
  Alternation,
  Alternative,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Terminal,
} = chevrotain;
export type {
  CstNode,
  CstElement,
  IToken,
  TokenType,
  IParserErrorMessageProvider,
  IRecognitionException,
  ILexingError,
  IOrAlt,
  DSLMethodOpts,
  ParserMethod,
  ILookaheadStrategy,
  ILookaheadValidationError,
  IProduction,
  OptionalProductionType,
  Rule as GrammarRule,
} from 'chevrotain';
