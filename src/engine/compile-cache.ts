/**
 * What a long-lived process — the language server, which checks the same estate on every keystroke — keeps between
 * runs, so that one edited profile does not make it detect, lex, parse and build every other file again:
 *
 * - compiled stacks: reused when everything their compilation read is the same — the text of the profile and of
 *   every member it INCLUDEs, where each INCLUDE leads, the name, CPC and symbols, and the working directory its
 *   paths are shown relative to;
 * - detected file kinds: reused while the file's text is the same.
 *
 * Texts are compared in full (they were read anyway, through the same journal as everything else), so the cache
 * can only save work, never change a result. The command line makes no use of it.
 */
import type { FileKind } from '../frontends/detect.js';
import type { ParsedProfile } from '../frontends/profile/index.js';
import type { IncludeResolution, IncludeResolver } from '../frontends/profile/index.js';
import type { System } from '../model/estate.js';
import type { SourceFile } from '../sources/source-file.js';

interface Entry {
  key: string;
  /** Text of every file read, by display path. */
  texts: Map<string, string>;
  /** Each INCLUDE the compilation resolved: data set → file (display path) or the finding it gave. */
  includes: [string, string][];
  parsed: ParsedProfile;
  system: System;
}

/** Where an INCLUDE led, in a comparable form. */
function outcome(r: IncludeResolution): string {
  return 'file' in r ? `file:${r.file.path}` : `${r.ruleId}:${r.message}`;
}

export class CompileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly kinds = new Map<string, { text: string; kind: FileKind }>();
  hits = 0;
  misses = 0;

  /** The kind of a file, detected again only when its text changed. */
  kindOf(file: SourceFile, detect: (f: SourceFile) => FileKind): FileKind {
    const key = file.absPath || file.path;
    const known = this.kinds.get(key);
    if (known && known.text === file.text) return known.kind;
    const kind = detect(file);
    this.kinds.set(key, { text: file.text, kind });
    return kind;
  }

  /** A resolver that writes down every INCLUDE it resolves, for set(). */
  recording(resolver: IncludeResolver): { resolver: IncludeResolver; log: [string, string][] } {
    const log: [string, string][] = [];
    return {
      log,
      resolver: {
        resolve: (dataset, from) => {
          const r = resolver.resolve(dataset, from);
          log.push([dataset, outcome(r)]);
          return r;
        },
      },
    };
  }

  /**
   * The stack compiled from `file` with these settings, when nothing it read has changed; the files it read (as
   * this run reads them) come with it, for the run's sources.
   */
  get(key: string, file: SourceFile, resolver: IncludeResolver): { parsed: ParsedProfile; system: System; files: SourceFile[] } | undefined {
    const e = this.entries.get(file.absPath || file.path);
    if (!e || e.key !== key || e.texts.get(file.path) !== file.text) return this.miss();
    const files = new Map<string, SourceFile>([[file.path, file]]);
    for (const [dataset, was] of e.includes) {
      const r = resolver.resolve(dataset, file);
      if (outcome(r) !== was) return this.miss();
      if ('file' in r) {
        if (e.texts.get(r.file.path) !== r.file.text) return this.miss();
        files.set(r.file.path, r.file);
      }
    }
    this.hits++;
    return { parsed: e.parsed, system: { ...e.system }, files: e.parsed.files.map((f) => files.get(f.path) ?? f) };
  }

  /**
   * Keep a stack as its profile made it. The compiler adds to a System afterwards what depends on the rest of the
   * estate (its OMPROUTE routing): the cache keeps a copy from before that and hands out copies, so nothing of
   * one run's estate reaches the next.
   */
  set(key: string, file: SourceFile, parsed: ParsedProfile, system: System, includes: [string, string][]): void {
    this.entries.set(file.absPath || file.path, { key, texts: new Map(parsed.files.map((f) => [f.path, f.text])), includes, parsed, system: { ...system } });
  }

  private miss(): undefined {
    this.misses++;
    return undefined;
  }
}
