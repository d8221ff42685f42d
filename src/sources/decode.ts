/**
 * Bytes → text. Profiles arrive as UTF-8 or ISO-8859-1 text downloads, as
 * EBCDIC binary downloads (IBM-1047 / IBM-037, sometimes as fixed 80-byte
 * records without line ends); plug-in files declare their encoding (WAS writes
 * ISO-8859-1).
 */
import { ebcdicDecode, looksLikeEbcdic, type EbcdicCodePage } from './ebcdic.js';

export type Encoding = 'utf-8' | 'iso-8859-1' | 'utf-16le' | 'utf-16be' | EbcdicCodePage;

export interface Decoded {
  text: string;
  encoding: Encoding;
  /** The bytes are binary (NUL bytes, not EBCDIC): not a configuration file. */
  binary: boolean;
  /** Fixed-length records were split into lines. */
  splitRecords?: number;
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
 * Split text that has no line ends into records of `lrecl` characters
 * (an LRECL 80 data set downloaded in binary).
 */
function splitFixedRecords(text: string, lrecl = 80): { text: string; records: number } | undefined {
  if (text.length < lrecl || text.length % lrecl !== 0 || /[\r\n]/.test(text)) return undefined;
  const records: string[] = [];
  for (let i = 0; i < text.length; i += lrecl) records.push(text.slice(i, i + lrecl));
  return { text: records.join('\n') + '\n', records: records.length };
}

export function decode(bytes: Uint8Array, forced?: Encoding): Decoded {
  let text: string;
  let encoding: Encoding;
  if (forced) {
    encoding = forced;
    text = forced === 'ibm-1047' || forced === 'ibm-037' ? ebcdicDecode(bytes, forced) : new TextDecoder(forced).decode(bytes);
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else if (looksLikeEbcdic(bytes)) {
    encoding = 'ibm-1047';
    text = ebcdicDecode(bytes, 'ibm-1047');
  } else {
    const declared = xmlDeclaredEncoding(bytes);
    if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'iso8859-1') {
      encoding = 'iso-8859-1';
      text = new TextDecoder('latin1').decode(bytes);
    } else {
      ({ text, encoding } = decodeUtf8OrLatin1(bytes));
    }
  }
  const binary = encoding !== 'utf-16le' && encoding !== 'utf-16be' && text.includes('\u0000');
  const split = binary ? undefined : splitFixedRecords(text);
  return split ? { text: split.text, encoding, binary, splitRecords: split.records } : { text, encoding, binary };
}
