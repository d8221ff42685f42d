/**
 * The TCP/IP profile parser: Chevrotain, generated from the statement table
 * (statements/*.ts), with embedded actions that return each statement's typed
 * AST node and its findings — no CST.
 *
 * Every statement entry becomes one grammar rule made of its elements: a
 * positional operand is a CONSUME, keyword options are a MANY over "an option of
 * this statement | an operand it does not know", a list is a MANY over its entry,
 * a block is a MANY over the statements it contains up to its END keyword.
 *
 * Words are matched in a scope (statement-scoped keyword matching): the scanner
 * gives plain words, and the parser types each one for the part of the statement
 * it is reading — a keyword of that part (which keeps the keyword it matched), a
 * word that starts the next statement, or any other value. So DEVICE VIPAD VIRTUAL
 * keeps VIPAD as the device name, PORT inside VIPADISTRIBUTE is its PORT list, and
 * a HOME or PORT list ends at the next statement name. IBM: "A configuration
 * statement consists of a statement name followed by a required blank, and usually
 * one or more positional arguments" (IP Configuration Reference, "Statement syntax
 * for configuration statements"); only open-ended lists end at the next statement.
 *
 * The lexer and the parser are built once and reused; the scanner hands out a small
 * ring of reused token objects (scanner.ts), so memory grows with the AST, not with
 * the number of words.
 */
import { createToken, EmbeddedActionsParser, Lexer, EOF, type DSLMethodOpts, type IOrAlt, type IToken, type ParserMethod, type TokenType } from '../chevrotain.js';
import type { Finding, Fix, RuleId } from '../../src/core/diagnostic.js';
import { fix, inCaseOf, removeAt, replaceAt } from '../../src/core/fix.js';
import type { Loc } from '../../src/core/loc.js';
import { ASSUMED_RELEASE, availability, type Introduced, type ReleaseContext, type ZosRelease } from '../../src/core/release.js';
import { didYouMean, editDistance, suggest, uniqueSuggestion } from '../../src/core/suggest.js';
import type { GenericStatement, OptionNode, Statement, UnknownStatement, Word } from './ast.js';
import { damageOf } from './damage.js';
import { asKnown, releaseFinding, tableConfidence, unconfirmedSentence } from './knowledge.js';
import { FirstTokenLookahead } from './lookahead.js';
import { KeywordTable, parseNotation, type Notation } from './notation.js';
import { Scanner, type ProfileToken } from './scanner.js';
import { isTcpipDataStatement } from './tcpip-data.js';
import { EntryList, keywordsOf, type BuildContext, type Element, type Level, type OptionSpec, type Parsed, type StatementSpec } from './spec.js';
import { statements, statementWords, STATEMENT_NAMES, vipaWords, type LevelWord } from './statement-words.js';
import { looksLike, ValueReader, type ValueSpec } from './values.js';
import type { WordFactory } from './words.js';
import { emptyRecord } from '../../src/core/record.js';

// ---- token types: what a word is in the part of the statement being read -------------------

export const AnyWord = createToken({ name: 'AnyWord', pattern: Lexer.NA });
/** Not the start of the next statement. */
export const Operand = createToken({ name: 'Operand', pattern: Lexer.NA, categories: [AnyWord] });
/** A keyword of the part being read (operand in context): the token keeps the keyword it matched. */
export const Keyword = createToken({ name: 'Keyword', pattern: Lexer.NA, categories: [Operand, AnyWord] });
/** Any other operand: a value, a name, or a word the statement does not know. */
export const Value = createToken({ name: 'Value', pattern: Lexer.NA, categories: [Operand, AnyWord] });
/** A statement name or END keyword: the part being read ends before it. */
export const StatementWord = createToken({ name: 'StatementWord', pattern: Lexer.NA, categories: [AnyWord] });

const vocabulary = [AnyWord, Operand, Keyword, Value, StatementWord];

interface Phase {
  /** Keywords of this part: they are operands here even when they also name a statement. */
  table?: KeywordTable<Notation>;
  /** Inside an END-type block only its END keyword ends the part. */
  end?: KeywordTable<LevelWord>;
  level: KeywordTable<LevelWord>;
}

const endTables = new Map<StatementSpec, KeywordTable<LevelWord>>();
/** The phase of an END-type block's contents: only its END keyword ends them. */
function blockPhase(spec: StatementSpec): Phase {
  let end = endTables.get(spec);
  if (!end) {
    end = new KeywordTable<LevelWord>([{ ...spec.end!, endOf: spec }]);
    endTables.set(spec, end);
  }
  return { end, level: statementWords };
}

// ---- the plan: elements compiled into nodes with their Chevrotain occurrence numbers ---------

interface Counters {
  consume: number;
  many: number;
  or: number;
  subrule: number;
}

type Node =
  | { t: 'slot'; name: string; value: ValueSpec; optional: boolean; unchecked: boolean; when?: (p: Parsed) => boolean; idx: number; seq: Node[]; at: number }
  | OptionsNode
  | { t: 'keyword'; keyword: Notation; table: KeywordTable<Notation>; optional: boolean; idx: number; then: Node[] }
  | { t: 'choice'; table: KeywordTable<Notation & { body: Node[]; since?: Introduced }>; idx: number; otherwise?: Node[] }
  | { t: 'variant'; slot: string; table: KeywordTable<Notation & { body: Node[]; removed?: string; advice?: string; since?: Introduced }> }
  | { t: 'list'; name: string; entry: Node[]; phase: Phase; loop: DSLMethodOpts<void>; manyIdx: number; build?: Extract<Element, { type: 'list' }>['build'] }
  | { t: 'rest'; loop: DSLMethodOpts<void>; manyIdx: number };

/** Keyword options in any order, read by the shared options rule (one loop for every statement's options). */
interface OptionsNode {
  t: 'options';
  table: KeywordTable<OptionSpec>;
  ordered: boolean;
  untilEnd: boolean;
  phase: Phase;
  loop: DSLMethodOpts<void>;
  /** Occurrence of the options rule in the statement's rule. */
  subruleIdx: number;
  seq: Node[];
  at: number;
}

/** One statement, or one list entry, being read. */
interface Frame {
  p: Parsed;
  spec: StatementSpec;
  findings: Finding[];
  /** After a structural error, the rest of the statement is skipped without further findings. */
  broken: boolean;
  /** Options seen, for order and repetition checks. */
  lastOrder: number;
  /** The last word reported as an unknown operand: a value right after it is its argument, not a finding of its own. */
  lastUnknown?: ProfileToken;
  /** The options coded so far by name, for repeated keywords: made only for a statement with many options. */
  seen?: Map<string, OptionNode>;
  /**
   * How the next entry of the list being read starts: with an operand of this kind, or
   * ('any') with any operand that is not a keyword of the entry (AUTOLOG procedure names).
   */
  entryStart?: ValueSpec | 'any';
  /** The statement's skip table: every keyword it knows (operands in context while skipping). */
  skip: KeywordTable<Notation>;
  /** The statement's frame (itself, or the statement a list entry belongs to). */
  owner: Frame;
  /** Whether the words are kept as operands (a built list entry needs only its slots and options). */
  keep: boolean;
  /** The phase the rest of a broken statement is skipped in. */
  skipPhase?: Phase;
  /** "DEVICE OSADEV1": the statement's name and its object, for messages. */
  label?: string;
}

export interface BuiltStatement {
  statement: Statement;
  findings: Finding[];
  /** The statements a block contains, with their own findings. */
  children?: BuiltStatement[];
}

const MAX_OCCURRENCE = 255;

/** How far past a line-start word the parser looks for the next line (the scanner's ring holds 64 words). */
const LOOK_PAST_LINE = 24;

/** Up to this many options, a repeat is found by comparing names one by one (no map per statement). */
const LINEAR_OPTIONS = 8;

