/**
 * The broken-XML corpus (test/xml-wellformed/*.xml): each file's first fatal
 * error, where a conforming XML processor reports it.
 *
 * `expat` and `xmllint` give what expat 2.5.0 (pyexpat) and xmllint (libxml2)
 * report for the same file: plexlint points at the first character that makes
 * the document not well-formed, as expat does; xmllint agrees except where it
 * reports just after a token. Where plexlint differs from expat, `why` says why.
 * Columns count characters (xmllint counts bytes: see non-ascii-before-error).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readXml } from '../src/frontends/xml/index.js';
import { sourceFromText } from '../src/sources/source-file.js';

interface Case {
  at: string;
  says: string;
  expat: string;
  xmllint: string;
  why?: string;
}

const DIR = 'test/xml-wellformed';

const CASES: Record<string, Case> = {
  'amp-blank-name': { at: '2:17', says: "'&' starts an entity reference", expat: '2:17', xmllint: '2:17' },
  'amp-in-attr': { at: '2:24', says: "the entity reference &b is not ended by ';'", expat: '2:24', xmllint: '2:24' },
  'amp-in-text': { at: '2:35', says: "but a blank cannot start one", expat: '2:35', xmllint: '2:35' },
  'attr-lt-same-line': { at: '2:20', says: "'<' is not allowed in an attribute value: the value of Name contains it", expat: '2:20', xmllint: '2:20' },
  'attr-no-space': { at: '2:19', says: 'attributes must be separated by a blank', expat: '2:19', xmllint: '2:19' },
  'attr-no-value': { at: '2:15', says: 'the attribute Name has no value', expat: '2:15', xmllint: '2:15' },
  'attr-unclosed-quote': { at: '2:1', says: "'<' is not allowed in an attribute value: the value of GetDWLMTable, which starts on line 1, has no closing quote", expat: '2:1', xmllint: '2:1' },
  'bad-attr-name': { at: '2:11', says: "'9' is not allowed in an attribute name", expat: '2:11', xmllint: '2:11' },
  'bad-char-ref-digits': { at: '2:33', says: "a character reference (&#…;) takes digits and ends with ';', but 'a' follows", expat: '2:33', xmllint: '2:33' },
  'bad-char-ref': { at: '2:29', says: 'the character reference &#0; names a character XML does not allow', expat: '2:29', xmllint: '2:33' },
  'bad-element-name': { at: '2:4', says: "'<' starts a tag, but '1' cannot start an element name", expat: '2:4', xmllint: '2:4' },
  'bad-end-tag-char': { at: '2:23', says: "'x' is not allowed in an end tag", expat: '2:23', xmllint: '2:23' },
  'cdata-end-in-text': { at: '2:7', says: "']]>' is not allowed in text", expat: '2:7', xmllint: '2:9' },
  'comment-double-hyphen': { at: '2:12', says: "'--' is not allowed inside a comment", expat: '2:12', xmllint: '2:10' },
  'comment-ends-dash': { at: '2:12', says: "'--' is not allowed inside a comment", expat: '2:12', xmllint: '2:10' },
  'control-char-attr': { at: '2:31', says: "the control character X'01' is not allowed", expat: '2:31', xmllint: '2:32' },
  'control-char-text': { at: '2:18', says: "the control character X'01' is not allowed", expat: '2:18', xmllint: '2:18' },
  'crlf-attr-lt': { at: '2:1', says: 'the value of Name, which starts on line 1, has no closing quote', expat: '2:1', xmllint: '2:1' },
  'crlf-mismatch': { at: '3:5', says: 'the end tag </Config> does not match the open element <ServerCluster> (line 2)', expat: '3:5', xmllint: '3:12' },
  'decl-bad-standalone': { at: '1:33', says: 'standalone="maybe" is not allowed: standalone must be yes or no', expat: '1:33', xmllint: '1:33' },
  'decl-bad-version': {
    at: '1:16',
    says: 'version="2.0" is not allowed: version must be 1.0',
    expat: 'no error',
    xmllint: '1:20',
    why: 'XML 1.0 §2.8 allows only 1.x; expat accepts any version, xmllint rejects 2.0 after the value',
  },
  'decl-blank-after-question': { at: '1:3', says: "'<?' must be followed directly by a name, but a blank follows it", expat: '1:3', xmllint: '1:3' },
  'decl-blank-first': { at: '1:2', says: 'the XML declaration (<?xml …?>) is not at the very start of the file', expat: '1:2', xmllint: '1:7' },
  'decl-no-version': { at: '1:7', says: 'it must start with version="1.0"', expat: '1:7', xmllint: '1:7' },
  'decl-not-first': { at: '2:1', says: 'the XML declaration (<?xml …?>) is not at the very start of the file', expat: '2:1', xmllint: '2:6' },
  'decl-unclosed': { at: '2:1', says: "'?>' must end it, but '<' comes first", expat: '1:1', xmllint: '2:1', why: "expat points at the unclosed declaration; the '<' is the first character that cannot belong to it" },
  'doctype-after-root': { at: '2:1', says: 'a DOCTYPE declaration may only come before the root element', expat: '2:1', xmllint: '2:1' },
  'doctype-entity-ok-then-error': {
    at: '6:17',
    says: 'the entity &other; is not defined',
    expat: '6:3',
    xmllint: '6:24',
    why: 'expat points at the start tag, xmllint after the reference; the reference itself is what to fix (&host;, which the DTD declares, is no error)',
  },
  'dup-attribute': { at: '2:42', says: 'the attribute Name is given twice in one element', expat: '2:42', xmllint: '2:50' },
  'empty-file': { at: '1:1', says: 'the file has no root element', expat: '1:1', xmllint: '1:1' },
  'end-tag-case': { at: '2:19', says: 'the end tag </log> does not match the open element <Log> (line 2)', expat: '2:19', xmllint: '2:23' },
  'end-tag-mismatch': { at: '4:5', says: 'the end tag </ServerCluster> does not match the open element <Server> (line 3)', expat: '4:5', xmllint: '4:19' },
  'end-tag-stray': { at: '3:1', says: 'the end tag </Config> comes after the root element is closed', expat: '3:2', xmllint: '3:1', why: "the whole end tag is out of place; expat points at the '/'" },
  'lt-in-text': { at: '2:6', says: "'<' starts a tag, but a blank cannot start an element name", expat: '2:6', xmllint: '2:6' },
  'non-ascii-before-error': { at: '2:24', says: "an attribute value must be in quotes, but 'y' follows '='", expat: '2:24', xmllint: '2:27 (bytes)' },
  'nul-char': { at: '2:18', says: "the control character NUL (X'00') is not allowed", expat: '2:18', xmllint: '2:18' },
  'only-comment': { at: '2:1', says: 'the file has no root element', expat: '2:1', xmllint: '2:1' },
  'pi-xml-reserved': { at: '3:3', says: 'a processing instruction may not be named XML', expat: '3:6', xmllint: '3:6', why: 'both point after the reserved name; plexlint points at the name' },
  'slash-not-gt': { at: '3:27', says: "'/' in a start tag must be followed directly by '>'", expat: '3:27', xmllint: '3:26' },
  'text-after-root': { at: '2:1', says: 'text outside the root element', expat: '2:1', xmllint: '2:1' },
  'text-before-root': { at: '1:1', says: 'text outside the root element', expat: '1:1', xmllint: '1:1' },
  'two-roots': { at: '2:1', says: 'a second top-level element <Config>', expat: '2:1', xmllint: '2:1' },
  'unclosed-attr-eof': { at: '2:3', says: 'the start tag <Log>, whose value of Name has no closing quote, is never closed', expat: '2:3', xmllint: '3:1' },
  'unclosed-cdata': { at: '2:33', says: 'a CDATA section (<![CDATA[) is never closed', expat: '4:1', xmllint: '4:1', why: 'both report the end of the file; plexlint points at the section that is not closed, as expat does for a comment or tag' },
  'unclosed-comment': { at: '2:3', says: 'a comment (<!--) is never closed', expat: '2:3', xmllint: '5:1' },
  'unclosed-nested': { at: '4:1', says: 'the file ends before <Config> and <ServerCluster> are closed, so the plug-in cannot parse the file. Add the missing end tags, innermost first: </ServerCluster>, then </Config>.', expat: '4:1', xmllint: '4:1' },
  'unclosed-root': { at: '3:1', says: 'the file ends before <Config> is closed, so the plug-in cannot parse the file. Add the missing end tag </Config>.', expat: '3:1', xmllint: '3:1' },
  'unclosed-start-tag': { at: '2:3', says: 'the tag <Log> is never closed', expat: '2:3', xmllint: '3:1' },
  'undefined-entity': {
    at: '2:29',
    says: 'the entity &nbsp; is not defined',
    expat: '2:3',
    xmllint: '2:35',
    why: 'expat points at the start tag, xmllint after the reference; the reference itself is what to fix',
  },
  'unquoted-value': { at: '2:16', says: "an attribute value must be in quotes, but 'a' follows '='", expat: '2:16', xmllint: '2:16' },
};

describe('broken XML: the first fatal error where a conforming processor reports it', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.xml')).sort();

  it('every file of the corpus has its expected position, and every expectation its file', () => {
    expect(files.map((f) => f.replace(/\.xml$/, '')).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const file of files) {
    const name = file.replace(/\.xml$/, '');
    it(name, () => {
      const c = CASES[name]!;
      const text = readFileSync(`${DIR}/${file}`, 'utf8');
      const { findings } = readXml(sourceFromText(file, text), { consumer: 'the plug-in' });
      const syntax = findings.filter((f) => f.ruleId === 'syntax' && f.severity === undefined);
      expect(syntax, 'exactly one syntax error: the first').toHaveLength(1);
      const f = syntax[0]!;
      expect(`${f.loc.line}:${f.loc.column}`).toBe(c.at);
      expect(f.message).toContain(c.says);
      expect(f.message).toContain('so the plug-in cannot parse the file.');
      // Where plexlint leaves expat's position, the case says why.
      if (c.at !== c.expat) expect(c.why, `${name} differs from expat (${c.expat})`).toBeTruthy();
    });
  }
});
