// A test over the specs: every clause of a statement kind that a client can check is reached by
// its kind's generic check through the spec files (an optional parameter left out by a step
// expecting the request accepted, a default left out by a case citing it...), and proven by a
// mutant of its kind. A gap here is a class of servers the suite would let through.
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import { kindCoverage } from '../support/kind-coverage.js';
import { readProofs } from '../support/proofs.js';

/** Known gaps, each with why: this list only shrinks. */
const KNOWN_GAPS: Record<string, string> = {
  'res.detached-upload.messages': 'no answer carries a date_sent: a detached upload has no message referencing it',
};
const GENERIC = ['unit', 'optional', 'default', 'not-affected'];

describe('the statement kinds over the specs', () => {
  it('every checkable clause of the unit, optional, default and not-affected kinds is covered by its generic check, but the known gaps', () => {
    const coverage = kindCoverage(loadSuite()).filter((k) => GENERIC.includes(k.kind));
    const gaps = coverage.flatMap((k) => k.gaps.map((g) => `${g.clause}: ${g.why}`));
    expect(gaps.map((g) => g.split(':')[0]).sort()).toEqual(Object.keys(KNOWN_GAPS).sort());
    expect(coverage.every((k) => k.clauses.length > 0)).toBe(true);
  });

  it('every clause its generic check covers is proven by a mutant of its kind (specs/proven-cases.json, kinds)', () => {
    const proofs = readProofs().kinds ?? {};
    const unproven = kindCoverage(loadSuite())
      .filter((k) => GENERIC.includes(k.kind))
      .flatMap((k) => [...k.covered.keys()].filter((id) => !proofs[id]?.length).map((id) => `${k.kind} ${id}`));
    expect(unproven).toEqual([]);
  });
});
