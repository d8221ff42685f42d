/** How messages and reports list names: "SYSA", "SYSA and SYSB", "SYSA, SYSB and SYSC". */

/** "a, b and c" (at most `max` items, then "and N more"). */
export function listText(items: string[], max = 4): string {
  if (items.length <= 1) return items.join('');
  if (items.length > max) return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
