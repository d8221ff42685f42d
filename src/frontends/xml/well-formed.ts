/**
 * The first fatal error of an XML document, where a conforming XML processor
 * reports it and in words an administrator understands.
 *
 * XML 1.0 §1.2 makes every well-formedness violation a fatal error: a
 * conforming processor reports the first one and stops. The plug-in's parser
 * and WAS do the same ("ws_config_parser: configParserParse: Failed to parse the
 * config file"), so one finding, at the first violation, is what the user needs.
 *
 * saxes is the strict tokenizer: it checks every well-formedness constraint of
 * XML 1.0 that does not need a DTD (characters, names, comments, attribute
 * quoting, tag nesting, one root, the XML declaration). fast-xml-parser, which
 * builds the tree (./index.ts), is lenient by design and its validator reports
 * errors where it happens to notice them. saxes reports an error once it has
 * read the character that breaks a rule, so the position is that character
 * (`position - 1`). Where saxes notices later than expat and xmllint do, the
 * position is moved to where they report it:
 * - an entity or character reference: saxes reads up to the `;` before it
 *   checks the name, so `&b"` in an attribute value (no `;`) runs to the end of
 *   the file. The reference is checked here from its `&` (expat: the first
 *   character that cannot continue it; an unknown name: the `&`);
 * - a mismatched end tag, a second root element, a misplaced XML declaration,
 *   a repeated attribute, `]]>` in text: the start of the construct;
 * - the end of the file inside a construct: the end of the file, with the
 *   construct's start as the related position.
 * Entities declared in an internal DTD subset are known to saxes here (it does
 * not read the subset), so a reference to one is not an error.
 */
import { saxes } from '../../core/libs.js';
import { listText } from '../../core/list-text.js';
import { trailingRunStart } from '../../core/trailing-run.js';

export interface FatalError {
  /** Offsets in the text; `start === end` for a point (the end of the file). */
  start: number;
  end: number;
  /** What is wrong, without the consequence (the caller adds what the consumer does). */
  what: string;
  /** How to fix it. */
  fix: string;
  related?: { start: number; end: number; message: string };
}

/** Thrown out of saxes' error handler to stop at the first error. */
class Stop extends Error {}

interface OpenTag {
  name: string;
  /** Offset of its `<`. */
  offset: number;
}

