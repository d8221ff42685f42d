/**
 * The language server's state: the open documents and the estates they belong to, each checked the way
 * `plexlint check <folder of the estate>` checks it, with the editor's buffers standing for the files on disk
 * (the journal's in-memory overlay, src/sources/fs-journal.ts). A change re-checks the document's estate after a
 * pause (debounced), and every open document of that estate gets its diagnostics again — so a finding that
 * involves another stack appears and disappears in that stack's profile too.
 *
 * Estates are found as the command line finds them (src/sources/discover.ts): the nearest plexlint.yaml at or
 * above a file decides its estate; files without one belong to the estate of their workspace folder. Nothing
 * outside the workspace folders is read: the lookup stops at the document's workspace folder, and a document
 * outside every workspace folder (`file:///etc/passwd`, a file opened from anywhere) — like a buffer that is not a
 * file (untitled) — is checked on its own: its text alone, with no manifest, no ignore file and no other file of
 * its folder looked at.
 *
 * No protocol here: the server (./server.ts) turns what this reports into LSP messages.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { planEstates } from '../engine/compile.js';
import { lintEstate, type LintOptions, type LintResult } from '../engine/lint.js';
import { CompileCache } from '../engine/compile-cache.js';
import type { FileKind } from '../frontends/detect.js';
import { detectKind } from '../frontends/detect.js';
import { FsJournal } from '../sources/fs-journal.js';
import { sourceFromText, type SourceFile } from '../sources/source-file.js';
import { pathOf } from './positions.js';

export interface OpenDocument {
  uri: string;
  /** The file it is (absolute); for an untitled buffer, a name of its own in its folder. */
  path: string;
  version: number;
  text: string;
  /** Not a file on disk (untitled): checked on its own. */
  untitled: boolean;
  /** Over MAX_DOCUMENT_CHARS: not checked, its text not kept (the one diagnostic on it says so). */
  refused?: boolean;
}

/**
 * The largest document the server checks, in characters: what the budget of a check holds (10 MB within 10 s and
 * 1 GB, docs/robustness.md). A document is checked again after every pause in typing, and a 50 MB one took 11 s and
 * 2 GB; a larger one gets one diagnostic saying so, and requests about it get empty answers at once.
 */
export const MAX_DOCUMENT_CHARS = 10 * 1024 * 1024;

/** The one diagnostic of a document over MAX_DOCUMENT_CHARS. */
export function refusalDiagnostic(path: string, chars: number): Diagnostic {
  const n = (x: number): string => x.toLocaleString('en-US');
  return {
    ruleId: 'unreadable-file',
    severity: 'error',
    file: path,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    message:
      `this document is ${n(chars)} characters, more than the ${n(MAX_DOCUMENT_CHARS)} the language server checks (docs/robustness.md, "Limits"), ` +
      'so it is not checked in the editor; plexlint check checks it from the command line.',
  };
}

interface EstateState {
  key: string;
  /** What is checked: the folder of the estate's manifest, or the workspace folder. */
  checkPath: string;
  /** The manifest deciding the estate, if any. */
  manifest?: string;
  /** Display paths are relative to it (the workspace folder). */
  cwd: string;
  result?: LintResult;
  /** The version of each document the result was computed from. */
  versions: Map<string, number>;
  timer?: ReturnType<typeof setTimeout>;
  /** Documents changed since the last check. */
  dirty: boolean;
  /** Checked at least once (a failed check too: it is not repeated until something changes). */
  checked: boolean;
}

export interface SessionOptions {
  /** The workspace folders (absolute). */
  roots: string[];
  /**
   * Diagnostics for one open document (all of them: an empty list clears it); `absolute` turns their display
   * paths (of related locations) into absolute ones.
   */
  publish(uri: string, diagnostics: Diagnostic[], version: number, absolute: (display: string) => string): void;
  /** Milliseconds between the last change and the check (default 200). */
  debounceMs?: number;
  /** What the command line's options would set (rules, inline config). */
  lint?: Pick<LintOptions, 'rules' | 'inlineConfig' | 'encoding'>;
  /** A check failed unexpectedly (an internal error): logged, never fatal. */
  log?(message: string): void;
}

/** What a request about a document needs: its text as plexlint read it, its kind, and its estate. */
export interface DocumentContext {
  doc: OpenDocument;
  source: SourceFile;
  kind: FileKind;
  result?: LintResult;
  /** Absolute path of a display path of the result. */
  absolute(display: string): string;
}

/** The key of the estate of a document checked on its own. */
const ALONE = 'alone:';

