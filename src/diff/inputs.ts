/**
 * Canonical text of model objects for the change impact of the behaviour
 * delta: every value the model holds, with source positions left out (a Loc
 * becomes a marker, so that an optional statement that is present still
 * counts). Two objects with the same text give the simulator the same inputs,
 * whatever lines they sit on. Comparing whole objects, rather than the
 * attributes the simulator is known to read today, keeps the impact analysis
 * safe when the model or the engines grow: an unknown difference means
 * "simulate", never "skip".
 */

function isLoc(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const l = x as Record<string, unknown>;
  return typeof l['file'] === 'string' && typeof l['line'] === 'number' && typeof l['endColumn'] === 'number';
}

function positionless(_key: string, value: unknown): unknown {
  return isLoc(value) ? 1 : value;
}

export function inputsText(value: unknown): string {
  return JSON.stringify(value, positionless) ?? '';
}
