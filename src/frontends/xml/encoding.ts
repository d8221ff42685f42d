/**
 * The bytes of an XML file against its encoding declaration (rule
 * xml-encoding-mismatch).
 *
 * XML 1.0 §4.3.3: "it is a fatal error for an entity including an encoding
 * declaration to be presented to the XML processor in an encoding other than
 * that named in the declaration", an entity without a declaration must be
 * UTF-8 or UTF-16, and a UTF-16 entity must begin with the byte-order mark.
 * Appendix F describes how a processor tells the families apart from the first
 * bytes (`3C 3F 78 6D` ASCII-compatible, `4C 6F A7 94` EBCDIC, `FF FE` / `FE FF`
 * UTF-16). A reader that trusts the declaration reads a mismatched file as
 * garbage (every other byte a NUL, or EBCDIC letters as ASCII control
 * characters) or rejects it. One cause is one finding: a file saved as UTF-16
 * without a byte-order mark under a declaration of another encoding is one
 * mismatch (the advice covers the mark), not one for the declaration and one for
 * the missing mark.
 *
 * src/sources decoded the bytes already (src/sources/decode.ts): `file.encoding`
 * is what the bytes are (UTF-16 by byte-order mark or by the NUL in every other
 * byte, EBCDIC by its letters, else UTF-8 when valid, else ISO-8859-1) and
 * `file.bom` whether they started with a byte-order mark.
 */
import type { Finding, Fix, Severity } from '../../core/diagnostic.js';
import { fix as fixOf, replaceAt } from '../../core/fix.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { XmlDeclaration } from './ast.js';

type Family = 'utf-8' | 'utf-16' | 'ascii' | 'latin' | 'ebcdic' | 'other';

/** The family an encoding name belongs to (IANA names and the aliases Java and ICU accept). */
export function familyOf(name: string): Family {
  const n = name.trim().toLowerCase().replace(/_/g, '-');
  if (n === 'utf-8' || n === 'utf8') return 'utf-8';
  if (/^(utf-?16(le|be)?|ucs-?2|iso-10646-ucs-2|unicode)$/.test(n)) return 'utf-16';
  if (n === 'us-ascii' || n === 'ascii' || n === 'iso646-us') return 'ascii';
  if (/^(iso-?8859-\d+|latin-?\d|l\d|windows-125\d|cp125\d)$/.test(n)) return 'latin';
  if (/^(ibm-?|cp|ccsid-?)0*(37|273|277|278|280|284|285|297|500|871|875|1025|1026|1047|114\d)$|^ebcdic/.test(n)) return 'ebcdic';
  return 'other';
}

/** How the bytes read, for messages. */
function describeBytes(file: SourceFile): string {
  switch (file.encoding) {
    case 'utf-16le':
    case 'utf-16be':
      return `UTF-16 (${file.encoding === 'utf-16le' ? 'little' : 'big'}-endian, ${file.bom ? `byte-order mark ${file.encoding === 'utf-16le' ? 'FF FE' : 'FE FF'}` : 'no byte-order mark'})`;
    case 'ibm-1047':
    case 'ibm-037':
      return `EBCDIC (plexlint read it as ${file.encoding.toUpperCase()})`;
    case 'utf-8':
      return file.bom ? 'UTF-8 (byte-order mark EF BB BF)' : 'UTF-8';
    default:
      return 'ISO-8859-1 (they are not valid UTF-8)';
  }
}

function bytesFamily(file: SourceFile): Family {
  if (file.encoding === 'utf-16le' || file.encoding === 'utf-16be') return 'utf-16';
  if (file.encoding === 'ibm-1047' || file.encoding === 'ibm-037') return 'ebcdic';
  return file.encoding === 'utf-8' ? 'utf-8' : 'latin';
}

