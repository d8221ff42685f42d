/**
 * The VS Code extension (editors/vscode): it packages with @vscode/vsce, its manifest agrees with its files and
 * with the client library's VS Code version, its grammars are the ones made from plexlint's keyword tables
 * (regenerate with UPDATE_GRAMMARS=1 npx vitest run test/vscode.test.ts) and colour real profiles as VS Code's
 * own TextMate engine reads them, and the client finds the installed server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';
import { findServer } from '../editors/vscode/src/server-path.js';
import { allStatements } from '../src/lsp/vocabulary.js';
import { dscontrolGrammar, profileGrammar } from './support/textmate.js';

const root = join(import.meta.dirname, '..');
const ext = join(root, 'editors', 'vscode');
const require = createRequire(import.meta.url);

interface ExtensionManifest {
  name: string;
  version: string;
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  contributes: {
    languages: { id: string; configuration: string; extensions?: string[]; filenamePatterns?: string[] }[];
    grammars: { language: string; scopeName: string; path: string }[];
    yamlValidation: { fileMatch: string[]; url: string }[];
    configuration: { properties: Record<string, { default?: unknown; description?: string; markdownDescription?: string }> };
    commands: { command: string }[];
  };
}

const manifest = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8')) as ExtensionManifest;

describe('the grammars', () => {
  for (const [file, make] of [
    ['tcpip-profile.tmLanguage.json', profileGrammar],
    ['dscontrol.tmLanguage.json', dscontrolGrammar],
  ] as const) {
    it(`editors/vscode/syntaxes/${file} is made from the keyword tables`, () => {
      const wanted = JSON.stringify(make(), null, 2) + '\n';
      const path = join(ext, 'syntaxes', file);
      if (process.env['UPDATE_GRAMMARS'] === '1') writeFileSync(path, wanted);
      expect(readFileSync(path, 'utf8'), 'regenerate with UPDATE_GRAMMARS=1 npx vitest run test/vscode.test.ts').toBe(wanted);
    });
  }

  let registry: textmate.Registry;
  beforeAll(async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    registry = new textmate.Registry({
      onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
      loadGrammar: async (scope: string) => {
        const g = manifest.contributes.grammars.find((x) => x.scopeName === scope);
        return g ? textmate.parseRawGrammar(readFileSync(join(ext, g.path), 'utf8'), join(ext, g.path)) : null;
      },
    });
  });

  /** Each token of each line: its text and its innermost scope. */
  async function tokens(scope: string, text: string): Promise<[string, string][][]> {
    const grammar = (await registry.loadGrammar(scope))!;
    let state = textmate.INITIAL;
    return text.split('\n').map((line) => {
      const r = grammar.tokenizeLine(line, state);
      state = r.ruleStack;
      return r.tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes.at(-1)!] as [string, string]).filter(([s]) => s.trim() !== '');
    });
  }
  const scopeOf = (lines: [string, string][][], word: string): string | undefined => lines.flat().find(([t]) => t === word)?.[1];

  it('colours a profile: statements, block keywords, operands, addresses, symbols, comments, sequence numbers', async () => {
    const lines = await tokens(
      'source.tcpip-profile',
      [
        'VIPADynamic                                 ; the sysplex distributor block',
        '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
        '   vipadist define distm baseWLM optlocal 1 10.40.1.2 PORT 3000',
        '       DESTIP 10.30.1.1 WEIGHT 10',
        'ENDVIPADYNAMIC',
        `${'HOME &HOSTIP. OSA1'.padEnd(72)}00010000`,
        'INTERFACE V6 DEFINE IPAQENET6 PORTNAME P IPADDR 2001:db8::1/64',
      ].join('\n'),
    );
    expect(scopeOf(lines, 'VIPADynamic')).toBe('keyword.control.block.tcpip-profile');
    expect(scopeOf(lines, '; the sysplex distributor block')).toBe('comment.line.semicolon.tcpip-profile');
    expect(scopeOf(lines, 'VIPADEFINE')).toBe('keyword.control.statement.tcpip-profile');
    expect(scopeOf(lines, 'vipadist')).toBe('keyword.control.statement.tcpip-profile');
    for (const w of ['MOVEABLE', 'IMMEDIATE', 'define', 'distm', 'baseWLM', 'optlocal', 'DESTIP', 'WEIGHT', 'IPADDR', 'IPAQENET6']) expect(scopeOf(lines, w), w).toBe('keyword.other.operand.tcpip-profile');
    for (const a of ['255.255.255.0', '10.40.1.2', '10.30.1.1', '2001:db8::1/64']) expect(scopeOf(lines, a), a).toBe('constant.numeric.ip-address.tcpip-profile');
    expect(scopeOf(lines, '&HOSTIP.')).toBe('variable.other.system-symbol.tcpip-profile');
    expect(scopeOf(lines, '00010000')).toBe('comment.line.sequence-number.tcpip-profile');
    expect(scopeOf(lines, 'ENDVIPADYNAMIC')).toBe('keyword.control.block.tcpip-profile');
    expect(scopeOf(lines, '3000')).toBe('constant.numeric.tcpip-profile');
  });

  it('every statement, in full and in its shortest form, is a keyword where a statement starts', async () => {
    const words = allStatements().flatMap((s) => [s.name, s.min, s.min.toLowerCase()]);
    const lines = await tokens('source.tcpip-profile', words.map((w) => `${w} X`).join('\n'));
    const missed = lines.map((l, i) => [words[i]!, l[0]?.[1] ?? ''] as const).filter(([, s]) => !/^keyword\.control\.(statement|block)\./.test(s));
    expect(missed).toEqual([]);
    // One letter short of the shortest form is not a statement.
    const short = allStatements().filter((s) => s.min.length > 3 && !allStatements().some((o) => o !== s && o.name.startsWith(s.min.slice(0, -1)) && o.min.length <= s.min.length - 1));
    expect(short.length).toBeGreaterThan(10);
    const shortLines = await tokens('source.tcpip-profile', short.map((s) => `${s.min.slice(0, -1)} X`).join('\n'));
    expect(shortLines.filter((l) => /^keyword\.control/.test(l[0]?.[1] ?? '')).length).toBe(0);
  });

  it('colours a dscontrol configuration: the command, its subcommand and options, addresses, comments', async () => {
    const lines = await tokens('source.dscontrol', ['# edge1', 'dscontrol executor set nfa 10.20.1.51', 'dscontrol server add 10.60.1.1@80@10.20.1.11 weight 5 # app'].join('\n'));
    expect(scopeOf(lines, '# edge1')).toBe('comment.line.number-sign.dscontrol');
    expect(scopeOf(lines, 'dscontrol')).toBe('entity.name.function.dscontrol');
    expect(scopeOf(lines, 'executor')).toBe('keyword.control.command.dscontrol');
    expect(scopeOf(lines, 'set')).toBe('keyword.control.subcommand.dscontrol');
    expect(scopeOf(lines, 'nfa')).toBe('keyword.other.option.dscontrol');
    expect(scopeOf(lines, '10.20.1.51')).toBe('constant.numeric.ip-address.dscontrol');
    expect(scopeOf(lines, '10.60.1.1')).toBe('constant.numeric.ip-address.dscontrol');
    expect(scopeOf(lines, 'weight')).toBe('keyword.other.option.dscontrol');
    expect(scopeOf(lines, '# app')).toBe('comment.line.number-sign.dscontrol');
  });
});

