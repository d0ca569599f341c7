// Body matchers: each is one function, registered by name, that returns null when the value
// matches and otherwise what was expected and what was got, as text for the reports.
import { isDeepStrictEqual } from 'node:util';
import type { Resolved } from './body-path.js';

export interface Mismatch {
  expected: string;
  actual: string;
}

export type Matcher = (got: Resolved, want: unknown) => Mismatch | null;

export function show(value: unknown, limit = 160): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** What a matcher reports as got when the field is not there. */
export const MISSING = 'nothing (the field is missing)';
const missing = (got: Resolved, expected: string): Mismatch | null => (got.found ? null : { expected, actual: MISSING });
const asList = (got: Resolved, expected: string): unknown[] | Mismatch =>
  Array.isArray(got.value) ? got.value : { expected: `a list (${expected})`, actual: got.found ? show(got.value) : MISSING };

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Numbers compare as numbers, everything else as text: [100, 99] is descending, not ascending. */
export function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

const lengthOf = (got: Resolved, expected: string): number | Mismatch => {
  const v = got.value;
  if (!Array.isArray(v) && typeof v !== 'string') return { expected: `a list or string of ${expected}`, actual: got.found ? show(v) : MISSING };
  return [...v].length;
};

/**
 * Where `got` falls short of `want` read as "at least": an object needs at least the fields
 * `want` names, each at least as given (a newer server adds fields: they are not looked at); a
 * list needs as many elements, each at least its counterpart; anything else equals. Returns
 * the path to the first shortfall ("" for the value itself), or null.
 */
export function shortfall(got: unknown, want: unknown, at = ''): string | null {
  const join = (key: string) => (at ? `${at}.${key}` : key);
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) return at;
    for (const [i, w] of want.entries()) {
      const short = shortfall(got[i], w, `${at}[${i}]`);
      if (short !== null) return short;
    }
    return null;
  }
  if (typeof want === 'object' && want !== null) {
    if (typeof got !== 'object' || got === null || Array.isArray(got)) return at;
    for (const [key, w] of Object.entries(want)) {
      if (!Object.hasOwn(got, key)) return join(key);
      const short = shortfall((got as Record<string, unknown>)[key], w, join(key));
      if (short !== null) return short;
    }
    return null;
  }
  return isDeepStrictEqual(got, want) ? null : at;
}

export const MATCHERS: Record<string, Matcher> = {
  equals: (got, want) => missing(got, show(want)) ?? (isDeepStrictEqual(got.value, want) ? null : { expected: show(want), actual: show(got.value) }),
  /** The value at least as given: every field named, with those values; fields beyond them are a newer server's, not judged. */
  atLeast: (got, want) => {
    const expected = `at least ${show(want)}`;
    const absent = missing(got, expected);
    if (absent) return absent;
    const short = shortfall(got.value, want);
    return short === null ? null : { expected, actual: `${show(got.value)}${short ? ` (differs at ${short})` : ''}` };
  },
  notEquals: (got, want) =>
    missing(got, `anything but ${show(want)}`) ??
    (isDeepStrictEqual(got.value, want) ? { expected: `anything but ${show(want)}`, actual: show(got.value) } : null),
  oneOf: (got, want) =>
    missing(got, `one of ${show(want)}`) ??
    ((want as unknown[]).some((w) => isDeepStrictEqual(w, got.value)) ? null : { expected: `one of ${show(want)}`, actual: show(got.value) }),
  exists: (got, want) =>
    got.found === want ? null : want ? { expected: 'the field to be present', actual: MISSING } : { expected: 'no such field', actual: show(got.value) },
  type: (got, want) => {
    if (!got.found) return { expected: `a ${String(want)}`, actual: MISSING };
    const actual = typeOf(got.value);
    return actual === want || (want === 'number' && actual === 'integer') ? null : { expected: `a ${String(want)}`, actual: `${actual} ${show(got.value)}` };
  },
  includes: (got, want) => {
    const list = asList(got, `including ${show(want)}`);
    if (!Array.isArray(list)) return list;
    return list.some((v) => isDeepStrictEqual(v, want)) ? null : { expected: `to include ${show(want)}`, actual: show(list) };
  },
  excludes: (got, want) => {
    const list = asList(got, `without ${show(want)}`);
    if (!Array.isArray(list)) return list;
    const at = list.findIndex((v) => isDeepStrictEqual(v, want));
    return at < 0 ? null : { expected: `not to include ${show(want)}`, actual: `it at index ${at}` };
  },
  each: (got, want) => {
    const list = asList(got, `every element ${show(want)}`);
    if (!Array.isArray(list)) return list;
    const at = list.findIndex((v) => !isDeepStrictEqual(v, want));
    return at < 0 ? null : { expected: `every element to be ${show(want)}`, actual: `${show(list[at])} at index ${at}` };
  },
  length: (got, want) => {
    const n = lengthOf(got, `length ${String(want)}`);
    if (typeof n !== 'number') return n;
    return n === want ? null : { expected: `length ${String(want)}`, actual: `length ${n}` };
  },
  minLength: (got, want) => {
    const n = lengthOf(got, `length at least ${String(want)}`);
    if (typeof n !== 'number') return n;
    return n >= (want as number) ? null : { expected: `length at least ${String(want)}`, actual: `length ${n}` };
  },
  matches: (got, want) => {
    if (typeof got.value !== 'string') return { expected: `a string matching /${String(want)}/`, actual: got.found ? show(got.value) : MISSING };
    return new RegExp(want as string).test(got.value) ? null : { expected: `to match /${String(want)}/`, actual: show(got.value) };
  },
  sorted: (got, want) => {
    const list = asList(got, `in ${String(want)} order`);
    if (!Array.isArray(list)) return list;
    const sign = want === 'descending' ? -1 : 1;
    for (let i = 1; i < list.length; i += 1) {
      if (sign * compare(list[i - 1], list[i]) > 0) {
        return { expected: `${String(want)} order`, actual: `${show(list[i - 1])} before ${show(list[i])} (index ${i - 1})` };
      }
    }
    return null;
  },
  /** A list of lists (events[*].message_ids) whose lists follow each other in order: with
   *  descending, everything in a later list is below everything in the lists before it. */
  sortedGroups: (got, want) => {
    const list = asList(got, `groups in ${String(want)} order`);
    if (!Array.isArray(list)) return list;
    const groups = list.filter((g): g is unknown[] => Array.isArray(g) && g.length > 0);
    if (groups.length !== list.length) return { expected: 'a list of non-empty lists', actual: show(list) };
    const sign = want === 'descending' ? -1 : 1;
    // The value furthest along the order so far: every value of the next group must pass it.
    let reached: unknown;
    for (const [i, group] of groups.entries()) {
      const behind = i > 0 ? group.find((v) => sign * compare(reached, v) >= 0) : undefined;
      if (behind !== undefined)
        return {
          expected: `groups in ${String(want)} order`,
          actual: `${show(behind)} in group ${i} after ${show(reached)} in an earlier one (${show(list)})`,
        };
      reached = group.reduce((a, b) => (sign * compare(a, b) < 0 ? b : a));
    }
    return null;
  },
  unique: (got) => {
    const list = asList(got, 'no duplicates');
    if (!Array.isArray(list)) return list;
    const seen = new Set(list.map((v) => JSON.stringify(v)));
    return seen.size === list.length ? null : { expected: 'no duplicates', actual: show(list) };
  },
};

/** Names in an assertion that are not matchers: where it looks, which clause it enforces, when it applies. */
export const ASSERTION_KEYS = new Set(['path', 'clause', 'facts', 'when']);
