/** Typed values of profile operands, with the findings IBM's parser would give. */
import { maskToPrefix, parseCidr, parseIp, parseIpv4, type IpAddress, type Subnet } from '../../core/ip.js';
import type { Word } from './ast.js';
import type { Sink } from './scope.js';

const INTEGER = /^[+-]?\d+$/;

export class ValueReader {
  constructor(private readonly findings: Sink) {}

  /** Symbolic words (unresolved &SYM.) are accepted without checks. */
  private skip(w: Word): boolean {
    return w.symbolic === true;
  }

  integer(w: Word, what: string, min: number, max: number, ruleId = 'value-out-of-range', consequence = ''): number | undefined {
    if (this.skip(w)) return undefined;
    if (!INTEGER.test(w.text)) {
      this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${what} must be a number, not '${w.raw}'${consequence}` });
      return undefined;
    }
    const n = Number(w.text);
    if (n < min || n > max) {
      this.findings.push({ ruleId, loc: w.loc, message: `${what} ${w.raw} is outside ${min}–${max}${consequence}` });
      return undefined;
    }
    return n;
  }

  ipv4(w: Word, what: string, consequence = ''): IpAddress | undefined {
    if (this.skip(w)) return undefined;
    const a = parseIpv4(w.text);
    if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not a dotted-decimal IPv4 address${consequence}` });
    return a;
  }

  ip(w: Word, what: string, consequence = ''): IpAddress | undefined {
    if (this.skip(w)) return undefined;
    const a = parseIp(w.text);
    if (!a) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not a valid IP address${consequence}` });
    return a;
  }

  /** A dotted subnet mask with contiguous one bits; returns the prefix length. */
  mask(w: Word, what: string, consequence = ''): number | undefined {
    if (this.skip(w)) return undefined;
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
    if (this.skip(w)) return undefined;
    const c = parseCidr(w.text);
    if (!c) this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `${what} '${w.raw}' is not an address/prefix-length${consequence}` });
    return c;
  }

  /** A port number 1–65535 or a range "n-m". */
  portRange(w: Word, what: string, consequence = ''): { from: number; to: number } | undefined {
    if (this.skip(w)) return undefined;
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
