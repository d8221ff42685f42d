/**
 * Value kinds of profile operands: what a statement's table says an operand is
 * (a number in a range, an address, a mask, a name, one of some keywords), how
 * the parser recognises a word of that kind where an operand is optional, and the
 * finding IBM's parser would give for a word that is not of it.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import { maskToPrefix, parseCidr, parseIp, parseIpv4, parseIpv6, type IpAddress, type Subnet } from '../../src/core/ip.js';
import { didYouMean } from '../../src/core/suggest.js';
import type { Word } from '../../src/frontends/profile/ast.js';
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
const HEX = /^[0-9A-F]+$/;
const DATASET = /^[A-Z@#$][A-Z0-9@#$-]{0,7}(\.[A-Z@#$][A-Z0-9@#$-]{0,7})*(\([A-Z@#$][A-Z0-9@#$]{0,7}\))?$/;

export interface Sink {
  push(f: Finding): void;
}

/**
 * Whether a word can be a value of this kind: decides an optional operand (VIPABACKUP's
 * rank, OPTLOCAL's value) and whether a word is the next entry of a list.
 */
export function looksLike(spec: ValueSpec, text: string): boolean {
  switch (spec.kind) {
    case 'int':
      return spec.units ? /^\d+[KM]?$/.test(text) : INTEGER.test(text);
    case 'port':
    case 'port-range':
      return /^\d+(-\d+)?$/.test(text);
    case 'ipv4':
    case 'mask':
      return /^[\d.]+$/.test(text) && text.includes('.');
    case 'ipv6':
      return text.includes(':');
    case 'ip':
      return (/^[\d.]+$/.test(text) && text.includes('.')) || text.includes(':');
    case 'cidr':
    case 'ipv4-or-cidr':
    case 'ip-or-cidr':
      return /^[\d.:A-F]+(\/\d+)?$/.test(text) && (text.includes('.') || text.includes(':'));
    case 'hex':
      return HEX.test(text);
    case 'keyword':
      return spec.of.match(text) !== undefined;
    case 'quoted':
      return text.startsWith('"') || text.startsWith("'");
    case 'either':
      return spec.of.some((o) => looksLike(o, text));
    default:
      return true;
  }
}

/** Typed readers with the findings IBM's parser would give (the stack rejects the statement). */
export class ValueReader {
  constructor(private readonly findings: Sink) {}

  /** Check a word against a kind; false when a finding was made. */
  check(spec: ValueSpec, w: Word, statement: string): boolean {
    if (w.symbolic) return true;
    const what = `${statement} ${spec.what}`;
    switch (spec.kind) {
      case 'name':
        if (spec.max !== undefined && w.text.length > spec.max) {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} '${w.raw}' is longer than ${spec.max} characters` });
          return false;
        }
        return true;
      case 'int':
        return this.integer(w, what, spec.min, spec.max, 'value-out-of-range', '', spec.units) !== undefined;
      case 'ipv4':
        return this.ipv4(w, what) !== undefined;
      case 'ipv6': {
        const a = parseIpv6(w.text);
        if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not a valid IPv6 address` });
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
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} '${w.raw}' is not ${digits} hexadecimal digits` });
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
            ? `${what}: '${w.raw}' is too short to abbreviate ${short.name} (the shortest form IBM accepts is ${short.min})`
            : `${what} '${w.raw}' is not one of ${spec.of.names().join(', ')}.${didYouMean(w.text, spec.of.names())}`,
        });
        return false;
      }
      case 'either': {
        // Checked against the kind it looks like; a word that looks like none fails on the first.
        const kind = spec.of.find((o) => looksLike(o, w.text)) ?? spec.of[0]!;
        return this.check({ ...kind, what: spec.what } as ValueSpec, w, statement);
      }
      case 'dataset':
        if (!DATASET.test(stripQuotes(w.text))) {
          this.findings.push({
            ruleId: 'syntax',
            loc: w.loc,
            message: `${statement} '${w.raw}' is not an MVS data set name (qualifiers of 1–8 characters, optionally a (MEMBER))`,
          });
          return false;
        }
        return true;
      default:
        return true;
    }
  }

  integer(w: Word, what: string, min: number, max: number, ruleId = 'value-out-of-range', consequence = '', units = false): number | undefined {
    if (w.symbolic) return undefined;
    const m = units ? /^(\d+)([KM]?)$/.exec(w.text) : INTEGER.test(w.text) ? [w.text, w.text, ''] : null;
    if (!m) {
      this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} must be a number, not '${w.raw}'${consequence}` });
      return undefined;
    }
    const n = Number(m[1]) * (m[2] === 'K' ? 1024 : m[2] === 'M' ? 1048576 : 1);
    if (n < min || n > max) {
      this.findings.push({ ruleId, loc: w.loc, message: `${what} ${w.raw} is outside ${min}–${max}${consequence}` });
      return undefined;
    }
    return n;
  }

  ipv4(w: Word, what: string, consequence = ''): IpAddress | undefined {
    if (w.symbolic) return undefined;
    const a = parseIpv4(w.text);
    if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not a dotted-decimal IPv4 address${consequence}` });
    return a;
  }

  ip(w: Word, what: string, consequence = ''): IpAddress | undefined {
    if (w.symbolic) return undefined;
    const a = parseIp(w.text);
    if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not a valid IP address${consequence}` });
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
        message: `${what} '${w.raw}' is not a valid subnet mask (dotted decimal, contiguous one bits such as 255.255.255.0)${consequence}`,
      });
    }
    return prefix;
  }

  cidr(w: Word, what: string, consequence = ''): Subnet | undefined {
    if (w.symbolic) return undefined;
    const c = parseCidr(w.text);
    if (!c) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not an address/prefix-length${consequence}` });
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
        message: `${what} '${w.raw}' is not a port (1–65535) or a port range (low-high)${consequence}`,
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

export function isInteger(text: string): boolean {
  return INTEGER.test(text);
}

export function stripQuotes(s: string): string {
  return s.length >= 2 && s.startsWith("'") && s.endsWith("'") ? s.slice(1, -1) : s;
}