export function firstFatalError(text: string): FatalError | undefined {
  const { SaxesParser } = saxes();
  const parser = new SaxesParser({ xmlns: false, position: true });
  for (const name of declaredEntities(text)) parser.ENTITIES[name] = '';
  const open: OpenTag[] = [];
  let firstRoot: OpenTag | undefined;
  let failure: { message: string; position: number } | undefined;
  parser.on('opentagstart', (tag) => {
    // Called once the character after the name is read: the `<` is the nearest one before the name.
    const offset = Math.max(0, text.lastIndexOf(`<${tag.name}`, parser.position - 1));
    const entry = { name: tag.name, offset };
    firstRoot ??= entry;
    open.push(entry);
  });
  // saxes reports closetag for `/>` too, and for a mismatched end tag just before the error.
  let lastClosed: OpenTag | undefined;
  parser.on('closetag', () => {
    lastClosed = open.pop();
  });
  parser.on('error', (e) => {
    failure = { message: e.message.replace(/^\d+:\d+: /, ''), position: parser.position };
    throw new Stop();
  });
  try {
    parser.write(text);
    parser.close();
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  if (!failure) return undefined;
  return describe(text, failure.message, stoppedAt(text, failure.position), failure.position, open, firstRoot, lastClosed);
}

/**
 * The offset of the character saxes stopped at, from its position just after it. saxes reads a CR LF pair as one
 * line end (XML 1.0 §2.11) and its position is then past both characters: the character is the pair, which starts
 * at the CR. `position - 1` would be the LF, and the character before it (the CR, not the '<' of `<` CR LF) would
 * decide what the message says.
 */
function stoppedAt(text: string, position: number): number {
  const off = Math.max(0, position - 1);
  return text[off] === '\n' && text[off - 1] === '\r' ? off - 1 : off;
}

/** Names declared by `<!ENTITY name …>` in the internal subset of a DOCTYPE. */
function declaredEntities(text: string): string[] {
  const start = text.search(/<!DOCTYPE/);
  if (start < 0) return [];
  const names: string[] = [];
  const re = /<!ENTITY\s+([^\s%>]+)/g;
  re.lastIndex = start;
  for (let m = re.exec(text); m && names.length < 10_000; m = re.exec(text)) names.push(m[1]!);
  return names;
}

const NAME_START = /[A-Za-z_:\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;
const NAME_CHAR = /[-.0-9\u00B7\u0300-\u036F\u203F\u2040A-Za-z_:\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;

/** How a character reads in a message: 'x', a blank, a line end, or its code. */
export function showChar(c: string | undefined): string {
  if (c === undefined) return 'the end of the file';
  const code = c.codePointAt(0)!;
  if (c === ' ') return 'a blank';
  if (c === '\t') return 'a tab';
  if (c === '\n' || c === '\r') return 'a line end';
  if (code === 0) return "the control character NUL (X'00')";
  if (code < 0x20 || code === 0x7f) return `the control character X'${code.toString(16).toUpperCase().padStart(2, '0')}'`;
  if (code === 0xfffe || code === 0xffff || (code >= 0xd800 && code <= 0xdfff)) return `U+${code.toString(16).toUpperCase()}`;
  return `'${c}'`;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The reference that starts at `amp` (`&`): where it goes wrong, or undefined
 * when it is a well-formed reference.
 */
function badReference(text: string, amp: number): { at: number; what: string } | undefined {
  let i = amp + 1;
  if (text[i] === '#') {
    i++;
    const hex = text[i] === 'x';
    if (hex) i++;
    const digits = hex ? /[0-9A-Fa-f]/ : /[0-9]/;
    const first = i;
    while (i < text.length && digits.test(text[i]!)) i++;
    if (i === first || text[i] !== ';') {
      return { at: i, what: `a character reference (&#${hex ? 'x' : ''}…;) takes ${hex ? 'hexadecimal ' : ''}digits and ends with ';', but ${showChar(text[i])} follows` };
    }
    return undefined;
  }
  if (!NAME_START.test(text[i] ?? '')) {
    return { at: i, what: `'&' starts an entity reference (such as &amp;), but ${showChar(text[i])} cannot start one` };
  }
  while (i < text.length && NAME_CHAR.test(text[i]!)) i++;
  if (text[i] !== ';') {
    return { at: i, what: `the entity reference ${text.slice(amp, Math.min(i, amp + 40))} is not ended by ';' (${showChar(text[i])} follows)` };
  }
  return undefined;
}

/** The `&` of the reference saxes was reading when it stopped at `position`. */
function referenceStart(text: string, position: number): number {
  // saxes reads a reference up to its ';': the `&` is the first one after the last ';' or markup end before it.
  const from = Math.max(text.lastIndexOf(';', position - 2), text.lastIndexOf(']]>', position - 1) + 2, text.lastIndexOf('-->', position - 1) + 2, text.lastIndexOf('?>', position - 1) + 1);
  return text.indexOf('&', from + 1);
}

/** The attribute whose quoted value is open at `offset` in the start tag that begins at `tagStart`. */
function openAttribute(text: string, tagStart: number, offset: number): { name: string; nameStart: number; quote: number } | undefined {
  const re = /([^\s=<>"'/]+)\s*=\s*(["'])/g;
  re.lastIndex = tagStart + 1;
  let last: { name: string; nameStart: number; quote: number } | undefined;
  for (let m = re.exec(text); m && m.index < offset; m = re.exec(text)) {
    const quote = m.index + m[0].length - 1;
    const close = text.indexOf(m[2]!, quote + 1);
    if (close < 0 || close >= offset) {
      last = { name: m[1]!, nameStart: m.index, quote };
      break;
    }
    re.lastIndex = close + 1;
  }
  return last;
}

/** The first unclosed comment, CDATA section, processing instruction or tag, for an error at the end of the file. */
/** Markup that runs until its closing marker, in the order they must be tried. */
const CONSTRUCTS = [
  { open: '<!--', close: '-->', what: 'a comment (<!--)', fix: 'End the comment with -->.' },
  { open: '<![CDATA[', close: ']]>', what: 'a CDATA section (<![CDATA[)', fix: 'End it with ]]>.' },
  { open: '<?', close: '?>', what: 'a processing instruction (<?)', fix: 'End it with ?>.' },
  { open: '<!', close: '>', what: 'a declaration (<!)', fix: 'End it with >.' },
];

/** The first unclosed comment, CDATA section, processing instruction or tag, for an error at the end of the file. */
function unclosedConstruct(text: string): { start: number; length: number; what: string; fix: string } | undefined {
  for (let i = text.indexOf('<'); i >= 0; ) {
    const construct = CONSTRUCTS.find((c) => text.startsWith(c.open, i));
    let end: number;
    if (construct) {
      end = text.indexOf(construct.close, i + construct.open.length);
      if (end < 0) return { start: i, length: construct.open.length, what: construct.what, fix: construct.fix };
    } else {
      // A tag: quotes respected.
      const tag = /^<\/?([^\s/>]*)/.exec(text.slice(i, i + 200))!;
      end = -1;
      for (let j = i + 1; j < text.length; j++) {
        const c = text[j];
        if (c === '"' || c === "'") {
          const k = text.indexOf(c, j + 1);
          if (k < 0) {
            const attr = openAttribute(text, i, text.length);
            return { start: i, length: tag[0].length, what: `the start tag <${tag[1]}>, whose value of ${attr?.name ?? 'an attribute'} has no closing quote,`, fix: `Add the closing ${c === '"' ? 'double' : 'single'} quote.` };
          }
          j = k;
        } else if (c === '>') {
          end = j;
          break;
        }
      }
      if (end < 0) return { start: i, length: tag[0].length, what: `the tag <${tag[1]}>`, fix: 'End the tag with >.' };
    }
    i = text.indexOf('<', end + 1);
  }
  return undefined;
}

function describe(text: string, message: string, off: number, position: number, open: OpenTag[], firstRoot: OpenTag | undefined, lastClosed: OpenTag | undefined): FatalError {
  const point = (at: number, what: string, fix: string, related?: FatalError['related']): FatalError => {
    const start = Math.max(0, Math.min(at, text.length));
    const end = start < text.length && text[start] !== '\n' && text[start] !== '\r' ? start + (text.codePointAt(start)! > 0xffff ? 2 : 1) : start;
    const r: FatalError = { start, end, what, fix };
    if (related) r.related = related;
    return r;
  };
  const tagStartBefore = (at: number): number => Math.max(0, text.lastIndexOf('<', at));
  const innermost = open.at(-1);
  const openedHere = (tag: OpenTag | undefined, words: string): FatalError['related'] =>
    tag ? { start: tag.offset, end: tag.offset + 1 + tag.name.length, message: words } : undefined;

  // References: saxes checks them at their ';' (or never, without one: it then reads to the end of the file).
  const atEnd = /^(unexpected end|unclosed tag|document must contain a root)/.test(message);
  const construct = atEnd ? unclosedConstruct(text) : undefined;
  if (/entity/.test(message) || (atEnd && !construct)) {
    const amp = referenceStart(text, atEnd ? text.length : position);
    const bad = amp >= 0 && amp < position ? badReference(text, amp) : undefined;
    if (bad) return point(bad.at, bad.what, "Write & as &amp; (and < as &lt;), or end the reference with ';'.");
    if (/undefined entity/.test(message) && amp >= 0) {
      const name = text.slice(amp + 1, text.indexOf(';', amp));
      return point(amp, `the entity &${name}; is not defined: XML knows only &lt; &gt; &amp; &quot; &apos; and character references without a DTD`, `Write the character itself, or &amp; for '&'.`);
    }
    if (/malformed character entity/.test(message) && amp >= 0) {
      return point(amp, `the character reference ${text.slice(amp, text.indexOf(';', amp) + 1)} names a character XML does not allow`, 'Remove it or write the character it is meant to be.');
    }
  }
  if (atEnd) {
    if (construct) {
      // expat reports an unclosed construct at its start (xmllint at the end of the file, which names nothing).
      const f = point(construct.start, `${construct.what} is never closed: the file ends inside it`, construct.fix);
      f.end = construct.start + construct.length;
      return f;
    }
    if (innermost) {
      const names = listText(open.map((t) => `<${t.name}>`), Infinity);
      const fix = open.length === 1 ? `Add the missing end tag </${innermost.name}>.` : `Add the missing end tags, innermost first: ${[...open].reverse().map((t) => `</${t.name}>`).join(', then ')}.`;
      return point(text.length, `the file ends before ${names} ${open.length === 1 ? 'is' : 'are'} closed`, fix, openedHere(open[0], `<${open[0]!.name}> is opened here`));
    }
    return point(text.length, 'the file has no root element', 'A plugin-cfg.xml has <Config> as its root; a cluster.xml its ServerCluster.');
  }
  const c = text[off];
  switch (true) {
    case message === 'disallowed character.': {
      if (c === '<') {
        const tagStart = tagStartBefore(off - 1);
        const attr = openAttribute(text, tagStart, off);
        if (attr) {
          const line = lineOf(text, attr.quote);
          const sameLine = line === lineOf(text, off);
          return point(
            off,
            `'<' is not allowed in an attribute value: the value of ${attr.name}${sameLine ? '' : `, which starts on line ${line},`} ${sameLine ? 'contains it' : 'has no closing quote'}`,
            sameLine ? `Write &lt; for a '<' in a value, or close the quote of ${attr.name}.` : `Add the closing quote to the value of ${attr.name}.`,
            { start: attr.quote, end: attr.quote + 1, message: `the value of ${attr.name} starts here` },
          );
        }
      }
      return point(off, `${showChar(c)} is not allowed here: XML allows no control characters other than tab and line ends, and no U+FFFE or U+FFFF`, 'Remove it; it usually comes from a damaged transfer or a wrong encoding.');
    }
    case message === 'text data outside of root node.': {
      let s = off;
      // saxes notices stray text when it ends: point at its first non-blank character.
      const before = text.lastIndexOf('>', off - 1);
      for (let i = before + 1; i <= off && i < text.length; i++) {
        if (!/\s/.test(text[i]!)) {
          s = i;
          break;
        }
      }
      return point(s, 'text outside the root element: an XML document holds only comments and processing instructions around its root', 'Remove the text or move it into a comment.');
    }
    case message === 'documents may contain only one root.': {
      const s = tagStartBefore(off);
      const name = /^<([^\s/>]+)/.exec(text.slice(s, s + 200))?.[1] ?? '';
      return point(s, `a second top-level element <${name}>: an XML document has exactly one root element`, 'Put every element inside the one root element.', openedHere(firstRoot, `the first top-level element <${firstRoot?.name ?? ''}>`));
    }
    case message === 'unexpected close tag.': {
      // saxes has just taken the innermost open element off its stack.
      const s = text.lastIndexOf('</', off);
      const name = /^<\/([^\s>]*)/.exec(text.slice(s, s + 200))?.[1] ?? '';
      const inner = lastClosed ?? innermost;
      const f = point(
        s + 2,
        `the end tag </${name}> does not match the open element <${inner?.name ?? ''}> (line ${lineOf(text, inner?.offset ?? 0)}): elements must be closed in the reverse order they were opened`,
        `Close <${inner?.name ?? ''}> first (</${inner?.name ?? ''}> or />), or correct the name (names are case-sensitive).`,
        openedHere(inner, `<${inner?.name ?? ''}> is opened here`),
      );
      f.end = Math.max(f.end, s + 2 + name.length);
      return f;
    }
    case message.startsWith('unmatched closing tag'): {
      const s = text.lastIndexOf('</', off);
      const name = /^<\/([^\s>]*)/.exec(text.slice(s, s + 200))?.[1] ?? '';
      return point(s, `the end tag </${name}> comes after the root element is closed, so it closes nothing`, 'Remove it.');
    }
    case message.startsWith('duplicate attribute'): {
      const name = /duplicate attribute: (.*)\.$/.exec(message)?.[1] ?? '';
      const s = tagStartBefore(off);
      const re = new RegExp(`[\\s"']${escapeRegExp(name)}\\s*=`, 'g');
      re.lastIndex = s;
      const first = re.exec(text);
      const second = first ? re.exec(text) : null;
      if (first && second && second.index < position) {
        const f = point(second.index + 1, `the attribute ${name} is given twice in one element`, 'Keep one of them.', { start: first.index + 1, end: first.index + 1 + name.length, message: `${name} is first given here` });
        f.end = second.index + 1 + name.length;
        return f;
      }
      return point(off, `the attribute ${name} is given twice in one element`, 'Keep one of them.');
    }
    case message === 'an XML declaration must be at the start of the document.' || message === 'the XML declaration must appear at the start of the document.': {
      const s = text.lastIndexOf('<?', off);
      if (!text.startsWith('<?xml', s)) {
        return point(s + 2, `a processing instruction may not be named ${text.slice(s + 2, s + 5)}: names starting with xml in any case are reserved, and <?xml …?> is the XML declaration, which only the first line holds`, 'Remove it or rename it.');
      }
      return point(s, 'the XML declaration (<?xml …?>) is not at the very start of the file: nothing, not even a blank line or a blank, may come before it', 'Remove what comes before <?xml.');
    }
    case message === 'processing instruction without a target.':
      return point(off, `'<?' must be followed directly by a name, but ${showChar(c)} follows it (the XML declaration is written <?xml version="1.0" …?>)`, "Write the name directly after '<?' (<?xml …?>).");
    case message === 'the string "]]>" is disallowed in char data.':
      return point(off, `']]>' is not allowed in text (it ends a CDATA section)`, "Write ']]&gt;'.");
    case message === 'malformed comment.':
      return point(off, `'--' is not allowed inside a comment; only the final '-->' may contain it`, 'Remove the double hyphen or end the comment.');
    case message === 'unquoted attribute value.' || message === 'value must be quoted.':
      return point(off, `an attribute value must be in quotes, but ${showChar(c)} follows '='`, 'Put the value in double quotes.');
    case message === 'attribute without value.' || message === 'value required.':
      return point(off, `an attribute needs '=' and a quoted value, but ${showChar(c)} follows its name`, 'Add ="…" or remove the attribute name.');
    case message === 'no whitespace between attributes.':
      return point(off, 'attributes must be separated by a blank', 'Add a blank before the attribute.');
    case message === 'forward-slash in opening tag not followed by >.':
      return point(off, `'/' in a start tag must be followed directly by '>' ('/>' ends an empty element), but ${showChar(c)} follows`, "Write '/>' without anything between.");
    case /disallowed character in (tag|attribute|closing tag|processing instruction)/.test(message) || message.startsWith('malformed name'): {
      const previous = text[off - 1] ?? '';
      if (/tag name/.test(message) && previous === '<') {
        return point(off, `'<' starts a tag, but ${showChar(c)} cannot start an element name`, "Write &lt; for a '<' in text; element names start with a letter or _.");
      }
      if (/attribute/.test(message) && NAME_CHAR.test(previous) && c !== undefined && /[\s/>]/.test(c)) {
        // The name before the offending character, by a scan back (`search(/[^\s]+$/)` was quadratic in a long run of text before it).
        const nameStart = trailingRunStart(text, (ch) => !/\s/.test(ch), off);
        return point(off, `the attribute ${text.slice(nameStart, off)} has no value: '=' and a quoted value must follow its name, but ${showChar(c)} follows`, 'Add ="…" or remove the name.');
      }
      const what = /attribute/.test(message) ? 'an attribute name' : /closing/.test(message) ? 'an end tag' : /processing/.test(message) ? 'a processing instruction name' : 'an element name';
      return point(off, `${showChar(c)} is not allowed in ${what} here`, 'Names start with a letter or _ and hold letters, digits, - _ . and :; check for a missing quote or >.');
    }
    case message === 'inappropriately located doctype declaration.':
      return point(text.lastIndexOf('<!', off), 'a DOCTYPE declaration may only come before the root element', 'Remove it.');
    default:
      if (/XML declaration|version|standalone|expected (one of|the name)|incorrect syntax|whitespace required|name\/value pairs|character \?/i.test(message)) {
        const bad = declarationError(text) ?? { at: off, what: message.replace(/\.$/, '') };
        return point(bad.at, `the XML declaration is malformed: ${bad.what}`, 'Write it as <?xml version="1.0" encoding="ISO-8859-1"?> on the first line.');
      }
      return point(off, `not well-formed XML: ${message.replace(/\.$/, '')}`, 'Correct the XML (xmllint --noout shows the same error).');
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the XML declaration at the start of the text first departs from
 * XML 1.0 §2.8 [23]: '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'.
 * saxes finds the error; this places it on the first character that is wrong.
 */
function declarationError(text: string): { at: number; what: string } | undefined {
  if (!text.startsWith('<?xml')) return undefined;
  let i = 5;
  const pseudo = [
    { name: 'version', value: /^1\.[0-9]+$/, required: true, expect: '1.0' },
    { name: 'encoding', value: /^[A-Za-z][A-Za-z0-9._-]*$/, required: false, expect: 'an encoding name such as ISO-8859-1' },
    { name: 'standalone', value: /^(yes|no)$/, required: false, expect: 'yes or no' },
  ];
  const blanks = (): number => {
    const s = i;
    while (i < text.length && /[ \t\r\n]/.test(text[i]!)) i++;
    return i - s;
  };
  for (const p of pseudo) {
    const save = i;
    const hadBlank = blanks() > 0;
    if (text.startsWith(p.name, i) && hadBlank) {
      i += p.name.length;
      blanks();
      if (text[i] !== '=') return { at: i, what: `'=' must follow ${p.name}, but ${showChar(text[i])} does` };
      i++;
      blanks();
      const q = text[i];
      if (q !== '"' && q !== "'") return { at: i, what: `the value of ${p.name} must be in quotes, but ${showChar(q)} follows '='` };
      const close = text.indexOf(q, i + 1);
      const lt = text.indexOf('<', i + 1);
      if (close < 0 || (lt >= 0 && lt < close)) return { at: close < 0 ? text.length : lt, what: `the value of ${p.name} has no closing quote` };
      if (!p.value.test(text.slice(i + 1, close))) return { at: i + 1, what: `${p.name}="${text.slice(i + 1, Math.min(close, i + 41))}" is not allowed: ${p.name} must be ${p.expect}` };
      i = close + 1;
      continue;
    }
    if (p.required) {
      i = save;
      blanks();
      return { at: i, what: `it must start with version="1.0", but ${text.startsWith('?>', i) ? "'?>'" : showChar(text[i])} comes first` };
    }
    i = save;
  }
  blanks();
  if (text.startsWith('?>', i)) return undefined;
  return { at: i, what: `'?>' must end it, but ${showChar(text[i])} comes first` };
}
