/**
 * The real plugin-cfg.xml of the corpus (WAS 8/9, generated on Windows, 29
 * single-server clusters, well-formed): plexlint must report exactly the
 * findings that are real, at their exact positions.
 *
 * Checked by hand against the file:
 * - 29 ServerClusters, 29 UriGroups, 29 Routes, one VirtualHostGroup with 9
 *   VirtualHosts; every Route resolves; no name is defined twice; no URI is
 *   routed twice; LoadBalance="Round Robin" everywhere; no CloneIDs (so no
 *   affinity checks apply); no PrimaryServers; RemoveSpecialHeaders="true".
 * - The one real finding: the https Transport of server GDB30EENode01_server1
 *   (line 27) has a stashfile but no keyring Property (https transports
 *   carry keyring and stashfile; every other https transport of the file has
 *   both).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { parsePlugin } from '../src/frontends/plugin/index.js';
import { decode } from '../src/sources/decode.js';
import { sourceFromText } from '../src/sources/source-file.js';

const root = join(import.meta.dirname, '..');
const corpus = 'fixtures/corpus/studyproject-plugin-cfg.xml';

describe('corpus: studyproject plugin-cfg.xml', () => {
  it('reports exactly the one real finding, at its exact position', () => {
    // The file on its own (alone): fixtures/corpus holds unrelated files, which would be its estate otherwise.
    const result = lint([corpus], { cwd: root, alone: true });
    const found = result.diagnostics.map((d) => ({ ruleId: d.ruleId, severity: d.severity, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn }));
    expect(found).toEqual([{ ruleId: 'plugin-https-no-keyring', severity: 'warning', line: 27, column: 10, endLine: 27, endColumn: 20 }]);
    const d = result.diagnostics[0]!;
    expect(d.message).toContain('GDB30EE:9443');
    expect(d.message).toContain('keyring');
    expect(d.message).not.toContain('stashfile (its');
    // The range covers `<Transport` on line 27.
    const text = readFileSync(join(root, corpus), 'latin1').split('\n')[26]!;
    expect(text.slice(d.column - 1, d.endColumn - 1)).toBe('<Transport');
  });

  it('reads the whole file: clusters, servers, transports, routes', () => {
    const bytes = readFileSync(join(root, corpus));
    const dec = decode(bytes);
    const { ast, findings } = parsePlugin(sourceFromText(corpus, dec.text, '', dec.encoding));
    expect(findings).toEqual([]);
    expect(ast.wellFormed).toBe(true);
    expect(ast.clusters).toHaveLength(29);
    expect(ast.uriGroups).toHaveLength(29);
    expect(ast.routes).toHaveLength(29);
    expect(ast.virtualHostGroups).toHaveLength(1);
    expect(ast.virtualHostGroups[0]!.members).toHaveLength(9);
    expect(ast.clusters.every((c) => c.values['LoadBalance'] === 'Round Robin')).toBe(true);
    expect(ast.clusters.every((c) => c.servers.length === 1)).toBe(true);
    // The commented-out cluster is not read; the live one of the same name is.
    expect(ast.clusters.filter((c) => c.values['Name'] === 'server1_SMBCDemoNode02_Cluster')).toHaveLength(1);
    // Config spans lines 2-7; its attributes keep their lines.
    expect(ast.config.loc).toMatchObject({ line: 2, column: 1, endLine: 2, endColumn: 8 });
    expect(ast.config.attrs['RefreshInterval']!.valueLoc).toMatchObject({ line: 3, column: 52, endLine: 3, endColumn: 57 });
    expect(ast.config.values['RefreshInterval']).toBe(86400);
    // A tab-indented VirtualHost (line 15: TAB, two blanks).
    const vh = ast.virtualHostGroups[0]!.members[1]!;
    expect(vh.loc).toMatchObject({ line: 15, column: 4 });
    expect(vh.attrs['Name']!.valueLoc).toMatchObject({ line: 15, column: 23, endColumn: 29 });
  });
});
