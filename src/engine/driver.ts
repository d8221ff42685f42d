/**
 * What the compiler driver's parts share while they gather an estate's files: the workspace, the kind given to
 * each file, every file read, and the read errors. compile.ts makes one per run and hands it to the parts for
 * profiles (profiles.ts), the web tier (web.ts) and the Load Balancers (lb.ts).
 */
import { basename } from 'node:path';
import type { FileKind } from '../frontends/detect.js';
import type { SourceFile } from '../sources/source-file.js';
import type { ReadError, Workspace } from '../sources/workspace.js';
import { memoryShortfall } from './memory.js';

export interface Driver {
  ws: Workspace;
  /** The kind of every file that has one, by display path. A file with a kind is not sorted again. */
  kinds: Map<string, FileKind>;
  /** Every file read, by display path. */
  sources: Map<string, SourceFile>;
  /** Files that could not be read (exit 2 when named explicitly). */
  readErrors: ReadError[];
  /** Read a file of the estate; a failure is recorded once in readErrors. */
  read(abs: string, explicit?: boolean): SourceFile | undefined;
  /**
   * Read a file the manifest names. A path of the estate that does not exist already has its
   * manifest-missing-file finding; any other read error — outside the estate, whether it exists or not — ends
   * the run (exit 2).
   */
  named(abs: string): SourceFile | undefined;
  /** Record a read error, once per path. */
  readError(error: ReadError): void;
  /** Whether the heap has room to analyse the file; when not, an explicit read error (exit 2), not an out-of-memory abort. */
  fits(file: SourceFile, kind: 'profile' | 'xml'): boolean;
}

function isSource(x: SourceFile | ReadError): x is SourceFile {
  return 'text' in x;
}

export function createDriver(ws: Workspace): Driver {
  const driver: Driver = {
    ws,
    kinds: new Map(),
    sources: new Map(),
    readErrors: [...ws.errors],
    read(abs, explicit = ws.explicit.has(abs)) {
      const f = ws.read(abs);
      if (!isSource(f)) {
        driver.readError(explicit ? { ...f, explicit } : f);
        return undefined;
      }
      driver.sources.set(f.path, f);
      return f;
    },
    named: (abs) => (ws.mayExist(abs) ? driver.read(abs, true) : undefined),
    readError(error) {
      if (!driver.readErrors.some((e) => e.path === error.path)) driver.readErrors.push(error);
    },
    fits(file, kind) {
      const short = memoryShortfall(kind, file.text.length);
      if (short) driver.readError({ path: file.path, message: short, explicit: true });
      return short === undefined;
    },
  };
  return driver;
}

/** `name`, or `name_2`, `name_3`, … when an earlier system or machine took it. */
export function uniqueName(name: string, used: Set<string>): string {
  let n = name;
  for (let i = 2; used.has(n); i++) n = `${name}_${i}`;
  used.add(n);
  return n;
}

/** A file's name without its extension: the name of the stack or machine it configures when nothing names it. */
export function fileStem(path: string): string {
  return basename(path).replace(/\.[^.]*$/, '');
}
