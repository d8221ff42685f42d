import type { IncludeStatement } from '../ast.js';
import { slot, statement } from '../spec.js';
import { stripQuotes, v } from '../values.js';

/** Not confirmed: no copy of IBM's INCLUDE page was reachable. */
export const include = statement({
  id: 'include',
  notation: 'INCLUDE',
  topic: 'INCLUDE statement',
  meaning: 'Reads the statements of another data set (or member) here, as if they were written in place.',
  details: 'INCLUDE statements may be nested up to 16 deep.',
  syntax: 'INCLUDE data_set_name',
  body: [slot('dataset', v.dataset('data set name'))],
  requires: ['dataset'],
  unverified: true,
  build(p): IncludeStatement {
    const dataset = p.slots['dataset']!;
    // The data set name as the stack opens it: quotes removed.
    dataset.text = stripQuotes(dataset.text);
    return { kind: 'include', loc: p.loc, keyword: p.keyword, dataset };
  },
});
