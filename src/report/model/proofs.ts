// Which cases have been seen to fail against a server that breaks each clause (or Zulip fact):
// specs/proven-cases.json, written by `npm run proofs` from the mutants (tests/mutants) and the
// property breakers (tests/properties) and, for Zulip facts, the variant realm
// (tests/robustness/variant.test.ts), and checked by `npm test`. A clause is `tested` in a
// report only when one of its proven cases ran: a case that cites a clause but was never seen
// to catch a server breaking it proves nothing.
import { readFileSync } from 'node:fs';
import type { Profile } from '../../common/vocabulary.js';
import { projectPath } from '../../common/paths.js';

/** rule (clause or fact id) -> profile -> the cases proven to catch a server breaking it. */
export type ProofMap = Record<string, Partial<Record<Profile, string[]>>>;

export interface ProofsFile {
  about: string;
  /** From tests/mutants: spec cases. */
  cases: ProofMap;
  /** From tests/properties: property cases. */
  properties: ProofMap;
  /**
   * From tests/robustness/variant.test.ts: zulip-profile cases that failed against the variant
   * realm (which differs from the Zulip server wherever the document leaves a choice open),
   * under the Zulip facts their failures name. Facts only: clauses are proven by mutants.
   */
  variant?: ProofMap;
  /**
   * From tests/mutants: clause id -> the mutants of its statement kind (specs/clauses.yaml `kind`)
   * seen to catch a server breaking it: the proof that the kind's generic check reaches it.
   */
  kinds?: Record<string, string[]>;
  /**
   * From tests/mutants: clause about a set (specs/clauses.yaml `members`) -> member -> profile ->
   * the mutants breaking that member alone that a case was seen to catch.
   */
  members?: Record<string, Record<string, Partial<Record<Profile, string[]>>>>;
  /**
   * From tests/mutants: whether each mutant's report names what it breaks. Over the mutants with
   * a failure, how many have a declared rule as the top line of "Failures by broken rule"; over
   * the rules their reports name, how many they declare (`breaks`); and the mutants naming more.
   */
  attribution?: AttributionProof;
}

/** Whether the mutants' reports name what they break (tests/support/attribution.ts). */
export interface AttributionProof {
  /** Mutants run. */
  mutants: number;
  /** Mutants whose report has a failure (the others are caught by a disputed clause's warning). */
  withFailures: number;
  /** Of those, the ones whose top line is a rule they declare. */
  topLine: number;
  /** Rules named, summed over the mutants' reports. */
  named: number;
  /** Of those, the ones the mutant declares. */
  declared: number;
  /** The mutants naming a rule they do not declare, with those rules. */
  misses: { mutant: string; top: string; undeclared: string[] }[];
}

export const PROOFS_FILE = projectPath('specs', 'proven-cases.json');

let loaded: ProofsFile | null = null;

export function loadProofs(file = PROOFS_FILE): ProofsFile {
  if (file === PROOFS_FILE && loaded) return loaded;
  let proofs: ProofsFile;
  try {
    proofs = JSON.parse(readFileSync(file, 'utf8')) as ProofsFile;
  } catch {
    proofs = { about: '', cases: {}, properties: {} };
  }
  if (file === PROOFS_FILE) loaded = proofs;
  return proofs;
}

/** The cases proven to catch a server breaking `rule`, under `profile`. */
export function provenCases(proofs: ProofsFile, rule: string, profile: Profile): string[] {
  return [...new Set([...(proofs.cases[rule]?.[profile] ?? []), ...(proofs.properties[rule]?.[profile] ?? []), ...(proofs.variant?.[rule]?.[profile] ?? [])])];
}
