/**
 * Symbol substitution as z/OS does it in JCL and in parmlib members (z/OS MVS Initialization and Tuning Reference,
 * "Using system symbols": a symbol is `&` and a name of 1–8 characters — 16 for system symbols since z/OS V2R2 —
 * letters, digits, @ # $, not starting with a digit, optionally ended by a period; `&SYMBOL(start:length)` substitutes
 * part of the value, a negative start counting from its end: `&SYSPLEX(-2:2).`). `&&` is not a symbol (JCL writes a
 * temporary data set name that way).
 */

const SYMBOL = /&(&?)([A-Za-z@#$][A-Za-z0-9@#$]{0,15})(?:\((-?\d+):(\d+)\))?(\.?)/g;

export interface Substituted {
  text: string;
  /** Names of the symbols that had no value (upper case, each once, in the order met). */
  unresolved: string[];
}

/** Replace the symbols of `text` whose value `lookup` gives; the others stay as written and are listed. */
export function substituteSymbols(text: string, lookup: (name: string) => string | undefined): Substituted {
  const unresolved: string[] = [];
  if (!text.includes('&')) return { text, unresolved };
  const out = text.replace(SYMBOL, (whole: string, amp: string, name: string, start?: string, length?: string) => {
    if (amp) return whole; // &&NAME: a temporary data set, not a symbol
    const key = name.toUpperCase();
    const value = lookup(key);
    if (value === undefined) {
      if (!unresolved.includes(key)) unresolved.push(key);
      return whole;
    }
    if (start !== undefined && length !== undefined) {
      // &SYSPLEX(-2:2): a negative start counts from the end of the value.
      const from = Number(start) < 0 ? Math.max(0, value.length + Number(start)) : Number(start) - 1;
      return value.slice(from, from + Number(length));
    }
    return value;
  });
  return { text: out, unresolved };
}
