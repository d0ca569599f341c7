// `npm run levels`: the verdict per feature level, proven on both sides of every level boundary
// the API document names (Versioning 3-8), under both profiles, against the reference server
// answering as each level. A long check (two runs of the whole suite per level and profile, about
// 70 runs), hence its own command rather than `npm test` (which proves four of these levels:
// tests/levels/levels.test.ts). It prints one line per level and profile, then says whether every
// level is proven.
/// <reference types="vite/client" />
import { expect, it } from 'vitest';
import type { PropertyCase } from '../../src/property/define.js';
import { conformsThrough } from '../../src/report/model/feature-level.js';
import { BOTH_SIDES, DOCUMENT_BOUNDARIES, boundaryCases, passingNewer, problemsOf, verdictAt, type LevelVerdict } from '../support/level-proof.js';

const files = import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true });
const PROPERTIES = Object.values(files).map((f) => f.PROPERTY);
const PROFILES = ['spec', 'zulip'] as const;

const count = (v: LevelVerdict['probing'], status: string) => v.filter((r) => r.status === status).length;

it('every level on both sides of every boundary of the API document is proven, under both profiles', async () => {
  const verdicts = new Map<string, LevelVerdict>();
  const problems: string[] = [];
  console.log('level  profile  probed: passed / skipped   as 420: failed+errored, newer still passing   conforms through');
  for (const level of BOTH_SIDES) {
    for (const profile of PROFILES) {
      const v = await verdictAt(level, profile, PROPERTIES);
      verdicts.set(`${level} ${profile}`, v);
      problems.push(...problemsOf(v));
      const bad = v.asNewest.filter((r) => r.status === 'failed' || r.status === 'errored').length;
      console.log(
        `${String(level).padEnd(6)} ${profile.padEnd(8)} ${String(count(v.probing, 'passed')).padStart(6)} / ${String(count(v.probing, 'skipped')).padEnd(12)}` +
          `${String(bad).padStart(10)}, ${String(passingNewer(v).length).padEnd(27)} ${conformsThrough(v.asNewest, 420, level)}`,
      );
    }
  }
  // Each boundary is seen: its cases pass at it and fail (or error) just below it, under some profile.
  for (const boundary of DOCUMENT_BOUNDARIES) {
    const seen = PROFILES.some((profile) => {
      const below = new Map(verdicts.get(`${boundary - 1} ${profile}`)!.asNewest.map((r) => [r.id, r.status]));
      return boundaryCases(verdicts.get(`${boundary} ${profile}`)!.probing, boundary).some(
        (r) => r.status === 'passed' && (below.get(r.id) === 'failed' || below.get(r.id) === 'errored'),
      );
    });
    if (!seen) problems.push(`boundary ${boundary}: no case of level ${boundary} passes at it and fails at ${boundary - 1}`);
  }
  for (const p of problems) console.log(`PROBLEM ${p}`);
  console.log(
    problems.length
      ? `${problems.length} problem(s): the levels are not all proven`
      : `all ${BOTH_SIDES.length} levels proven under both profiles (boundaries ${DOCUMENT_BOUNDARIES.join(', ')}): each passes as itself, and judged as 420 conforms through itself`,
  );
  expect(problems).toEqual([]);
}, 3_600_000);
