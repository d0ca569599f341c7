// The verdict per feature level, proven against the reference server answering as that level:
// the suite probing the level (judged as the level the server claims) passes it, newer cases
// skipped with the reason; judged as 420 instead, no check of the level or below fails, what
// fails is newer than the level, and the effective level reported is the level itself. The level
// boundaries proven are those of the API document's Versioning section (and the 10.x levels it
// names), each on both sides. tests/levels/levels.test.ts proves a few of them in `npm test`;
// `npm run levels` proves them all.
import { runSuite, withSession } from './run-suite.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { planProperty } from '../../src/runner/plan-property.js';
import { runProperty } from '../../src/property/run-property.js';
import { brokenLevel, conformsThrough } from '../../src/report/model/feature-level.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import type { PropertyCase } from '../../src/property/define.js';
import type { Profile } from '../../src/common/vocabulary.js';

/** The document's level boundaries (Versioning 3-8): a statement appears (or goes) at each. */
export const DOCUMENT_BOUNDARIES = [80, 167, 172, 215, 325, 333, 334, 342, 356, 379, 388, 389, 390, 392, 396, 404, 407, 420] as const;

/** Each boundary on both sides: the level before it and the level itself. */
export const BOTH_SIDES = [...new Set(DOCUMENT_BOUNDARIES.flatMap((b) => [b - 1, b]))].sort((a, b) => a - b);

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

/** Runs every case and property of `profile` against a reference server answering as `level`, judged as `judgedLevel`. */
export async function runAtLevel(level: number, judgedLevel: number, profile: Profile, properties: PropertyCase<unknown, unknown>[]): Promise<CaseResult[]> {
  const cases = [...(await runSuite({ serverFeatureLevel: level, featureLevel: judgedLevel, profile })).values()];
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

export async function verdictAt(level: number, profile: Profile, properties: PropertyCase<unknown, unknown>[]): Promise<LevelVerdict> {
  return { level, profile, probing: await runAtLevel(level, level, profile, properties), asNewest: await runAtLevel(level, 420, profile, properties) };
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
