// The verdict per feature level, proven on both sides of one boundary of the API document, under
// the spec profile: channel folders (389, the level of the README's example). `npm run levels`
// (a step of .ci/run) proves every boundary the document names, under both profiles
// (tests/levels/all-levels.levels.ts).
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { PropertyCase } from '../../src/property/define.js';
import { conformsThrough } from '../../src/report/model/feature-level.js';
import { boundaryCases, problemsOf, verdictAt } from '../support/level-proof.js';
import { scaled } from '../support/time-limits.js';

const files = import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true });
const PROPERTIES = Object.values(files).map((f) => f.PROPERTY);

describe('the reference server at a feature level, and the verdict the suite gives it', () => {
  it.each([[388, 389, 'spec']] as const)(
    'levels %i and %i (%s): probed, each passes as itself; judged as 420, each conforms through itself',
    async (below, boundary, profile) => {
      const under = await verdictAt(below, profile, PROPERTIES);
      const at = await verdictAt(boundary, profile, PROPERTIES);
      expect([...problemsOf(under), ...problemsOf(at)]).toEqual([]);
      expect(conformsThrough(under.asNewest, 420, below)).toBe(below);
      expect(conformsThrough(at.asNewest, 420, boundary)).toBe(boundary);
      // The boundary is seen: its cases run and pass at the level, and fail just below it.
      const own = boundaryCases(at.probing, boundary);
      expect(own.length).toBeGreaterThan(0);
      expect(own.filter((r) => r.status !== 'passed').map((r) => r.id)).toEqual([]);
      const below420 = new Map(under.asNewest.map((r) => [r.id, r.status]));
      expect(own.some((r) => below420.get(r.id) === 'failed' || below420.get(r.id) === 'errored')).toBe(true);
      // Below the boundary the suite probing the level skips them, saying why.
      const skipped = under.probing.filter((r) => (r.since ?? 0) === boundary);
      expect(skipped.every((r) => r.status === 'skipped' && r.message === `needs feature level ${boundary}, target has ${below}`)).toBe(true);
    },
    scaled(300_000),
  );
});
