/**
 * Property tests: random and mutated XML never makes the plugin-cfg.xml or
 * cluster.xml front ends, the web model builder or the web rules throw, and
 * every finding's range (and every related location in the same file) lies
 * inside the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/diagnostic.js';
import type { Loc } from '../src/core/loc.js';
import { parsePlugin } from '../src/frontends/plugin/index.js';
import { parseClusterXml } from '../src/frontends/was/index.js';
import { runRules } from '../src/engine/lint.js';
import type { CompileResult } from '../src/engine/compile.js';
import { buildWeb } from '../src/model/builders/web.js';
import type { Estate } from '../src/model/estate.js';
import { sourceFromText, type SourceFile } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';

const root = join(import.meta.dirname, '..');
const seeds = [
  'fixtures/example/web/plugin-cfg.xml',
  'fixtures/estates/odr-two-cells/web/ihs1/plugin-cfg.xml',
  'fixtures/estates/plugin-classic/plugin-cfg-clean.xml',
  'fixtures/corpus/studyproject-plugin-cfg.xml',
  'fixtures/estates/odr-two-cells/was/cellA/clusters/AppCluster/cluster.xml',
].map((p) => readFileSync(join(root, p), 'latin1'));

function inside(loc: Pick<Loc, 'line' | 'column' | 'endLine' | 'endColumn'>, file: SourceFile): string | undefined {
  const lines = file.lines;
  const { line, column, endLine, endColumn } = loc;
  if (![line, column, endLine, endColumn].every((n) => Number.isInteger(n) && n >= 1)) return `not positive integers: ${JSON.stringify(loc)}`;
  if (line > lines.lineCount || endLine > lines.lineCount) return `line beyond the file (${lines.lineCount} lines): ${JSON.stringify(loc)}`;
  if (column > lines.lineText(line - 1).length + 1) return `column beyond line ${line}: ${JSON.stringify(loc)}`;
  if (endColumn > lines.lineText(endLine - 1).length + 1) return `end column beyond line ${endLine}: ${JSON.stringify(loc)}`;
  if (endLine < line || (endLine === line && endColumn < column)) return `end before start: ${JSON.stringify(loc)}`;
  const end = lines.offset(endLine, endColumn);
  if (end > file.text.length) return `end offset ${end} beyond ${file.text.length}`;
  return undefined;
}

function checkFindings(findings: Finding[], file: SourceFile): void {
  for (const f of findings) {
    if (f.loc.file !== file.path) continue;
    const problem = inside(f.loc, file);
    if (problem) throw new Error(`${f.ruleId}: ${problem}\n${JSON.stringify(file.text)}`);
    for (const r of f.related ?? []) {
      if (r.file !== file.path) continue;
      const p = inside({ line: r.line, column: r.column, endLine: r.endLine ?? r.line, endColumn: r.endColumn ?? r.column }, file);
      if (p) throw new Error(`${f.ruleId} related: ${p}`);
    }
  }
}

/** Front end + model + every rule over one text, as a plug-in file and as a cluster.xml. */
function exercise(text: string): void {
  const plugin = sourceFromText('p.xml', text);
  const parsed = parsePlugin(plugin);
  checkFindings(parsed.findings, plugin);
  const cluster = sourceFromText('cells/C/clusters/X/cluster.xml', text);
  const cx = parseClusterXml(cluster);
  checkFindings(cx.findings, cluster);
  const web = buildWeb({ plugins: [parsed.ast], clusterXmls: [{ ast: cx.ast }], cells: [] });
  const estate: Estate = { version: 1, files: [], systems: [], sysplex: { members: [], dvipas: [], distributions: [] }, web: web.web, loadBalancers: [] };
  const findings = runRules({ estate } as CompileResult);
  checkFindings(findings, plugin);
  checkFindings(findings, cluster);
}

const TOKENS = [
  '<', '>', '/', '/>', '</', '=', '"', "'", ' ', '\t', '\n', '\r\n', '\r', '<!--', '-->', '<?xml version="1.0"?>', '<![CDATA[', ']]>', '&amp;', '&', ';', '<!DOCTYPE x>',
  'Config', 'ServerCluster', 'Server', 'Transport', 'Route', 'UriGroup', 'Uri', 'VirtualHostGroup', 'VirtualHost', 'PrimaryServers', 'BackupServers', 'Log', 'Property',
  'constructor', '__proto__', 'toString', 'topology.cluster:ServerCluster', 'members',
  'Name="A"', 'Name="s1"', 'CloneID="c1"', 'LoadBalanceWeight="0"', 'LoadBalanceWeight="99"', 'Hostname="h"', 'Port="80"', 'Protocol="https"', 'ServerCluster="A"',
  'UriGroup="U"', 'VirtualHostGroup="V"', 'weight="25"', 'nodeName="N"', 'memberName="m"', 'preferLocal="x"', 'é', '\u00a0', 'x',
];

describe('random XML never throws; findings stay inside the file', () => {
  it('token soup', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 120 }), (parts) => {
        exercise(parts.join(''));
      }),
      fuzz(400),
    );
  });

  it('arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        exercise(s);
      }),
      fuzz(300),
    );
  });

  it('mutated real files (deletions, insertions, duplications)', () => {
    const mutation = fc.record({
      seed: fc.integer({ min: 0, max: seeds.length - 1 }),
      edits: fc.array(
        fc.record({
          kind: fc.constantFrom('delete', 'insert', 'duplicate', 'truncate'),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          len: fc.integer({ min: 1, max: 80 }),
          token: fc.constantFrom(...TOKENS),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(mutation, ({ seed, edits }) => {
        let text = seeds[seed]!;
        for (const e of edits) {
          const i = Math.floor(e.at * text.length);
          if (e.kind === 'delete') text = text.slice(0, i) + text.slice(i + e.len);
          else if (e.kind === 'insert') text = text.slice(0, i) + e.token + text.slice(i);
          else if (e.kind === 'duplicate') text = text.slice(0, i) + text.slice(i, i + e.len) + text.slice(i);
          else text = text.slice(0, i);
        }
        exercise(text);
      }),
      fuzz(250),
    );
  });

  it('deep nesting and huge attribute lists', () => {
    expect(() => exercise('<Config>' + '<ServerCluster>'.repeat(500))).not.toThrow();
    expect(() => exercise('<Config ' + Array.from({ length: 3000 }, (_, i) => `a${i}="${i}"`).join(' ') + '/>')).not.toThrow();
    expect(() => exercise('<!--'.repeat(200))).not.toThrow();
  });
});