export class Session {
  private readonly docs = new Map<string, OpenDocument>();
  private readonly estates = new Map<string, EstateState>();
  /** Which estate each open document belongs to. */
  private readonly estateOfDoc = new Map<string, string>();
  private untitledCount = 0;
  /** Stacks and file kinds of earlier checks, reused while their files read the same (one edited profile is the only one parsed again). */
  readonly cache = new CompileCache();

  constructor(private readonly options: SessionOptions) {}

  get documents(): readonly OpenDocument[] {
    return [...this.docs.values()];
  }

  open(uri: string, text: string, version: number): void {
    const file = pathOf(uri);
    const path = file ?? join(this.options.roots[0] ?? process.cwd(), `untitled-${++this.untitledCount}`);
    const doc: OpenDocument = { uri, path, text, version, untitled: file === undefined };
    this.docs.set(uri, doc);
    if (this.refuse(doc, text)) return;
    this.assign(doc);
    this.schedule(this.estateOfDoc.get(uri)!, 0);
  }

  change(uri: string, text: string, version: number): void {
    const doc = this.docs.get(uri);
    if (!doc) return;
    doc.version = version;
    const wasRefused = doc.refused === true;
    if (this.refuse(doc, text)) return;
    doc.text = text;
    // A document back under the limit is checked again, in its estate.
    if (wasRefused) {
      this.assign(doc);
      this.schedule(this.estateOfDoc.get(uri)!, 0);
      return;
    }
    // A manifest written in the editor can start or change an estate.
    if (/(^|[\\/])plexlint\.ya?ml$/.test(doc.path)) this.reassignAll();
    this.schedule(this.estateOfDoc.get(uri)!);
  }

  /**
   * Whether a document is over MAX_DOCUMENT_CHARS: then its text is dropped, it leaves its estate (whose check reads
   * the file on disk instead), and its one diagnostic is published.
   */
  private refuse(doc: OpenDocument, text: string): boolean {
    doc.refused = text.length > MAX_DOCUMENT_CHARS;
    if (!doc.refused) return false;
    doc.text = '';
    const key = this.estateOfDoc.get(doc.uri);
    this.estateOfDoc.delete(doc.uri);
    if (key !== undefined) {
      if ([...this.estateOfDoc.values()].includes(key)) this.schedule(key);
      else this.drop(key);
    }
    this.options.publish(doc.uri, [refusalDiagnostic(doc.path, text.length)], doc.version, (d) => d);
    return true;
  }

  close(uri: string): void {
    const doc = this.docs.get(uri);
    if (!doc) return;
    this.docs.delete(uri);
    const key = this.estateOfDoc.get(uri);
    this.estateOfDoc.delete(uri);
    this.options.publish(uri, [], doc.version, (d) => d);
    if (key === undefined) return;
    // The file on disk stands for it again: the other documents of its estate are checked against that.
    if ([...this.estateOfDoc.values()].includes(key)) this.schedule(key);
    else this.drop(key);
  }

  /** Files changed on disk (another editor, a checkout): every estate with an open document is checked again. */
  filesChanged(): void {
    this.reassignAll();
    for (const key of new Set(this.estateOfDoc.values())) this.schedule(key);
  }

  /** Check now whatever is waiting for its pause (before answering a request about the documents). */
  flush(uri?: string): void {
    const keys = uri ? [this.estateOfDoc.get(uri)].filter((k): k is string => k !== undefined) : [...this.estates.keys()];
    for (const key of keys) {
      const state = this.estates.get(key);
      if (state && (state.dirty || !state.checked)) this.check(state);
    }
  }

  /** Stop every pending check (shutdown). */
  dispose(): void {
    for (const s of this.estates.values()) if (s.timer) clearTimeout(s.timer);
    this.estates.clear();
  }

  /** The document's context, checked up to its latest version. */
  context(uri: string): DocumentContext | undefined {
    const doc = this.docs.get(uri);
    if (!doc || doc.refused) return undefined;
    this.flush(uri);
    const state = this.estates.get(this.estateOfDoc.get(uri)!);
    const result = state?.result;
    const source = result ? [...result.compiled.sources.values()].find((s) => s.absPath === doc.path) : undefined;
    const cwd = state?.cwd ?? dirname(doc.path);
    const own = source ?? sourceFromText(relative(cwd, doc.path) || doc.path, doc.text, doc.path);
    const kind = (source && result?.compiled.kinds.get(source.path)) ?? detectKind(own);
    return { doc, source: own, kind, ...(result ? { result } : {}), absolute: (display) => (isAbsolute(display) ? display : resolve(cwd, display)) };
  }

