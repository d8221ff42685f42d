/**
 * Value kinds of profile operands: what a statement's table says an operand is
 * (a number in a range, an address, a mask, a name, one of some keywords), how
 * the parser recognises a word of that kind where an operand is optional, and the
 * finding IBM's parser would give for a word that is not of it.
 */
import type { Finding, RuleId } from '../../src/core/diagnostic.js';
import { maskToPrefix, parseCidr, parseIp, parseIpv4, parseIpv6, type IpAddress, type Subnet } from '../../src/core/ip.js';
import { didYouMean } from '../../src/core/suggest.js';
import type { Word } from './ast.js';
import { KeywordTable, parseNotation, type Notation } from './notation.js';

export type ValueSpec =
  | { kind: 'name'; what: string; max?: number }
  | { kind: 'int'; what: string; min: number; max: number; /** K or M multiplies (buffer sizes). */ units?: boolean }
  | { kind: 'ipv4' | 'ipv6' | 'ip' | 'mask' | 'cidr' | 'ipv4-or-cidr' | 'ip-or-cidr' | 'port' | 'port-range' | 'text' | 'dataset'; what: string }
  | { kind: 'hex'; what: string; digits: [number, number] }
  | { kind: 'quoted'; what: string }
  | { kind: 'keyword'; what: string; of: KeywordTable<Notation> }
  /** Any of several kinds (a number or a keyword: MAXRECS n | *). */
  | { kind: 'either'; what: string; of: ValueSpec[] };

/** Constructors for the statement table (grammar/profile/statements). */
export const v = {
  name: (what: string, max?: number): ValueSpec => (max === undefined ? { kind: 'name', what } : { kind: 'name', what, max }),
  int: (what: string, min: number, max: number): ValueSpec => ({ kind: 'int', what, min, max }),
  /** A size that may be written with a K or M suffix (IBM: "256K"). */
  size: (what: string, min: number, max: number): ValueSpec => ({ kind: 'int', what, min, max, units: true }),
  ipv4: (what: string): ValueSpec => ({ kind: 'ipv4', what }),
  ipv6: (what: string): ValueSpec => ({ kind: 'ipv6', what }),
  ip: (what: string): ValueSpec => ({ kind: 'ip', what }),
  mask: (what: string): ValueSpec => ({ kind: 'mask', what }),
  cidr: (what: string): ValueSpec => ({ kind: 'cidr', what }),
  ipv4OrCidr: (what: string): ValueSpec => ({ kind: 'ipv4-or-cidr', what }),
  ipOrCidr: (what: string): ValueSpec => ({ kind: 'ip-or-cidr', what }),
  port: (what: string): ValueSpec => ({ kind: 'port', what }),
  portRange: (what: string): ValueSpec => ({ kind: 'port-range', what }),
  text: (what: string): ValueSpec => ({ kind: 'text', what }),
  dataset: (what: string): ValueSpec => ({ kind: 'dataset', what }),
  hex: (what: string, min: number, max = min): ValueSpec => ({ kind: 'hex', what, digits: [min, max] }),
  quoted: (what: string): ValueSpec => ({ kind: 'quoted', what }),
  keyword: (what: string, ...notations: string[]): ValueSpec => ({ kind: 'keyword', what, of: new KeywordTable(notations.map(parseNotation)) }),
  either: (what: string, ...of: ValueSpec[]): ValueSpec => ({ kind: 'either', what, of }),
};

const INTEGER = /^[+-]?\d+$/;

/**
 * A word as a message quotes it: as written, and with what the system symbols in it made of it when that
 * differs ('10.20.2.&SYSCLONE.', which is 10.20.2.0A with the system's symbols), so the user sees why.
 */
