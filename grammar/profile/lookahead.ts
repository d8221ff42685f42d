/**
 * One-token lookahead for the profile parser, computed from FIRST sets.
 *
 * The profile grammar decides with one token of lookahead (`maxLookahead: 1`), and its gates
 * (the statement-scoped keyword tables) do the rest. Chevrotain's own LL(k) strategy computes
 * the same one-token sets, but walks the rest of the rule after every repetition to find its
 * follow paths, and copies the rest of the definition at each step: that was about two thirds
 * of building the parser, on every run of the command line. Here each production's FIRST set
 * is computed once, memoised per rule, in one pass.
 *
 * Semantics kept from Chevrotain's LL(1): an alternation takes the first alternative (in order)
 * whose gate passes and whose FIRST set holds the next token, or that can match nothing; an
 * optional production is entered when the next token is in its FIRST set, or when it can
 * match nothing. Token categories match as in `tokenMatcher`.
 */
import {
  Alternation,
  Alternative,
  LLkLookaheadStrategy,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Terminal,
  type GrammarRule,
  type ILookaheadStrategy,
  type ILookaheadValidationError,
  type IOrAlt,
  type IProduction,
  type IToken,
  type OptionalProductionType,
  type TokenType,
} from '../chevrotain.js';

/** The token types a production can start with, and whether it can match no token at all. */
interface First {
  types: Set<TokenType>;
  nullable: boolean;
}

type Lookahead = { LA_FAST(n: number): IToken };

export class FirstTokenLookahead implements ILookaheadStrategy {
  private readonly ofRule = new Map<GrammarRule, First>();
  private readonly productions = new Map<GrammarRule, Map<string, IProduction>>();

  validate(options: { rules: GrammarRule[]; tokenTypes: TokenType[]; grammarName: string }): ILookaheadValidationError[] {
    // Validations run in the test suite only: Chevrotain's own checks for one token of lookahead.
    return new LLkLookaheadStrategy({ maxLookahead: 1 }).validate(options);
  }

  buildLookaheadForAlternation(options: { prodOccurrence: number; rule: GrammarRule; hasPredicates: boolean }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    const alternation = this.production(options.rule, 'Alternation', options.prodOccurrence);
    const alternatives = definitionOf(alternation).map((alt) => this.first(definitionOf(alt)));
    const accepts = alternatives.map((f) => acceptance(f));
    const n = alternatives.length;
    if (options.hasPredicates) {
      return function (this: Lookahead, orAlts?: IOrAlt<unknown>[]) {
        const next = this.LA_FAST(1).tokenTypeIdx!;
        for (let i = 0; i < n; i++) {
          const gate = orAlts?.[i]?.GATE;
          if (gate !== undefined && gate.call(this) === false) continue;
          const a = accepts[i]!;
          if (a === true || a[next] === true) return i;
        }
        return undefined;
      };
    }
    return function (this: Lookahead) {
      const next = this.LA_FAST(1).tokenTypeIdx!;
      for (let i = 0; i < n; i++) {
        const a = accepts[i]!;
        if (a === true || a[next] === true) return i;
      }
      return undefined;
    };
  }

  buildLookaheadForOptional(options: { prodOccurrence: number; prodType: OptionalProductionType; rule: GrammarRule }): () => boolean {
    const production = this.production(options.rule, options.prodType, options.prodOccurrence);
    const accept = acceptance(this.first(definitionOf(production)));
    if (accept === true) return () => true;
    return function (this: Lookahead) {
      return accept[this.LA_FAST(1).tokenTypeIdx!] === true;
    };
  }

  /** The production of a rule by its kind and occurrence index. */
  private production(rule: GrammarRule, kind: string, idx: number): IProduction {
    let index = this.productions.get(rule);
    if (!index) {
      index = new Map();
      collect(rule.definition, index);
      this.productions.set(rule, index);
    }
    const p = index.get(`${kind}:${idx}`);
    if (!p) throw new Error(`profile grammar: no ${kind} ${idx} in rule ${rule.name}`);
    return p;
  }

  /** FIRST of a sequence of productions. */
  private first(seq: readonly IProduction[]): First {
    const types = new Set<TokenType>();
    for (const p of seq) {
      const f = this.firstOf(p);
      for (const t of f.types) types.add(t);
      if (!f.nullable) return { types, nullable: false };
    }
    return { types, nullable: true };
  }

  private firstOf(p: IProduction): First {
    if (p instanceof Terminal) return { types: new Set([p.terminalType]), nullable: false };
    if (p instanceof NonTerminal) return this.firstOfRule(p.referencedRule);
    if (p instanceof Alternation) {
      const types = new Set<TokenType>();
      let nullable = false;
      for (const alt of p.definition) {
        const f = this.first(definitionOf(alt));
        for (const t of f.types) types.add(t);
        nullable ||= f.nullable;
      }
      return { types, nullable };
    }
    if (p instanceof Alternative || p instanceof RepetitionMandatory || p instanceof RepetitionMandatoryWithSeparator) return this.first(p.definition);
    if (p instanceof Option || p instanceof Repetition || p instanceof RepetitionWithSeparator) return { types: this.first(p.definition).types, nullable: true };
    throw new Error('profile grammar: unknown production');
  }

  private firstOfRule(rule: GrammarRule): First {
    const known = this.ofRule.get(rule);
    if (known) return known;
    // A rule reached again while its FIRST set is being computed is not at the start of
    // itself (Chevrotain rejects left recursion): it adds nothing to the set being computed.
    const pending: First = { types: new Set(), nullable: false };
    this.ofRule.set(rule, pending);
    const f = this.first(rule.definition);
    this.ofRule.set(rule, f);
    return f;
  }
}

/** Token type indexes a FIRST set accepts (a category accepts its members), or true for any token. */
function acceptance(f: First): boolean[] | true {
  if (f.nullable) return true;
  const accept: boolean[] = [];
  for (const t of f.types) {
    accept[t.tokenTypeIdx!] = true;
    for (const member of t.categoryMatches ?? []) accept[member] = true;
  }
  return accept;
}

/** Index every occurrence-numbered production of a rule by kind and index (not inside its subrules). */
function collect(seq: readonly IProduction[], index: Map<string, IProduction>): void {
  for (const p of seq) {
    const kind =
      p instanceof Alternation
        ? 'Alternation'
        : p instanceof Option
          ? 'Option'
          : p instanceof RepetitionMandatoryWithSeparator
            ? 'RepetitionMandatoryWithSeparator'
            : p instanceof RepetitionMandatory
              ? 'RepetitionMandatory'
              : p instanceof RepetitionWithSeparator
                ? 'RepetitionWithSeparator'
                : p instanceof Repetition
                  ? 'Repetition'
                  : undefined;
    if (kind) index.set(`${kind}:${(p as unknown as { idx: number }).idx}`, p);
    if (p instanceof Terminal || p instanceof NonTerminal) continue;
    collect(definitionOf(p), index);
  }
}

/** The productions inside a composite production (every kind but Terminal and NonTerminal). */
function definitionOf(p: IProduction): IProduction[] {
  return (p as unknown as { definition: IProduction[] }).definition;
}