/** A word that could be a keyword (letters first), as opposed to a value (a number, an address, a list such as 2,3). */
const KEYWORD_SHAPED = /^[A-Z@#$][A-Z0-9@#$_]*$/;

/** The fix of a misspelt keyword: the one keyword that close, written in the case of the word it replaces. */
function respell(w: Word, keyword: string): Fix {
  return fix(`write ${keyword}`, replaceAt(w.loc, inCaseOf(w.raw, keyword)));
}

/** What a word action returns while Chevrotain records the grammar (no input then). */
const RECORDED: Word = { text: '', raw: '', loc: { file: '', line: 1, column: 1, endLine: 1, endColumn: 1 } };

function notations(list: readonly Notation[]): KeywordTable<Notation> {
  return new KeywordTable(list);
}

export interface ParseInput {
  scanner: Scanner;
  words: WordFactory;
  file: string;
  /** The release of the system the profile is read for (default: the newest, assumed). */
  release?: ReleaseContext;
  /**
   * The system's name: findings that depend on its release name it (Finding.system), so that a member several
   * systems of different releases INCLUDE is reported once per system that rejects it. Only for a release the
   * manifest names; an assumed release is the same for every system.
   */
  system?: string;
}

export class ProfileParser extends EmbeddedActionsParser {
  private scanner!: Scanner;
  private words!: WordFactory;
  private file = '';
  private release: ReleaseContext = ASSUMED_RELEASE;
  private system: string | undefined;
  private phase: Phase = { level: statementWords };
  private frames: Frame[] = [];
  private readonly topPhase: Phase = { level: statementWords };
  private readonly vipaPhase: Phase = { level: vipaWords };
  private readonly rules = new Map<StatementSpec, ParserMethod<[], BuiltStatement>>();
  private readonly plans = new Map<StatementSpec, Node[]>();
  private readonly skipTables = new Map<StatementSpec, KeywordTable<Notation>>();
  /**
   * The statement read last, when a word after it on a later line is a statement of its own (an unknown statement
   * after it names it, and may be a misspelt operand of it): kept as its frame's spec and line, no object per statement.
   */
  private previousSpec: StatementSpec | undefined;
  private previousLine = 0;
  /** The last word consumed, for the statement's range. */
  private lastLine = 0;
  private lastEnd = 0;

  private readonly profileRule: ParserMethod<[], BuiltStatement[]>;
  private readonly statementRule: ParserMethod<[], BuiltStatement>;
  private readonly unknownRule: ParserMethod<[], BuiltStatement>;
  private readonly topAlternatives: IOrAlt<BuiltStatement>[];

  /** @param validateGrammar run Chevrotain's grammar validations (the test suite does, the CLI does not). */
  constructor(validateGrammar = false) {
    super(vocabulary, { maxLookahead: 1, recoveryEnabled: false, skipValidations: !validateGrammar, lookaheadStrategy: new FirstTokenLookahead() });
    // Chevrotain finds a rule under the parser's property of the rule's name.
    const self = this as unknown as Record<string, unknown>;
    for (const spec of statements) {
      const rule = this.RULE(`statement_${spec.id}`, () => this.statementBody(spec));
      self[`statement_${spec.id}`] = rule;
      this.rules.set(spec, rule);
    }
    this.statementRule = this.RULE('statementRule', () => {
      const t = this.RECORDING_PHASE ? undefined : (this.LA(1) as ProfileToken);
      const word = t?.match as LevelWord | undefined;
      const spec = word?.spec ?? (word?.endOf ? undefined : statements[0]!);
      return this.subrule(0, spec ? this.rules.get(spec)! : this.strayEndRule);
    });
    this.unknownRule = this.RULE('unknownRule', () => this.unknownStatement());
    this.strayEndRule = this.RULE('strayEndRule', () => this.strayEnd());
    this.topAlternatives = [{ ALT: () => this.SUBRULE(this.statementRule) }, { ALT: () => this.SUBRULE(this.unknownRule) }];
    this.profileRule = this.RULE('profileRule', () => {
      const out: BuiltStatement[] = [];
      this.MANY({
        GATE: () => {
          this.phase = this.topPhase;
          return true;
        },
        DEF: () => {
          const s = this.OR(this.topAlternatives);
          if (!this.RECORDING_PHASE && s) out.push(s);
        },
      });
      return out;
    });
    this.performSelfAnalysis();
  }

  private readonly strayEndRule: ParserMethod<[], BuiltStatement>;

  /** Parse one profile text: its statements in order, each with its findings. */
  parse(input: ParseInput): BuiltStatement[] {
    this.reset();
    this.scanner = input.scanner;
    this.words = input.words;
    this.file = input.file;
    this.release = input.release ?? ASSUMED_RELEASE;
    this.system = this.release.assumed ? undefined : input.system;
    this.frames = [];
    this.previousSpec = undefined;
    this.phase = this.topPhase;
    try {
      return this.profileRule();
    } finally {
      // Nothing of the file stays reachable from the shared parser.
      this.scanner = undefined as unknown as Scanner;
      this.words = undefined as unknown as WordFactory;
      this.frames = [];
    }
  }

  // ---- the token vector, typed on demand -------------------------------------------------------

  private get position(): number {
    return (this as unknown as { currIdx: number }).currIdx;
  }

  override LA(howMuch: number): IToken {
    const t = this.scanner.at(this.position + howMuch);
    if (t.phase !== this.phase && t !== this.scanner.eof) this.classify(t, this.phase);
    return t;
  }

  override LA_FAST(howMuch: number): IToken {
    return this.LA(howMuch);
  }

  isAtEndOfInput(): boolean {
    return this.LA(1) === this.scanner.eof;
  }

  onBeforeParse(): void {
    // Chevrotain pads its own token vector here; the scanner ends with its own EOF token.
  }

  onAfterParse(): void {
    // The profile rule reads to the end of the text.
  }

  private classify(t: ProfileToken, phase: Phase): void {
    t.phase = phase;
    const text = t.resolved ?? this.scanner.text;
    const start = t.resolved === undefined ? t.startOffset : 0;
    const end = t.resolved === undefined ? t.end : t.resolved.length;
    if (phase.table) {
      const k = phase.table.matchRange(text, start, end);
      if (k) return this.setType(t, Keyword, k);
    }
    if (phase.end) {
      const hit = phase.end.matchRange(text, start, end);
      return hit ? this.setType(t, StatementWord, hit) : this.setType(t, Value, undefined);
    }
    const w = phase.level.matchRange(text, start, end);
    if (w) return this.setType(t, StatementWord, w);
    this.setType(t, Value, undefined);
  }

  private setType(t: ProfileToken, type: TokenType, match: unknown): void {
    t.tokenType = type;
    t.tokenTypeIdx = type.tokenTypeIdx!;
    t.match = match;
  }

  /** Whether a token starts a statement at this level, whatever part is being read. */
  private startsStatement(t: ProfileToken, level = this.phase.level): LevelWord | undefined {
    if (t === this.scanner.eof) return undefined;
    if (this.phase.end) return undefined;
    return t.resolved !== undefined ? level.match(t.resolved) : level.matchRange(this.scanner.text, t.startOffset, t.end);
  }

  /**
   * Whether a token is the END keyword of the block the statement is in (ENDROUTES for a ROUTE, ENDVIPADYNAMIC for
   * a VIPADYNAMIC statement, ENDAUTOLOG for an AUTOLOG entry). `ROUTE DEFAULT 10.1.1.1` before ENDROUTES lacks its
   * link name, and ENDROUTES still ends the block: taking it as the link name would leave the block open and make
   * one missing operand many findings. (A name may spell the END keyword of another block: INTERFACE ENDAUTOL.)
   */
  private closesOpenBlock(t: ProfileToken): boolean {
    if (t === this.scanner.eof) return false;
    if (this.phase.end) {
      return (t.resolved !== undefined ? this.phase.end.match(t.resolved) : this.phase.end.matchRange(this.scanner.text, t.startOffset, t.end)) !== undefined;
    }
    const spec = this.frame().owner.spec;
    // A statement of entries up to its own END keyword (AUTOLOG … ENDAUTOLOG), or one inside a block of statements.
    if (spec.end && !spec.contains && this.matches(blockPhase(spec).end!, t)) return true;
    return spec.level !== 'top' && this.startsStatement(t)?.endOf?.contains === spec.level;
  }

  private matches<T extends Notation>(table: KeywordTable<T>, t: ProfileToken): T | undefined {
    if (t === this.scanner.eof) return undefined;
    return t.resolved !== undefined ? table.match(t.resolved) : table.matchRange(this.scanner.text, t.startOffset, t.end);
  }

  private upper(t: ProfileToken): string {
    return t.upper;
  }

  private word(t: IToken): Word {
    if (this.RECORDING_PHASE) return RECORDED;
    const tok = t as ProfileToken;
    const w = this.words.word(tok);
    const line = tok.line;
    const end = tok.column + (tok.end - tok.startOffset);
    if (line > this.lastLine || (line === this.lastLine && end > this.lastEnd)) {
      this.lastLine = line;
      this.lastEnd = end;
    }
    return w;
  }

  /** A word of the statement, kept as an operand where the statement needs its operands. */
  private operand(f: Frame, w: Word): void {
    if (!f.keep) return;
    if (f.p.operands === NONE) f.p.operands = [];
    f.p.operands.push(w);
  }

  // ---- statements ------------------------------------------------------------------------------------

  private frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private planOf(spec: StatementSpec): Node[] {
    let plan = this.plans.get(spec);
    if (!plan) {
      plan = this.compile(spec.body, { consume: 1, many: 0, or: 0, subrule: 0 }, spec, undefined);
      this.plans.set(spec, plan);
    }
    return plan;
  }

  private skipTable(spec: StatementSpec): KeywordTable<Notation> {
    let t = this.skipTables.get(spec);
    if (!t) {
      t = notations(keywordsOf(spec.body));
      this.skipTables.set(spec, t);
    }
    return t;
  }

  private statementBody(spec: StatementSpec): BuiltStatement {
    const plan = this.planOf(spec);
    if (this.RECORDING_PHASE) {
      this.consume(0, StatementWord);
      this.run(plan);
      if (spec.contains) this.blockBody(spec);
      else if (spec.end) this.consume(MAX_OCCURRENCE, StatementWord);
      this.skipRest();
      return undefined as unknown as BuiltStatement;
    }
    const keyword = this.word(this.consume(0, StatementWord));
    const at = keyword.loc;
    const p = emptyParsed(spec, keyword, at);
    const f = { p, spec, findings: [], broken: false, lastOrder: -1, skip: this.skipTable(spec), keep: true } as unknown as Frame;
    f.owner = f;
    this.frames.push(f);
    this.lastLine = at.line;
    this.lastEnd = at.endColumn;
    let children: BuiltStatement[] | undefined;
    try {
      if (spec.removed) {
        // IBM's removal, with the release that made it and what replaces it; `removedIn` dates it for the release
        // checks (every release plexlint knows, for the statements removed before 2.4): one cause, one finding.
        if (spec.removedIn === undefined || availability(spec, this.release).status === 'removed') {
          add(f, {
            ruleId: 'obsolete-statement',
            loc: at,
            message: `${spec.name} is no longer supported since z/OS ${spec.removed}: plexlint assumes a current stack rejects it (IBM does not document the message).`,
          });
        }
      } else if (datedItem(spec)) this.releaseCheck(spec, keyword, `${spec.name} (the statement)`);
      this.run(plan);
      this.trailing(plan);
      this.skipRest();
      if (spec.contains) children = this.blockBody(spec);
      else if (spec.end) this.endKeyword(spec, p);
      p.loc = at.line === this.lastLine && at.endColumn === this.lastEnd ? at : { file: this.file, line: at.line, column: at.column, endLine: this.lastLine, endColumn: this.lastEnd };
      const statement = this.build(spec, p, f);
      // A word after it on a later line is a statement of its own (unknownStatementFinding says why); a block ends
      // with its END keyword, and says nothing about what follows.
      this.previousSpec = spec.end || spec.contains ? undefined : spec;
      this.previousLine = at.line;
      return children ? { statement, findings: f.findings, children } : { statement, findings: f.findings };
    } finally {
      this.frames.pop();
    }
  }

  /** The END keyword of an END-type block, if it is the next word. */
  private endKeyword(spec: StatementSpec, p: Parsed): void {
    this.phase = blockPhase(spec);
    const t = this.LA(1) as ProfileToken;
    if (t.tokenType === StatementWord) p.end = this.word(this.consume(MAX_OCCURRENCE, StatementWord));
  }

  private build(spec: StatementSpec, p: Parsed, f: Frame): Statement {
    const cx = this.context(f);
    const before = f.findings.length;
    const complete = !spec.requires || spec.requires.every((name) => p.slots[name] !== undefined);
    const statement = spec.build && complete ? spec.build(p, cx) : genericStatement(p);
    if (p.error && f.findings.length > before) {
      // A builder reading a statement cut short by a structural error reports the missing
      // part again in its own words: keep only what it found before the error that is not
      // about the statement's structure.
      const error = p.error;
      const made = f.findings.splice(before);
      for (const x of made) if (x.ruleId !== 'syntax' && (x.loc.line < error.line || (x.loc.line === error.line && x.loc.column < error.column))) add(f, x);
    }
    return statement;
  }

  /** The one build context, pointed at the statement or entry being built (builders run one at a time). */
  private readonly cx = new BuildScope();

  private context(f: Frame): BuildContext {
    this.cx.target = f;
    this.cx.file = this.file;
    return this.cx;
  }

  /**
   * A word where a statement should start that names none: one finding at the word, and its operands (up to the
   * next word that starts a statement, or that starts a line the way a statement does) are skipped with it.
   * - a TCPIP.DATA statement (DATASETPREFIX): an error that says where it belongs;
   * - a near miss of a statement name (PORTS): an error with the statement meant;
   * - any other word: a warning — plexlint's list of statements may lack one IBM added.
   */
  private unknownStatement(): BuiltStatement {
    if (this.RECORDING_PHASE) {
      this.consume(0, Operand);
      this.skipRest();
      return undefined as unknown as BuiltStatement;
    }
    const keyword = this.word(this.consume(0, Operand));
    const operands: Word[] = [];
    this.lastLine = keyword.loc.line;
    this.lastEnd = keyword.loc.endColumn;
    for (;;) {
      const t = this.LA(1) as ProfileToken;
      if ((t.tokenType !== Value && t.tokenType !== Keyword) || this.startsLineAsStatement(t)) break;
      operands.push(this.word(this.consume(1, Operand)));
    }
    const loc: Loc = { file: this.file, line: keyword.loc.line, column: keyword.loc.column, endLine: this.lastLine, endColumn: this.lastEnd };
    const statement: UnknownStatement = { kind: 'unknown', loc, keyword, operands };
    const spec = this.previousSpec;
    this.previousSpec = undefined;
    let previous: Previous | undefined;
    if (spec && this.previousLine < keyword.loc.line) {
      const confidence = tableConfidence(spec, this.release.release);
      previous = { name: spec.name, line: this.previousLine, keywords: this.skipTable(spec), ...(confidence.confirmed ? {} : { unconfirmed: unconfirmedSentence(spec, confidence, this.release) }) };
    }
    return { statement, findings: [unknownStatementFinding(keyword, operands.length, previous)] };
  }

  /**
   * Whether a word that starts a line ends the statement being read and starts one of its own (docs/statements.md,
   * "A word that starts a line"): a word of letters that is none of the statement's keywords — a TCPIP.DATA
   * statement always, any other word unless the next line goes on with a keyword of the statement (then the word is
   * one of its operands, misspelt: the statement is not cut in two). Layout other than the lines themselves does not
   * count (IBM: entries are free format), so indenting it changes nothing. Inside an END-type block every word up to
   * its END keyword belongs to the block.
   */
  private startsLineAsStatement(t: ProfileToken, keywords?: KeywordTable<Notation>): boolean {
    if (t === this.scanner.eof || this.phase.end || t.symbolic) return false;
    const prev = this.LA(0) as ProfileToken;
    if (prev !== this.scanner.eof && t.line <= prev.line) return false;
    const text = this.upper(t);
    if (!KEYWORD_SHAPED.test(text)) return false;
    if (!keywords) return true;
    if (this.matches(keywords, t)) return false;
    return isTcpipDataStatement(text) || !this.nextLineGoesOn(t, keywords);
  }

  /** Whether the first word on a line after `t`'s (within a few words) is a keyword of the statement. */
  private nextLineGoesOn(t: ProfileToken, keywords: KeywordTable<Notation>): boolean {
    for (let k = 2; k <= LOOK_PAST_LINE; k++) {
      const next = this.LA(k) as ProfileToken;
      if (next === this.scanner.eof) return false;
      if (next.line > t.line) return this.matches(keywords, next) !== undefined;
    }
    return false;
  }

  /** The same for the statement (or entry) being read: complete, and this word starts a line as a statement does. */
  private endsAtLineStart(t: ProfileToken): boolean {
    return this.startsLineAsStatement(t, this.frame().owner.skip);
  }

  /** An END keyword without its block: kept as a statement; the block pass reports it. */
  private strayEnd(): BuiltStatement {
    if (this.RECORDING_PHASE) {
      this.consume(0, StatementWord);
      return undefined as unknown as BuiltStatement;
    }
    const keyword = this.word(this.consume(0, StatementWord));
    const end = (this.LA(0) as ProfileToken).match as LevelWord | undefined;
    const statement: GenericStatement = { kind: 'generic', loc: keyword.loc, keyword, name: end?.name ?? keyword.text, operands: [], isBlock: false };
    return { statement, findings: [] };
  }

  // ---- blocks of statements (VIPADYNAMIC, BEGINROUTES) ---------------------------------------

  private blockBody(spec: StatementSpec): BuiltStatement[] {
    const children: BuiltStatement[] = [];
    const phase = spec.contains === 'vipadynamic' ? this.vipaPhase : this.topPhase;
    const inside = (w: LevelWord | undefined): boolean =>
      w !== undefined && (w.spec?.level === spec.contains || w.endOf === spec);
    this.many(MAX_OCCURRENCE, {
      GATE: () => {
        this.phase = phase;
        const t = this.LA(1) as ProfileToken;
        if (t.tokenType === StatementWord) {
          const w = t.match as LevelWord;
          return inside(w) && w.endOf !== spec;
        }
        return true;
      },
      DEF: () => {
        if (this.RECORDING_PHASE) {
          this.or(MAX_OCCURRENCE, [{ ALT: () => this.subrule(MAX_OCCURRENCE, this.statementRule) }, { ALT: () => this.consume(MAX_OCCURRENCE - 1, Operand) }]);
          return;
        }
        const t = this.LA(1) as ProfileToken;
        if (t.tokenType === StatementWord) {
          children.push(this.subrule(MAX_OCCURRENCE, this.statementRule));
          return;
        }
        this.junkInBlock(spec);
      },
    });
    if (this.RECORDING_PHASE) {
      this.consume(MAX_OCCURRENCE - 2, StatementWord);
      return children;
    }
    const f = this.frame();
    this.phase = phase;
    const t = this.LA(1) as ProfileToken;
    if (t.tokenType === StatementWord && (t.match as LevelWord).endOf === spec) f.p.end = this.word(this.consume(MAX_OCCURRENCE - 2, StatementWord));
    f.p.children = children.map((c) => c.statement);
    f.p.childFindings = children.map((c) => c.findings);
    return children;
  }

  /**
   * Words inside a block that start no statement of it. In VIPADYNAMIC the block pass (src/frontends/profile/blocks.ts)
   * ends the block at the first of them: a syntax error there, whether the stack reads the word as one more operand of
   * the substatement above or as a substatement of its own. A near miss of an operand of the substatement above (its
   * operands go on over lines: TIMEDAFFINTY after the DESTIP targets) names the operand meant (no fix: `syntax` is
   * not a fixable rule, and whether the word belongs to the statement above is the reader's call).
   */
  private junkInBlock(spec: StatementSpec): void {
    const f = this.frame();
    const first = this.word(this.consume(MAX_OCCURRENCE - 1, Operand));
    let last = first;
    while (this.LA(1).tokenType === Value || this.LA(1).tokenType === Keyword) last = this.word(this.consume(MAX_OCCURRENCE - 1, Operand));
    const loc: Loc = { file: this.file, line: first.loc.line, column: first.loc.column, endLine: last.loc.endLine, endColumn: last.loc.endColumn };
    const above = this.previousSpec && this.previousLine < first.loc.line ? this.previousSpec : undefined;
    this.previousSpec = undefined;
    if (spec.contains !== 'vipadynamic') {
      add(f, { ruleId: 'syntax', loc: first.loc, message: `BEGINROUTES: expected ROUTE or ENDROUTES but found '${first.raw}'` });
      return;
    }
    const operands = above ? this.skipTable(above).names() : [];
    const meant = first.symbolic ? undefined : suggest(first.text, operands);
    add(f, {
      ruleId: 'syntax',
      loc,
      message:
        meant && above
          ? `VIPADYNAMIC: '${first.raw}' starts a line after ${above.name} (line ${this.previousLine}) but is neither one of its operands nor a VIPADYNAMIC substatement; ` +
            `whether the stack reads it as one more operand of ${above.name} or as a substatement, it is a syntax error in the block. Did you mean ${meant}?`
          : `VIPADYNAMIC: '${first.raw}' is not a VIPADYNAMIC substatement (VIPADEFINE, VIPABACKUP, VIPADELETE, VIPADISTRIBUTE, VIPARANGE, VIPAROUTE, VIPASMPARMS)`,
    });
  }

  // ---- the elements of a statement -------------------------------------------------------------------

  private compile(els: readonly Element[], n: Counters, spec: StatementSpec, entryStart: ValueSpec | 'any' | undefined): Node[] {
    const seq: Node[] = [];
    const next = (k: keyof Counters): number => {
      const i = n[k]++;
      if (i >= MAX_OCCURRENCE - 3) throw new Error(`statement table: ${spec.id} needs more than ${MAX_OCCURRENCE - 3} ${k} occurrences`);
      return i;
    };
    for (const el of els) {
      switch (el.type) {
        case 'slot':
          seq.push({
            t: 'slot',
            name: el.name,
            value: el.value,
            optional: el.optional === true,
            unchecked: el.unchecked === true,
            ...(el.when ? { when: el.when } : {}),
            idx: next('consume'),
            seq,
            at: seq.length,
          });
          break;
        case 'options': {
          const table = new KeywordTable(el.options);
          const phase: Phase = { table, level: spec.level === 'vipadynamic' ? vipaWords : statementWords };
          const node: OptionsNode = {
            t: 'options',
            table,
            ordered: el.ordered,
            untilEnd: el.until === 'end',
            phase,
            subruleIdx: next('subrule'),
            seq,
            at: seq.length,
            loop: undefined as unknown as DSLMethodOpts<void>,
          };
          // The occurrence numbers are the options rule's own (the same for every statement).
          const alternatives: IOrAlt<void>[] = [
            { ALT: () => this.keywordOption(node, this.consume(0, Keyword) as ProfileToken) },
            { ALT: () => this.unknownOperand(node.table, this.consume(1, Value) as ProfileToken, node.untilEnd) },
          ];
          node.loop = {
            GATE: () => {
              this.phase = phase;
              const t = this.LA(1) as ProfileToken;
              if (t.tokenType !== Value) return true;
              // Options before a positional operand end at the first other word, unless it is a
              // too-short abbreviation of one of them (DEL for DELEte): that is the error to report.
              if (!node.untilEnd) return !t.symbolic && (table.tooShortFor(this.upper(t)) !== undefined || this.misspelled(table, t));
              // The statement has its required operands: a word that starts a line as a statement does ends it.
              return !this.startsEntry(t) && !this.endsAtLineStart(t);
            },
            DEF: () => this.or(0, alternatives),
          };
          seq.push(node);
          break;
        }
        case 'keyword':
          seq.push({
            t: 'keyword',
            keyword: el.keyword,
            table: notations([el.keyword]),
            optional: el.optional === true,
            idx: next('consume'),
            then: this.compile(el.then ?? [], n, spec, entryStart),
          });
          break;
        case 'choice':
          seq.push({
            t: 'choice',
            table: new KeywordTable(el.alternatives.map((a) => ({ ...a.keyword, body: this.compile(a.body, n, spec, entryStart), ...(a.since ? { since: a.since } : {}) }))),
            idx: next('consume'),
            ...(el.otherwise ? { otherwise: this.compile(el.otherwise, n, spec, entryStart) } : {}),
          });
          break;
        case 'variant':
          seq.push({
            t: 'variant',
            slot: el.slot,
            table: new KeywordTable(
              el.cases.map((c) => ({
                ...c.keyword,
                body: this.compile(c.body, n, spec, entryStart),
                ...(c.removed ? { removed: c.removed } : {}),
                ...(c.advice ? { advice: c.advice } : {}),
                ...(c.since ? { since: c.since } : {}),
              })),
            ),
          });
          break;
        case 'list': {
          const first = el.entry[0];
          const start: ValueSpec | 'any' = first?.type === 'slot' && first.value.kind !== 'name' && first.value.kind !== 'text' ? first.value : 'any';
          const entry = this.compile(el.entry, n, spec, start);
          const phase: Phase = spec.end && !spec.contains ? blockPhase(spec) : { level: spec.level === 'vipadynamic' ? vipaWords : statementWords };
          const node = { t: 'list' as const, name: el.name, entry, phase, manyIdx: next('many'), loop: undefined as unknown as DSLMethodOpts<void>, ...(el.build ? { build: el.build } : {}) };
          node.loop = {
            GATE: () => {
              this.phase = phase;
              if (this.RECORDING_PHASE) return true;
              const t = this.LA(1) as ProfileToken;
              if (t.tokenType === StatementWord) return false;
              return this.listGoesOn(t, start);
            },
            DEF: () => this.entry(node, start),
          };
          seq.push(node);
          break;
        }
        case 'rest': {
          const idx = next('consume');
          const phase: Phase = spec.end && !spec.contains ? blockPhase(spec) : { level: spec.level === 'vipadynamic' ? vipaWords : statementWords };
          seq.push({
            t: 'rest',
            manyIdx: next('many'),
            loop: {
              GATE: () => {
                this.phase = phase;
                return true;
              },
              DEF: () => {
                const w = this.word(this.consume(idx, Operand));
                if (this.RECORDING_PHASE) return;
                const f = this.frame();
                this.operand(f, w);
                if (f.p.rest === NONE) f.p.rest = [];
                f.p.rest.push(w);
              },
            },
          });
          break;
        }
      }
    }
    void entryStart;
    return seq;
  }

  private run(plan: readonly Node[]): void {
    for (const node of plan) {
      switch (node.t) {
        case 'slot':
          this.slot(node);
          break;
        case 'options':
          this.subrule(node.subruleIdx, this.optionsRule, { ARGS: [node] });
          break;
        case 'keyword':
          this.requiredKeyword(node);
          break;
        case 'choice':
          this.choice(node);
          break;
        case 'variant':
          this.variant(node);
          break;
        case 'list':
          this.many(node.manyIdx, node.loop);
          break;
        case 'rest':
          this.many(node.manyIdx, node.loop);
          break;
      }
    }
  }

  /** A word after the last operand of a statement whose operands are all positional. */
  private trailing(plan: readonly Node[]): void {
    if (this.RECORDING_PHASE) return;
    const f = this.frame();
    const last = plan[plan.length - 1];
    if (f.broken || f.spec.contains || f.spec.end || (last && (last.t === 'options' || last.t === 'list' || last.t === 'rest' || last.t === 'choice' || last.t === 'variant' || last.t === 'keyword'))) return;
    this.phase = { level: this.phase.level };
    const t = this.LA(1) as ProfileToken;
    if (t === this.scanner.eof || t.tokenType === StatementWord) return;
    // A word that starts a line after a complete statement is a statement of its own (an unknown one: the
    // profile rule reports it), never an operand that gets this statement rejected.
    if (t.line > (this.LA(0) as ProfileToken).line) return;
    this.failUnknown(this.locOfToken(t), `'${t.image}' is not expected: the statement ends after its ${plan.length === 1 ? 'operand' : 'operands'}`);
  }

  /** After a structural error: the rest of the statement, up to the next statement. */
  private skipRest(): void {
    // Only a broken statement has a rest to skip (Chevrotain records the call all the same).
    if (this.RECORDING_PHASE || this.frame().broken) this.subrule(MAX_OCCURRENCE - 3, this.skipRule);
  }

  /** The rest of a broken statement (one rule that every statement calls). */
  private readonly skipRule = this.RULE('skipRule', () => {
    this.many(0, this.skipLoop);
  });

  private readonly skipLoop: DSLMethodOpts<void> = {
    GATE: () => {
      if (this.RECORDING_PHASE) return true;
      const f = this.frame();
      if (!f.broken) return false;
      if (f.skipPhase?.level !== this.phase.level || f.skipPhase.end !== this.phase.end) {
        f.skipPhase = { table: f.skip, level: this.phase.level, ...(this.phase.end ? { end: this.phase.end } : {}) };
      }
      this.phase = f.skipPhase;
      return true;
    },
    DEF: () => {
      const w = this.word(this.consume(0, Operand));
      if (!this.RECORDING_PHASE) this.operand(this.frame(), w);
    },
  };

  /**
   * Keyword options in any order (one rule that every statement's options call, with the
   * statement's options node). Recorded once without a node: a keyword or another word.
   */
  private readonly optionsRule = this.RULE('optionsRule', (node?: OptionsNode) => {
    this.many(0, node ? node.loop : this.recordedOptions);
  });

  private readonly recordedOptions: DSLMethodOpts<void> = {
    DEF: () => {
      this.or(0, [{ ALT: () => void this.consume(0, Keyword) }, { ALT: () => void this.consume(1, Value) }]);
    },
  };

  /**
   * A structural error about a word the table does not know (an operand, a form, a word after the last operand):
   * as `fail`, with the confidence plexlint has in the statement's table for the system's release (./knowledge.ts).
   */
  private failUnknown(loc: Loc, message: string, ruleId: RuleId = 'syntax', fix?: Fix): void {
    const f = this.frame();
    if (f.broken) return;
    const before = f.findings.length;
    this.fail(loc, message, ruleId, fix);
    this.asKnownSince(f, before);
  }

  /** The findings made since `before` about a word the table does not know, as plexlint's knowledge of the table allows. */
  private asKnownSince(f: Frame, before: number): void {
    for (let i = before; i < f.findings.length; i++) f.findings[i] = this.known(f.findings[i]!);
  }

  /** A finding about a word the table does not know: an error only where the table is confirmed for the release. */
  private known(x: Finding): Finding {
    const k = asKnown(x, this.frame().owner.spec, this.release);
    return k === x ? x : this.forSystem(k);
  }

  // ---- what the system's release has ------------------------------------------------------------

  /** An item of the table (a statement, an operand, a form) the system's release does not have: its finding. */
  private releaseCheck(item: DatedItem, w: Word, what: string): void {
    const a = availability(item, this.release);
    if (a.status === 'available') return;
    const f = this.frame();
    add(f, this.forSystem(releaseFinding(a, w.loc, what, w.raw, f.owner.spec.name, this.release)));
  }

  /** A finding whose verdict depends on the system's release names the system (ParseInput.system). */
  private forSystem(f: Finding): Finding {
    if (this.system !== undefined) f.system = this.system;
    return f;
  }

  /** A structural error: one finding, and the rest of the statement is skipped. */
  private fail(loc: Loc, message: string, ruleId: RuleId = 'syntax', fix?: Fix): void {
    const f = this.frame();
    if (f.broken) return;
    f.broken = true;
    f.p.error ??= loc;
    // Messages that do not name the statement themselves get its name in front.
    add(f, { ruleId, loc, message: ruleId === 'syntax' ? `${this.what()}: ${message}` : message, ...(fix ? { fix } : {}) });
  }

  /** "DEVICE OSADEV1", "VIPADISTRIBUTE", …: the statement a message is about. */
  private what(): string {
    const f = this.frame().owner;
    const spec = f.spec;
    const name = f.p.slots['name'];
    if (!name || !(spec.id === 'device' || spec.id === 'link' || spec.id === 'interface')) return spec.name;
    return (f.label ??= `${spec.name} ${name.raw}`);
  }

  private slot(node: Extract<Node, { t: 'slot' }>): void {
    if (this.RECORDING_PHASE) {
      this.consume(node.idx, AnyWord);
      return;
    }
    const f = this.frame();
    if (f.broken || (node.when && !node.when(f.p))) return;
    const t = this.LA(1) as ProfileToken;
    if (this.slotTakes(node, t)) {
      const w = this.word(this.consume(node.idx, AnyWord));
      f.p.slots[node.name] = w;
      this.operand(f, w);
      if (!node.unchecked) this.checkValue(node.value, w);
      return;
    }
    if (node.optional) return;
    const prev = this.LA(0) as ProfileToken;
    const at = t === this.scanner.eof || this.startsStatement(t) ? this.locOfToken(prev) : this.locOfToken(t);
    // Said without brackets: the message puts it in brackets itself.
    const next = t === this.scanner.eof ? undefined : this.startsStatement(t);
    const found =
      t === this.scanner.eof ? 'the end of the file' : next ? `${this.upper(t)}, ${next.endOf ? 'the end of the block' : 'the next statement'}` : `'${this.scanner.text.slice(t.startOffset, t.end)}'`;
    this.fail(at, `${node.value.what} is missing (found ${found})`);
  }

  /** A value checked against its kind; keyword values take the keyword's full name. */
  private checkValue(spec: ValueSpec, w: Word): boolean {
    const f = this.frame();
    this.cx.target = f;
    const before = f.findings.length;
    const ok = this.cx.values.check(spec, w, this.what());
    // A word that is none of the keywords a value takes (INTERFACE … DEFINE EQENET): as sure as the table is.
    if (!ok && spec.kind === 'keyword' && !spec.of.tooShortFor(w.text)) this.asKnownSince(f, before);
    if (ok && spec.kind === 'keyword' && !w.symbolic) {
      const k = spec.of.match(w.text);
      if (k) w.text = k.name;
    }
    return ok;
  }

  /**
   * Whether a positional operand takes the next word. A name takes any word — also one
   * that spells a statement name (DEVICE VIPAD VIRTUAL, INTERFACE PORTR DEFINE) — unless
   * what follows it cannot go on with this statement, which means the operand is missing
   * and the word starts the next statement. A typed operand takes only a word of its kind
   * when that word could start a statement.
   */
  private slotTakes(node: Extract<Node, { t: 'slot' }>, t: ProfileToken): boolean {
    if (t === this.scanner.eof) return false;
    const text = this.upper(t);
    if (node.optional) return t.tokenType !== StatementWord && !this.closesOpenBlock(t) && looksLike(node.value, text);
    if (!this.startsStatement(t) && !this.closesOpenBlock(t)) return true;
    if (node.value.kind === 'name' || node.value.kind === 'text' || node.value.kind === 'dataset') {
      // The END keyword of the open block is a name only where the statement goes on after it.
      return this.continues(node.seq, node.at + 1, this.LA(2) as ProfileToken, !this.closesOpenBlock(t));
    }
    return looksLike(node.value, text) && node.value.kind === 'keyword';
  }

  /**
   * Whether token `t` can come after the nodes before `seq[at]`: the rest of the statement, or (with `orEnd`) its
   * end.
   */
  private continues(seq: readonly Node[], at: number, t: ProfileToken, orEnd = true): boolean {
    if (t === this.scanner.eof) return orEnd && this.canEnd(seq, at);
    const text = this.upper(t);
    for (let i = at; i < seq.length; i++) {
      const n = seq[i]!;
      switch (n.t) {
        case 'slot':
          if (looksLike(n.value, text) && (n.value.kind !== 'name' || !this.startsStatement(t))) return true;
          if (!n.optional) return false;
          break;
        case 'options':
          if (this.matches(n.table, t)) return true;
          break;
        case 'keyword':
          if (this.matches(n.table, t)) return true;
          if (!n.optional) return false;
          break;
        case 'choice':
          return this.matches(n.table, t) !== undefined || n.otherwise !== undefined;
        case 'variant':
          return this.matches(n.table, t) !== undefined;
        case 'list':
          return true;
        case 'rest':
          return true;
      }
    }
    if (!orEnd) return false;
    const start = this.frame().entryStart;
    if (start === 'any' || (start !== undefined && looksLike(start, text))) return true;
    return this.startsStatement(t) !== undefined;
  }

  private canEnd(seq: readonly Node[], at: number): boolean {
    for (let i = at; i < seq.length; i++) {
      const n = seq[i]!;
      if ((n.t === 'slot' || n.t === 'keyword') && !n.optional) return false;
      if (n.t === 'choice' && !n.otherwise) return false;
    }
    return true;
  }

  private requiredKeyword(node: Extract<Node, { t: 'keyword' }>): void {
    if (this.RECORDING_PHASE) {
      this.consume(node.idx, AnyWord);
      this.run(node.then);
      return;
    }
    const f = this.frame();
    if (f.broken) return;
    const t = this.LA(1) as ProfileToken;
    if (this.matches(node.table, t)) {
      const w = this.word(this.consume(node.idx, AnyWord));
      f.p.keywords[node.keyword.name] = w;
      this.operand(f, w);
      this.run(node.then);
      return;
    }
    if (node.optional) return;
    const eof = t === this.scanner.eof || this.startsStatement(t) !== undefined;
    const found = eof ? `the statement ends after '${this.scanner.text.slice((this.LA(0) as ProfileToken).startOffset, (this.LA(0) as ProfileToken).end)}'` : `found '${this.scanner.text.slice(t.startOffset, t.end)}'`;
    this.fail(eof ? this.locOfToken(this.LA(0) as ProfileToken) : this.locOfToken(t), `expected ${node.keyword.name} but ${found}`);
  }

  private choice(node: Extract<Node, { t: 'choice' }>): void {
    if (this.RECORDING_PHASE) {
      this.consume(node.idx, AnyWord);
      for (const a of node.table.entries) this.run(a.body);
      if (node.otherwise) this.run(node.otherwise);
      return;
    }
    const f = this.frame();
    if (f.broken) return;
    const t = this.LA(1) as ProfileToken;
    const alt = this.matches(node.table, t);
    if (alt) {
      const w = this.word(this.consume(node.idx, AnyWord));
      w.text = alt.name;
      f.p.keywords[alt.name] = w;
      this.operand(f, w);
      if (datedItem(alt)) this.releaseCheck(alt, w, `${this.what()} ${alt.name}`);
      this.run(alt.body);
      return;
    }
    if (node.otherwise) {
      this.run(node.otherwise);
      return;
    }
    const names = node.table.names();
    const eof = t === this.scanner.eof || this.startsStatement(t) !== undefined;
    const prev = this.LA(0) as ProfileToken;
    (eof ? this.fail : this.failUnknown).call(
      this,
      eof ? this.locOfToken(prev) : this.locOfToken(t),
      `expected ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)} but ${eof ? `the statement ends after '${prev.image}'` : `found '${t.image}'`}`,
    );
  }

  private variant(node: Extract<Node, { t: 'variant' }>): void {
    if (this.RECORDING_PHASE) {
      for (const c of node.table.entries) this.run(c.body);
      return;
    }
    const f = this.frame();
    if (f.broken) return;
    const selector = f.p.slots[node.slot];
    const c = selector && !selector.symbolic ? node.table.match(selector.text) : undefined;
    if (!c) {
      // The selector's own check reported it: the operands that follow cannot be read.
      f.broken = true;
      f.p.error ??= selector?.loc;
      return;
    }
    f.p.variant = c.name;
    if (datedItem(c)) this.releaseCheck(c, selector!, `${this.what()} ${f.spec.name === 'INTERFACE' || f.spec.name === 'LINK' || f.spec.name === 'DEVICE' ? 'type ' : ''}${c.name}`);
    if (c.removed) {
      add(f, {
        ruleId: 'obsolete-statement',
        loc: selector!.loc,
        message:
          `${f.spec.name} type ${c.name} is not supported since z/OS ${c.removed}: plexlint assumes a current stack rejects this ${f.spec.name}` +
          `${c.advice ? ` ${c.advice.replace(/\. /, ' (IBM does not document the message). ')}` : ' (IBM does not document the message).'}`,
      });
    }
    this.run(c.body);
  }

  // ---- options ------------------------------------------------------------------------------------------

  private keywordOption(options: OptionsNode, t: ProfileToken): void {
    if (this.RECORDING_PHASE) return;
    const { table, ordered } = options;
    const w = this.word(t);
    const f = this.frame();
    const spec = t.match as OptionSpec;
    if (f.broken) {
      this.operand(f, w);
      return;
    }
    const first = this.codedBefore(f, spec);
    if (first) {
      // Read, and left out of the statement: plexlint reads it with the first (see repeatedKeyword). It is reported
      // only where the table is confirmed for the release: one that is not may lack a structure that repeats it.
      // Either way the builder's checks (IBM's order of VIPADEFINE's keywords …) see the statement as plexlint reads it.
      const node = new Option(spec.name, w);
      this.operand(f, w);
      this.optionValues(spec, node);
      if (tableConfidence(f.owner.spec, this.release.release).confirmed) this.repeatedKeyword(f, spec, node, first, !ordered && options.untilEnd);
      return;
    }
    if (ordered) {
      // Alternatives of one choice (DELAYACKS | NODELAYACKS) share a place in the diagram.
      const order = spec.group ? table.entries.findIndex((e) => e.group === spec.group) : table.entries.indexOf(spec);
      if (order < f.lastOrder) {
        const after = table.entries[f.lastOrder]!;
        add(f, {
          ruleId: 'syntax',
          loc: w.loc,
          message: `${this.what()}: ${spec.name} must come before ${after.name}; IBM requires these options in the order of the statement's syntax diagram`,
        });
      }
      f.lastOrder = Math.max(f.lastOrder, order);
    }
    const node = new Option(spec.name, w);
    // A list made by its first push has room for 17 (V8's first growth): most keep one option, so the first is a
    // one-element literal, 136 bytes less for each of the 1,500 routes of a stack until its model is built.
    if (f.p.options === NONE) f.p.options = [node];
    else f.p.options.push(node);
    if (f.seen && !f.seen.has(node.name)) f.seen.set(node.name, node);
    this.operand(f, w);
    if (spec.obsolete) add(f, { ruleId: 'obsolete-statement', loc: w.loc, message: `${this.what()} ${spec.name} is obsolete: ${spec.obsolete}` });
    if (spec.misplaced) add(f, { ruleId: 'syntax', loc: w.loc, message: `${this.what()} does not take ${spec.name} (${spec.misplaced})` });
    if (datedItem(spec)) this.releaseCheck(spec, w, `${this.what()} operand ${spec.name}`);
    this.optionValues(spec, node);
  }

  /**
   * The option's earlier occurrence in this statement or entry, when this one repeats it.
   * A statement codes a few options: they are compared one by one, and only a statement with many gets a map (a
   * hostile one with a million options stays linear).
   */
  private codedBefore(f: Frame, spec: OptionSpec): OptionNode | undefined {
    if (spec.repeatable || spec.misplaced) return undefined;
    const options = f.p.options;
    let earlier: OptionNode | undefined;
    if (options.length <= LINEAR_OPTIONS) {
      for (const o of options) {
        if (o.name === spec.name) {
          earlier = o;
          break;
        }
      }
    } else {
      if (!f.seen) {
        f.seen = new Map();
        for (const o of options) if (!f.seen.has(o.name)) f.seen.set(o.name, o);
      }
      earlier = f.seen.get(spec.name);
    }
    return earlier;
  }

  /**
   * A keyword coded twice in one statement (or entry): one rule for every statement (docs/statements.md, "A keyword
   * coded twice"). IBM documents no message for it; its syntax diagrams allow a repeat only under a repeat arrow,
   * which the statements whose parameters come in any order have over all of them.
   */
  private repeatedKeyword(f: Frame, spec: OptionSpec, node: OptionNode, first: OptionNode, repeatArrow: boolean): void {
    const statement = this.what();
    const values = (o: OptionNode): string => o.values.map((v) => v.text).join(' ');
    const same = values(node) === values(first);
    const where = first.keyword.loc.line === node.keyword.loc.line ? `column ${first.keyword.loc.column}` : `line ${first.keyword.loc.line}`;
    const diagram = repeatArrow
      ? `IBM's syntax diagram of ${f.owner.spec.name} repeats over its parameters, so it allows this, but IBM does not document which value the stack keeps`
      : `IBM's syntax diagram of ${f.owner.spec.name} shows it once, and IBM does not document what the stack does with it coded twice`;
    add(f, {
      ruleId: 'repeated-keyword',
      loc: node.loc,
      message:
        `${spec.name} is coded twice in this ${statement} (first at ${where}${same && node.values.length ? `, with the same value${node.values.length === 1 ? '' : 's'}` : ''}): ${diagram}. ` +
        `plexlint reads the statement with the first ${spec.name} and does not claim that the stack rejects it. Code ${spec.name} once.`,
      ...(same ? { fix: fix(`remove the second ${spec.name}`, removeAt(node.loc)) } : {}),
    });
  }

  /** The values of an option (and of its sub-keywords), appended to the option's node. */
  private optionValues(spec: OptionSpec, node: OptionNode): void {
    const f = this.frame();
    for (let i = 0; i < spec.args.length; i++) {
      const kind = spec.args[i]!;
      const t = this.LA(1) as ProfileToken;
      const required = i < spec.required;
      const takes =
        t !== this.scanner.eof &&
        !this.closesOpenBlock(t) &&
        (required
          ? !this.startsStatement(t) || ((kind.kind === 'name' || kind.kind === 'text') && this.argumentContinues(this.LA(2) as ProfileToken))
          : t.tokenType !== StatementWord && looksLike(kind, this.upper(t)) && !(t.tokenType === Keyword && kind.kind !== 'keyword'));
      if (!takes) {
        if (required) {
          const at = node.loc;
          this.fail(at, `${spec.name} needs ${spec.required === 1 ? 'a value' : `${spec.required} values`} (${spec.args.slice(0, spec.required).map((a) => a.what).join(', ')})`);
          return;
        }
        break;
      }
      const v = kind.kind === 'quoted' ? this.quoted() : this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord));
      addValue(node, v);
      this.operand(f, v);
      if (!spec.builderChecks) this.checkValue(kind, v);
    }
    if (spec.sub) {
      const sub = subTable(spec);
      for (;;) {
        const t = this.LA(1) as ProfileToken;
        const k = this.matches(sub, t);
        if (!k) break;
        const w = this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord));
        w.text = k.name;
        addValue(node, w);
        this.operand(f, w);
        if (datedItem(k)) this.releaseCheck(k, w, `${this.what()} operand ${spec.name} ${k.name}`);
        this.optionValues(k, node);
      }
    }
    if (spec.until) {
      const end = parseNotation(spec.until);
      const endTable = notations([end]);
      for (;;) {
        const t = this.LA(1) as ProfileToken;
        const isEnd = this.matches(endTable, t) !== undefined;
        if (t === this.scanner.eof || (!isEnd && this.startsStatement(t))) {
          this.fail(node.keyword.loc, `${spec.name} has no ${end.name}`);
          return;
        }
        const w = this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord));
        addValue(node, w);
        this.operand(f, w);
        if (isEnd) break;
      }
    }
  }

  /**
   * After an option's value that spells a statement name: the value is one (PORTNAME PORT)
   * when what follows goes on with the options — another option, the next statement, or
   * the next entry of a list — rather than being that statement's operands.
   */
  private argumentContinues(t: ProfileToken): boolean {
    if (t === this.scanner.eof || this.startsStatement(t)) return true;
    if (this.phase.table && this.matches(this.phase.table, t)) return true;
    return this.startsEntry(t) && this.frame().entryStart !== 'any';
  }

  /** A quoted string that may contain blanks (AUTOLOG PARMSTRING "…"): the words up to the closing quote. */
  private quoted(): Word {
    const first = this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord));
    const q = first.raw[0];
    if (q !== '"' && q !== "'") return first;
    let w = first;
    let raw = first.raw;
    while (!(raw.length > 1 && raw.endsWith(q))) {
      const t = this.LA(1) as ProfileToken;
      if (t === this.scanner.eof || t.line !== (this.LA(0) as ProfileToken).line) break;
      w = this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord));
      raw = `${raw} ${w.raw}`;
    }
    return { text: raw.toUpperCase(), raw, loc: span(first.loc, w.loc) };
  }

  /** A word in the options that is no option of the statement. */
  private unknownOperand(table: KeywordTable<OptionSpec>, t: ProfileToken, until = true): void {
    if (this.RECORDING_PHASE) return;
    const w = this.word(t);
    const f = this.frame();
    this.operand(f, w);
    if (f.broken || w.symbolic) return;
    // A misspelled statement name that starts a line: the statement and its operands are one unit.
    const prev = this.LA(-1) as ProfileToken;
    const startsLine = prev === this.scanner.eof || t.line > prev.line;
    if (startsLine && /^[A-Z][A-Z0-9@#$]{3,}$/.test(w.text)) {
      const short = statementWords.tooShortFor(w.text);
      const near = short?.spec?.level === 'top' ? short.name : suggest(w.text, STATEMENT_NAMES);
      if (near) {
        f.broken = true;
        const certain = short?.spec?.level === 'top' ? short.name : uniqueSuggestion(w.text, STATEMENT_NAMES);
        add(f, {
          ruleId: 'unknown-statement',
          consequence: 'operand',
          loc: w.loc,
          message:
            `'${w.raw}' starts a line but is not a TCP/IP profile statement, so plexlint assumes the stack reads it as one more operand of ` +
            `${f.spec.name} (line ${f.p.keyword.loc.line}) and the statement you meant is not processed (IBM does not document this). Did you mean ${near}?`,
          ...(certain ? { fix: respell(w, certain) } : {}),
        });
        return;
      }
    }
    const short = table.tooShortFor(w.text);
    if (short) {
      this.fail(w.loc, `'${w.raw}' is too short to abbreviate ${short.name} (the shortest form IBM accepts is ${short.min})`);
      return;
    }
    // 'MINIMUMRETRANSMITTIME 0.5': the value of an unknown keyword is not reported again.
    if (f.lastUnknown !== undefined && f.lastUnknown === prev && prev.line === t.line && !KEYWORD_SHAPED.test(w.text)) return;
    f.lastUnknown = t;
    const statement = f.spec.name;
    const certain = uniqueSuggestion(w.text, table.names());
    const correction = certain ? respell(w, certain) : undefined;
    if (!until) {
      // A misspelled keyword before a positional operand: the operands after it cannot be placed.
      this.failUnknown(w.loc, `'${w.raw}' is not ${/^[AEIOU]/.test(statement) ? 'an' : 'a'} ${statement} operand.${didYouMean(w.text, table.names())}`, 'unknown-operand', correction);
      return;
    }
    add(f, this.known({
      ruleId: 'unknown-operand',
      loc: w.loc,
      message: `'${w.raw}' is not ${/^[AEIOU]/.test(statement) ? 'an' : 'a'} ${statement} operand.${didYouMean(w.text, table.names())}`,
      ...(correction ? { fix: correction } : {}),
    }));
  }

  // ---- lists ---------------------------------------------------------------------------------------------

  /** A word of letters that is a near miss of one of the keywords (IMMEDAITE for IMMEDIATE). */
  private misspelled(table: KeywordTable<Notation>, t: ProfileToken): boolean {
    const text = this.upper(t);
    return /^[A-Z][A-Z0-9]{3,}$/.test(text) && suggest(text, table.names()) !== undefined;
  }

  /** Whether the list goes on with the next word (not a statement name: see the loop's gate). */
  private listGoesOn(t: ProfileToken, start: ValueSpec | 'any'): boolean {
    if (t === this.scanner.eof) return false;
    if (this.phase.end) return true;
    const text = this.upper(t);
    if (start !== 'any' && looksLike(start, text)) return true;
    // A word that starts a line as a statement does ends the list (docs/statements.md).
    if (this.endsAtLineStart(t)) return false;
    if (start === 'any') return true;
    // A keyword of the statement ends the list (VIPADISTRIBUTE … PORT 80 81 DESTIP).
    if (this.matches(this.frame().skip, t)) return false;
    // A misspelled statement at the start of a line ends the list (unknown-statement at top level).
    if (t.line > (this.LA(0) as ProfileToken).line && /^[A-Z][A-Z0-9@#$]{3,}$/.test(text) && suggest(text, STATEMENT_NAMES)) return false;
    return true;
  }

  /** Whether `t` starts the next entry of the list being read. */
  private startsEntry(t: ProfileToken): boolean {
    const start = this.frame().entryStart;
    if (start === undefined) return false;
    return start === 'any' || looksLike(start, this.upper(t));
  }

  private entry(node: Extract<Node, { t: 'list' }>, start: ValueSpec | 'any'): void {
    void start;
    if (this.RECORDING_PHASE) {
      this.run(node.entry);
      return;
    }
    const parent = this.frame();
    const first = this.LA(1) as ProfileToken;
    const keyword = parent.p.keyword;
    const p = emptyParsed(parent.spec, keyword, parent.p.loc);
    const f: Frame = { p, spec: parent.spec, findings: NO_FINDINGS, broken: false, lastOrder: -1, skip: parent.skip, owner: parent.owner, entryStart: start, keep: node.build === undefined };
    this.frames.push(f);
    const firstLine = first.line;
    const firstColumn = first.column;
    const before = this.position;
    try {
      this.run(node.entry);
      if (f.broken) {
        // The rest of a broken entry: up to the next word that can start an entry.
        while (true) {
          const t = this.LA(1) as ProfileToken;
          if (t === this.scanner.eof || t.tokenType === StatementWord || this.startsEntry(t)) break;
          this.operand(f, this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord)));
        }
      }
      if (this.position === before) {
        // Nothing was read (a word no entry can start with): take it, or the list never ends.
        const w = this.word(this.consume(MAX_OCCURRENCE - 4, AnyWord));
        this.operand(f, w);
        if (!f.broken) this.failUnknown(w.loc, `'${w.raw}' cannot start a ${node.name} entry`);
      }
    } finally {
      this.frames.pop();
    }
    p.loc = { file: this.file, line: firstLine, column: firstColumn, endLine: this.lastLine, endColumn: this.lastEnd };
    if (parent.p.lists === NO_LISTS) parent.p.lists = emptyRecord();
    const list = (parent.p.lists[node.name] ??= new EntryList());
    if (node.build) {
      // The entry's node and findings are all the statement's builder needs of it.
      list.add(node.build(p, this.context(f), list.length), f.findings);
    } else {
      for (const w of p.operands) this.operand(parent, w);
      list.addParsed(p);
      for (const x of f.findings) add(parent, x);
    }
  }

  private locOfToken(t: ProfileToken): Loc {
    if (t === this.scanner.eof || t.index < 0) return { file: this.file, line: t.line || 1, column: t.column || 1, endLine: t.line || 1, endColumn: t.column || 1 };
    return { file: this.file, line: t.line, column: t.column, endLine: t.line, endColumn: t.column + (t.end - t.startOffset) };
  }
}

