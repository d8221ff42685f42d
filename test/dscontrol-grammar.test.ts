/** The dscontrol grammar and front end: abbreviations, both separators, wildcards, comments, errors with positions. */
import { describe, expect, it } from 'vitest';
import { resolveKeyword, COMMANDS } from '../grammar/dscontrol/keywords.js';
import { DscontrolParser } from '../grammar/dscontrol/parser.js';
import { separatorOf, splitSpec } from '../grammar/dscontrol/spec.js';
import { parseDscontrol } from '../src/frontends/dscontrol/index.js';
import type { DsStatement } from '../src/frontends/dscontrol/ast.js';
import { sourceFromText } from '../src/sources/source-file.js';

function parse(text: string, path = 'edge.cfg') {
  return parseDscontrol(sourceFromText(path, text));
}

function only<K extends DsStatement['kind']>(text: string, kind: K): Extract<DsStatement, { kind: K }> {
  const r = parse(text);
  expect(r.findings).toEqual([]);
  expect(r.ast.statements).toHaveLength(1);
  const s = r.ast.statements[0]!;
  expect(s.kind).toBe(kind);
  return s as Extract<DsStatement, { kind: K }>;
}

describe('grammar', () => {
  it('passes Chevrotain grammar validation', () => {
    expect(() => new DscontrolParser(true)).not.toThrow();
  });

  it('resolves unique prefixes, exact matches first', () => {
    expect(resolveKeyword('he', COMMANDS)).toEqual({ match: 'help' });
    expect(resolveKeyword('hi', COMMANDS)).toEqual({ match: 'highavailability' });
    expect(resolveKeyword('se', COMMANDS).ambiguous).toEqual(['server', 'set']);
    expect(resolveKeyword('SET', COMMANDS)).toEqual({ match: 'set' });
    // exact match wins over a longer keyword it prefixes
    expect(resolveKeyword('clientgateway', ['clientgateway', 'clientgateway6'])).toEqual({ match: 'clientgateway' });
    expect(resolveKeyword('x', COMMANDS)).toEqual({});
  });

  it('splits both separator styles, + lists and @ wildcards', () => {
    expect(separatorOf('10.1.1.1@80@s1')).toBe('@');
    expect(separatorOf('10.1.1.1:80:s1')).toBe(':');
    expect(separatorOf('2001:db8::1')).toBeUndefined();
    expect(separatorOf('www.example.com')).toBeUndefined();
    const s = splitSpec('c1+c2@80+443@');
    expect(s.separator).toBe('@');
    expect(s.fields.map((f) => f.map((i) => [i.text, i.start, i.end, i.wildcard]))).toEqual([
      [['c1', 0, 2, false], ['c2', 3, 5, false]],
      [['80', 6, 8, false], ['443', 9, 12, false]],
      [['', 13, 13, true]],
    ]);
    expect(splitSpec('@80@ServerA').fields[0]).toEqual([{ text: '', start: 0, end: 0, wildcard: true }]);
    expect(splitSpec('a@b@c@d').extra).toEqual({ start: 5, end: 7 });
  });
});

