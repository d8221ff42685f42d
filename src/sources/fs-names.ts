/**
 * File names as the file system gives them: bytes, which need not be UTF-8 (`\xff.tcpip`, a name written on a
 * Latin-1 or EBCDIC system). Node decodes names to strings as UTF-8 and turns every byte that is not part of valid
 * UTF-8 into U+FFFD, so such a file could be listed but never opened again by its name — it was passed over without
 * a word. Here a name keeps every byte (Python's "surrogateescape"): each byte that is not valid UTF-8 becomes the
 * lone surrogate U+DC80–U+DCFF, which no valid UTF-8 name can contain, so no two names are confused; the path is
 * turned back into its bytes where it is handed to node:fs, and shown to people with the byte escaped (`\xff`).
 */

/** The first and last lone surrogate that stand for a byte. */
const FIRST = 0xdc80;
const LAST = 0xdcff;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The length of the UTF-8 sequence a lead byte starts (0: not a lead byte). */
function sequenceLength(b: number): number {
  if (b >= 0xc2 && b <= 0xdf) return 2;
  if (b >= 0xe0 && b <= 0xef) return 3;
  if (b >= 0xf0 && b <= 0xf4) return 4;
  return 0;
}

/** A file name (or path) from its bytes: valid UTF-8 as it is, every other byte as U+DC80–U+DCFF. */
export function nameFromBytes(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  // Almost every name: valid UTF-8, which decodes and encodes back to the same bytes.
  if (!text.includes('\uFFFD') || Buffer.from(text, 'utf8').equals(bytes)) return text;
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    const n = sequenceLength(b);
    if (n && i + n <= bytes.length) {
      try {
        // The strict decoder refuses overlong forms, surrogates and bad continuation bytes.
        out += strictUtf8.decode(bytes.subarray(i, i + n));
        i += n;
        continue;
      } catch {
        // not a valid sequence: the lead byte is kept on its own
      }
    }
    out += String.fromCharCode(FIRST + (b - 0x80));
    i++;
  }
  return out;
}

function holdsEscapedBytes(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c >= FIRST && c <= LAST) return true;
  }
  return false;
}

/** The path to hand to node:fs: the string, or — when it holds escaped bytes — its bytes. */
export function fsPath(path: string): string | Buffer {
  if (!holdsEscapedBytes(path)) return path;
  const parts: Buffer[] = [];
  let run = '';
  for (const ch of path) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= FIRST && c <= LAST) {
      if (run) parts.push(Buffer.from(run, 'utf8'));
      run = '';
      parts.push(Buffer.of(0x80 + (c - FIRST)));
    } else run += ch;
  }
  if (run) parts.push(Buffer.from(run, 'utf8'));
  return Buffer.concat(parts);
}

/** A path as people see it: each byte that is not UTF-8 as `\xNN`. */
export function shownName(path: string): string {
  if (!holdsEscapedBytes(path)) return path;
  let out = '';
  for (const ch of path) {
    const c = ch.charCodeAt(0);
    out += ch.length === 1 && c >= FIRST && c <= LAST ? `\\x${(0x80 + (c - FIRST)).toString(16)}` : ch;
  }
  return out;
}
