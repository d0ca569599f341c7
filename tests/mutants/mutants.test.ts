// Every case can fail: each mutant is run, the cases it names must be caught with a failure
// naming a rule the mutant breaks, and every case of specs/ is caught by at least one mutant.
// Against the clean server, every case passes. What the mutants were seen to catch is the
// proof of specs/proven-cases.json: a clause is "tested" in a report only through it. And each
// mutant's report names what it breaks and little else (tests/support/attribution.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import type { Profile } from '../../src/common/vocabulary.js';
import { runSuite, WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import {
  catchProfiles,
  caughtRules,
  kindProofMap,
  memberProofMap,
  proofMap,
  readProofs,
  statementKindOf,
  updatingProofs,
  writeProofSection,
  type Catch,
  type MemberCatch,
} from '../support/proofs.js';
import { MUTANTS, type Mutant } from './catalog.js';
import {
  attributionLine,
  attributionProof,
  KNOWN_TOP_LINE_MISSES,
  namingOf,
  PRECISION_BAR,
  PRECISION_FLOOR,
  TOP_LINE_BAR,
  type Naming,
} from '../support/attribution.js';

const suite = loadSuite();
const caseProfile = new Map(suite.specs.flatMap((s) => s.cases.map((c) => [c.id, c.profile] as const)));
const known = new Set([...suite.clauses.map((c) => c.id), ...suite.facts.map((f) => f.id)]);
const kindOf = new Map(suite.clauses.map((c) => [c.id, c.kind] as const));

const clean = new Map<Profile, Map<string, CaseResult>>();
async function cleanRun(profile: Profile) {
  if (!clean.has(profile)) clean.set(profile, await runSuite({ profile }));
  return clean.get(profile)!;
}

const catches: Catch[] = [];
/** What each mutant of a statement kind was seen to catch (specs/proven-cases.json `kinds`). */
const kindCatches: { mutant: string; kind: string | undefined; rules: string[] }[] = [];
/** What each mutant breaking one member of a set alone was seen to catch (specs/proven-cases.json `members`). */
const memberCatches: MemberCatch[] = [];
let mutantsRun = 0;
/** What each mutant's report named (its "Failures by broken rule"). */
const namings: Naming[] = [];

// The clean runs are every mutant's baseline: made first, under a whole run's limit, so that a
// mutant's own limit measures only its own run.
beforeAll(() => Promise.all([cleanRun('spec'), cleanRun('zulip')]), WHOLE_RUN_TIMEOUT_MS);

describe('the clean reference server', () => {
  it.each(['spec', 'zulip'] as Profile[])('passes every case under the %s profile', async (profile) => {
    const results = [...(await cleanRun(profile)).values()];
    const bad = results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message ?? ''}`);
    expect(bad).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
  });
});

describe('mutants', () => {
  // Each mutant runs only the cases it names (with their files' fixtures), on a server of its
  // own; most of a mutant's time is spent waiting out event reads, so many run at once.
  it.concurrent.each(MUTANTS.map((m) => [m.name, m] as [string, Mutant]))(
    '%s is caught',
    async (_, mutant) => {
      const profile = mutant.profile ?? 'zulip';
      const [results, baseline] = await Promise.all([
        runSuite({
          quirks: mutant.quirks,
          rewrite: mutant.rewrite,
          profile,
          operations: mutant.operations,
          ...(mutant.shortcuts === false ? { shortcuts: false } : {}),
          ...(mutant.wholeFiles ? {} : { cases: mutant.kills }),
        }),
        cleanRun(profile),
      ]);
      namings.push(namingOf(mutant, results.values()));
      const breaks = mutant.breaks;
      const missed: string[] = [];
      for (const id of mutant.kills) {
        const result = results.get(id);
        const caught = caughtRules(result, baseline.get(id), breaks);
        if (!caught.rules.length) {
          const named = (result?.failures ?? []).map((f) => f.clauses.join('+')).join(', ');
          missed.push(
            `${id}: ${result?.status ?? 'did not run'}${result?.status === 'errored' ? ` (${result.message})` : ''}${named ? ` (failures name ${named}, the mutant breaks ${breaks.join(', ')})` : ''}`,
          );
        } else {
          const caughtCase = { caseId: id, caseProfile: caseProfile.get(id), profile, ...caught };
          catches.push(caughtCase);
          kindCatches.push({ mutant: mutant.name, kind: statementKindOf(mutant), rules: caught.rules });
          if (mutant.member)
            memberCatches.push({ clause: mutant.member.clause, member: mutant.member.name, mutant: mutant.name, profiles: catchProfiles(caughtCase) });
        }
      }
      expect(missed, `cases that did not catch ${mutant.name} with a failure naming what it breaks`).toEqual([]);
      const errored = [...results.values()].filter((r) => r.status === 'errored').map((r) => `${r.id}: ${r.message}`);
      expect(errored, 'a mutant is a wrong answer, not a broken transport: nothing errors').toEqual([]);
      mutantsRun += 1;
    },
    WHOLE_RUN_TIMEOUT_MS,
  );

  it('every case of specs/ is named by at least one mutant', () => {
    const named = new Set(MUTANTS.flatMap((m) => m.kills));
    const cases = suite.specs.flatMap((s) => s.cases.map((c) => c.id));
    expect(cases.filter((id) => !named.has(id))).toEqual([]);
  });

  it("a mutant breaking one member of a set names a member of a clause about a set, and breaks that clause or the member's own", () => {
    const setOf = new Map(suite.clauses.filter((c) => c.members).map((c) => [c.id, c.members!] as const));
    const wrong = MUTANTS.filter((m) => m.member).flatMap((m) => {
      const members = setOf.get(m.member!.clause);
      const own = members?.clauses?.[m.member!.name];
      if (!members?.names.map(String).includes(m.member!.name)) return [`${m.name}: ${m.member!.clause} has no member ${m.member!.name}`];
      return m.breaks.includes(m.member!.clause) || (own && m.breaks.includes(own))
        ? []
        : [`${m.name}: breaks neither ${m.member!.clause} nor ${own ?? "its member's clause"}`];
    });
    expect(wrong).toEqual([]);
  });

  it('every mutant names the rules it breaks, each a clause or a Zulip fact of the catalogs', () => {
    expect(MUTANTS.filter((m) => !m.breaks.length).map((m) => m.name)).toEqual([]);
    expect(MUTANTS.flatMap((m) => m.breaks.filter((r) => !known.has(r)).map((r) => `${m.name}: ${r}`))).toEqual([]);
  });

  it('the mutants cover each kind of wrong server', () => {
    const kinds = new Set(MUTANTS.map((m) => m.kind));
    expect([...kinds].sort()).toEqual([
      'default',
      'effect',
      'envelope',
      'error-code',
      'field',
      'invalid-input',
      'limit',
      'not-affected',
      'optional',
      'order',
      'parameter',
      'permission',
      'unit',
    ]);
  });

  // Each mutant alone: its report's top line is a rule it declares, and what else it names mostly is.
  it('every mutant names what it breaks: the top line always, the rules named mostly (npm run proofs prints them)', () => {
    if (namings.length < MUTANTS.length) return; // a filtered run proves only part
    const proof = attributionProof(namings);
    if (updatingProofs()) {
      writeProofSection('attribution', proof);
      console.log(`Attribution over ${proof.mutants} mutants: ${attributionLine(proof)}`);
    }
    const misses = proof.misses.map((m) => `${m.mutant}: names ${m.undeclared.join(', ')}${m.undeclared.includes(m.top) ? ' (top line)' : ''}`);
    // Every top line declared (TOP_LINE_BAR) but the known misses, each with its reason; a known one fixed is taken off the list.
    const topMisses = proof.misses.filter((m) => m.undeclared.includes(m.top)).map((m) => m.mutant);
    expect(TOP_LINE_BAR).toBe(1);
    expect(
      topMisses.filter((m) => !(m in KNOWN_TOP_LINE_MISSES)),
      `top lines not declared:\n${misses.filter((m) => m.endsWith('(top line)')).join('\n')}`,
    ).toEqual([]);
    expect(
      Object.keys(KNOWN_TOP_LINE_MISSES).filter((m) => !topMisses.includes(m)),
      'fixed: take them off KNOWN_TOP_LINE_MISSES',
    ).toEqual([]);
    // Precision: at least its floor (the goal is PRECISION_BAR).
    expect(proof.declared / proof.named, `${attributionLine(proof)}; rules named but not declared:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(
      Math.min(PRECISION_FLOOR, PRECISION_BAR),
    );
  });

  // Last: what every mutant was seen to catch is what specs/proven-cases.json claims.
  it('specs/proven-cases.json is what the mutants prove (npm run proofs writes it)', () => {
    if (mutantsRun < MUTANTS.length) return; // a filtered run proves only part
    const proven = proofMap(catches);
    const byKind = kindProofMap(kindCatches, kindOf);
    const byMember = memberProofMap(memberCatches);
    if (updatingProofs()) {
      writeProofSection('cases', proven);
      writeProofSection('kinds', byKind);
      writeProofSection('members', byMember);
    } else {
      expect(readProofs().cases, 'run `npm run proofs` and commit specs/proven-cases.json').toEqual(proven);
      expect(readProofs().kinds ?? {}, 'run `npm run proofs` and commit specs/proven-cases.json').toEqual(byKind);
      expect(readProofs().members ?? {}, 'run `npm run proofs` and commit specs/proven-cases.json').toEqual(byMember);
    }
  });
});
