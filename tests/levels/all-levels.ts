// `npm run levels`: the verdict per feature level, proven on both sides of every level at which the
// reference server's tables change (every level of Zulip's changelog they model,
// specs/level-crosswalk.yaml, the document's Versioning levels among them), under both profiles.
// A long check (two runs of the suite per level and profile), hence its own command rather than
// `npm test` (which proves two of these levels: tests/levels/levels.test.ts). The levels are
// split in two stretches, one per file (all-levels-*.levels.ts), which vitest runs side by side;
// each prints one line per level and profile, then says whether its levels are proven.
/// <reference types="vite/client" />
import { expect, it } from 'vitest';
import type { PropertyCase } from '../../src/property/define.js';
import { BOUNDARIES, PROOF_LEVELS, proofShards, proveLevels } from '../support/level-proof.js';

const files = import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true });
const PROPERTIES = Object.values(files).map((f) => f.PROPERTY);

/** The files that split the proof: each proves one stretch. */
export const SHARDS = 2;

/** Registers the proof of stretch `index` (0-based) of the levels. */
export function proveStretch(index: number): void {
  const levels = proofShards(SHARDS)[index];
  it(`levels ${levels[0]}-${levels.at(-1)} are proven on both sides of their boundaries, under both profiles`, async () => {
    const tag = `[${index + 1}/${SHARDS}]`;
    console.log(`${tag} level  profile  probed: passed / skipped   as 420: failed+errored, newer still passing   conforms through`);
    const problems = await proveLevels(levels, PROPERTIES, (line) => console.log(`${tag} ${line}`));
    for (const p of problems) console.log(`${tag} PROBLEM ${p}`);
    console.log(
      problems.length
        ? `${tag} ${problems.length} problem(s): the levels are not all proven`
        : `${tag} all ${levels.length} levels proven under both profiles (of ${PROOF_LEVELS.length}, both sides of ${BOUNDARIES.length} boundaries): each passes as itself, and judged as 420 conforms through itself`,
    );
    expect(problems).toEqual([]);
  }, 3_600_000);
}
