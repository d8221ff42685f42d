/**
 * The language server's parts, in process: the session (estates, unsaved buffers, untitled buffers, closing),
 * the profile cache (a check with it reports exactly what a check without it reports), and the answers to
 * requests on plug-in files and profiles that the stdio test does not cover.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { lint } from '../src/engine/lint.js';
import { CompileCache } from '../src/engine/compile-cache.js';
import { FsJournal } from '../src/sources/fs-journal.js';
import { codeActions } from '../src/lsp/code-actions.js';
import { completions } from '../src/lsp/completion.js';
import { hover } from '../src/lsp/hover.js';
import { definition, references } from '../src/lsp/navigation.js';
import { Session } from '../src/lsp/session.js';
import { documentSymbols } from '../src/lsp/symbols.js';
import { estate } from './support/profile.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const links = { packageRoot: join(import.meta.dirname, '..') };

/** A session whose checks run when asked (flush), with what it published. */
function session(roots: string[]): { s: Session; published: Map<string, Diagnostic[]> } {
  const published = new Map<string, Diagnostic[]>();
  const s = new Session({ roots, publish: (uri, ds) => published.set(uri, ds), debounceMs: 1e9 });
  return { s, published };
}

const uri = (path: string): string => pathToFileURL(path).href;

/** 0-based position of the first `needle` in a text (in the line matching `line`). */
function at(text: string, needle: string, line?: RegExp, offset = 1): { line: number; character: number } {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle) && (!line || line.test(l)));
  if (i < 0) throw new Error(`no ${needle}`);
  return { line: i, character: lines[i]!.indexOf(needle) + offset };
}

describe('the profile cache', () => {
  /** Every fixture unit that holds profiles. */
  function units(): string[] {
    const out = [join(fixtures, 'example')];
    for (const id of readdirSync(join(fixtures, 'rules'))) for (const n of readdirSync(join(fixtures, 'rules', id))) out.push(join(fixtures, 'rules', id, n));
    for (const n of readdirSync(join(fixtures, 'estates'))) out.push(join(fixtures, 'estates', n));
    return out;
  }
  // Where a go script nested past the shell parser's stack runs it out depends on how deep the caller's stack is
  // (src/frontends/goscript/parse.ts overflowAt): the same line, not always the same column.
  const deep = (d: Diagnostic): Diagnostic => (/nested here more deeply than plexlint's shell parser/.test(d.message) ? { ...d, column: 0, endColumn: 0 } : d);
  const strip = (ds: Diagnostic[]): string[] => ds.map((d) => JSON.stringify(deep(d)));

  it('a check that reuses cached stacks reports exactly what a fresh check reports, on every fixture', () => {
    const cache = new CompileCache();
    let compared = 0;
    for (const unit of units()) {
      const cwd = join(unit, '..');
      const fresh = lint([unit], { cwd }).diagnostics;
      lint([unit], { cwd, compileCache: cache });
      const again = lint([unit], { cwd, compileCache: cache }).diagnostics;
      expect(strip(again), unit).toEqual(strip(fresh));
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
    expect(cache.hits).toBeGreaterThan(100);
  });

  it('what the rest of the estate adds to a stack (its OMPROUTE routing) does not outlive the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-cache-'));
    cpSync(join(fixtures, 'estates', 'omproute-takeover'), dir, { recursive: true });
    const cache = new CompileCache();
    const withRouting = lint([dir], { cwd: dir, compileCache: cache });
    expect(withRouting.compiled.estate.systems.some((s) => s.routing)).toBe(true);
    // The OMPROUTE configurations go: the stacks come from the cache, their routing must not.
    for (const f of readdirSync(dir, { recursive: true }) as string[]) if (/omproute/i.test(f) && /\.(conf|omproute)$/i.test(f)) rmSync(join(dir, f));
    const cached = lint([dir], { cwd: dir, compileCache: cache });
    const fresh = lint([dir], { cwd: dir });
    expect(cached.compiled.estate.systems.some((s) => s.routing)).toBe(false);
    expect(strip(cached.diagnostics)).toEqual(strip(fresh.diagnostics));
    expect(cache.hits).toBeGreaterThan(0);
  });

  it('an edited profile or member is compiled again; the others come from the cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-cache-'));
    cpSync(join(fixtures, 'example'), dir, { recursive: true });
    const cache = new CompileCache();
    lint([dir], { cwd: dir, compileCache: cache });
    const member = join(dir, 'profiles', 'tcpparms', 'COMMON');
    const edited = readFileSync(member, 'utf8') + 'TCPCONFIG RESTRICTLOWPORTS;X\n';
    const fs = new FsJournal();
    fs.overlay(member, Buffer.from(edited));
    const hitsBefore = cache.hits;
    const cached = lint([dir], { cwd: dir, compileCache: cache, fs });
    const fs2 = new FsJournal();
    fs2.overlay(member, Buffer.from(edited));
    const fresh = lint([dir], { cwd: dir, fs: fs2 });
    expect(strip(cached.diagnostics)).toEqual(strip(fresh.diagnostics));
    expect(cached.diagnostics.map((d) => d.ruleId)).toContain('comment-needs-blank');
    // Every stack includes COMMON: none could be reused.
    expect(cache.hits).toBe(hitsBefore);
  });
});

