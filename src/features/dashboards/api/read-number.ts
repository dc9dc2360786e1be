/**
 * Dashboard answers are read leniently: a count or amount that is missing, null or not
 * a number counts as 0 (the spec's "The error catalogue": counts stay 0), and numeric strings (PostgreSQL
 * numerics) are accepted.
 */
export function numberAt(value: unknown, ...keys: string[]): number {
  let current: unknown = value;
  for (const key of keys) {
    if (!current || typeof current !== 'object') return 0;
    current = (current as Record<string, unknown>)[key];
  }
  const n = typeof current === 'string' && current.trim() !== '' ? Number(current) : current;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** The first of several places a figure may be found, e.g. `stats.active` or `active`. */
export function firstNumberAt(value: unknown, ...paths: string[][]): number {
  for (const path of paths) {
    const n = numberAt(value, ...path);
    if (n !== 0) return n;
  }
  return 0;
}
