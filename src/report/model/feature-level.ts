// The target's effective feature level: the highest level L such that every case of level <= L
// passed (a case without `since` is level 0), at most the level judged. A skip that comes from the
// target (a newer level, no seeded realm) neither proves nor breaks a level; a skip for a missing
// account leaves its level unproven, so the run does not claim it (skip-causes.ts). Nor does it
// claim more than the target does: a server that claims 392 and fails the cases of 396 conforms
// through 392, not 395 (no case tells 392 from 395), and one that claims 400 is not said to
// conform through 420 because the cases of 401-420 it passed could not tell it apart from 420.
import type { CaseStatus } from '../../engine/run/run-case.js';
import { NEWEST_FEATURE_LEVEL } from '../../common/vocabulary.js';
import type { Target } from './model.js';
import { missingAccounts } from './skip-causes.js';
import { flagSettingName, type Env } from '../../common/audience.js';

type LevelCase = { since?: number; status: CaseStatus; message?: string; failures?: { since?: number }[] };
const broken = (c: LevelCase) => c.status === 'failed' || c.status === 'errored';
const lowestLevel = (cases: LevelCase[]) => (cases.length ? Math.min(...cases.map((c) => c.since ?? 0)) : Infinity);

/**
 * The level a broken case breaks: its own, or, when every failure is of a check newer than the
 * case (a field of a later level missing from an answer), the lowest of those checks' levels.
 */
export function brokenLevel(c: LevelCase): number {
  const own = c.since ?? 0;
  if (!c.failures?.length) return own;
  return Math.min(...c.failures.map((f) => Math.max(own, f.since ?? 0)));
}

const lowestBroken = (cases: LevelCase[]) => Math.min(Infinity, ...cases.filter(broken).map(brokenLevel));

export function conformsThrough(cases: LevelCase[], judgedLevel: number, claimedLevel: number | null = null): number | null {
  const lowest = Math.min(lowestBroken(cases), lowestLevel(cases.filter((c) => missingAccounts(c))));
  if (lowest === 0) return null;
  // The level below the first one broken (or unproven), at most the level judged and the one claimed.
  return Math.min(lowest - 1, judgedLevel, claimedLevel ?? judgedLevel);
}

/** The level whose cases were skipped for missing accounts, when that (not a failure) limits conformsThrough. */
export function unjudgedFrom(cases: LevelCase[], judgedLevel: number): number | undefined {
  const skipped = lowestLevel(cases.filter((c) => missingAccounts(c)));
  return skipped <= judgedLevel && skipped < lowestBroken(cases) ? skipped : undefined;
}

/** "claims 420, conforms through 389", the sentence every report prints. */
export function levelSentence(target: Target): string {
  return `${claimAndJudgement(target)}${throughClause(target)}`;
}

/** "claims 500, more than 420, the newest level of the API document, judged as 420": the level claimed, and the one judged where it differs. */
export function claimAndJudgement(target: Pick<Target, 'claimedFeatureLevel' | 'featureLevel' | 'requestedFeatureLevel'>, env: Env = process.env): string {
  const claimed = target.claimedFeatureLevel === null ? 'claims no level' : `claims ${target.claimedFeatureLevel}${aboveDocument(target.claimedFeatureLevel)}`;
  const asked =
    target.requestedFeatureLevel === undefined
      ? ''
      : ` (${flagSettingName('feature-level', 'CONFORMANCE_FEATURE_LEVEL', env)} ${target.requestedFeatureLevel}${aboveDocument(target.requestedFeatureLevel)})`;
  const judged = target.claimedFeatureLevel === target.featureLevel && !asked ? '' : `, judged as ${target.featureLevel}${asked}`;
  return `${claimed}${judged}`;
}

/** A level above the document's newest is judged as the newest: the sentence says why. */
const aboveDocument = (level: number) => (level > NEWEST_FEATURE_LEVEL ? `, more than ${NEWEST_FEATURE_LEVEL}, the newest level of the API document` : '');

function throughClause(target: Target): string {
  if (target.conformsThrough === undefined) return '';
  if (target.notClaimed) return `, no conformance level claimed (${target.notClaimed})`;
  if (target.unjudgedFrom !== undefined) {
    return target.conformsThrough === null
      ? ', conformance level not established (cases without a feature level were skipped for missing configuration)'
      : `, conforms through ${target.conformsThrough} (cases of level ${target.unjudgedFrom} were skipped for missing configuration)`;
  }
  return target.conformsThrough === null ? ', conforms through no level (cases without a feature level fail)' : `, conforms through ${target.conformsThrough}`;
}

/** Cases of level 0 are shown as "base". */
export const levelLabel = (level: number) => (level === 0 ? 'base' : String(level));
