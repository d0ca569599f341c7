// Every case can fail: each mutant is run, the cases it names must be caught, and every case of
// specs/ is caught by at least one mutant. Against the clean server, every case passes.
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load.js';
import type { CaseResult } from '../../src/engine/run-case.js';
import type { Profile } from '../../src/config.js';
import { runSuite } from '../support/run-suite.js';
import { MUTANTS, type Mutant } from './catalog.js';

const disputedWarning = (r: CaseResult | undefined) => Boolean(r?.warnings?.some((w) => w.startsWith('disputed clause')));

/** A case catches a mutant when it fails, or, for a disputed case, when its warning changes. */
function caught(result: CaseResult | undefined, clean: CaseResult | undefined): boolean {
  if (!result) return false;
  if (result.status === 'failed') return true;
  return disputedWarning(clean) !== disputedWarning(result);
}

const clean = new Map<Profile, Map<string, CaseResult>>();
async function cleanRun(profile: Profile) {
  if (!clean.has(profile)) clean.set(profile, await runSuite({ profile }));
  return clean.get(profile)!;
}

describe('the clean reference server', () => {
  it.each(['spec', 'zulip'] as Profile[])('passes every case under the %s profile', async (profile) => {
    const results = [...(await cleanRun(profile)).values()];
    const bad = results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message ?? ''}`);
    expect(bad).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
  });
});

describe('mutants', () => {
  it.each(MUTANTS.map((m) => [m.name, m] as [string, Mutant]))('%s is caught', async (_, mutant) => {
    const profile = mutant.profile ?? 'zulip';
    const [results, baseline] = await Promise.all([
      runSuite({ quirks: mutant.quirks, rewrite: mutant.rewrite, profile, operations: mutant.operations }),
      cleanRun(profile),
    ]);
    const missed = mutant.kills.filter((id) => !caught(results.get(id), baseline.get(id)));
    expect(missed, `cases that did not catch ${mutant.name}`).toEqual([]);
    const errored = [...results.values()].filter((r) => r.status === 'errored').map((r) => `${r.id}: ${r.message}`);
    expect(errored, 'a mutant is a wrong answer, not a broken transport: nothing errors').toEqual([]);
  });

  it('every case of specs/ is named by at least one mutant', () => {
    const named = new Set(MUTANTS.flatMap((m) => m.kills));
    const cases = loadSuite().specs.flatMap((s) => s.cases.map((c) => c.id));
    expect(cases.filter((id) => !named.has(id))).toEqual([]);
  });

  it('the mutants cover each kind of wrong server', () => {
    const kinds = new Set(MUTANTS.map((m) => m.kind));
    expect([...kinds].sort()).toEqual(['effect', 'envelope', 'error-code', 'field', 'invalid-input', 'order', 'parameter', 'permission']);
  });
});
