/** How messages and reports list names ("SYSA", "SYSA and SYSB", "SYSA, SYSB and SYSC") and count things ("3 errors"). */

/**
 * "a, b and c" (at most `max` items, then "and N more"). `count`: how many items there are when `items` holds only
 * the first few of them (a rule that counts its examples without listing them all).
 */
export function listText(items: string[], max = 4, count = items.length): string {
  if (count <= 1) return items.slice(0, count).join('');
  if (count > max) return `${items.slice(0, max).join(', ')} and ${count - max} more`;
  return `${items.slice(0, count - 1).join(', ')} and ${items[count - 1]}`;
}

/** "1 error", "3 errors" (or the plural given: "2 entries"). */
export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}
