/**
 * EBCDIC code pages for profiles downloaded from z/OS in binary.
 *
 * IBM-037 is generated from the standard cp037 mapping; IBM-1047 (the z/OS
 * UNIX and ISPF default) differs from it in six positions: [ ] ^ ¬ Ý ¨.
 * Both EBCDIC line ends (0x15 NL and 0x25 LF) become '\n'.
 */
export type EbcdicCodePage = 'ibm-1047' | 'ibm-037';

// prettier-ignore
const CP037: readonly number[] = [
  0x0000, 0x0001, 0x0002, 0x0003, 0x009c, 0x0009, 0x0086, 0x007f, 0x0097, 0x008d, 0x008e, 0x000b, 0x000c, 0x000d, 0x000e, 0x000f,
  0x0010, 0x0011, 0x0012, 0x0013, 0x009d, 0x0085, 0x0008, 0x0087, 0x0018, 0x0019, 0x0092, 0x008f, 0x001c, 0x001d, 0x001e, 0x001f,
  0x0080, 0x0081, 0x0082, 0x0083, 0x0084, 0x000a, 0x0017, 0x001b, 0x0088, 0x0089, 0x008a, 0x008b, 0x008c, 0x0005, 0x0006, 0x0007,
  0x0090, 0x0091, 0x0016, 0x0093, 0x0094, 0x0095, 0x0096, 0x0004, 0x0098, 0x0099, 0x009a, 0x009b, 0x0014, 0x0015, 0x009e, 0x001a,
  0x0020, 0x00a0, 0x00e2, 0x00e4, 0x00e0, 0x00e1, 0x00e3, 0x00e5, 0x00e7, 0x00f1, 0x00a2, 0x002e, 0x003c, 0x0028, 0x002b, 0x007c,
  0x0026, 0x00e9, 0x00ea, 0x00eb, 0x00e8, 0x00ed, 0x00ee, 0x00ef, 0x00ec, 0x00df, 0x0021, 0x0024, 0x002a, 0x0029, 0x003b, 0x00ac,
  0x002d, 0x002f, 0x00c2, 0x00c4, 0x00c0, 0x00c1, 0x00c3, 0x00c5, 0x00c7, 0x00d1, 0x00a6, 0x002c, 0x0025, 0x005f, 0x003e, 0x003f,
  0x00f8, 0x00c9, 0x00ca, 0x00cb, 0x00c8, 0x00cd, 0x00ce, 0x00cf, 0x00cc, 0x0060, 0x003a, 0x0023, 0x0040, 0x0027, 0x003d, 0x0022,
  0x00d8, 0x0061, 0x0062, 0x0063, 0x0064, 0x0065, 0x0066, 0x0067, 0x0068, 0x0069, 0x00ab, 0x00bb, 0x00f0, 0x00fd, 0x00fe, 0x00b1,
  0x00b0, 0x006a, 0x006b, 0x006c, 0x006d, 0x006e, 0x006f, 0x0070, 0x0071, 0x0072, 0x00aa, 0x00ba, 0x00e6, 0x00b8, 0x00c6, 0x00a4,
  0x00b5, 0x007e, 0x0073, 0x0074, 0x0075, 0x0076, 0x0077, 0x0078, 0x0079, 0x007a, 0x00a1, 0x00bf, 0x00d0, 0x00dd, 0x00de, 0x00ae,
  0x005e, 0x00a3, 0x00a5, 0x00b7, 0x00a9, 0x00a7, 0x00b6, 0x00bc, 0x00bd, 0x00be, 0x005b, 0x005d, 0x00af, 0x00a8, 0x00b4, 0x00d7,
  0x007b, 0x0041, 0x0042, 0x0043, 0x0044, 0x0045, 0x0046, 0x0047, 0x0048, 0x0049, 0x00ad, 0x00f4, 0x00f6, 0x00f2, 0x00f3, 0x00f5,
  0x007d, 0x004a, 0x004b, 0x004c, 0x004d, 0x004e, 0x004f, 0x0050, 0x0051, 0x0052, 0x00b9, 0x00fb, 0x00fc, 0x00f9, 0x00fa, 0x00ff,
  0x005c, 0x00f7, 0x0053, 0x0054, 0x0055, 0x0056, 0x0057, 0x0058, 0x0059, 0x005a, 0x00b2, 0x00d4, 0x00d6, 0x00d2, 0x00d3, 0x00d5,
  0x0030, 0x0031, 0x0032, 0x0033, 0x0034, 0x0035, 0x0036, 0x0037, 0x0038, 0x0039, 0x00b3, 0x00db, 0x00dc, 0x00d9, 0x00da, 0x009f,
];

