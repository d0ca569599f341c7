import { describe, expect, it } from 'vitest';
import { MATCHERS } from '../../src/engine/judge/matchers.js';
import { resolvePath } from '../../src/engine/judge/body-path.js';
import { interpolate, placeholderRoots } from '../../src/engine/run/interpolate.js';

const body = {
  streams: [
    { stream_id: 1, name: 'a', tags: [] },
    { stream_id: 2, name: 'b' },
  ],
  status: { text: 'hi' },
  n: 3,
};
const check = (path: string, matcher: string, want: unknown) => MATCHERS[matcher](resolvePath(body, path), want);
/** A mismatch as one line, the way failure messages show it. */
const line = (m: { expected: string; actual: string } | null) => (m ? `expected ${m.expected}, got ${m.actual}` : null);

describe('body paths', () => {
  it('resolves keys, indexes, wildcards and filters', () => {
    expect(resolvePath(body, 'status.text')).toEqual({ found: true, value: 'hi' });
    expect(resolvePath(body, 'streams[1].name').value).toBe('b');
    expect(resolvePath(body, 'streams[*].stream_id').value).toEqual([1, 2]);
    expect(resolvePath(body, 'streams[?stream_id=2].name').value).toBe('b');
    expect(resolvePath(body, 'streams[?stream_id=9].name').found).toBe(false);
    expect(
      resolvePath(
        {
          e: [
            { t: 'a', n: 1 },
            { t: 'b', n: 2 },
            { t: 'a', n: 3 },
          ],
        },
        'e[*?t=a].n',
      ).value,
    ).toEqual([1, 3]);
    expect(resolvePath({ e: [{ t: 'b' }] }, 'e[*?t=a].n')).toEqual({ found: true, value: [] });
    expect(resolvePath(body, 'status.missing').found).toBe(false);
    expect(() => resolvePath(body, 'streams[x')).toThrow(/bad body path/);
  });
});

describe('matchers: match, non-match and message', () => {
  it.each([
    ['n', 'equals', 3, null],
    ['n', 'equals', 4, 'expected 4, got 3'],
    ['status.nope', 'equals', 1, 'expected 1, got nothing (the field is missing)'],
    ['n', 'notEquals', 3, 'expected anything but 3, got 3'],
    ['n', 'oneOf', [1, 3], null],
    ['n', 'oneOf', [1, 2], 'expected one of [1,2], got 3'],
    ['status.text', 'exists', true, null],
    ['status.nope', 'exists', true, 'expected the field to be present, got nothing (the field is missing)'],
    ['status.text', 'exists', false, 'expected no such field, got "hi"'],
    ['n', 'type', 'integer', null],
    ['n', 'type', 'number', null],
    ['status.text', 'type', 'integer', 'expected a integer, got string "hi"'],
    ['n', 'sorted', 'ascending', 'expected a list (in ascending order), got 3'],
    ['streams[*].stream_id', 'sorted', 'descending', 'expected descending order, got 1 before 2 (index 0)'],
    ['streams[*].stream_id', 'includes', 2, null],
    ['streams[*].stream_id', 'includes', 5, 'expected to include 5, got [1,2]'],
    ['streams[*].stream_id', 'excludes', 5, null],
    ['streams[*].stream_id', 'excludes', 2, 'expected not to include 2, got it at index 1'],
    ['streams[*].name', 'each', 'a', 'expected every element to be "a", got "b" at index 1'],
    ['streams', 'length', 2, null],
    ['streams', 'length', 3, 'expected length 3, got length 2'],
    ['streams', 'minLength', 3, 'expected length at least 3, got length 2'],
    ['status.text', 'matches', '^h', null],
    ['status.text', 'matches', '^x', 'expected to match /^x/, got "hi"'],
    ['streams[*].name', 'sorted', 'ascending', null],
    ['streams[*].name', 'sorted', 'descending', 'expected descending order, got "a" before "b" (index 0)'],
    ['streams[*].stream_id', 'unique', true, null],
    ['n', 'includes', 3, 'expected a list (including 3), got 3'],
  ])('%s %s %j', (path, matcher, want, message) => {
    expect(line(check(path, matcher, want))).toBe(message);
  });
});

describe('interpolation', () => {
  const vars = { run: { id: 'ab12' }, accounts: { member: { user_id: 7 } } };
  it('keeps the type of a whole placeholder and splices partial ones', () => {
    expect(interpolate('${accounts.member.user_id}', vars)).toBe(7);
    expect(interpolate('cf ${run.id} x', vars)).toBe('cf ab12 x');
    expect(interpolate({ a: ['${run.id}', 1] }, vars)).toEqual({ a: ['ab12', 1] });
    expect(interpolate("${repeat('é', 3)}", vars)).toBe('ééé');
  });
  it('repeats as often as a variable says (a limit from POST /register)', () => {
    const withLimit = { ...vars, register: { max_topic_length: 4 } };
    expect(interpolate("${repeat('t', register.max_topic_length)}u", withLimit)).toBe('ttttu');
    expect(() => interpolate("${repeat('t', run.id)}", vars)).toThrow('${run.id} is not an integer (a repeat() count)');
  });
  it('names an undefined variable', () => {
    expect(() => interpolate('${public_id}', vars)).toThrow('${public_id} is not defined (no "public_id")');
  });
  it('takes a repeat() count from a variable, with an offset', () => {
    const limits = { ...vars, register: { max_name: 4 } };
    expect(interpolate("${repeat('n', register.max_name)}", limits)).toBe('nnnn');
    expect(interpolate("${repeat('n', register.max_name + 1)}", limits)).toBe('nnnnn');
    expect(interpolate("x${repeat('n', register.max_name - 3)}", limits)).toBe('xn');
    expect(() => interpolate("${repeat('n', register.max_other)}", limits)).toThrow('${register.max_other} is not defined');
    expect(() => interpolate("${repeat('n', run.id)}", limits)).toThrow('is not an integer');
  });
});

describe('sortedGroups', () => {
  const groups = (lists: number[][]) => ({ found: true, value: lists });
  it('passes groups that follow each other, whatever the order inside one', () => {
    expect(MATCHERS.sortedGroups(groups([[9, 8], [6, 7], [1]]), 'descending')).toBeNull();
    expect(MATCHERS.sortedGroups(groups([[3, 1, 2]]), 'descending')).toBeNull();
    expect(MATCHERS.sortedGroups(groups([[1, 2], [3]]), 'ascending')).toBeNull();
  });
  it('fails a later group reaching back past an earlier one, naming both values', () => {
    expect(
      MATCHERS.sortedGroups(
        groups([
          [1, 2],
          [5, 6],
        ]),
        'descending',
      )?.actual,
    ).toMatch(/^5 in group 1 after 1/);
    expect(MATCHERS.sortedGroups(groups([[9, 4], [6]]), 'descending')?.actual).toMatch(/^6 in group 1 after 4/);
    expect(MATCHERS.sortedGroups({ found: true, value: [[1], []] }, 'descending')?.expected).toMatch(/non-empty lists/);
  });
});

describe('placeholderRoots', () => {
  it('names the variable each placeholder starts from, not repeat() builders', () => {
    expect([...placeholderRoots({ p: ['${former}', 'x ${before.color_scheme} y'], q: "${repeat('d', 3)}" })].sort()).toEqual(['before', 'former']);
    expect([...placeholderRoots("${repeat('d', limit.max + 1)}")]).toEqual(['limit']);
    expect([...placeholderRoots("${repeat('d', register.max_topic_length)}")]).toEqual(['register']);
  });
});
