/** Output formats of `plexlint check`, one module each. */
import { checkstyle } from './checkstyle.js';
import { codequality } from './codequality.js';
import { gcc } from './gcc.js';
import { github, githubConsole } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

export const formatters: Record<string, Formatter> = { stylish, gcc, json, sarif, github, checkstyle, junit, codequality };

/**
 * What a format prints to stderr besides its report (stdout or -o). Only
 * `github` has one: the runner caps annotations, so the log gets the full report.
 */
export const consoleCompanions: Record<string, Formatter> = { github: githubConsole };

export type { Formatter, ProjectLinks, ReportInput } from './types.js';