const CP1047_DIFFERENCES: ReadonlyArray<[number, number]> = [
  [0x5f, 0x5e], // ^
  [0xad, 0x5b], // [
  [0xb0, 0xac], // ¬
  [0xba, 0xdd], // Ý
  [0xbb, 0xa8], // ¨
  [0xbd, 0x5d], // ]
];

function table(page: EbcdicCodePage): string[] {
  const codes = [...CP037];
  if (page === 'ibm-1047') for (const [byte, code] of CP1047_DIFFERENCES) codes[byte] = code;
  codes[0x15] = 0x0a;
  codes[0x25] = 0x0a;
  return codes.map((c) => String.fromCharCode(c));
}

/** Decoding tables by code page, made when first used. */
const tables = new Map<EbcdicCodePage, string[]>();

function tableOf(page: EbcdicCodePage): string[] {
  let t = tables.get(page);
  if (!t) tables.set(page, (t = table(page)));
  return t;
}

export function ebcdicDecode(bytes: Uint8Array, page: EbcdicCodePage): string {
  const t = tableOf(page);
  let out = '';
  const chunk: string[] = [];
  for (let i = 0; i < bytes.length; i++) {
    chunk.push(t[bytes[i]!]!);
    if (chunk.length === 8192) {
      out += chunk.join('');
      chunk.length = 0;
    }
  }
  return out + chunk.join('');
}

/**
 * IBM-1047 or IBM-037? The two differ only in six positions, and in a profile
 * only the square brackets and the not sign are likely: IBM-1047 writes `[` `]`
 * as X'AD' X'BD' and `¬` as X'B0'; IBM-037 writes them as X'BA' X'BB' and X'5F'.
 * Each byte is evidence for the code page in which it is the likelier
 * character (a bracket counts twice: `^` and `¬` are both rare). IBM-1047 (the
 * z/OS default) wins a tie, also when there is no evidence at all.
 */
export function ebcdicCodePage(bytes: Uint8Array): EbcdicCodePage {
  let cp1047 = 0;
  let cp037 = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0xad || b === 0xbd) cp1047 += 2; // [ ] in 1047; Ý ¨ in 037
    else if (b === 0xba || b === 0xbb) cp037 += 2; // [ ] in 037; Ý ¨ in 1047
    else if (b === 0xb0) cp1047++; // ¬ in 1047; ^ in 037
    else if (b === 0x5f) cp037++; // ¬ in 037; ^ in 1047
  }
  return cp037 > cp1047 ? 'ibm-037' : 'ibm-1047';
}

/**
 * Encode text in an EBCDIC code page. A character the page lacks becomes X'3F' (SUB), or, when `strict`, makes the
 * result undefined. '\n' becomes `newline`: X'15' (NL, what z/OS writes) unless the file uses X'25' (LF).
 */
export function ebcdicEncode(text: string, page: EbcdicCodePage, options: { newline?: 0x15 | 0x25; strict: true }): Uint8Array | undefined;
export function ebcdicEncode(text: string, page: EbcdicCodePage, options?: { newline?: 0x15 | 0x25; strict?: false }): Uint8Array;
export function ebcdicEncode(text: string, page: EbcdicCodePage, options: { newline?: 0x15 | 0x25; strict?: boolean } = {}): Uint8Array | undefined {
  const t = tableOf(page);
  const reverse = new Map<string, number>();
  for (let b = 255; b >= 0; b--) reverse.set(t[b]!, b);
  // '\n' decodes from both X'15' (NL) and X'25' (LF).
  reverse.set('\n', options.newline ?? 0x15);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const b = reverse.get(text[i]!);
    if (b === undefined && options.strict) return undefined;
    out[i] = b ?? 0x3f;
  }
  return out;
}

/**
 * EBCDIC text is dominated by 0x40 (blank), letters in 0x81–0xE9 and digits in
 * 0xF0–0xF9, and has almost no ASCII printable bytes in 0x20–0x3F; ASCII text
 * is the opposite. A sample of the first 4 KB decides.
 */
export function looksLikeEbcdic(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  if (n < 16) return false;
  let ebcdicBlank = 0;
  let ebcdicAlnum = 0;
  let asciiLow = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0x40) ebcdicBlank++;
    else if ((b >= 0x81 && b <= 0xe9) || (b >= 0xf0 && b <= 0xf9)) ebcdicAlnum++;
    else if (b === 0x20 || b === 0x0a || b === 0x0d || (b >= 0x30 && b <= 0x39)) asciiLow++;
  }
  return ebcdicBlank + ebcdicAlnum > n * 0.6 && asciiLow < n * 0.05;
}
