// Derives specs/proven-cases.json from what the mutants (and property breakers) were seen to do:
// a case proves a rule when it failed against a server breaking that rule, with a failure that
// names it. Under which profiles: the profile it was caught under, and the other one where the
// same check runs there too (a check of the document runs under both; a zulip check only under
// zulip; a disputed clause's check fails only under zulip and warns under spec).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Profile } from '../../src/common/vocabulary.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import type { Failure } from '../../src/engine/judge/failure.js';
import { PROOFS_FILE, type AttributionProof, type ProofMap, type ProofsFile } from '../../src/report/model/proofs.js';
import { STATEMENT_KINDS, type StatementKind } from '../../src/engine/load/statement-kinds.js';

export interface Catch {
  caseId: string;
  /** The case runs only under this profile (profile: spec or zulip in its file). */
  caseProfile?: Profile;
  profile: Profile;
  rules: string[];
  /** Caught through a failure the zulip profile adds (a zulip block, a zulip-only case). */
  zulipCheck: boolean;
  /** Caught through the warning of a disputed clause (spec only). */
  dispute: boolean;
}

const ruleNames = (f: Failure) => [...f.clauses, ...(f.facts ?? [])];

/** The rules of `breaks` a result shows caught: by a failure naming them, or by a disputed check's warning appearing or going. */
export function caughtRules(
  result: CaseResult | undefined,
  clean: CaseResult | undefined,
  breaks: readonly string[],
): { rules: string[]; zulipCheck: boolean; dispute: boolean } {
  if (!result) return { rules: [], zulipCheck: false, dispute: false };
  const wanted = new Set(breaks);
  if (result.status === 'failed') {
    const hits = (result.failures ?? []).filter((f) => ruleNames(f).some((r) => wanted.has(r)));
    return { rules: [...new Set(hits.flatMap(ruleNames).filter((r) => wanted.has(r)))], zulipCheck: hits.every((f) => f.profile === 'zulip'), dispute: false };
  }
  const disputed = (r: CaseResult | undefined) => new Set((r?.disputes ?? []).flatMap(ruleNames));
  const now = disputed(result);
  const before = disputed(clean);
  const changed = [...wanted].filter((r) => now.has(r) !== before.has(r));
  return { rules: changed, zulipCheck: false, dispute: changed.length > 0 };
}

export function proofMap(catches: Catch[]): ProofMap {
  const map: ProofMap = {};
  const add = (rule: string, profile: Profile, caseId: string) => {
    const entry = (map[rule] ??= {});
    const list = (entry[profile] ??= []);
    if (!list.includes(caseId)) list.push(caseId);
  };
  for (const c of catches) for (const rule of c.rules) for (const profile of catchProfiles(c)) add(rule, profile, c.caseId);
  // Stable: rules and case lists sorted, so the file diffs well.
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((rule) => [rule, Object.fromEntries((['spec', 'zulip'] as Profile[]).filter((p) => map[rule][p]).map((p) => [p, [...map[rule][p]!].sort()]))]),
  );
}

export function readProofs(): ProofsFile {
  try {
    return JSON.parse(readFileSync(PROOFS_FILE, 'utf8')) as ProofsFile;
  } catch {
    return { about: '', cases: {}, properties: {}, variant: {} };
  }
}

const ABOUT =
  'Which cases have been seen to fail against a server that breaks each clause or Zulip fact (the mutants of tests/mutants, the property breakers of tests/properties; for Zulip facts also the variant realm of tests/robustness/variant.test.ts, which differs from Zulip wherever the document allows), by profile. A clause is reported tested only when one of these cases ran. Written by `npm run proofs`; `npm test` checks it.';

/** With UPDATE_PROOFS=1, writes this section of the file instead of checking it. */
export function updatingProofs(): boolean {
  return process.env.UPDATE_PROOFS === '1';
}

export function writeProofSection(section: 'cases' | 'properties' | 'variant', map: ProofMap): void;
export function writeProofSection(section: 'kinds', map: Record<string, string[]>): void;
export function writeProofSection(section: 'attribution', map: AttributionProof): void;
export function writeProofSection(section: 'members', map: MemberProofMap): void;
export function writeProofSection(
  section: 'cases' | 'properties' | 'variant' | 'kinds' | 'attribution' | 'members',
  map: ProofMap | Record<string, string[]> | AttributionProof | MemberProofMap,
): void {
  const file = { ...readProofs(), about: ABOUT, [section]: map };
  const { about, cases, properties } = file;
  const attribution = file.attribution ? { attribution: file.attribution } : {};
  const all = { about, cases, properties, variant: file.variant ?? {}, kinds: file.kinds ?? {}, members: file.members ?? {}, ...attribution };
  writeFileSync(PROOFS_FILE, `${JSON.stringify(all, null, 1)}\n`);
}

export type MemberProofMap = NonNullable<ProofsFile['members']>;

/** What a mutant breaking one member of a set alone was seen to catch, and under which profiles the catch holds. */
export interface MemberCatch {
  clause: string;
  member: string;
  mutant: string;
  profiles: Profile[];
}

/** The profiles a catch holds under: the one it was made under, and the other where the same check runs there too (as proofMap). */
export function catchProfiles(c: Pick<Catch, 'caseProfile' | 'profile' | 'zulipCheck' | 'dispute'>): Profile[] {
  const other: Profile = c.profile === 'spec' ? 'zulip' : 'spec';
  return c.caseProfile === undefined && !c.zulipCheck && !c.dispute ? [c.profile, other] : [c.profile];
}

/** clause -> member -> profile -> the mutants, sorted. */
export function memberProofMap(catches: readonly MemberCatch[]): MemberProofMap {
  const map: MemberProofMap = {};
  for (const c of catches) {
    for (const profile of c.profiles) {
      const list = (((map[c.clause] ??= {})[c.member] ??= {})[profile] ??= []);
      if (!list.includes(c.mutant)) list.push(c.mutant);
    }
  }
  const sorted = <T>(o: Record<string, T>) => Object.keys(o).sort();
  return Object.fromEntries(
    sorted(map).map((clause) => [
      clause,
      Object.fromEntries(
        sorted(map[clause]).map((member) => [
          member,
          Object.fromEntries((['spec', 'zulip'] as Profile[]).filter((p) => map[clause][member][p]).map((p) => [p, [...map[clause][member][p]!].sort()])),
        ]),
      ),
    ]),
  );
}

/** The statement kind a mutant breaks, when its kind is one (specs/clauses.yaml `kind`). */
export function statementKindOf(mutant: { kind: string }): StatementKind | undefined {
  return STATEMENT_KINDS.find((kind) => kind === mutant.kind);
}

/** clause -> the mutants of its kind that caught a server breaking it, sorted. */
export function kindProofMap(
  caught: readonly { mutant: string; kind: string | undefined; rules: readonly string[] }[],
  kindOf: ReadonlyMap<string, string | undefined>,
): Record<string, string[]> {
  const map: Record<string, Set<string>> = {};
  for (const c of caught) for (const rule of c.rules) if (c.kind && kindOf.get(rule) === c.kind) (map[rule] ??= new Set()).add(c.mutant);
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((rule) => [rule, [...map[rule]].sort()]),
  );
}
