// Body matchers: each is one function, registered by name, that returns null when the value
// matches and otherwise what was expected and what was got.
import { isDeepStrictEqual } from 'node:util';
import type { Resolved } from './body-path.js';

export type Matcher = (got: Resolved, want: unknown) => string | null;

export function show(value: unknown, limit = 160): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

const missing = (got: Resolved) => (got.found ? null : 'the field is missing');
const asList = (got: Resolved): unknown[] | string =>
  Array.isArray(got.value) ? got.value : `expected a list, got ${show(got.value)}`;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export const MATCHERS: Record<string, Matcher> = {
  equals: (got, want) =>
    missing(got) ?? (isDeepStrictEqual(got.value, want) ? null : `expected ${show(want)}, got ${show(got.value)}`),
  notEquals: (got, want) =>
    missing(got) ?? (isDeepStrictEqual(got.value, want) ? `expected anything but ${show(want)}, got it` : null),
  oneOf: (got, want) =>
    missing(got) ??
    ((want as unknown[]).some((w) => isDeepStrictEqual(w, got.value)) ? null : `expected one of ${show(want)}, got ${show(got.value)}`),
  exists: (got, want) =>
    got.found === want ? null : want ? 'expected the field to be present, it is missing' : `expected no such field, got ${show(got.value)}`,
  type: (got, want) => {
    if (!got.found) return 'the field is missing';
    const actual = typeOf(got.value);
    return actual === want || (want === 'number' && actual === 'integer') ? null : `expected a ${want}, got ${actual} ${show(got.value)}`;
  },
  includes: (got, want) => {
    const list = asList(got);
    if (typeof list === 'string') return list;
    return list.some((v) => isDeepStrictEqual(v, want)) ? null : `expected to include ${show(want)}, got ${show(list)}`;
  },
  excludes: (got, want) => {
    const list = asList(got);
    if (typeof list === 'string') return list;
    const at = list.findIndex((v) => isDeepStrictEqual(v, want));
    return at < 0 ? null : `expected not to include ${show(want)}, got it at index ${at}`;
  },
  each: (got, want) => {
    const list = asList(got);
    if (typeof list === 'string') return list;
    const at = list.findIndex((v) => !isDeepStrictEqual(v, want));
    return at < 0 ? null : `expected every element to be ${show(want)}, got ${show(list[at])} at index ${at}`;
  },
  length: (got, want) => {
    const list = got.value;
    if (!Array.isArray(list) && typeof list !== 'string') return `expected a list or string, got ${show(list)}`;
    return [...list].length === want ? null : `expected length ${want}, got ${[...list].length}`;
  },
  minLength: (got, want) => {
    const list = got.value;
    if (!Array.isArray(list) && typeof list !== 'string') return `expected a list or string, got ${show(list)}`;
    return [...list].length >= (want as number) ? null : `expected length at least ${want}, got ${[...list].length}`;
  },
  matches: (got, want) => {
    if (typeof got.value !== 'string') return `expected a string matching /${want}/, got ${show(got.value)}`;
    return new RegExp(want as string).test(got.value) ? null : `expected to match /${want}/, got ${show(got.value)}`;
  },
  sorted: (got, want) => {
    const list = asList(got);
    if (typeof list === 'string') return list;
    const sign = want === 'descending' ? -1 : 1;
    for (let i = 1; i < list.length; i += 1) {
      if (sign * compare(list[i - 1], list[i]) > 0) {
        return `expected ${want} order, got ${show(list[i - 1])} before ${show(list[i])} (index ${i - 1})`;
      }
    }
    return null;
  },
  /** A list of lists (events[*].message_ids) whose lists follow each other in order: with
   *  descending, everything in a later list is below everything in the lists before it. */
  sortedGroups: (got, want) => {
    const list = asList(got);
    if (typeof list === 'string') return list;
    const groups = list.filter((g): g is unknown[] => Array.isArray(g) && g.length > 0);
    if (groups.length !== list.length) return `expected a list of non-empty lists, got ${show(list)}`;
    const sign = want === 'descending' ? -1 : 1;
    // The value furthest along the order so far: every value of the next group must pass it.
    let reached: unknown;
    for (const [i, group] of groups.entries()) {
      const behind = i > 0 ? group.find((v) => sign * compare(reached, v) >= 0) : undefined;
      if (behind !== undefined) return `expected groups in ${want} order, got ${show(behind)} in group ${i} after ${show(reached)} in an earlier one (${show(list)})`;
      reached = group.reduce((a, b) => (sign * compare(a, b) < 0 ? b : a));
    }
    return null;
  },
  unique: (got) => {
    const list = asList(got);
    if (typeof list === 'string') return list;
    const seen = new Set(list.map((v) => JSON.stringify(v)));
    return seen.size === list.length ? null : `expected no duplicates, got ${show(list)}`;
  },
};
