/**
 * One section of the model diff: a kind of model object (HOME entry,
 * distribution, plug-in server, load-balancer port, …), how to list it, its
 * identity across versions and the attributes that carry meaning. The table of
 * sections is ./index.ts.
 */
import type { Loc } from '../../core/loc.js';
import type { Estate } from '../../model/estate.js';

export type Value = string | number | boolean | null | string[];

export interface Item {
  /** Identity across the two versions, e.g. "SYSA 10.40.1.2" (unique within its section). */
  key: string;
  /** Readable, e.g. "VIPADISTRIBUTE 10.40.1.2 port 3000 on SYSA". */
  object: string;
  attributes: Record<string, Value>;
  loc?: Loc;
}

export interface Section {
  /** Shown as the change's type, e.g. "distribution". */
  name: string;
  items(e: Estate): Item[];
}

/** An optional model value as an attribute (absent is null). */
export const v = (x: unknown): Value => (x === undefined ? null : (x as Value));