describe('the session', () => {
  it('an unsaved new file takes part in its estate; closing a buffer brings the file on disk back', () => {
    const dir = estate({
      'SYSA.tcpip': 'IPCONFIG DYNAMICXCF 10.30.1.1 255.255.255.0 1\nVIPADYNAMIC\n VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\n VIPADISTRIBUTE 10.40.1.1 PORT 80 DESTIP 10.30.1.2\nENDVIPADYNAMIC\n',
      'SYSB.tcpip': 'IPCONFIG DYNAMICXCF 10.30.1.2 255.255.255.0 1\n',
    });
    const { s, published } = session([dir]);
    const a = join(dir, 'SYSA.tcpip');
    const rules = (u: string): string[] => published.get(u)!.map((d) => d.ruleId);
    s.open(uri(a), readFileSync(a, 'utf8'), 1);
    s.flush();
    expect(rules(uri(a))).toContain('distributor-no-backup');
    // A new profile, not saved yet, backs the DVIPA up: the finding in SYSA goes.
    const c = join(dir, 'SYSC.tcpip');
    s.open(uri(c), 'IPCONFIG DYNAMICXCF 10.30.1.3 255.255.255.0 1\nVIPADYNAMIC\n VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\nENDVIPADYNAMIC\n', 1);
    s.flush();
    expect(rules(uri(a))).not.toContain('distributor-no-backup');
    expect(rules(uri(c))).toEqual([]);
    // Closed without saving: SYSA is checked again against the disk, where SYSC does not exist.
    s.close(uri(c));
    expect(published.get(uri(c))).toEqual([]);
    s.flush();
    expect(rules(uri(a))).toContain('distributor-no-backup');
    s.dispose();
  });

  it('an untitled buffer is checked on its own', () => {
    const dir = estate({ 'SYSA.tcpip': 'TCPCONFIG RESTRICTLOWPORTS\n' });
    const { s, published } = session([dir]);
    s.open('untitled:Untitled-1', 'VIPADYNAMIC\n VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\n VIPADISTRIBUTE 10.40.1.1 PORT 80 DESTIP ALL OPTLOCAL 17\n', 1);
    s.flush();
    expect(published.get('untitled:Untitled-1')!.map((d) => d.ruleId)).toEqual(expect.arrayContaining(['unterminated-block']));
    s.dispose();
  });

  it('files changed on disk are read again', () => {
    const dir = estate({ 'SYSA.tcpip': 'TCPCONFIG RESTRICTLOWPORTS;X\n', 'SYSB.tcpip': 'IPCONFIG SYSPLEXROUTING\n' });
    const { s, published } = session([dir]);
    const a = join(dir, 'SYSA.tcpip');
    s.open(uri(a), readFileSync(a, 'utf8'), 1);
    s.flush();
    expect(published.get(uri(a))!.map((d) => d.ruleId)).toEqual(['comment-needs-blank']);
    // A manifest appears on disk (a checkout): the file's estate is now the manifest's, with its rule settings.
    writeFileSync(join(dir, 'plexlint.yaml'), 'rules:\n  comment-needs-blank: off\n');
    s.filesChanged();
    s.flush();
    expect(published.get(uri(a))).toEqual([]);
    s.dispose();
  });
});