const subTables = new WeakMap<OptionSpec, KeywordTable<OptionSpec>>();
function subTable(spec: OptionSpec): KeywordTable<OptionSpec> {
  let t = subTables.get(spec);
  if (!t) {
    t = new KeywordTable(spec.sub ?? []);
    subTables.set(spec, t);
  }
  return t;
}

/**
 * A keyword option with its values. Its range (keyword to last value) is made when it is
 * asked for, like the words' locations.
 */
class Option implements OptionNode {
  values: Word[] = [];
  constructor(
    readonly name: string,
    readonly keyword: Word,
  ) {}

  get loc(): Loc {
    const last = this.values[this.values.length - 1];
    return last ? span(this.keyword.loc, last.loc) : this.keyword.loc;
  }

  toJSON(): OptionNode {
    return { name: this.name, keyword: this.keyword, values: this.values, loc: this.loc };
  }
}

/** A value of an option: its list is made by the first, with room for that one (see keywordOption). */
function addValue(node: OptionNode, w: Word): void {
  if (node.values.length === 0) node.values = [w];
  else node.values.push(w);
}

/** The complete statement before a word that starts a line: its name, line and keywords. */
interface Previous {
  name: string;
  line: number;
  keywords: KeywordTable<Notation>;
  /** Set when its table is not confirmed for the system's release: why plexlint does not know (knowledge.ts). */
  unconfirmed?: string;
}