describe('the extension manifest', () => {
  it('names files that exist, and the languages, grammars and settings the client uses', () => {
    for (const l of manifest.contributes.languages) expect(existsSync(join(ext, l.configuration)), l.configuration).toBe(true);
    for (const g of manifest.contributes.grammars) expect(existsSync(join(ext, g.path)), g.path).toBe(true);
    expect(manifest.contributes.languages.map((l) => l.id)).toEqual(['tcpip-profile', 'dscontrol']);
    expect(manifest.contributes.grammars.map((g) => [g.language, g.scopeName])).toEqual([
      ['tcpip-profile', 'source.tcpip-profile'],
      ['dscontrol', 'source.dscontrol'],
    ]);
    expect(manifest.contributes.yamlValidation).toEqual([{ fileMatch: ['plexlint.yaml', 'plexlint.yml'], url: './plexlint.schema.json' }]);
    const settings = Object.keys(manifest.contributes.configuration.properties);
    const client = readFileSync(join(ext, 'src', 'extension.ts'), 'utf8');
    for (const s of ['path', 'runtime', 'files.profiles', 'files.dscontrol']) {
      expect(settings).toContain(`plexlint.${s}`);
      expect(client).toContain(`'${s}'`);
    }
    for (const c of manifest.contributes.commands) expect(client).toContain(`'${c.command}'`);
    expect(manifest.main).toBe('./dist/extension.cjs');
    expect(manifest.version).toBe((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);
  });

  it('asks for the VS Code version the client library and its types need', () => {
    const client = JSON.parse(readFileSync(join(root, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8')) as { engines: { vscode: string } };
    const types = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'vscode', 'package.json'), 'utf8')) as { version: string };
    expect(manifest.engines.vscode).toBe(client.engines.vscode);
    expect(manifest.engines.vscode).toBe(`^${types.version}`);
  });
});

/** The names in a .vsix (a zip file), read from its central directory. */
function zipEntries(bytes: Buffer): string[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    names.push(bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names.sort();
}

describe('packaging', () => {
  it('npm run vscode:package makes a .vsix with @vscode/vsce: the bundled client, grammars, configurations, schema', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'plexlint-vsix-')), 'plexlint.vsix');
    const run = spawnSync(process.execPath, [join(ext, 'package.mjs'), '--out', out], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const entries = zipEntries(readFileSync(out));
    expect(entries).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/dist/extension.cjs',
      'extension/language-configuration/dscontrol.json',
      'extension/language-configuration/tcpip-profile.json',
      'extension/package.json',
      'extension/plexlint.schema.json',
      'extension/readme.md',
      'extension/syntaxes/dscontrol.tmLanguage.json',
      'extension/syntaxes/tcpip-profile.tmLanguage.json',
    ]);
    // The bundle loads as VS Code loads it (with VS Code's API module stubbed) and exports the entry points.
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-vsix-x-'));
    const unzip = spawnSync('python3', ['-c', `import zipfile,sys; zipfile.ZipFile(sys.argv[1]).extract('extension/dist/extension.cjs', sys.argv[2])`, out, dir], { encoding: 'utf8' });
    expect(unzip.status, unzip.stderr).toBe(0);
    const probe = spawnSync(
      process.execPath,
      [
        '-e',
        `const M=require('module');const load=M._load;M._load=function(r,...a){if(r==='vscode'){const c=class{};return new Proxy({},{get:()=>c});}return load.call(this,r,...a)};const m=require(process.argv[1]);console.log(typeof m.activate,typeof m.deactivate)`,
        join(dir, 'extension', 'dist', 'extension.cjs'),
      ],
      { encoding: 'utf8' },
    );
    expect(probe.stdout.trim(), probe.stderr).toBe('function function');
  });
});

