// Body paths, the grammar every assertion, capture and event filter is written in: what each
// segment reaches, what it does not, and which paths are refused. A path resolving to the wrong
// value is a false pass (or fail) in every case that uses it.
import { describe, expect, it } from 'vitest';
import { hasWildcard, parsePath, resolvePath } from '../../src/engine/judge/body-path.js';

describe('body path grammar', () => {
  it('parses keys, indexes, [*] and filters into segments', () => {
    expect(parsePath('a.b[12][*].c[?name=general][*?type=x y].d')).toEqual([
      { key: 'a' },
      { key: 'b' },
      { index: 12 },
      { all: true },
      { key: 'c' },
      { field: 'name', equals: 'general', every: false },
      { field: 'type', equals: 'x y', every: true },
      { key: 'd' },
    ]);
  });

  it('a filter may look for the empty value', () => {
    expect(parsePath('t[?topic=]')).toEqual([{ key: 't' }, { field: 'topic', equals: '', every: false }]);
    expect(resolvePath({ t: [{ topic: 'x' }, { topic: '', n: 2 }] }, 't[?topic=].n')).toEqual({ found: true, value: 2 });
  });

  it.each([
    ['.a', 'a leading dot'],
    ['a..b', 'an empty segment'],
    ['a.', 'a trailing dot'],
    ['a]b', 'a stray bracket'],
    ['a[', 'an unclosed bracket'],
    ['a[0', 'an unclosed index'],
    ['a[?x]', 'a filter without ='],
  ])('refuses %s (%s)', (path) => {
    expect(() => parsePath(path)).toThrow(`bad body path "${path}"`);
  });

  it('names where a path goes wrong, when it goes wrong before its end', () => {
    expect(() => parsePath('a]b')).toThrow('bad body path "a]b" at 1');
  });

  it('knows a path with [* yields a list', () => {
    expect(hasWildcard('a[*].b')).toBe(true);
    expect(hasWildcard('a[*?t=x]')).toBe(true);
    expect(hasWildcard('a[?t=*]')).toBe(false);
  });
});

describe('resolving a body path', () => {
  it('"" and "$" are the whole body', () => {
    const body = { a: 1 };
    expect(resolvePath(body, '')).toEqual({ found: true, value: body });
    expect(resolvePath(body, '$')).toEqual({ found: true, value: body });
  });

  it('a key reaches into objects only: not into strings, lists or null', () => {
    const body = { s: 'abc', list: [1, 2], nothing: null };
    expect(resolvePath(body, 's.length')).toEqual({ found: false, value: undefined });
    expect(resolvePath(body, 'list.length')).toEqual({ found: false, value: undefined });
    expect(resolvePath(body, 'nothing.x')).toEqual({ found: false, value: undefined });
    expect(resolvePath({ o: {} }, 'o.toString')).toEqual({ found: false, value: undefined });
  });

  it('a field present with the value null is found', () => {
    expect(resolvePath({ a: null }, 'a')).toEqual({ found: true, value: null });
  });

  it('an index reaches into lists only, and not past their end', () => {
    expect(resolvePath({ list: ['x', 'y'] }, 'list[1]')).toEqual({ found: true, value: 'y' });
    expect(resolvePath({ list: ['x', 'y'] }, 'list[2]')).toEqual({ found: false, value: undefined });
    expect(resolvePath({ o: { 0: 'zero' } }, 'o[0]')).toEqual({ found: false, value: undefined });
    expect(resolvePath({ s: 'abc' }, 's[0]')).toEqual({ found: false, value: undefined });
  });

  it('[*] takes every element of a list, every value of an object (a map keyed by id), and nothing of anything else', () => {
    expect(resolvePath({ l: [{ a: 1 }, { b: 2 }, { a: 3 }] }, 'l[*].a')).toEqual({ found: true, value: [1, 3] });
    expect(resolvePath({ s: 'abc' }, 's[*]')).toEqual({ found: true, value: [] });
    expect(resolvePath({ n: null }, 'n[*]')).toEqual({ found: true, value: [] });
    expect(resolvePath({ o: { a: 1, b: { c: 2 } } }, 'o[*]')).toEqual({ found: true, value: [1, { c: 2 }] });
    expect(resolvePath({}, 'missing[*].a')).toEqual({ found: true, value: [] });
  });

  it('a filter compares the field as text and takes the first match; [*? takes every match', () => {
    const body = { l: [{ id: 7, n: 'a' }, { id: '7', n: 'b' }, null, 'x', { id: 8, n: 'c' }] };
    expect(resolvePath(body, 'l[?id=7].n')).toEqual({ found: true, value: 'a' });
    expect(resolvePath(body, 'l[*?id=7].n')).toEqual({ found: true, value: ['a', 'b'] });
    expect(resolvePath(body, 'l[?id=9].n')).toEqual({ found: false, value: undefined });
    expect(resolvePath({ o: { id: 7 } }, 'o[?id=7]')).toEqual({ found: false, value: undefined });
  });

  it("a filter looks among an object's values too: a map keyed by id", () => {
    const emoji = { emoji: { 1: { id: '1', name: 'tick' }, 5: { id: '5', name: 'cf_x' }, 6: { id: '6', name: 'cf_x' } } };
    expect(resolvePath(emoji, 'emoji[?name=cf_x].id')).toEqual({ found: true, value: '5' });
    expect(resolvePath(emoji, 'emoji[*?name=cf_x].id')).toEqual({ found: true, value: ['5', '6'] });
    expect(resolvePath(emoji, 'emoji[?name=none].id')).toEqual({ found: false, value: undefined });
  });

  it('under a [*], a plain filter still takes only the first match of each list', () => {
    const body = {
      groups: [
        {
          m: [
            { r: 'admin', n: 'a' },
            { r: 'admin', n: 'b' },
          ],
        },
        { m: [{ r: 'admin', n: 'c' }] },
      ],
    };
    expect(resolvePath(body, 'groups[*].m[?r=admin].n')).toEqual({ found: true, value: ['a', 'c'] });
  });
});
