/** Output formats of `plexlint check`, one module each. */
import { gcc } from './gcc.js';
import { json } from './json.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

export const formatters: Record<string, Formatter> = { stylish, gcc, json };

export type { Formatter, ReportInput } from './types.js';
