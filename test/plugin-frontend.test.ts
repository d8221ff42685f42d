/** The XML reader and the plugin-cfg.xml / cluster.xml front ends: positions, recovery, prototype safety, encodings. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/diagnostic.js';
import { detectKind } from '../src/frontends/detect.js';
import { parsePlugin } from '../src/frontends/plugin/index.js';
import { parseClusterXml } from '../src/frontends/was/index.js';
import { readXml } from '../src/frontends/xml/index.js';
import { decode } from '../src/sources/decode.js';
import { sourceFromText } from '../src/sources/source-file.js';

const src = (text: string, path = 'plugin-cfg.xml') => sourceFromText(path, text);
const at = (f: { loc: { line: number; column: number; endLine: number; endColumn: number } }) => [f.loc.line, f.loc.column, f.loc.endLine, f.loc.endColumn];
const ids = (fs: Finding[]) => fs.map((f) => f.ruleId).sort();

describe('positions', () => {
  it('elements and attributes on tab-indented lines', () => {
    const text = '<Config>\n\t<ServerCluster\tName="A">\n\t\t<Server Name="s1" CloneId="x">\n\t\t\t<Transport Hostname="h" Port="1" Protocol="http"/>\n\t\t</Server>\n\t</ServerCluster>\n</Config>\n';
    const { ast, findings } = parsePlugin(src(text));
    const c = ast.clusters[0]!;
    expect(at(c)).toEqual([2, 2, 2, 16]);
    expect(at({ loc: c.attrs['Name']!.valueLoc })).toEqual([2, 23, 2, 24]);
    const unknown = findings.find((f) => f.ruleId === 'plugin-unknown-attribute')!;
    expect(at(unknown)).toEqual([3, 21, 3, 28]); // CloneId
    expect(unknown.message).toContain('case-sensitive');
    expect(at(c.servers[0]!.transports[0]!)).toEqual([4, 4, 4, 14]);
  });

  it('CRLF line ends: offsets map back to the original text', () => {
    const text = '<?xml version="1.0"?>\r\n<Config>\r\n   <Log Name="/x.log" LogLevel="Chatty"/>\r\n   <Route ServerCluster="A"/>\r\n</Config>\r\n';
    const { ast, findings } = parsePlugin(src(text));
    expect(at(ast.log!)).toEqual([3, 4, 3, 8]);
    expect(at(ast.routes[0]!)).toEqual([4, 4, 4, 10]);
    const bad = findings.find((f) => f.ruleId === 'plugin-invalid-value')!;
    expect(at(bad)).toEqual([3, 33, 3, 39]); // Chatty
  });

  it('a start tag over several lines (CRLF and tabs)', () => {
    const text = '<Config>\r\n<ServerCluster LoadBalance="Round Robin"\r\n\t\tName="App"\r\n\t\tRetryInterval="x1">\r\n</ServerCluster>\r\n</Config>';
    const { ast, findings } = parsePlugin(src(text));
    const c = ast.clusters[0]!;
    expect(at(c)).toEqual([2, 1, 2, 15]);
    expect(at({ loc: c.attrs['Name']!.nameLoc })).toEqual([3, 3, 3, 7]);
    expect(at({ loc: c.attrs['Name']!.valueLoc })).toEqual([3, 9, 3, 12]);
    const bad = findings.find((f) => f.ruleId === 'plugin-invalid-value')!;
    expect(at(bad)).toEqual([4, 18, 4, 20]);
  });

  it('an empty value points at its quotes; a value over two lines spans them', () => {
    const text = '<Config>\n<UriGroup Name="">\n<Uri Name="/a\n/b"/>\n</UriGroup>\n</Config>';
    const { ast, findings } = parsePlugin(src(text));
    expect(at({ loc: ast.uriGroups[0]!.attrs['Name']!.valueLoc })).toEqual([2, 16, 2, 18]);
    const ws = findings.find((f) => f.ruleId === 'plugin-whitespace-in-value')!;
    expect(at(ws)).toEqual([3, 12, 4, 3]);
  });

  it('validator errors keep their line and column (LF, CRLF, lone CR)', () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const text = ['<Config>', '  <ServerCluster Name="A">', '    <Server Name="s">', '    </Servr>', '  </ServerCluster>', '</Config>'].join(nl);
      const { findings } = readXml(src(text), { consumer: 'the plug-in' });
      expect(findings).toHaveLength(1);
      expect(findings[0]!.ruleId).toBe('syntax');
      expect(at(findings[0]!)).toEqual([4, 7, 4, 12]);
      expect(findings[0]!.related?.[0]).toMatchObject({ line: 3, column: 5 });
    }
  });
});

describe('recovery', () => {
  it('checks what parses before and after an error', () => {
    const text = '<Config>\n<ServerCluster Name="A" LoadBalance="Round-Robin">\n<Server Name="s"><Transport Hostname="h" Port="1" Protocol="http"/></Servr>\n</ServerCluster>\n<Route ServerCluster="A" UriGroup="U" VirtualHostGroup="V" Color="red"/>\n</Config>';
    const { ast, findings } = parsePlugin(src(text));
    expect(ids(findings)).toEqual(['plugin-invalid-value', 'plugin-unknown-attribute', 'syntax']);
    expect(at(findings.find((f) => f.ruleId === 'syntax')!)).toEqual([3, 70, 3, 75]);
    expect(ast.routes).toHaveLength(1);
  });

  it('an unclosed comment: reported where it starts, everything before it checked', () => {
    const text = '<Config>\n<ServerCluster Name="A" RetryInterval="soon"/>\n<!-- never closed\n<Route ServerCluster="A"/>\n</Config>\n';
    const { ast, findings } = parsePlugin(src(text));
    const syntax = findings.filter((f) => f.ruleId === 'syntax');
    expect(syntax.map(at)).toEqual([[3, 1, 3, 5]]);
    expect(findings.some((f) => f.ruleId === 'plugin-invalid-value')).toBe(true);
    expect(ast.clusters).toHaveLength(1);
    expect(ast.routes).toHaveLength(0);
  });

  it('a fragment without Config, several top-level elements', () => {
    const text = '<ServerCluster Name="A"><Server Name="s"><Transport Hostname="h" Port="80" Protocol="http"/></Server></ServerCluster>\n<Route ServerCluster="A" UriGroup="U" VirtualHostGroup="V"/>\n';
    const { ast, findings } = parsePlugin(src(text));
    expect(ids(findings)).toEqual(['plugin-misplaced-element', 'syntax']);
    expect(findings.find((f) => f.ruleId === 'syntax')!.loc.line).toBe(2);
    expect(ast.clusters).toHaveLength(1);
    expect(ast.routes).toHaveLength(1);
  });

  it('text after the root, nothing at all, binary-looking junk', () => {
    expect(ids(parsePlugin(src('<Config/>\ntrailing')).findings)).toEqual(['syntax']);
    expect(parsePlugin(src('')).findings.map((f) => f.ruleId)).toEqual(['syntax']);
    expect(() => parsePlugin(src('<<<>>>&&&;;<!-- <![CDATA[ <?x'))).not.toThrow();
  });

  it('a DOCTYPE, even with an external entity: entities are never expanded (a warning says so), the rest is checked', () => {
    const ext = '<?xml version="1.0"?>\n<!DOCTYPE Config [ <!ENTITY x SYSTEM "file:///etc/passwd"> <!ENTITY y "z"> ]>\n<Config><Log Name="&x;" LogLevel="Bad"/></Config>';
    const { ast, findings } = parsePlugin(src(ext));
    expect(findings.map((f) => [f.ruleId, ...at(f)])).toEqual([
      ['syntax', 2, 1, 2, 10],
      ['plugin-invalid-value', 3, 35, 3, 38],
    ]);
    expect(findings[0]!.severity).toBe('warning');
    expect(findings[0]!.message).toContain('&x;, &y;), among them external (SYSTEM/PUBLIC) entities');
    expect(ast.log!.values['Name']).toBe('&x;');
  });

  it('an unclosed start tag at the end of the file', () => {
    const { findings, ast } = parsePlugin(src('<Config>\n<ServerCluster Name="A">\n<Server Name="s'));
    expect(findings.some((f) => f.ruleId === 'syntax')).toBe(true);
    expect(ast.clusters.map((c) => c.values['Name'])).toEqual(['A']);
  });
});

describe('prototype safety', () => {
  it('elements and attributes called constructor, __proto__, prototype, toString, hasOwnProperty', () => {
    const names = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
    const els = names.map((n) => `<${n} ${n}="1"/>`).join('\n');
    const attrs = names.map((n) => `${n}="x"`).join(' ');
    const text = `<Config ${attrs}>\n${els}\n<ServerCluster Name="constructor" ${attrs}><Server Name="__proto__" CloneID="toString"><Transport Hostname="h" Port="1" Protocol="http"/></Server></ServerCluster>\n<Route ServerCluster="constructor" UriGroup="__proto__" VirtualHostGroup="hasOwnProperty"/>\n</Config>`;
    const { ast, findings } = parsePlugin(src(text));
    expect(findings.filter((f) => f.ruleId === 'plugin-unknown-element')).toHaveLength(names.length);
    expect(findings.filter((f) => f.ruleId === 'plugin-unknown-attribute').length).toBe(names.length * 2);
    expect(ast.clusters[0]!.values['Name']).toBe('constructor');
    expect(ast.clusters[0]!.servers[0]!.values['Name']).toBe('__proto__');
    // Records of names from the file inherit nothing (src/core/record.ts).
    for (const n of names) expect(ast.config.values[n]).toBeUndefined();
    expect(ast.clusters[0]!.servers[0]!.attrs['constructor']).toBeUndefined();
    expect(Object.keys(ast.clusters[0]!.servers[0]!.values)).not.toContain('__proto__');
    expect(({} as Record<string, unknown>)['1']).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'x')).toBe(false);
  });

  it('cluster.xml with hostile names', () => {
    const text = '<topology.cluster:ServerCluster name="__proto__" constructor="1"><members memberName="constructor" nodeName="__proto__" weight="2"/><__proto__/></topology.cluster:ServerCluster>';
    const { ast, findings } = parseClusterXml(src(text, 'cluster.xml'));
    expect(findings).toEqual([]);
    expect(ast.name?.value).toBe('__proto__');
    expect(ast.members[0]!.nodeName?.value).toBe('__proto__');
  });
});

describe('encodings', () => {
  it('ISO-8859-1 declared: decoded as such, one column per character', () => {
    const head = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<Config>\n<Log Name="/logs/Zürich/plugin.log" LogLevel="Eror"/>\n</Config>\n';
    const bytes = Buffer.from(head, 'latin1');
    const d = decode(bytes);
    expect(d.encoding).toBe('iso-8859-1');
    const { ast, findings } = parsePlugin(sourceFromText('p.xml', d.text, '', d.encoding));
    expect(ast.log!.values['Name']).toBe('/logs/Zürich/plugin.log');
    expect(findings.map((f) => [f.ruleId, ...at(f)])).toEqual([['plugin-invalid-value', 3, 47, 3, 51]]);
    expect(findings[0]!.message).toContain("Did you mean 'Error'?");
  });

  it('UTF-8 declared, ISO-8859-1 bytes: xml-encoding-mismatch on the declaration', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Config><Log Name="/café.log"/></Config>', 'latin1');
    const d = decode(bytes);
    const { findings } = parsePlugin(sourceFromText('p.xml', d.text, '', d.encoding));
    expect(findings.map((f) => [f.ruleId, ...at(f)])).toEqual([['xml-encoding-mismatch', 1, 31, 1, 36]]);
  });

  it('no declaration, valid UTF-8: nothing to report', () => {
    const bytes = Buffer.from('<Config><Log Name="/café.log"/></Config>', 'utf8');
    const d = decode(bytes);
    expect(parsePlugin(sourceFromText('p.xml', d.text, '', d.encoding)).findings).toEqual([]);
  });
});

describe('detection', () => {
  it('plugin-cfg.xml, fragments and cluster.xml', () => {
    expect(detectKind(src('<?xml version="1.0"?>\n<!-- c -->\n<Config/>', 'x.xml'))).toBe('plugin-cfg');
    expect(detectKind(src('<ServerCluster Name="A" LoadBalance="Random"/>', 'x.xml'))).toBe('plugin-cfg');
    expect(detectKind(src('<UriGroup Name="A"/>', 'x.xml'))).toBe('plugin-cfg');
    expect(detectKind(src('<topology.cluster:ServerCluster name="A"/>', 'x.xml'))).toBe('cluster-xml');
    expect(detectKind(src('<ServerCluster name="A"/>', 'x.xml'))).toBe('cluster-xml');
  });
});

describe('cluster.xml', () => {
  it('reads name, preferLocal (default true) and members with positions', () => {
    const text = '<?xml version="1.0" encoding="UTF-8"?>\n<topology.cluster:ServerCluster xmi:version="2.0" name="App">\n  <members memberName="m1" nodeName="N1" weight="3" uniqueId="1"/>\n  <members memberName="m2" nodeName="N2"/>\n</topology.cluster:ServerCluster>\n';
    const { ast, findings } = parseClusterXml(src(text, 'cluster.xml'));
    expect(findings).toEqual([]);
    expect(ast.name).toMatchObject({ value: 'App', loc: { line: 2, column: 57 } });
    expect(ast.preferLocal).toBeUndefined();
    expect(ast.members.map((m) => [m.memberName?.value, m.nodeName?.value, m.weight?.value])).toEqual([
      ['m1', 'N1', 3],
      ['m2', 'N2', undefined],
    ]);
  });

  it('inside an xmi:XMI wrapper', () => {
    const text = '<xmi:XMI xmi:version="2.0"><topology.cluster:ServerCluster name="W" preferLocal="false"/></xmi:XMI>';
    const { ast } = parseClusterXml(src(text, 'cluster.xml'));
    expect(ast.found).toBe(true);
    expect(ast.preferLocal?.value).toBe(false);
  });
});
