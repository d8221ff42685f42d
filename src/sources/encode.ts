/**
 * Text edits → the bytes of the file they edit, for `check --fix`. The file keeps everything the edits do not
 * touch byte for byte: its encoding (EBCDIC included), byte order mark, line ends (EBCDIC NL or LF, CR LF) and
 * fixed-length records; only the replaced text is encoded, in the file's own encoding, and spliced in where the
 * edited text was. The result is decoded again and must give exactly the edited text: an edit the file's encoding
 * cannot hold (a character a code page lacks, a line end in a file of records) leaves the file as it was.
 */
import { decode, RECORD_LENGTH, type Encoding } from './decode.js';
import { ebcdicEncode } from './ebcdic.js';

export interface ByteEdit {
  /** Offsets in the decoded text. */
  range: [number, number];
  text: string;
}

/** Bytes of a byte order mark the decoding skipped. */
function bomLength(bytes: Uint8Array, encoding: Encoding): number {
  if (encoding === 'utf-8' && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 3;
  if (encoding === 'utf-16le' && bytes[0] === 0xff && bytes[1] === 0xfe) return 2;
  if (encoding === 'utf-16be' && bytes[0] === 0xfe && bytes[1] === 0xff) return 2;
  return 0;
}

function encodeText(text: string, encoding: Encoding, bytes: Uint8Array, records: boolean): Uint8Array | undefined {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'iso-8859-1':
      return /^[\u0000-\u00ff]*$/.test(text) ? Buffer.from(text, 'latin1') : undefined;
    case 'utf-16le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be':
      return Buffer.from(text, 'utf16le').swap16();
    case 'ibm-1047':
    case 'ibm-037': {
      // Records have no line ends to write; otherwise a line end is written as the file writes its own.
      if (records && /\n/.test(text)) return undefined;
      const lf = bytes.indexOf(0x25);
      const nl = bytes.indexOf(0x15);
      const newline = lf >= 0 && (nl < 0 || lf < nl) ? 0x25 : 0x15;
      return ebcdicEncode(text, encoding, { newline, strict: true });
    }
  }
}

/**
 * The bytes of `bytes` (decoded as `encoding`) with the edits applied, or why that cannot be done without changing
 * what the edits do not touch. Edits are in text order and do not overlap.
 */
export function spliceBytes(bytes: Uint8Array, encoding: Encoding, edits: readonly ByteEdit[]): { bytes: Buffer } | { error: string } {
  const decoded = decode(bytes, encoding);
  if (decoded.binary) return { error: 'it does not decode as text' };
  const text = decoded.text;
  const bom = bomLength(bytes, encoding);
  const records = decoded.splitRecords !== undefined;
  // Text offset → byte offset. Records: each line of RECORD_LENGTH characters and its '\n' (added by decoding) is
  // RECORD_LENGTH bytes.
  let utf8At = 0;
  let utf8Bytes = bom;
  const byteOf = (offset: number): number => {
    switch (encoding) {
      case 'utf-8':
        utf8Bytes += Buffer.byteLength(text.slice(utf8At, offset), 'utf8');
        utf8At = offset;
        return utf8Bytes;
      case 'utf-16le':
      case 'utf-16be':
        return bom + 2 * offset;
      default:
        return bom + offset - (records ? Math.floor(offset / (RECORD_LENGTH + 1)) : 0);
    }
  };
  const pieces: Uint8Array[] = [];
  let expected = '';
  let textAt = 0;
  let byteAt = 0;
  for (const e of edits) {
    const [start, end] = e.range;
    if (start < textAt || end < start || end > text.length) return { error: 'its fixes overlap or lie outside it' };
    const from = byteOf(start);
    const to = byteOf(end);
    const inserted = encodeText(e.text, encoding, bytes, records);
    if (!inserted) return { error: `its encoding (${encoding}${records ? ', fixed-length records' : ''}) cannot hold ${JSON.stringify(e.text)}` };
    pieces.push(bytes.subarray(byteAt, from), inserted);
    expected += text.slice(textAt, start) + e.text;
    textAt = end;
    byteAt = to;
  }
  pieces.push(bytes.subarray(byteAt));
  expected += text.slice(textAt);
  const out = Buffer.concat(pieces);
  const again = decode(out, encoding);
  if (again.binary || again.text !== expected) return { error: `the fixed text would not read back the same in its encoding (${encoding}${records ? ', fixed-length records' : ''})` };
  return { bytes: out };
}