  /** The workspace folder that holds a file (the innermost), or undefined outside every one. */
  private rootOf(path: string): string | undefined {
    let best: string | undefined;
    for (const r of this.options.roots) {
      const rel = relative(r, path);
      if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && (!best || r.length > best.length)) best = r;
    }
    return best;
  }

  /** The journal of a check: the disk, with every open document's text in place of its file. */
  private journal(): FsJournal {
    const fs = new FsJournal();
    for (const d of this.docs.values()) if (!d.untitled && !d.refused) fs.overlay(d.path, Buffer.from(d.text, 'utf8'));
    return fs;
  }

  private assign(doc: OpenDocument): void {
    const root = doc.untitled ? undefined : this.rootOf(doc.path);
    if (root === undefined) {
      // On its own: an untitled buffer, or a file outside every workspace folder (never a look at its folder).
      const key = `${ALONE}${doc.uri}`;
      this.estates.set(key, this.estates.get(key) ?? { key, checkPath: doc.path, cwd: dirname(doc.path), versions: new Map(), dirty: true, checked: false });
      this.estateOfDoc.set(doc.uri, key);
      return;
    }
    const plan = planEstates([doc.path], { fs: this.journal(), cwd: root, ceiling: root });
    const manifest = plan.discovery.manifestOf(doc.path, false);
    const key = manifest ?? `folder:${root}`;
    if (!this.estates.has(key)) {
      const state: EstateState = { key, checkPath: manifest ? dirname(manifest) : root, cwd: root, versions: new Map(), dirty: true, checked: false };
      if (manifest) state.manifest = manifest;
      this.estates.set(key, state);
    }
    this.estateOfDoc.set(doc.uri, key);
  }

  private reassignAll(): void {
    const before = new Map(this.estateOfDoc);
    for (const doc of this.docs.values()) if (!doc.refused) this.assign(doc);
    for (const [uri, key] of before) if (this.estateOfDoc.get(uri) !== key) this.schedule(key);
    for (const key of [...this.estates.keys()]) if (![...this.estateOfDoc.values()].includes(key)) this.drop(key);
  }

  private drop(key: string): void {
    const state = this.estates.get(key);
    if (state?.timer) clearTimeout(state.timer);
    this.estates.delete(key);
  }

  private schedule(key: string, delay = this.options.debounceMs ?? 200): void {
    const state = this.estates.get(key);
    if (!state) return;
    state.dirty = true;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      if (this.estates.get(key) === state) this.check(state);
    }, delay);
  }

  /** Check one estate and publish the diagnostics of its open documents. */
  private check(state: EstateState): void {
    if (state.timer) {
      clearTimeout(state.timer);
      state.timer = undefined;
    }
    state.dirty = false;
    state.checked = true;
    const mine = [...this.docs.values()].filter((d) => this.estateOfDoc.get(d.uri) === state.key);
    try {
      state.result = state.key.startsWith(ALONE) ? this.checkAlone(mine[0]!, state) : this.checkEstate(state, mine);
    } catch (e) {
      this.options.log?.(`plexlint: checking ${state.checkPath} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      state.result = undefined;
    }
    state.versions = new Map(mine.map((d) => [d.uri, d.version]));
    const absolute = (display: string): string => (isAbsolute(display) ? display : resolve(state.cwd, display));
    for (const d of mine) this.options.publish(d.uri, this.diagnosticsOf(state, d), d.version, absolute);
  }

  private checkEstate(state: EstateState, docs: OpenDocument[]): LintResult | undefined {
    const fs = this.journal();
    // Buffers of files not saved yet are not in any folder listing: they are named.
    const unsaved = docs.filter((d) => !existsSync(d.path)).map((d) => d.path);
    const options = { ...this.options.lint, fs, cwd: state.cwd, ceiling: state.cwd, compileCache: this.cache };
    const plan = planEstates([state.checkPath, ...unsaved], options);
    const inputs = plan.discovery.estates.find((e) => e.manifest === state.manifest);
    return inputs ? lintEstate(inputs, plan, options) : undefined;
  }

  /** A document on its own (untitled, or outside every workspace folder): its text and nothing else is read. */
  private checkAlone(doc: OpenDocument, state: EstateState): LintResult | undefined {
    const options = { ...this.options.lint, cwd: state.cwd, compileCache: this.cache, stdin: { path: doc.path, text: Buffer.from(doc.text, 'utf8'), alone: true, isolated: true } };
    const plan = planEstates([doc.path], options);
    const inputs = plan.discovery.estates[0];
    return inputs ? lintEstate(inputs, plan, options) : undefined;
  }

  private diagnosticsOf(state: EstateState, doc: OpenDocument): Diagnostic[] {
    if (!state.result) return [];
    return state.result.diagnostics.filter((d) => resolve(state.cwd, d.file) === doc.path);
  }
}
