// The target's effective feature level: the highest level L such that every case of level <= L
// passed (a case without `since` is level 0). Skipped cases neither prove nor break a level.
import type { CaseStatus } from '../engine/run-case.js';
import type { Target } from './model.js';

const broken = (status: CaseStatus) => status === 'failed' || status === 'errored';

export function conformsThrough(cases: { since?: number; status: CaseStatus }[], judgedLevel: number): number | null {
  const failing = cases.filter((c) => broken(c.status)).map((c) => c.since ?? 0);
  if (!failing.length) return judgedLevel;
  const lowest = Math.min(...failing);
  return lowest === 0 ? null : Math.min(lowest - 1, judgedLevel);
}

/** "claims 420, conforms through 389", the sentence every report prints. */
export function levelSentence(target: Target): string {
  const claimed = target.claimedFeatureLevel === null ? 'claims no level' : `claims ${target.claimedFeatureLevel}`;
  const judged = target.claimedFeatureLevel === target.featureLevel ? '' : `, judged as ${target.featureLevel}`;
  const through = target.conformsThrough === undefined ? ''
    : target.conformsThrough === null ? ', conforms through no level (cases without a feature level fail)'
    : `, conforms through ${target.conformsThrough}`;
  return `${claimed}${judged}${through}`;
}

/** Cases of level 0 are shown as "base". */
export const levelLabel = (level: number) => (level === 0 ? 'base' : String(level));
