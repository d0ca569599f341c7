// The verdict per feature level, proven against the reference server answering as that level:
// the suite probing the level (judged as the level the server claims) passes it, newer cases
// skipped with the reason; judged as 420 instead, no check of the level or below fails, what
// fails is newer than the level, and the effective level reported is the level itself. The
// boundaries proven are every level of Zulip's changelog the reference server's tables model
// (specs/level-crosswalk.yaml: each changes something the suite sends or checks), each on both
// sides. tests/levels/levels.test.ts proves a few of them in `npm test`; `npm run levels` proves
// them all.
import { runSuite, withSession } from './run-suite.js';
import { modelledLevels } from './level-crosswalk.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { planProperty } from '../../src/runner/plan-property.js';
import { runProperty } from '../../src/property/run-property.js';
import { brokenLevel, conformsThrough } from '../../src/report/model/feature-level.js';
import { NEWEST_FEATURE_LEVEL } from '../../src/reference/core/levels.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import type { PropertyCase } from '../../src/property/define.js';
import type { Profile } from '../../src/common/vocabulary.js';

/** The document's level boundaries (Versioning 3-8): a statement appears (or goes) at each. */
export const DOCUMENT_BOUNDARIES = [80, 167, 172, 215, 325, 333, 334, 342, 356, 379, 388, 389, 390, 392, 396, 404, 407, 420] as const;

/** Every level the level tables model (the document's among them): the reference server changes at each, and only there. */
export const BOUNDARIES: readonly number[] = modelledLevels();

/** The last level at which the reference server answers exactly as at `boundary`: the one before the next boundary, or the newest. */
export const lastLevelAsAt = (boundary: number): number => (BOUNDARIES.find((b) => b > boundary) ?? NEWEST_FEATURE_LEVEL + 1) - 1;

/**
 * Each boundary on both sides: the level before it, and the last level answered exactly as at it.
 * Between two boundaries the server does not change, nor does any case's level fall there, so the
 * upper end of that stretch proves what its lower end would (with more cases run), and is itself
 * the level below the next boundary: one run per stretch proves both boundaries around it.
 */
export const PROOF_LEVELS: readonly number[] = [...new Set(BOUNDARIES.flatMap((b) => [b - 1, lastLevelAsAt(b)]))].sort((a, b) => a - b);

export interface LevelVerdict {
  level: number;
  profile: Profile;
  /** Judged as the level the server claims. */
  probing: CaseResult[];
  /** Judged as 420. */
  asNewest: CaseResult[];
}

const broken = (r: CaseResult) => r.status === 'failed' || r.status === 'errored';
const line = (r: CaseResult) => `${r.id} (since ${r.since ?? 0}, ${r.status}): ${r.message ?? ''}`;

/** The first boundary above `level` (the newest level for the newest). */
export const nextBoundary = (level: number): number => BOUNDARIES.find((b) => b > level) ?? NEWEST_FEATURE_LEVEL;

/**
 * Runs the cases and properties of `profile` (those of level `upTo` or older, else every one)
 * against a reference server answering as `level`, judged as `judgedLevel`.
 */
export async function runAtLevel(
  level: number,
  judgedLevel: number,
  profile: Profile,
  properties: PropertyCase<unknown, unknown>[],
  upTo = Number.POSITIVE_INFINITY,
): Promise<CaseResult[]> {
  const ids = loadSuite().specs.flatMap((s) => s.cases.filter((c) => (c.since ?? 0) <= upTo).map((c) => c.id));
  const cases = [...(await runSuite({ serverFeatureLevel: level, featureLevel: judgedLevel, profile, cases: ids })).values()];
  properties = properties.filter((p) => (p.since ?? 0) <= upTo);
  const ran = await withSession({ serverFeatureLevel: level, featureLevel: judgedLevel, profile }, async (session) => {
    const out: CaseResult[] = [];
    for (const def of properties) {
      const decision = planProperty(session, def);
      if (!decision.run) {
        if ('skip' in decision)
          out.push({
            id: def.id,
            endpoint: def.endpoint,
            title: def.title,
            file: `properties/${def.id}`,
            clauses: def.clauses,
            status: 'skipped',
            message: decision.skip,
            durationMs: 0,
            ...(def.since ? { since: def.since } : {}),
          });
        continue;
      }
      out.push(
        await runProperty(def, session.ctx, session.redactor, {
          seed: 42,
          runsFactor: 1,
          vars: session.globals,
          operations: loadSuite().specs.map((s) => s.operation),
        }),
      );
    }
    return out;
  });
  return [...cases, ...ran];
}

/**
 * The suite probing `level`, and judged as 420. The second runs the cases up to the next boundary
 * only: a newer case can break no check of `level` or below (its failures count at its own level
 * or a later one), and the next boundary's own cases are those that must fail here.
 */
export async function verdictAt(level: number, profile: Profile, properties: PropertyCase<unknown, unknown>[]): Promise<LevelVerdict> {
  return {
    level,
    profile,
    probing: await runAtLevel(level, level, profile, properties),
    asNewest: await runAtLevel(level, NEWEST_FEATURE_LEVEL, profile, properties, nextBoundary(level)),
  };
}