describe('requests', () => {
  const plugin = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Config>',
    '   <VirtualHostGroup Name="default_host">',
    '      <VirtualHost Name="*:80"/>',
    '   </VirtualHostGroup>',
    '   <ServerCluster LoadBalance="Round Robin" Name="AppCluster">',
    '      <Server CloneID="a1" Name="s1"><Transport Hostname="h1" Port="80" Protocol="http"/></Server>',
    '   </ServerCluster>',
    '   <UriGroup Name="AppUris">',
    '      <Uri Name="/app/*"/>',
    '   </UriGroup>',
    '   <Route ServerCluster="AppCluster" UriGroup="AppUris" VirtualHostGroup="default_host"/>',
    '</Config>',
    '',
  ].join('\n');

  it('plugin-cfg.xml: a Route\'s ServerCluster goes to the cluster; the cluster\'s references are the Routes; the outline', () => {
    const dir = estate({ 'plugin-cfg.xml': plugin });
    const { s } = session([dir]);
    const file = join(dir, 'plugin-cfg.xml');
    s.open(uri(file), plugin, 1);
    const ctx = s.context(uri(file))!;
    expect(ctx.kind).toBe('plugin-cfg');
    const route = at(plugin, 'AppCluster', /<Route/, 2);
    const defs = definition(ctx, route);
    expect(defs.map((d) => [d.loc.line, d.loc.column])).toEqual([[6, plugin.split('\n')[5]!.indexOf('AppCluster') + 1]]);
    const refs = references(ctx, at(plugin, 'AppCluster', /ServerCluster Load/, 2), false);
    expect(refs.map((r) => r.loc.line)).toEqual([12]);
    const outline = documentSymbols(ctx);
    expect(outline.map((o) => `${o.detail}:${o.name}`)).toEqual(['VirtualHostGroup:default_host', 'ServerCluster Round Robin:AppCluster', 'UriGroup:AppUris', 'Route:default_host AppUris → AppCluster']);
    expect(outline[1]!.children.map((c) => c.name)).toEqual(['s1']);
    // Every selection lies inside its range (editors reject the outline otherwise).
    const inside = (o: (typeof outline)[number]): boolean =>
      (o.selection.line > o.loc.line || (o.selection.line === o.loc.line && o.selection.column >= o.loc.column)) &&
      (o.selection.endLine < o.loc.endLine || (o.selection.endLine === o.loc.endLine && o.selection.endColumn <= o.loc.endColumn)) &&
      o.children.every(inside);
    expect(outline.every(inside)).toBe(true);
    s.dispose();
  });

  it('profile: a LINK name goes to its LINK statement; its references are the statements naming it', () => {
    const text = 'DEVICE OSADEV1 MPCIPA\nLINK OSALNK1 IPAQENET OSADEV1\nHOME 10.20.1.1 OSALNK1\nSTART OSADEV1\n';
    const dir = estate({ 'SYSA.tcpip': text });
    const { s } = session([dir]);
    const file = join(dir, 'SYSA.tcpip');
    s.open(uri(file), text, 1);
    const ctx = s.context(uri(file))!;
    expect(definition(ctx, at(text, 'OSALNK1', /HOME/)).map((d) => `${d.loc.line}:${d.loc.column}-${d.loc.endColumn}`)).toEqual(['2:6-13']);
    expect(references(ctx, at(text, 'OSADEV1', /DEVICE/), true).map((d) => `${d.loc.line}:${d.loc.column}`).sort()).toEqual(['1:8', '2:23', '4:7']);
    s.dispose();
  });

  it('hover on a rule id in a suppression comment shows the rule', () => {
    const text = 'IPCONFIG SYSPLEXROUTING ; plexlint-disable-line home-duplicate-address -- old\n';
    const dir = estate({ 'SYSA.tcpip': text });
    const { s } = session([dir]);
    const file = join(dir, 'SYSA.tcpip');
    s.open(uri(file), text, 1);
    const h = hover(s.context(uri(file))!, at(text, 'home-duplicate-address', undefined, 3), links)!;
    expect(h.markdown).toMatch(/^\*\*home-duplicate-address\*\* · warning · profile/);
    expect(h.markdown).toMatch(/\[Rule page\]\(file:\/\/.*docs\/rules\/home-duplicate-address\.md\)/);
    // The reason after -- is not a rule.
    expect(hover(s.context(uri(file))!, at(text, 'old'), links)).toBeUndefined();
    s.dispose();
  });

  it('hover on an operand says since when IBM has it, and what release each system the file is read for runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-hover-'));
    cpSync(join(fixtures, 'rules', 'not-in-release', 'bad'), dir, { recursive: true });
    const file = join(dir, 'profiles', 'NETX');
    const text = readFileSync(file, 'utf8');
    const { s } = session([dir]);
    s.open(uri(file), text, 1);
    s.flush();
    const h = hover(s.context(uri(file))!, at(text, 'DEVNUM'), links)!;
    expect(h.markdown).toContain('Since z/OS 3.2 (and APAR PH54596 on z/OS 2.5 and 3.1).');
    expect(h.markdown).toContain('This file is read for SYSA (z/OS 2.4): not in that release; SYSB (z/OS 2.5): needs APAR PH54596.');
    // A statement IBM has in every release: only the systems' releases.
    expect(hover(s.context(uri(file))!, at(text, 'INTERFACE'), links)!.markdown).toContain('This file is read for SYSA (z/OS 2.4); SYSB (z/OS 2.5).');
    s.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('completion: the operands of the statement the cursor is in, over its continuation lines', () => {
    const text = 'IPCONFIG SYSPLEXROUTING\n         DYN\n';
    const dir = estate({ 'SYSA.tcpip': text });
    const { s } = session([dir]);
    const file = join(dir, 'SYSA.tcpip');
    s.open(uri(file), text, 1);
    const items = completions(s.context(uri(file))!, { line: 1, character: 12 });
    expect(items.map((i) => i.label)).toContain('DYNAMICXCF');
    expect(items.find((i) => i.label === 'DYNAMICXCF')!.detail).toBe('IPCONFIG operand');
    expect(items.find((i) => i.label === 'SYSPLEXROUTING')).toBeUndefined();
    s.dispose();
  });

  it('completion: where a statement starts, the statements of that place (top level or inside VIPADYNAMIC)', () => {
    const text = 'TCPCONFIG RESTRICTLOWPORTS\nVIPAD\nVIPADYNAMIC\n   VIPAD\nENDVIPADYNAMIC\n';
    const dir = estate({ 'SYSA.tcpip': text });
    const { s } = session([dir]);
    const file = join(dir, 'SYSA.tcpip');
    s.open(uri(file), text, 1);
    const top = completions(s.context(uri(file))!, { line: 1, character: 5 }).map((i) => i.label);
    expect(top).toContain('VIPADYNAMIC');
    expect(top).not.toContain('VIPADEFINE');
    const inBlock = completions(s.context(uri(file))!, { line: 3, character: 8 }).map((i) => i.label);
    expect(inBlock).toEqual(expect.arrayContaining(['VIPADEFINE', 'VIPADELETE', 'VIPADISTRIBUTE']));
    expect(inBlock).not.toContain('VIPADYNAMIC');
    s.dispose();
  });

  it('fix all: every fix of the document, as one pass of check --fix', () => {
    const text = 'BEGINROUTES\n ROUTE DEFAULT 10.1.1.1 OSA1 MTU 1492 REPL;CHG\n ROUTE 10.2.0.0/16 10.1.1.1 OSA1 MTU 1492;X\nENDROUTES\n';
    const dir = estate({ 'SYSA.tcpip': text });
    const { s } = session([dir]);
    const file = join(dir, 'SYSA.tcpip');
    s.open(uri(file), text, 1);
    const [all] = codeActions(s.context(uri(file))!, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, ['source.fixAll']);
    expect(all!.kind).toBe('source.fixAll.plexlint');
    expect(all!.edits.map((e) => [e.range.start.line, e.newText])).toEqual([
      [1, ' '],
      [2, ' '],
    ]);
    s.dispose();
  });
});