describe('the client finds the installed server', () => {
  const fs = (files: string[], links: Record<string, string> = {}): { exists(p: string): boolean; realpath(p: string): string } => ({
    exists: (p) => files.includes(p) || p in links,
    realpath: (p) => links[p] ?? p,
  });

  it('the setting first, then the workspace\'s node_modules (in the folder or above), then plexlint on the PATH', () => {
    const pkg = (dir: string): string[] => [join(dir, 'package.json'), join(dir, 'bin', 'plexlint.js')];
    const global = '/usr/local/lib/node_modules/plexlint';
    const files = [...pkg('/repo/node_modules/plexlint'), ...pkg('/opt/plexlint'), ...pkg(global)];
    const links = { '/usr/local/bin/plexlint': join(global, 'bin', 'plexlint.js') };
    const lookup = { folders: ['/repo/zos/estate'], path: '/usr/bin:/usr/local/bin', delimiter: ':', ...fs(files, links) };
    expect(findServer({ ...lookup, setting: '/opt/plexlint' })).toEqual({ module: '/opt/plexlint/bin/plexlint.js', from: 'setting' });
    expect(findServer(lookup)).toEqual({ module: '/repo/node_modules/plexlint/bin/plexlint.js', from: 'workspace' });
    expect(findServer({ ...lookup, folders: ['/elsewhere'] })).toEqual({ module: join(global, 'bin', 'plexlint.js'), from: 'global' });
    expect(findServer({ ...lookup, folders: ['/elsewhere'], path: '/usr/bin' })).toMatchObject({ error: expect.stringMatching(/^plexlint is not installed/) });
    expect(findServer({ ...lookup, setting: '/nothing/here' })).toMatchObject({ error: expect.stringMatching(/plexlint\.path is \/nothing\/here/) });
  });
});
