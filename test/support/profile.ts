/**
 * Helpers for the profile unit tests: lint or compile profile text written to a
 * throw-away estate, and read back findings with their exact ranges.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { compile, type CompileResult } from '../../src/engine/compile.js';
import { lint } from '../../src/engine/lint.js';
import type { Stack } from '../../src/model/stack.js';

/** Write files (relative path → text) into a fresh folder; returns its path. */
export function estate(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-test-'));
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(dir, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return dir;
}

/** Lint one profile (named SYSA.tcpip) on its own. */
export function lintProfile(text: string): Diagnostic[] {
  const dir = estate({ 'SYSA.tcpip': text });
  return lint([join(dir, 'SYSA.tcpip')], { cwd: dir }).diagnostics;
}

/**
 * Lint one profile (SYSA.tcpip) of a system that runs the given z/OS release (plexlint.yaml `release:`): for the
 * checks that need a statement table confirmed for the release (grammar/profile/knowledge.ts).
 */
export function lintProfileOn(release: string, text: string): Diagnostic[] {
  const dir = estate({ 'SYSA.tcpip': text, 'plexlint.yaml': `systems:\n  SYSA: { profile: SYSA.tcpip, release: "${release}" }\n` });
  return lint([dir], { cwd: dir }).diagnostics;
}

/** The stack of one profile (SYSA.tcpip) of a system that runs the given z/OS release. */
export function stackOn(release: string, text: string): Stack {
  const dir = estate({ 'SYSA.tcpip': text, 'plexlint.yaml': `systems:\n  SYSA: { profile: SYSA.tcpip, release: "${release}" }\n` });
  const system = compile([dir], { cwd: dir }).estate.systems[0];
  if (!system) throw new Error('no system compiled');
  return system.stack;
}

/** Lint a folder estate. */
export function lintEstate(files: Record<string, string>, paths: string[] = ['.']): { dir: string; diagnostics: Diagnostic[] } {
  const dir = estate(files);
  return { dir, diagnostics: lint(paths.map((p) => join(dir, p)), { cwd: dir }).diagnostics };
}

/** Compile one profile and return its stack (the model). */
export function stackOf(text: string): Stack {
  const dir = estate({ 'SYSA.tcpip': text });
  const result: CompileResult = compile([join(dir, 'SYSA.tcpip')], { cwd: dir });
  const system = result.estate.systems[0];
  if (!system) throw new Error('no system compiled');
  return system.stack;
}

/** `line:column-endLine:endColumn rule-id` of each finding, in report order. */
export function ranges(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}`);
}

/** `line rule-id` of each finding. */
export function brief(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.line} ${d.ruleId}`);
}

/** Join profile lines with LF and a final newline. */
export function profile(...lines: string[]): string {
  return lines.join('\n') + '\n';
}

/** Compile a folder estate. */
export function compileEstate(files: Record<string, string>, paths: string[] = ['.']): { dir: string; result: CompileResult } {
  const dir = estate(files);
  return { dir, result: compile(paths.map((p) => join(dir, p)), { cwd: dir }) };
}

/** The stack of the named system of a compiled estate. */
export function systemStack(result: CompileResult, name: string): Stack {
  const system = result.estate.systems.find((s) => s.name === name);
  if (!system) throw new Error(`no system ${name} (have ${result.estate.systems.map((s) => s.name).join(', ')})`);
  return system.stack;
}
