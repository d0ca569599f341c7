import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cached } from '../../src/engine/load/suite-cache.js';

describe('the validated-suite cache', () => {
  it('loads once while the files are unchanged, again after a change, and never caches a failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cache-'));
    writeFileSync(join(dir, 'a.yaml'), 'x: 1\n');
    let loads = 0;
    const load = () => ({ n: (loads += 1) });
    expect(cached(dir, load)).toEqual({ n: 1 });
    expect(cached(dir, load)).toEqual({ n: 1 });
    utimesSync(join(dir, 'a.yaml'), new Date(), new Date(Date.now() + 5000));
    expect(cached(dir, load)).toEqual({ n: 2 });
    writeFileSync(join(dir, 'b.yaml'), 'y: 2\n');
    expect(() =>
      cached(dir, () => {
        throw new Error('b.yaml:1: bad');
      }),
    ).toThrow('b.yaml:1: bad');
    expect(cached(dir, load)).toEqual({ n: 3 });
  });
});