export function shown(w: Word, quoted = true): string {
  const raw = quoted ? `'${w.raw}'` : w.raw;
  return w.raw.includes('&') && !w.symbolic && w.text !== w.raw.toUpperCase() ? `${raw} (${w.text} with the system symbols)` : raw;
}
const HEX = /^[0-9A-F]+$/;
const DATASET = /^[A-Z@#$][A-Z0-9@#$-]{0,7}(\.[A-Z@#$][A-Z0-9@#$-]{0,7})*(\([A-Z@#$][A-Z0-9@#$]{0,7}\))?$/;
/**
 * A z/OS UNIX file name (an absolute path). Whether INCLUDE accepts one is not confirmed (the INCLUDE topic
 * documents a data set name), so the syntax check lets it through and the front end reports include-unix-file,
 * a warning, instead of a syntax error that may be false.
 */
export const UNIX_PATH = /^\/[^\s;]*$/;

export interface Sink {
  push(f: Finding): void;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Only digits (at least one), with an optional sign. */
function integerText(text: string): boolean {
  let i = text.charCodeAt(0) === 43 || text.charCodeAt(0) === 45 ? 1 : 0;
  if (i >= text.length) return false;
  for (; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** Digits and dots, with at least one dot (a dotted address or mask, perhaps a bad one). */
function dotted(text: string, from = 0, to = text.length): boolean {
  let dot = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) dot = true;
    else if (!isDigit(c)) return false;
  }
  return dot;
}

/**
 * Whether a word can be a value of this kind: decides an optional operand (VIPABACKUP's
 * rank, OPTLOCAL's value) and whether a word is the next entry of a list.
 */
export function looksLike(spec: ValueSpec, text: string): boolean {
  switch (spec.kind) {
    case 'int': {
      if (!spec.units) return integerText(text);
      const last = text.charCodeAt(text.length - 1);
      return last === 75 || last === 77 ? text.length > 1 && integerText(text.slice(0, -1)) : integerText(text);
    }
    case 'port':
    case 'port-range': {
      const dash = text.indexOf('-');
      return dash < 0 ? integerText(text) : integerText(text.slice(0, dash)) && integerText(text.slice(dash + 1));
    }
    case 'ipv4':
    case 'mask':
      return dotted(text);
    case 'ipv6':
      return text.includes(':');
    case 'ip':
      return dotted(text) || text.includes(':');
    case 'cidr':
    case 'ipv4-or-cidr':
    case 'ip-or-cidr': {
      if (text.includes(':')) return /^[\dA-F:.]+(\/\d+)?$/.test(text);
      const slash = text.indexOf('/');
      return slash < 0 ? dotted(text) : dotted(text, 0, slash) && integerText(text.slice(slash + 1));
    }
    case 'hex':
      return HEX.test(text);
    case 'keyword':
      return spec.of.match(text) !== undefined;
    case 'quoted':
      return text.startsWith('"') || text.startsWith("'");
    case 'either':
      for (const o of spec.of) if (looksLike(o, text)) return true;
      return false;
    default:
      return true;
  }
}

/** Typed readers with the findings IBM's parser would give (the stack rejects the statement). */
export class ValueReader {
  constructor(private readonly findings: Sink) {}

  /** Check a word against a kind; false when a finding was made. */
  check(spec: ValueSpec, w: Word, statement: string): boolean {
    if (w.symbolic || valid(spec, w.text)) return true;
    this.report(spec, w, statement);
    return false;
  }

  /** The finding for a word that is not of its kind. */
  private report(spec: ValueSpec, w: Word, statement: string): boolean {
    const what = `${statement} ${spec.what}`;
    switch (spec.kind) {
      case 'name':
        if (spec.max !== undefined && w.text.length > spec.max) {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} ${shown(w)} is longer than ${spec.max} characters` });
          return false;
        }
        return true;
      case 'int':
        return this.integer(w, what, spec.min, spec.max, 'value-out-of-range', '', spec.units) !== undefined;
      case 'ipv4':
        return this.ipv4(w, what) !== undefined;
      case 'ipv6': {
        const a = parseIpv6(w.text);
        if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} ${shown(w)} is not a valid IPv6 address` });
        return a !== undefined;
      }
      case 'ip':
        return this.ip(w, what) !== undefined;
      case 'mask':
        return this.mask(w, what) !== undefined;
      case 'cidr':
        return this.cidr(w, what) !== undefined;
      case 'ipv4-or-cidr':
      case 'ip-or-cidr': {
        if (w.text.includes('/')) return this.cidr(w, what) !== undefined;
        return (spec.kind === 'ipv4-or-cidr' ? this.ipv4(w, what) : this.ip(w, what)) !== undefined;
      }
      case 'port':
        return this.port(w, what) !== undefined;
      case 'port-range':
        return this.portRange(w, what) !== undefined;
      case 'hex': {
        const [min, max] = spec.digits;
        const ok = HEX.test(w.text) && w.text.length >= min && w.text.length <= max;
        if (!ok) {
          const digits = min === max ? `${min}` : `${min}–${max}`;
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} ${shown(w)} is not ${digits} hexadecimal digits` });
        }
        return ok;
      }
      case 'keyword': {
        if (spec.of.match(w.text)) return true;
        const short = spec.of.tooShortFor(w.text);
        this.findings.push({
          ruleId: 'syntax',
          loc: w.loc,
          message: short
            ? `${what}: ${shown(w)} is too short to abbreviate ${short.name} (the shortest form IBM accepts is ${short.min})`
            : `${what} ${shown(w)} is not one of ${spec.of.names().join(', ')}.${didYouMean(w.text, spec.of.names())}`,
        });
        return false;
      }
      case 'either': {
        // Checked against the kind it looks like; a word that looks like none fails on the first.
        const kind = spec.of.find((o) => looksLike(o, w.text)) ?? spec.of[0]!;
        return this.report({ ...kind, what: spec.what } as ValueSpec, w, statement);
      }
      case 'dataset':
        if (!DATASET.test(stripQuotes(w.text)) && !UNIX_PATH.test(stripQuotes(w.text))) {
          this.findings.push({
            ruleId: 'syntax',
            loc: w.loc,
            message: `${statement} ${shown(w)} is not an MVS data set name (qualifiers of 1–8 characters, optionally a (MEMBER))`,
          });
          return false;
        }
        return true;
      default:
        return true;
    }
  }

  integer(w: Word, what: string, min: number, max: number, ruleId: RuleId = 'value-out-of-range', consequence = '', units = false): number | undefined {
    if (w.symbolic) return undefined;
    const m = units ? /^(\d+)([KM]?)$/.exec(w.text) : INTEGER.test(w.text) ? [w.text, w.text, ''] : null;
    if (!m) {
      this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} must be a number${units ? ' (K or M may follow it)' : ''}, not ${shown(w)}${consequence}` });
      return undefined;
    }
    const n = Number(m[1]) * (m[2] === 'K' ? 1024 : m[2] === 'M' ? 1048576 : 1);
    if (n < min || n > max) {
      this.findings.push({ ruleId, loc: w.loc, message: `${what} ${shown(w, false)} is outside ${min}–${max}${consequence}` });
      return undefined;
    }
    return n;
  }

  ipv4(w: Word, what: string, consequence = ''): IpAddress | undefined {
    if (w.symbolic) return undefined;
    const a = parseIpv4(w.text);
    if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} ${shown(w)} is not a dotted-decimal IPv4 address${consequence}` });
    return a;
  }

  ip(w: Word, what: string, consequence = ''): IpAddress | undefined {
    if (w.symbolic) return undefined;
    const a = parseIp(w.text);
    if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} ${shown(w)} is not a valid IP address${consequence}` });
    return a;
  }

  /** A dotted subnet mask with contiguous one bits; returns the prefix length. */
  mask(w: Word, what: string, consequence = ''): number | undefined {
    if (w.symbolic) return undefined;
    const m = parseIpv4(w.text);
    const prefix = m ? maskToPrefix(m) : undefined;
    if (prefix === undefined) {
      this.findings.push({
        ruleId: 'invalid-mask',
        loc: w.loc,
        message: `${what} ${shown(w)} is not a valid subnet mask (dotted decimal, contiguous one bits such as 255.255.255.0)${consequence}`,
      });
    }
    return prefix;
  }

  cidr(w: Word, what: string, consequence = ''): Subnet | undefined {
    if (w.symbolic) return undefined;
    const c = parseCidr(w.text);
    if (!c) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} ${shown(w)} is not an address/prefix-length${consequence}` });
    return c;
  }

  /** A port number 1–65535 or a range "n-m". */
  portRange(w: Word, what: string, consequence = ''): { from: number; to: number } | undefined {
    if (w.symbolic) return undefined;
    const m = /^(\d+)(?:-(\d+))?$/.exec(w.text);
    const from = m ? Number(m[1]) : NaN;
    const to = m?.[2] !== undefined ? Number(m[2]) : from;
    if (!m || from < 1 || to > 65535 || from > to) {
      this.findings.push({
        ruleId: 'invalid-port',
        loc: w.loc,
        message: `${what} ${shown(w)} is not a port (1–65535) or a port range (low-high)${consequence}`,
      });
      return undefined;
    }
    return { from, to };
  }

  port(w: Word, what: string, consequence = ''): number | undefined {
    const r = this.portRange(w, what, consequence);
    if (r && r.from !== r.to) {
      this.findings.push({ ruleId: 'invalid-port', loc: w.loc, message: `${what} takes one port, not a range${consequence}` });
      return undefined;
    }
    return r?.from;
  }
}

/** Whether a word is a value of the kind (no finding, no allocation on the common path). */
function valid(spec: ValueSpec, text: string): boolean {
  switch (spec.kind) {
    case 'name':
      return spec.max === undefined || text.length <= spec.max;
    case 'int': {
      if (!looksLike(spec, text)) return false;
      const last = text.charCodeAt(text.length - 1);
      const units = spec.units && (last === 75 || last === 77);
      const n = Number(units ? text.slice(0, -1) : text) * (units ? (last === 75 ? 1024 : 1048576) : 1);
      return n >= spec.min && n <= spec.max;
    }
    case 'ipv4':
      return parseIpv4(text) !== undefined;
    case 'ipv6':
      return parseIpv6(text) !== undefined;
    case 'ip':
      return parseIp(text) !== undefined;
    case 'mask': {
      const m = parseIpv4(text);
      return m !== undefined && maskToPrefix(m) !== undefined;
    }
    case 'cidr':
      return parseCidr(text) !== undefined;
    case 'ipv4-or-cidr':
      return text.includes('/') ? parseCidr(text) !== undefined : parseIpv4(text) !== undefined;
    case 'ip-or-cidr':
      return text.includes('/') ? parseCidr(text) !== undefined : parseIp(text) !== undefined;
    case 'port':
    case 'port-range': {
      if (!looksLike(spec, text)) return false;
      const dash = text.indexOf('-');
      const from = Number(dash < 0 ? text : text.slice(0, dash));
      const to = dash < 0 ? from : Number(text.slice(dash + 1));
      return from >= 1 && to <= 65535 && from <= to && (spec.kind === 'port-range' || from === to);
    }
    case 'hex':
      return HEX.test(text) && text.length >= spec.digits[0] && text.length <= spec.digits[1];
    case 'keyword':
      return spec.of.match(text) !== undefined;
    case 'either':
      for (const o of spec.of) if (valid(o, text)) return true;
      return false;
    case 'dataset':
      return DATASET.test(stripQuotes(text)) || UNIX_PATH.test(stripQuotes(text));
    default:
      return true;
  }
}

export function isInteger(text: string): boolean {
  return INTEGER.test(text);
}

export function stripQuotes(s: string): string {
  return s.length >= 2 && s.startsWith("'") && s.endsWith("'") ? s.slice(1, -1) : s;
}