export function encodingFindings(file: SourceFile, decl: XmlDeclaration | undefined, consumer: string): Finding[] {
  const out: Finding[] = [];
  const declaredName = decl?.encoding?.value.trim();
  const declared = declaredName === undefined ? undefined : familyOf(declaredName);
  const where = decl?.encoding?.loc ?? decl?.loc ?? file.lines.loc(file.path, 0, 0);
  const said = declaredName === undefined ? (decl ? 'its XML declaration names no encoding, which means UTF-8 or UTF-16,' : 'it has no XML declaration, which means UTF-8 or UTF-16,') : `it declares encoding="${declaredName}"`;
  const bytes = bytesFamily(file);
  const nonAscii = /[^\x00-\x7f]/.test(file.text);
  const push = (message: string, severity?: Severity, fix?: Fix): void => {
    const f: Finding = { ruleId: 'xml-encoding-mismatch', loc: where, message };
    if (severity) f.severity = severity;
    if (fix) f.fix = fix;
    out.push(f);
  };
  /** The declaration corrected to what the bytes certainly are (only where it names an encoding already). */
  const declare = (name: string): Fix | undefined => (decl?.encoding ? fixOf(`declare encoding="${name}"`, replaceAt(decl.encoding.loc, name)) : undefined);
  const fatal = `XML 1.0 §4.3.3 makes this a fatal error, and plexlint assumes ${consumer} reads the bytes as declared (IBM does not document what it does), so it reads garbage or rejects the file`;

  if (bytes === 'utf-16') {
    if (declared !== undefined && declared !== 'utf-16') {
      push(`the file's bytes are ${describeBytes(file)} but ${said}: ${fatal}. Save the file as ${declaredName}, or declare encoding="UTF-16"${file.bom ? '' : ' and save it with a byte-order mark'}.`, 'error');
    } else if (!file.bom && declared === 'utf-16') {
      // Appendix F: a processor can still tell UTF-16 from '<?xml' (3C 00 3F 00); whether the plug-in's parser does is not documented.
      push(
        `the file's bytes are ${describeBytes(file)}: XML requires a UTF-16 file to start with the byte-order mark (§4.3.3); parsers that detect UTF-16 from '<?xml' read it, ` +
          `whether ${consumer} does is not documented. Save it with a byte-order mark, or as ISO-8859-1 (what WAS writes).`,
        'warning',
      );
    } else if (!file.bom) {
      push(
        `the file's bytes are ${describeBytes(file)} without an encoding declaration that says so: XML requires a UTF-16 file to start with the byte-order mark (§4.3.3), ` +
          `and without one or a declaration a file is read as UTF-8, so plexlint assumes ${consumer} reads a NUL after every character and rejects the file (IBM does not document it). Save it with a byte-order mark, or as ISO-8859-1 (what WAS writes).`,
        declared === undefined ? 'error' : 'warning',
      );
    }
    return out;
  }
  if (bytes === 'ebcdic') {
    if (declared !== 'ebcdic') {
      push(
        `the file's bytes are ${describeBytes(file)} but ${said}: ${fatal}. The file was probably transferred to z/OS in text mode; transfer it in binary, or declare its code page (encoding="IBM-1047").`,
        'error',
      );
    }
    return out;
  }
  if (file.bom && declared !== undefined && declared !== 'utf-8') {
    push(`the file starts with the UTF-8 byte-order mark (EF BB BF) but ${said}: ${fatal}. Remove the byte-order mark and keep the declaration, or declare encoding="UTF-8".`, 'error');
    return out;
  }
  if (declared === 'utf-16') {
    push(`${said.replace(/^it/, 'the file')} but its bytes are ${describeBytes(file)}, one byte per character: ${fatal}. Declare the encoding the file is saved in (encoding="ISO-8859-1", what WAS writes).`, 'error');
    return out;
  }
  if (declared === 'ebcdic') {
    push(`${said.replace(/^it/, 'the file')}, an EBCDIC code page, but its bytes are ${describeBytes(file)}: ${fatal}. Declare encoding="ISO-8859-1" (what WAS writes) or "UTF-8".`, 'error');
    return out;
  }
  if (bytes === 'latin' && (declared === undefined || declared === 'utf-8' || declared === 'ascii') && nonAscii) {
    const what = declared === undefined ? (decl ? 'has no encoding in its declaration, which means UTF-8,' : 'has no encoding declaration, which means UTF-8,') : `declares encoding="${declaredName}"`;
    push(
      `the file ${what} but its bytes are not valid UTF-8 (plexlint read them as ISO-8859-1): ${consumer} reads it as declared, ` +
        `so plexlint assumes non-ASCII characters in names and paths are misread or the file is rejected (IBM does not document which). Declare encoding="ISO-8859-1" (what WAS writes) or save the file as UTF-8.`,
      undefined,
      // The bytes are certainly not UTF-8: the declaration that says what they are keeps them as they are.
      declare('ISO-8859-1'),
    );
    return out;
  }
  if (bytes === 'latin' && declared === 'latin' && looksLikeUtf8(file.text)) {
    const sample = /[\u00C2-\u00F4][\u0080-\u00BF]+/.exec(file.text)![0];
    const meant = Buffer.from(sample, 'latin1').toString('utf8');
    push(
      `the file declares encoding="${declaredName}" but its bytes read as UTF-8: every non-ASCII character is a valid UTF-8 sequence (for example '${meant}' is written as the bytes ${[...Buffer.from(sample, 'latin1')].map((b) => b.toString(16).toUpperCase()).join(' ')}, which ${declaredName} reads as '${sample}'): ` +
        `plexlint assumes ${consumer} reads the file as declared (IBM does not document it), so those characters in names and paths are misread. Declare encoding="UTF-8", or convert the file to ${declaredName} (iconv -f UTF-8 -t ${declaredName}).`,
    );
    return out;
  }
  if (bytes === 'utf-8' && declared === 'ascii' && nonAscii) {
    push(
      `the file declares encoding="${declaredName}" but holds characters outside US-ASCII (its bytes are UTF-8): plexlint assumes ${consumer} reads them as declared, so they are misread or the file is rejected (IBM does not document which). Declare encoding="UTF-8".`,
      undefined,
      declare('UTF-8'),
    );
    return out;
  }
  if (declared === 'other' && nonAscii) {
    push(
      `encoding="${declaredName}" is not one plexlint decodes (it read the file as ${file.encoding.toUpperCase()}), so non-ASCII characters may be shown wrongly; ` +
        `plexlint assumes ${consumer} reads the file as declared. Use ISO-8859-1 or UTF-8, or give --encoding.`,
      'info',
    );
  }
  return out;
}

/**
 * Text read as ISO-8859-1 whose non-ASCII characters all pair up into valid
 * UTF-8 sequences (at least one of them): a UTF-8 file under an ISO-8859-1
 * declaration. ISO-8859-1 text rarely does that by chance: an accented letter
 * followed by a C1 control character or another symbol from 80–BF.
 */
function looksLikeUtf8(text: string): boolean {
  if (!/[\u00C2-\u00F4][\u0080-\u00BF]/.test(text)) return false;
  if (/[^\x00-\xff]/.test(text)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'latin1'));
    return true;
  } catch {
    return false;
  }
}
