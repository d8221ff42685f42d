/**
 * Bytes → text. Profiles arrive as UTF-8 or ISO-8859-1 text downloads, as
 * EBCDIC binary downloads (IBM-1047 / IBM-037, sometimes as fixed 80-byte
 * records without line ends); plug-in files declare their encoding (WAS writes
 * ISO-8859-1) and are sometimes saved as UTF-16 (with or without a byte order
 * mark).
 *
 * Never throws, whatever the bytes; every step is linear in the input.
 */
import { ebcdicCodePage, ebcdicDecode, looksLikeEbcdic, type EbcdicCodePage } from './ebcdic.js';

export type Encoding = 'utf-8' | 'iso-8859-1' | 'utf-16le' | 'utf-16be' | EbcdicCodePage;

export interface Decoded {
  text: string;
  encoding: Encoding;
  /** The bytes are binary data (many control characters), not a configuration file. */
  binary: boolean;
  /** Why the bytes look binary, e.g. "31 control characters (NUL, X'01', …) in the first 4096 characters". */
  binaryReason?: string;
  /** Fixed-length records were split into lines. */
  splitRecords?: number;
  /** The bytes started with a byte-order mark (removed from the text). */
  bom?: boolean;
}

export const supportedEncodings: Encoding[] = ['utf-8', 'iso-8859-1', 'utf-16le', 'utf-16be', 'ibm-1047', 'ibm-037'];

function decodeUtf8OrLatin1(bytes: Uint8Array): { text: string; encoding: Encoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('latin1').decode(bytes), encoding: 'iso-8859-1' };
  }
}

/** The encoding named in an XML declaration, if any. */
function xmlDeclaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const m = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return m?.[1]?.toLowerCase();
}

/**
 * UTF-16 without a byte order mark: text that is mostly ASCII has a NUL in
 * every other byte — the high byte of each code unit (XML 1.0 Appendix F:
 * `3C 00 3F 00` is `<?` in UTF-16LE, `00 3C 00 3F` in UTF-16BE). Judged on the
 * first 4 KB: nearly all bytes on one side are NUL and nearly none on the other.
 */
export function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul >= pairs * 0.7 && evenNul <= pairs * 0.05) return 'utf-16le';
  if (evenNul >= pairs * 0.7 && oddNul <= pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** The record length of a data set downloaded in binary without line ends (FB 80, the profile data sets' format). */
export const RECORD_LENGTH = 80;

/**
 * Split text that has no line ends into records of `lrecl` characters
 * (an LRECL 80 data set downloaded in binary).
 */
function splitFixedRecords(text: string, lrecl = RECORD_LENGTH): { text: string; records: number } | undefined {
  if (text.length < lrecl || text.length % lrecl !== 0 || /[\r\n]/.test(text)) return undefined;
  const records: string[] = [];
  for (let i = 0; i < text.length; i += lrecl) records.push(text.slice(i, i + lrecl));
  return { text: records.join('\n') + '\n', records: records.length };
}

/** The shortest record a fixed-length profile data set has: columns 1–72 hold statements, 73–80 sequence numbers. */
const MIN_FIXED_RECORD = 72;

/**
 * The record length of text downloaded with its line ends from a data set of fixed-length records (RECFM FB)
 * with the trailing blanks kept, as IBM's sample profile is: every line as long as the others, at least 72
 * columns. Undefined for ordinary text. One pass that stops at the first line of another length.
 */
export function fixedLineLength(text: string): number | undefined {
  let start = 0;
  let length: number | undefined;
  let lines = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const n = end - start - (end > start && text.charCodeAt(end - 1) === 13 ? 1 : 0);
    if (length === undefined) {
      if (n < MIN_FIXED_RECORD) return undefined;
      length = n;
    } else if (n !== length) return undefined;
    lines++;
    start = end + 1;
  }
  return lines >= 2 ? length : undefined;
}

/** Characters no configuration file holds: C0 controls other than tab and line ends, and DEL. */
function isControl(c: number): boolean {
  return (c <= 0x08 || (c >= 0x0e && c <= 0x1f) || c === 0x7f) && c !== 0x1a;
}

const BINARY_SAMPLE = 65536;

/**
 * Binary data, not text: more than 1 in 100 characters of the first 64 K (and
 * at least 3) are control characters. Random bytes have about one in eight;
 * a text file with a stray control character (a NUL at the end of a transfer)
 * is still text, and the front ends report the character where it is.
 */
function binaryReason(text: string): string | undefined {
  const n = Math.min(text.length, BINARY_SAMPLE);
  let count = 0;
  let nul = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isControl(c)) {
      count++;
      if (c === 0) nul++;
    }
  }
  if (count < 3 || count <= n / 100) return undefined;
  return `${count} control characters${nul ? `, ${nul} of them NUL,` : ''} in its first ${n} characters`;
}

function decodeAs(bytes: Uint8Array, encoding: Encoding): string {
  if (encoding === 'ibm-1047' || encoding === 'ibm-037') return ebcdicDecode(bytes, encoding);
  // Not fatal: bytes that are not valid in the forced encoding become U+FFFD.
  return new TextDecoder(encoding).decode(bytes);
}

export function decode(bytes: Uint8Array, forced?: Encoding): Decoded {
  let text: string;
  let encoding: Encoding;
  const bom = (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (forced) {
    encoding = forced;
    const bom = forced === 'utf-8' ? 3 : forced === 'utf-16le' || forced === 'utf-16be' ? 2 : 0;
    const hasBom =
      (forced === 'utf-8' && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
      (forced === 'utf-16le' && bytes[0] === 0xff && bytes[1] === 0xfe) ||
      (forced === 'utf-16be' && bytes[0] === 0xfe && bytes[1] === 0xff);
    text = decodeAs(hasBom ? bytes.subarray(bom) : bytes, forced);
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else if (utf16WithoutBom(bytes)) {
    encoding = utf16WithoutBom(bytes)!;
    text = new TextDecoder(encoding).decode(bytes);
  } else if (looksLikeEbcdic(bytes)) {
    encoding = ebcdicCodePage(bytes);
    text = ebcdicDecode(bytes, encoding);
  } else {
    const declared = xmlDeclaredEncoding(bytes);
    if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'iso8859-1') {
      encoding = 'iso-8859-1';
      text = new TextDecoder('latin1').decode(bytes);
    } else {
      ({ text, encoding } = decodeUtf8OrLatin1(bytes));
    }
  }
  // A BOM the forced or detected decoding left in place is not part of the text.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const reason = binaryReason(text);
  if (reason) return { text, encoding, binary: true, binaryReason: reason };
  const split = splitFixedRecords(text);
  const decoded: Decoded = split ? { text: split.text, encoding, binary: false, splitRecords: split.records } : { text, encoding, binary: false };
  if (bom) decoded.bom = true;
  return decoded;
}
