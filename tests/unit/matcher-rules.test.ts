// The body matchers' rules, one by one: what matches, what does not, and what a mismatch says.
// A matcher that lets a wrong value through is a false pass in every case that uses it.
import { describe, expect, it } from 'vitest';
import { compare, MATCHERS, show, ASSERTION_KEYS } from '../../src/engine/judge/matchers.js';

const at = (value: unknown) => ({ found: true, value });
const MISSING = { found: false, value: undefined };
/** A mismatch as one line, the way failure messages show it; null when it matches. */
const check = (matcher: string, got: { found: boolean; value: unknown }, want: unknown) => {
  const m = MATCHERS[matcher](got, want);
  return m ? `expected ${m.expected}, got ${m.actual}` : null;
};

describe('show', () => {
  it('shows a missing value as "nothing" and everything else as JSON', () => {
    expect(show(undefined)).toBe('nothing');
    expect(show(null)).toBe('null');
    expect(show({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
  });

  it('cuts text longer than 160 characters, and only that', () => {
    expect(show('x'.repeat(158))).toBe(`"${'x'.repeat(158)}"`); // 160 characters with its quotes
    expect(show('x'.repeat(159))).toBe(`"${'x'.repeat(159)}`.slice(0, 160) + '...');
    expect(show([1, 2, 3], 4)).toBe('[1,2...');
  });
});

describe('compare: the order of sorted and sortedGroups', () => {
  it('compares numbers as numbers: [100, 99] is descending, [9, 10] ascending', () => {
    expect(compare(100, 99)).toBeGreaterThan(0);
    expect(compare(9, 10)).toBeLessThan(0);
    expect(compare(3, 3)).toBe(0);
  });

  it('compares anything else as text, a number beside text too', () => {
    expect(compare('a', 'b')).toBe(-1);
    expect(compare('b', 'a')).toBe(1);
    expect(compare('a', 'a')).toBe(0);
    expect(compare('10', '9')).toBe(-1);
    expect(compare('b', 1)).toBe(1);
    expect(compare(1, 'b')).toBe(-1);
  });
});

describe('atLeast: what a newer server may extend', () => {
  it('an object needs the fields named, each with its value; more fields pass', () => {
    expect(check('atLeast', at({ a: 1, b: 2, newer: true }), { a: 1, b: 2 })).toBeNull();
    expect(check('atLeast', at({ a: 1 }), { a: 1, b: 2 })).toBe('expected at least {"a":1,"b":2}, got {"a":1} (differs at b)');
    expect(check('atLeast', at({ a: 1, b: 3 }), { a: 1, b: 2 })).toBe('expected at least {"a":1,"b":2}, got {"a":1,"b":3} (differs at b)');
    expect(check('atLeast', at([{ a: 1 }]), { a: 1 })).toBe('expected at least {"a":1}, got [{"a":1}]');
    expect(check('atLeast', at(null), { a: 1 })).toBe('expected at least {"a":1}, got null');
  });

  it('nested objects are read the same way, and a list keeps its length and order', () => {
    expect(check('atLeast', at({ o: { a: 1, x: 0 }, l: [{ t: 'u', y: 1 }] }), { o: { a: 1 }, l: [{ t: 'u' }] })).toBeNull();
    expect(check('atLeast', at({ l: [{ t: 'u' }, { t: 'v' }] }), { l: [{ t: 'u' }] })).toBe(
      'expected at least {"l":[{"t":"u"}]}, got {"l":[{"t":"u"},{"t":"v"}]} (differs at l)',
    );
    expect(check('atLeast', at({ l: [{ t: 'v' }, { t: 'u' }] }), { l: [{ t: 'u' }, { t: 'v' }] })).toBe(
      'expected at least {"l":[{"t":"u"},{"t":"v"}]}, got {"l":[{"t":"v"},{"t":"u"}]} (differs at l[0].t)',
    );
    expect(check('atLeast', at({ l: 'text' }), { l: [] })).toBe('expected at least {"l":[]}, got {"l":"text"} (differs at l)');
    expect(check('atLeast', at([{ t: 'u' }, { t: 'w' }]), [{ t: 'u' }, { t: 'v' }])).toBe(
      'expected at least [{"t":"u"},{"t":"v"}], got [{"t":"u"},{"t":"w"}] (differs at [1].t)',
    );
    expect(check('atLeast', at('text'), { a: 1 })).toBe('expected at least {"a":1}, got "text"');
    expect(check('atLeast', at([]), [])).toBeNull();
  });

  it('anything else equals strictly, and a missing field says so', () => {
    expect(check('atLeast', at('1'), 1)).toBe('expected at least 1, got "1"');
    expect(check('atLeast', at(null), null)).toBeNull();
    expect(check('atLeast', at({ a: null }), { a: null })).toBeNull();
    expect(check('atLeast', at({}), { a: undefined })).toBe('expected at least {}, got {} (differs at a)');
    expect(check('atLeast', MISSING, { a: 1 })).toBe('expected at least {"a":1}, got nothing (the field is missing)');
  });
});

describe('equals, notEquals, oneOf, exists', () => {
  it('a missing field matches none of them, and says it is missing', () => {
    expect(check('equals', MISSING, null)).toBe('expected null, got nothing (the field is missing)');
    expect(check('notEquals', MISSING, 3)).toBe('expected anything but 3, got nothing (the field is missing)');
    expect(check('oneOf', MISSING, [1, 2])).toBe('expected one of [1,2], got nothing (the field is missing)');
  });

  it('compare deeply and strictly: 1 is not "1", {a: 1} equals {a: 1}', () => {
    expect(check('equals', at('1'), 1)).toBe('expected 1, got "1"');
    expect(check('equals', at({ a: [1] }), { a: [1] })).toBeNull();
    expect(check('notEquals', at(4), 3)).toBeNull();
    expect(check('oneOf', at({ a: 1 }), [{ a: 1 }])).toBeNull();
    expect(check('oneOf', at('1'), [1, 2])).toBe('expected one of [1,2], got "1"');
  });

  it('exists: false matches a missing field only', () => {
    expect(check('exists', MISSING, false)).toBeNull();
    expect(check('exists', at(null), false)).toBe('expected no such field, got null');
  });
});

describe('type', () => {
  it.each([
    [3, 'integer', null],
    [3, 'number', null],
    [1.5, 'number', null],
    [1.5, 'integer', 'expected a integer, got number 1.5'],
    ['3', 'number', 'expected a number, got string "3"'],
    [3, 'string', 'expected a string, got integer 3'],
    [null, 'null', null],
    [null, 'object', 'expected a object, got null null'],
    [[], 'array', null],
    [[], 'object', 'expected a object, got array []'],
    [{}, 'object', null],
    [true, 'boolean', null],
  ])('%j is %s: %s', (value, want, message) => {
    expect(check('type', at(value), want)).toBe(message);
  });

  it('a missing field has no type', () => {
    expect(check('type', MISSING, 'integer')).toBe('expected a integer, got nothing (the field is missing)');
  });
});

describe('includes, excludes, each', () => {
  it('need a list, and say which they wanted', () => {
    expect(check('includes', MISSING, 2)).toBe('expected a list (including 2), got nothing (the field is missing)');
    expect(check('excludes', at(3), 2)).toBe('expected a list (without 2), got 3');
    expect(check('each', at('ab'), 'a')).toBe('expected a list (every element "a"), got "ab"');
  });

  it('excludes finds the value at any index, the first one too', () => {
    expect(check('excludes', at([1, 2]), 1)).toBe('expected not to include 1, got it at index 0');
    expect(check('excludes', at([{ a: 1 }]), { a: 1 })).toBe('expected not to include {"a":1}, got it at index 0');
  });

  it('each holds when every element equals the value, and names the first that does not', () => {
    expect(check('each', at(['a', 'a']), 'a')).toBeNull();
    expect(check('each', at([]), 'a')).toBeNull();
    expect(check('each', at(['b', 'a']), 'a')).toBe('expected every element to be "a", got "b" at index 0');
  });
});

describe('length, minLength', () => {
  it('count the characters of a string, not its UTF-16 units, and the elements of a list', () => {
    expect(check('length', at('é😀'), 2)).toBeNull();
    expect(check('length', at([1, 2]), 2)).toBeNull();
  });

  it('minLength holds at the bound and above it', () => {
    expect(check('minLength', at([1, 2]), 2)).toBeNull();
    expect(check('minLength', at('abc'), 2)).toBeNull();
    expect(check('minLength', at('a'), 2)).toBe('expected length at least 2, got length 1');
  });

  it('need a list or a string', () => {
    expect(check('length', at(3), 2)).toBe('expected a list or string of length 2, got 3');
    expect(check('length', MISSING, 2)).toBe('expected a list or string of length 2, got nothing (the field is missing)');
    expect(check('minLength', at({}), 1)).toBe('expected a list or string of length at least 1, got {}');
  });
});

describe('matches', () => {
  it('needs a string', () => {
    expect(check('matches', at(3), '^3$')).toBe('expected a string matching /^3$/, got 3');
    expect(check('matches', MISSING, 'x')).toBe('expected a string matching /x/, got nothing (the field is missing)');
  });
});

describe('sorted', () => {
  it('sorted compares numbers as numbers: [100, 99] is not ascending, [9, 10] is', () => {
    expect(check('sorted', at([100, 99]), 'ascending')).toBe('expected ascending order, got 100 before 99 (index 0)');
    expect(check('sorted', at([9, 10]), 'ascending')).toBeNull();
    expect(check('sorted', at([10, 9]), 'descending')).toBeNull();
  });

  it('compares text as text, a number beside text too', () => {
    expect(check('sorted', at(['x', 'y', 'z']), 'ascending')).toBeNull();
    expect(check('sorted', at(['b', 1]), 'ascending')).toBe('expected ascending order, got "b" before 1 (index 0)');
  });

  it('allows equal neighbours: the order is not strict', () => {
    expect(check('sorted', at([1, 1, 2]), 'ascending')).toBeNull();
    expect(check('sorted', at([2, 2, 1]), 'descending')).toBeNull();
  });

  it('judges every neighbouring pair up to the last, and nothing past it', () => {
    expect(check('sorted', at([3, 2, 1]), 'descending')).toBeNull();
    expect(check('sorted', at([1, 2, 4, 3]), 'ascending')).toBe('expected ascending order, got 4 before 3 (index 2)');
    expect(check('sorted', at([]), 'ascending')).toBeNull();
  });
});

describe('sortedGroups', () => {
  it('needs a list', () => {
    expect(check('sortedGroups', at(5), 'descending')).toBe('expected a list (groups in descending order), got 5');
  });

  it('a value of an earlier group may not come again in a later one: the groups do not overlap', () => {
    expect(check('sortedGroups', at([[5, 3], [3]]), 'descending')).toBe(
      'expected groups in descending order, got 3 in group 1 after 3 in an earlier one ([[5,3],[3]])',
    );
    expect(check('sortedGroups', at([[1], [1]]), 'ascending')).toBe(
      'expected groups in ascending order, got 1 in group 1 after 1 in an earlier one ([[1],[1]])',
    );
  });

  it('a group reaches its furthest value, the first among equals', () => {
    expect(check('sortedGroups', at([['1', 1], [5]]), 'descending')).toBe(
      'expected groups in descending order, got 5 in group 1 after "1" in an earlier one ([["1",1],[5]])',
    );
  });
});

describe('unique', () => {
  it('finds a duplicate, comparing values by their JSON', () => {
    expect(check('unique', at([1, 2, 1]), true)).toBe('expected no duplicates, got [1,2,1]');
    expect(check('unique', at([{ a: 1 }, { a: 1 }]), true)).toBe('expected no duplicates, got [{"a":1},{"a":1}]');
    expect(check('unique', at([1, '1']), true)).toBeNull();
  });

  it('needs a list', () => {
    expect(check('unique', at('aa'), true)).toBe('expected a list (no duplicates), got "aa"');
  });
});

describe('assertion keys', () => {
  it('path, clause, facts and when are not matchers', () => {
    expect([...ASSERTION_KEYS].sort()).toEqual(['clause', 'facts', 'path', 'when']);
  });
});