/**
 * The finding for a word where a statement starts that is no statement plexlint knows (see unknownStatement):
 * `previous` is the complete statement on an earlier line that it follows.
 */
function unknownStatementFinding(keyword: Word, operands: number, previous: Previous | undefined): Finding {
  const skipped = `${operands ? ` and its ${operands} operand${operands === 1 ? '' : 's'}` : ''}`;
  const after = previous
    ? ` It starts a line after ${previous.name} (line ${previous.line}), which has its operands: plexlint reads it as a statement of its own, not as one more operand of ${previous.name}.`
    : '';
  if (!keyword.symbolic && isTcpipDataStatement(keyword.text)) {
    return {
      ruleId: 'unknown-statement',
      consequence: 'tcpip-data',
      loc: keyword.loc,
      message:
        `'${keyword.raw}' is a TCPIP.DATA statement, not a TCP/IP profile statement, so the stack does not apply it from this profile; ` +
        `plexlint assumes it reports a syntax error and skips it${skipped} (IBM does not document the message).${after} ` +
        "Move it to the TCPIP.DATA data set the resolver reads, such as SYS1.TCPPARMS(TCPDATA), the data set of the SYSTCPD DD or the resolver's GLOBALTCPIPDATA.",
    };
  }
  const statement = keyword.symbolic ? undefined : suggest(keyword.text, STATEMENT_NAMES);
  const operand = keyword.symbolic || !previous ? undefined : suggest(keyword.text, previous.keywords.names());
  // A near miss of an operand of the statement above (its options go on over lines), unless a statement name is closer.
  if (operand && previous && (!statement || editDistance(keyword.text, operand) < editDistance(keyword.text, statement))) {
    // A table not confirmed for the release may lack the word (an operand IBM added): then this is a warning that
    // says so, and no fix rewrites a word that may be right (knowledge.ts, as for a word on the statement's own line).
    const certain = previous.unconfirmed ? undefined : uniqueSuggestion(keyword.text, previous.keywords.names());
    return {
      ruleId: 'unknown-statement',
      consequence: 'operand',
      ...(previous.unconfirmed ? { severity: 'warning' as const } : {}),
      loc: keyword.loc,
      message:
        `'${keyword.raw}' starts a line after ${previous.name} (line ${previous.line}) but is neither one of its operands nor a TCP/IP profile statement. ` +
        `IBM does not document whether the stack reads it as one more operand of ${previous.name}, which it would then reject, or as a statement it does not know; ` +
        `either way the operand meant is not applied. Did you mean ${operand}?` +
        (previous.unconfirmed ? ` ${previous.unconfirmed[0]!.toUpperCase()}${previous.unconfirmed.slice(1)}.` : ''),
      ...(certain ? { fix: respell(keyword, certain) } : {}),
    };
  }
  if (statement) {
    const certain = uniqueSuggestion(keyword.text, STATEMENT_NAMES);
    return {
      ruleId: 'unknown-statement',
      consequence: 'typo',
      loc: keyword.loc,
      message: `'${keyword.raw}' is not a TCP/IP profile statement: plexlint assumes the stack reports a syntax error and skips it${skipped} (IBM does not document this).${after}${didYouMean(keyword.text, STATEMENT_NAMES)}`,
      ...(certain ? { fix: respell(keyword, certain) } : {}),
    };
  }
  const what = keyword.symbolic ? `'${keyword.raw}' (an unresolved system symbol)` : `'${keyword.raw}'`;
  return {
    ruleId: 'unknown-statement',
    consequence: 'unknown',
    severity: 'warning',
    loc: keyword.loc,
    message:
      `${what} is no TCP/IP profile statement plexlint knows. plexlint's list of statements may lack one that IBM added, so this is a warning: ` +
      `if it is no statement of this system's release, plexlint assumes the stack reports a syntax error and skips it${skipped} (IBM does not document this).${after}`,
  };
}

