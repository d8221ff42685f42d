/**
 * One section of the model diff: a kind of model object (HOME entry,
 * distribution, plug-in server, load-balancer port, …), how to list it, its
 * identity across versions and the attributes that carry meaning. The table of
 * sections is ./index.ts.
 *
 * A section lists its objects in parts — one system's PORT list, one plug-in
 * file's clusters — with the model the part's items are made from. A part whose
 * model is the same on both sides (positions aside) has no changes, and its
 * items are never built: the diff of two large estates that differ in a few
 * places does a few places' work.
 */
import type { Loc } from '../../core/loc.js';
import type { Estate, System } from '../../model/estate.js';
import type { PluginConfig } from '../../model/web.js';

export type Value = string | number | boolean | null | string[];

export interface Item {
  /** Identity across the two versions, e.g. "SYSA 10.40.1.2" (unique within its section). */
  key: string;
  /** Readable, e.g. "VIPADISTRIBUTE 10.40.1.2 port 3000 on SYSA". */
  object: string;
  attributes: Record<string, Value>;
  loc?: Loc;
}

export interface Part {
  /** Identity of the part across versions (a system's name, a plug-in file); item keys include it. */
  key: string;
  /** Everything the part's items are made from. */
  model: unknown;
  items(): Item[];
}

export interface Section {
  /** Shown as the change's type, e.g. "distribution". */
  name: string;
  parts(e: Estate): Part[];
}

/** A section with one part per system, made from `model(s)` (with the system's name). */
export function perSystem(name: string, model: (s: System) => unknown, items: (s: System) => Item[]): Section {
  return { name, parts: (e) => e.systems.map((s) => ({ key: s.name, model: model(s), items: () => items(s) })) };
}

/** A section with one part per plug-in file. */
export function perPlugin(name: string, model: (p: PluginConfig) => unknown, items: (p: PluginConfig) => Item[]): Section {
  return { name, parts: (e) => e.web.plugins.map((p) => ({ key: p.file, model: model(p), items: () => items(p) })) };
}

/** A section in one part. */
export function whole(name: string, model: (e: Estate) => unknown, items: (e: Estate) => Item[]): Section {
  return { name, parts: (e) => [{ key: '', model: model(e), items: () => items(e) }] };
}

/** An optional model value as an attribute (absent is null). */
export const v = (x: unknown): Value => (x === undefined ? null : (x as Value));