describe('front end', () => {
  it('reads lines with and without the dscontrol prefix, and ndcontrol', () => {
    const r = parse('dscontrol executor start\nexecutor set nfa 10.20.1.51\nndcontrol set loglevel 1\n/opt/ibm/edge/lb/servers/bin/dscontrol manager start\n');
    expect(r.findings).toEqual([]);
    expect(r.ast.statements.map((s) => s.kind)).toEqual(['executor', 'executor', 'set', 'manager']);
    expect(r.ast.statements[0]!.prefix?.text).toBe('dscontrol');
    expect(r.ast.statements[1]!.prefix).toBeUndefined();
    expect(r.ast.statements[2]!.prefix?.text).toBe('ndcontrol');
  });

  it('expands abbreviated commands, subcommands, options and choices', () => {
    const s = only('dscontrol po a 10.60.1.1@80 sel conn+ stickyt 60\n', 'port');
    expect(s.action).toBe('add');
    expect(s.options.map((o) => [o.name, o.values.map((v) => v.text)])).toEqual([
      ['selectionalgorithm', ['conn+affin']],
      ['stickytime', ['60']],
    ]);
    expect(only('dscontrol he f\n', 'other').name).toBe('help');
    const ha = only('dscontrol hi b a pri man 12345\n', 'highavailability');
    expect([ha.action, ha.role?.value, ha.strategy?.value, ha.port?.value]).toEqual(['backup-add', 'primary', 'manual', 12345]);
  });

  it('reads the IPv4 (:) and IPv4-and-IPv6 (@) forms with + lists and wildcards', () => {
    const v4 = only('server add 10.60.1.1:80+443:10.20.1.11\n', 'server');
    expect(v4.spec?.separator).toBe(':');
    expect(v4.spec?.ports.map((p) => p.text)).toEqual(['80', '443']);
    const v6 = only('server add @80@ServerA\n', 'server');
    expect(v6.spec?.separator).toBe('@');
    expect(v6.spec?.clusters).toEqual([{ text: '', wildcard: true, loc: { file: 'edge.cfg', line: 1, column: 12, endLine: 1, endColumn: 12 } }]);
    const ip6 = only('server add 2001:db8:60::1@80@2001:DB8:20::11\n', 'server');
    expect(ip6.spec?.clusters[0]?.text).toBe('2001:db8:60::1');
    expect(ip6.spec?.servers[0]?.text).toBe('2001:db8:20::11');
    expect(ip6.spec?.servers[0]?.loc).toEqual({ file: 'edge.cfg', line: 1, column: 30, endLine: 1, endColumn: 45 });
  });

  it('skips # comments (whole lines and trailing) but keeps # inside words', () => {
    const r = parse('# comment line\n  # indented comment\ndscontrol executor start # trailing\n\nserver add c@80@s advisorrequest GET/#x\n');
    expect(r.findings.filter((f) => f.ruleId !== 'dscontrol-invalid-value')).toEqual([]);
    expect(r.ast.statements.map((s) => s.loc.line)).toEqual([3, 5]);
    const srv = r.ast.statements[1] as Extract<DsStatement, { kind: 'server' }>;
    expect(srv.options[0]?.values[0]?.text).toBe('GET/#x');
  });

  it('reads quoted strings', () => {
    const s = only('server add c@80@s advisorrequest "HEAD / HTTP/1.0" advisorresponse "200 OK"\n', 'server');
    expect(s.options.map((o) => o.values[0]?.text)).toEqual(['HEAD / HTTP/1.0', '200 OK']);
  });

  it('decides the product line from the separators, then the keywords', () => {
    expect(parse('port add c@80\n').ast.productLine).toBe('ipv4v6');
    expect(parse('port add c:80\nport add c:443\nport add c@8080\n').ast.productLine).toBe('ipv4');
    expect(parse('cluster add c primaryhost 10.1.1.1\n').ast.productLine).toBe('ipv4');
    expect(parse('executor start\n').ast.productLine).toBe('unknown');
  });

  it('reports unknown and ambiguous words with exact 1-based, end-exclusive ranges', () => {
    const r = parse('dscontrol exector start\ndscontrol se loglevel 1\nport add c@80 stickytme 60\nport add c@80 s 60\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column, f.loc.endColumn])).toEqual([
      ['dscontrol-unknown-command', 1, 11, 18],
      ['dscontrol-unknown-command', 2, 11, 13],
      ['dscontrol-unknown-option', 3, 15, 24],
      ['dscontrol-unknown-option', 4, 15, 16],
    ]);
    expect(r.findings[0]!.message).toContain('Did you mean executor?');
    expect(r.findings[1]!.message).toContain('server, set');
    expect(r.findings[2]!.message).toContain('Did you mean stickytime?');
    expect(r.findings[3]!.message).toContain('ambiguous');
  });

  it('rejects the whole command on an error, and keeps it with the reason', () => {
    const r = parse('port add c@80 method nat stickytme 60\n');
    const s = r.ast.statements[0]!;
    expect(s.rejected?.reason).toContain('stickytme');
    expect(s.rejected?.cause).toMatchObject({ line: 1, column: 26 });
  });

  it('reports missing operands and extra words as syntax errors at the right place', () => {
    const r = parse('executor set nfa\nexecutor start now\nhighavailability backup add primary\ncluster\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column, f.loc.endColumn])).toEqual([
      ['syntax', 1, 14, 17],
      ['syntax', 2, 16, 19],
      ['syntax', 3, 29, 36],
      ['syntax', 4, 1, 8],
    ]);
  });

  it('checks values: addresses, ports, ranges, choices, empty fields', () => {
    const r = parse('executor set nfa 10.20.1.300\nport add c@0\nserver add c@80@s weight 101\nport set c@80 repstrategy all\nserver add c@80@\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column, f.loc.endColumn])).toEqual([
      ['dscontrol-invalid-value', 1, 18, 29],
      ['dscontrol-invalid-value', 2, 12, 13],
      ['dscontrol-invalid-value', 3, 26, 29],
      ['dscontrol-invalid-value', 4, 27, 30],
      ['dscontrol-invalid-value', 5, 16, 17],
    ]);
  });

  it('treats a #! file as a shell script: shell lines skipped, variables substituted', () => {
    const text = '#!/bin/sh\n# configuration.sh\necho "loading"\nCLUSTER=10.60.1.1\nDS=/opt/ibm/edge/lb/servers/bin/dscontrol\n$DS cluster add $CLUSTER\ndscontrol port add ${CLUSTER}@80\ndscontrol server add $CLUSTER@80@$UNSET\n';
    const r = parse(text);
    expect(r.ast.script).toBe(true);
    expect(r.findings).toEqual([]);
    expect(r.ast.statements.map((s) => s.kind)).toEqual(['cluster', 'port', 'server']);
    const c = r.ast.statements[0] as Extract<DsStatement, { kind: 'cluster' }>;
    expect(c.spec?.clusters[0]?.text).toBe('10.60.1.1');
    // a substituted word keeps the range of what is written
    expect(c.spec?.clusters[0]?.loc).toMatchObject({ line: 6, column: 17, endColumn: 25 });
    const s = r.ast.statements[2] as Extract<DsStatement, { kind: 'server' }>;
    expect(s.spec?.word.symbolic).toBe(true);
  });

  it('hints at shell lines in a saved configuration', () => {
    const r = parse('CLUSTER=10.60.1.1\n');
    expect(r.findings[0]?.ruleId).toBe('dscontrol-unknown-command');
    expect(r.findings[0]?.message).toContain('shell');
  });

  it('reports control characters and unterminated quotes', () => {
    const r = parse('executor start\u0001\nserver add c@80@s advisorrequest "GET /\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line])).toEqual([
      ['syntax', 1],
      ['syntax', 2],
    ]);
  });
});