/** An item of the statement table that may say when IBM added or removed it. */
type DatedItem = { since?: Introduced | undefined; removedIn?: ZosRelease | undefined };

/** Whether the table dates the item: only then is its release checked (and the words of a message made). */
function datedItem(item: DatedItem): boolean {
  return item.since !== undefined || item.removedIn !== undefined;
}

/** A finding of a statement or entry (whose list of findings is made on the first one). */
function add(f: Frame, x: Finding): void {
  if (f.findings === NO_FINDINGS) f.findings = [];
  f.findings.push(x);
}

/** Shared empty lists of a Parsed (replaced on first write): most statements and entries leave most of them empty. */
const NONE: never[] = [];
const NO_FINDINGS: Finding[] = [];
const NO_LISTS: Record<string, EntryList> = emptyRecord();

function emptyParsed(spec: StatementSpec, keyword: Word, loc: Loc): Parsed {
  return { spec, keyword, loc, slots: emptyRecord(), keywords: emptyRecord(), options: NONE, operands: NONE, lists: NO_LISTS, rest: NONE, children: NONE, childFindings: NONE };
}

/** Where builders report: the findings of the statement or entry being built. */
class BuildScope implements BuildContext {
  target!: Frame;
  file = '';
  readonly values = new ValueReader({ push: (x: Finding) => add(this.target, x) });