/** What a verdict breaks of the promise; empty when the level is proven. */
export function problemsOf(v: LevelVerdict): string[] {
  const problems: string[] = [];
  const at = `level ${v.level} (${v.profile})`;
  for (const r of v.probing.filter(broken)) problems.push(`${at}, judged as ${v.level}: ${line(r)}`);
  for (const r of v.probing.filter((r) => r.status === 'skipped' && /needs feature level/.test(r.message ?? '') && (r.since ?? 0) <= v.level)) {
    problems.push(`${at}: skipped though of level ${r.since ?? 0}: ${line(r)}`);
  }
  const probed = conformsThrough(v.probing, v.level, v.level);
  if (probed !== v.level) problems.push(`${at}, judged as ${v.level}: conforms through ${probed}, expected ${v.level}`);
  for (const r of v.asNewest.filter((r) => broken(r) && brokenLevel(r) <= v.level))
    problems.push(`${at}, judged as 420: a check of level ${brokenLevel(r)} broke: ${line(r)}`);
  const through = conformsThrough(v.asNewest, 420, v.level);
  if (v.level < 420 && through !== v.level) problems.push(`${at}, judged as 420: conforms through ${through}, expected ${v.level}`);
  return problems;
}

/** The cases of each boundary level: they must run at the level and fail just below it. */
export function boundaryCases(results: CaseResult[], boundary: number): CaseResult[] {
  return results.filter((r) => (r.since ?? 0) === boundary);
}

/** Newer than the level yet passing when judged as 420: their checks cannot tell the levels apart (an error answers them both). */
export const passingNewer = (v: LevelVerdict): CaseResult[] => v.asNewest.filter((r) => r.status === 'passed' && (r.since ?? 0) > v.level);

const PROFILES = ['spec', 'zulip'] as const;
const count = (results: CaseResult[], status: string) => results.filter((r) => r.status === status).length;

/**
 * Proves `levels` (consecutive proof levels) under both profiles, printing a line per level and
 * profile, and returns what breaks the promise. A boundary is checked for being seen when both its
 * sides are among `levels`: under some profile one of its own cases passes where the server
 * answers as it and fails (or errors) just below it.
 */
export async function proveLevels(levels: readonly number[], properties: PropertyCase<unknown, unknown>[], print: (line: string) => void): Promise<string[]> {
  const verdicts = new Map<string, LevelVerdict>();
  const problems: string[] = [];
  for (const level of levels) {
    for (const profile of PROFILES) {
      const v = await verdictAt(level, profile, properties);
      verdicts.set(`${level} ${profile}`, v);
      problems.push(...problemsOf(v));
      const bad = v.asNewest.filter(broken).length;
      print(
        `${String(level).padEnd(6)} ${profile.padEnd(8)} ${String(count(v.probing, 'passed')).padStart(6)} / ${String(count(v.probing, 'skipped')).padEnd(12)}` +
          `${String(bad).padStart(10)}, ${String(passingNewer(v).length).padEnd(27)} ${conformsThrough(v.asNewest, NEWEST_FEATURE_LEVEL, level)}`,
      );
    }
  }
  for (const boundary of BOUNDARIES) {
    const [below, as] = [boundary - 1, lastLevelAsAt(boundary)];
    if (!levels.includes(below) || !levels.includes(as)) continue;
    const own = (profile: Profile) => boundaryCases(verdicts.get(`${as} ${profile}`)!.probing, boundary);
    if (!PROFILES.some((profile) => own(profile).length)) continue;
    const seen = PROFILES.some((profile) => {
      // Told apart below: broken there, or skipped on the target for what it lacks (an organisation
      // setting of the level the case needs, which the older server does not have).
      const failedBelow = new Map(
        verdicts.get(`${below} ${profile}`)!.asNewest.map((r) => [r.id, broken(r) || (r.status === 'skipped' && r.onTarget === true)]),
      );
      return own(profile).some((r) => r.status === 'passed' && failedBelow.get(r.id) === true);
    });
    if (!seen)
      problems.push(
        `boundary ${boundary}: no case of level ${boundary} passes where the server answers as it and fails (or is skipped on the target) at ${below}`,
      );
  }
  return problems;
}

/**
 * The proof levels in `count` consecutive stretches of about equal work (the cases a level runs),
 * each sharing its first level with the one before, so that both sides of every boundary fall in
 * one stretch: `npm run levels` proves them side by side.
 */
export function proofShards(count: number): number[][] {
  const cases = loadSuite().specs.flatMap((s) => s.cases.map((c) => c.since ?? 0));
  const work = PROOF_LEVELS.map((level) => 1 + cases.filter((since) => since <= level).length);
  const total = work.reduce((a, b) => a + b, 0);
  const shards: number[][] = [];
  let start = 0;
  let done = 0;
  for (let i = 0; i < PROOF_LEVELS.length; i += 1) {
    done += work[i];
    const last = i === PROOF_LEVELS.length - 1;
    if (last || (shards.length < count - 1 && done >= (total * (shards.length + 1)) / count)) {
      shards.push(PROOF_LEVELS.slice(start, i + 1));
      start = i;
    }
  }
  return shards;
}
