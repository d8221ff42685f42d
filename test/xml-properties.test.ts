/**
 * Property tests of the XML front ends beyond test/plugin-properties.test.ts
 * (token soup, strings, mutated files): arbitrary bytes through the decoder
 * (UTF-16, EBCDIC, binary), plug-in files generated from the element and
 * attribute schema, and determinism — the same bytes give the same findings
 * and the same tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlugin } from '../src/frontends/plugin/index.js';
import { SPECS, type AttrSpec } from '../src/frontends/plugin/schema.js';
import { parseClusterXml } from '../src/frontends/was/index.js';
import { decode } from '../src/sources/decode.js';
import { ebcdicEncode } from '../src/sources/ebcdic.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';
import { badRanges } from './support/ranges.js';

function check(text: string, encoding = 'utf-8'): void {
  const plugin = sourceFromText('plugin-cfg.xml', text, '', encoding);
  const p = parsePlugin(plugin);
  expect(badRanges(plugin, p.findings)).toEqual([]);
  expect(JSON.stringify(parsePlugin(sourceFromText('plugin-cfg.xml', text, '', encoding)))).toBe(JSON.stringify(p));
  const cluster = sourceFromText('cluster.xml', text, '', encoding);
  const c = parseClusterXml(cluster);
  expect(badRanges(cluster, c.findings)).toEqual([]);
  expect(JSON.stringify(parseClusterXml(sourceFromText('cluster.xml', text, '', encoding)))).toBe(JSON.stringify(c));
}

/** A value for an attribute: often valid for its type, sometimes not. */
function value(spec: AttrSpec | undefined, pick: number): string {
  const t = spec?.type;
  const bad = ['', ' ', 'x y', '-1', '99999999999999999', '&amp;', '&lt;', '&undefined;', '"', 'é', '\t'];
  if (pick % 4 === 0 || !t) return bad[pick % bad.length]!;
  switch (t.kind) {
    case 'boolean':
      return ['true', 'false', 'TRUE', 'yes'][pick % 4]!;
    case 'int':
      return String([t.min ?? 0, t.max ?? 100, (t.min ?? 0) - 1, 7][pick % 4]);
    case 'enum':
      return t.values[pick % t.values.length]!;
    default:
      return ['A', 'cluster1', 'node1_server1', '/opt/IBM/logs/plugin.log', 'h.example.com', '*:80', '/app/*'][pick % 7]!;
  }
}

interface Gen {
  spec: string;
  name: string;
  attrs: [string, number][];
  children: Gen[];
}

const NAME_OF: Record<string, string> = { ServerList: 'PrimaryServers', ServerRef: 'Server', TransportProperty: 'Property' };

/**
 * An element of the schema (`specKey`, written as `name`): attributes from its
 * spec (now and then an unknown one), children mostly from its spec's children
 * and now and then any element at all, at most `depth` levels below.
 */
function element(specKey: string, name: string, depth: number): fc.Arbitrary<Gen> {
  const s = SPECS[specKey]!;
  const attrNames = Object.keys(s.attrs);
  const attrs = fc.array(fc.nat(), { maxLength: 6 }).map((picks) => picks.map((p): [string, number] => [p % 9 === 0 ? 'Bogus' : attrNames.length ? attrNames[p % attrNames.length]! : 'Name', p]));
  const own = Object.entries(s.children).map(([n, c]) => [n, c.spec] as const);
  const anyKey = Object.keys(SPECS);
  const child: fc.Arbitrary<Gen> = fc.oneof(
    { weight: own.length ? 5 : 0, arbitrary: own.length ? fc.constantFrom(...own).chain(([n, k]) => element(k, n, depth - 1)) : fc.constant(leaf) },
    { weight: 1, arbitrary: fc.constantFrom(...anyKey).chain((k) => element(k, NAME_OF[k] ?? k, depth - 1)) },
  );
  const children = depth <= 0 ? fc.constant<Gen[]>([]) : fc.array(child, { maxLength: 3 });
  return fc.tuple(attrs, children).map(([a, c]) => ({ spec: specKey, name, attrs: a, children: c }));
}
const leaf: Gen = { spec: 'Log', name: 'Log', attrs: [], children: [] };

function renderXml(el: Gen, indent = ''): string {
  const s = SPECS[el.spec];
  const attrs = el.attrs.map(([n, p]) => ` ${n}="${value(s?.attrs[n], p)}"`).join('');
  if (el.children.length === 0) return `${indent}<${el.name}${attrs}/>`;
  return `${indent}<${el.name}${attrs}>\n${el.children.map((c) => renderXml(c, indent + '  ')).join('\n')}\n${indent}</${el.name}>`;
}

const generatedPlugin = fc
  .tuple(element('Config', 'Config', 4), fc.constantFrom('', '<?xml version="1.0" encoding="ISO-8859-1"?>\n', '<?xml version="1.0"?>\n<!-- generated -->\n'))
  .map(([root, head]) => head + renderXml(root) + '\n');

describe('XML front ends: total, bounded, deterministic', () => {
  it('on arbitrary bytes, decoded as plexlint decodes files', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => {
        const d = decode(bytes);
        if (!d.binary) check(d.text, d.encoding);
      }),
      fuzz(200),
    );
  });

  it('on bytes that start like XML in UTF-16 (with and without a BOM) or EBCDIC', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.constantFrom('utf16le', 'utf16be', 'bom-le', 'bom-be', 'ebcdic'), (s, how) => {
        const xml = `<?xml version="1.0"?><Config>${s}</Config>`;
        const le = Buffer.from(`${how.startsWith('bom') ? '\ufeff' : ''}${xml}`, 'utf16le');
        const bytes = how === 'ebcdic' ? ebcdicEncode(xml, 'ibm-1047') : how.endsWith('be') ? Buffer.from(le).swap16() : le;
        const d = decode(bytes);
        if (!d.binary) check(d.text, d.encoding);
      }),
      fuzz(150),
    );
  });

  it('on plug-in files generated from the element and attribute schema', () => {
    fc.assert(fc.property(generatedPlugin, (text) => check(text)), fuzz(200));
  });
});