  /** A property, not a method: builders pass it on (listWithStop). */
  readonly report = (f: Finding): void => {
    add(this.target, f);
  };

  get findings(): readonly Finding[] {
    return this.target.findings;
  }

  keepFirstRejection(): void {
    const f = this.target;
    if (f.findings.length < 2) return;
    const inBlock = f.spec.level === 'vipadynamic';
    const sorted = [...f.findings].sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column);
    const first = sorted.find((x) => damageOf(x, inBlock) !== 'none');
    // After the first rejection the positional operands that follow may have shifted: a later finding, even a
    // warning (an operand of a table that is not confirmed), is an artifact of the same cause. One cause, one finding.
    const before = (x: Finding): boolean => !first || x.loc.line < first.loc.line || (x.loc.line === first.loc.line && x.loc.column < first.loc.column);
    const kept = f.findings.filter((x) => x === first || (damageOf(x, inBlock) === 'none' && before(x)));
    f.findings.length = 0;
    for (const x of kept) f.findings.push(x);
  }
}

/** A statement the table describes without a builder: its operands, checked by the parser. */
function genericStatement(p: Parsed): GenericStatement {
  const s: GenericStatement = { kind: 'generic', loc: p.loc, keyword: p.keyword, name: p.spec.name, operands: p.operands, isBlock: p.spec.end !== undefined };
  if (p.end) s.end = p.end.loc;
  return s;
}

export function span(a: Loc, b: Loc): Loc {
  return { file: a.file, line: a.line, column: a.column, endLine: b.endLine, endColumn: b.endColumn };
}

export { statements, statementWords };
export type { Level, LevelWord };

let shared: ProfileParser | undefined;
/** One reused parser instance (building the grammar is the expensive part). */
export function profileParser(): ProfileParser {
  return (shared ??= new ProfileParser());
}

/** The EOF token type the scanner ends with. */
export const EOF_TYPE: TokenType = EOF;
