/** Line index: offsets to 1-based positions. */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../src/core/loc.js';

describe('LineIndex', () => {
  it('maps an offset between the CR and the LF of a line end to the end of that line', () => {
    // The XML parser reported "<\r\n" cut at offset 2 as line 1 column 3, past the end of the one-character line.
    const lines = new LineIndex('<\r\nx');
    expect(lines.position(1)).toEqual({ line: 1, column: 2 });
    expect(lines.position(2)).toEqual({ line: 1, column: 2 });
    expect(lines.position(3)).toEqual({ line: 2, column: 1 });
  });
  it('keeps a lone CR as a line end of its own', () => {
    const lines = new LineIndex('a\rb');
    expect(lines.position(2)).toEqual({ line: 2, column: 1 });
  });
});
