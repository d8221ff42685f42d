/**
 * The layout of a cache file, checked in full before anything in it is used.
 * A cache file can be damaged (a disk, an editor, a hand) or planted. Planted
 * entries fail authentication (src/engine/cache.ts); an authentic entry that is
 * still not what this plexlint writes — `"message": null` or a non-string `file`
 * after a bug, another version's layout — must make the run miss the cache,
 * never reach a formatter as a value of the wrong type. Every field of every
 * entry is checked — types, known rule ids and severities, positions — and a key
 * that plexlint does not write makes the entry damaged too.
 */
import { findRule } from '../rules/registry.js';
import { emptyRecord } from '../core/record.js';

type Check = (x: unknown) => boolean;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const str: Check = (x) => typeof x === 'string';
const bool: Check = (x) => typeof x === 'boolean';
const position: Check = (x) => Number.isSafeInteger(x) && (x as number) >= 0;
const oneOf =
  (...values: unknown[]): Check =>
  (x) =>
    values.includes(x);
const list =
  (item: Check): Check =>
  (x) =>
    Array.isArray(x) && x.every(item);
const record =
  (value: Check): Check =>
  (x) =>
    isObject(x) && Object.values(x).every(value);

/** An object with exactly these keys (those marked optional may be missing). */
function shape(required: Record<string, Check>, optional: Record<string, Check> = emptyRecord()): Check {
  return (x) => {
    if (!isObject(x)) return false;
    for (const [k, check] of Object.entries(required)) if (!Object.prototype.hasOwnProperty.call(x, k) || !check(x[k])) return false;
    for (const [k, v] of Object.entries(x)) {
      if (Object.prototype.hasOwnProperty.call(required, k)) continue;
      const check = Object.prototype.hasOwnProperty.call(optional, k) ? optional[k] : undefined;
      if (!check || !check(v)) return false;
    }
    return true;
  };
}

const ruleId: Check = (x) => typeof x === 'string' && findRule(x) !== undefined;
const severity = oneOf('error', 'warning', 'info');
const pathKind = oneOf('file', 'dir', 'other', 'missing');

const relatedLocation = shape({ file: str, line: position, column: position, message: str }, { endLine: position, endColumn: position });
const offset: Check = (x) => Number.isSafeInteger(x) && (x as number) >= 0;
const range: Check = (x) => Array.isArray(x) && x.length === 2 && x.every(offset);
const resolvedEdit = shape({ line: position, column: position, endLine: position, endColumn: position, text: str, range }, { tidy: bool });
const fix = shape({ description: str, range, text: str, edits: list(resolvedEdit) });
const diagnosticFields = { ruleId, severity, message: str, file: str, line: position, column: position, endLine: position, endColumn: position };
const diagnosticOptional = { related: list(relatedLocation), fix, suggestions: list(fix), subject: str, fingerprint: str };
const diagnostic = shape(diagnosticFields, diagnosticOptional);
const suppressed = shape({ ...diagnosticFields, suppressions: list(shape({ kind: oneOf('directive'), justification: str })) }, diagnosticOptional);
const readError = shape({ path: str, message: str }, { binary: bool, explicit: bool });

const observation: Check = (x) => {
  if (!isObject(x) || typeof x['path'] !== 'string') return false;
  switch (x['op']) {
    case 'kind':
      return shape({ op: str, path: str, result: pathKind })(x);
    case 'lkind':
      return shape({ op: str, path: str, result: (r) => r === 'link' || pathKind(r) })(x);
    case 'size':
      return shape({ op: str, path: str, result: (r) => Number.isSafeInteger(r) && (r as number) >= -1 })(x);
    case 'realpath':
      return shape({ op: str, path: str, result: (r) => r === null || typeof r === 'string' })(x);
    case 'list':
    case 'listAll':
    case 'read':
      return shape({ op: str, path: str, result: str })(x);
    default:
      return false;
  }
};

const outcome = shape(
  {
    diagnostics: list(diagnostic),
    suppressed: list(suppressed),
    files: list(str),
    readErrors: list(readError),
    lines: record(record(str)),
  },
  { unmatched: list(str), ignored: list(shape({ path: str, why: str })), refused: list(shape({ path: str, why: str })), notInputs: list(shape({ path: str, what: str })) },
);

const entry = shape({ key: str, observations: list(observation), outcome });

/** Whether parsed JSON is one cache entry, whole (its text has passed authentication first: src/engine/cache.ts). */
export function isCacheEntry(x: unknown): boolean {
  return entry(x);
}

const mac: Check = (x) => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);

/** Whether parsed JSON is a cache file of this layout (format): every entry a MAC and the JSON text it authenticates. */
export function isCacheLayout(x: unknown, format: number): boolean {
  return shape({ tool: oneOf('plexlint-cache'), format: oneOf(format), entries: list(shape({ mac, entry: str })) })(x);
}
