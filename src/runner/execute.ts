// Plan -> fixtures -> case, shared by the vitest entry and the suite's own tests, so both run
// a case exactly the same way.
import { decide, type Decision } from '../spec/plan.js';
import { baseResult, runCase, type CaseResult } from '../spec/run-case.js';
import type { Case, SpecFile } from '../spec/types.js';
import { FixtureError, type Session } from './session.js';

export const INTERRUPTED = 'the run was interrupted before this case started';

export function skippedResult(spec: SpecFile, c: Case, reason: string): CaseResult {
  return { ...baseResult(spec, c), status: 'skipped', message: reason, durationMs: 0 };
}

export async function executeCase(session: Session, spec: SpecFile, c: Case, signal?: AbortSignal): Promise<CaseResult> {
  return session.scheduled(spec, async () => {
    if (signal?.aborted || session.stopped) return skippedResult(spec, c, INTERRUPTED);
    let vars;
    try {
      vars = await session.fixtureVars(spec);
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error;
      return { ...baseResult(spec, c), status: 'errored', message: error.message, durationMs: 0 };
    }
    return runCase(spec, c, session.ctx, { ...vars }, session.redactor);
  }, c.steps[0]?.as ?? 'member');
}

export function planCase(session: Session, spec: SpecFile, c: Case): Decision {
  return decide(spec, c, session.planInput);
}

/** Runs spec files without vitest (the suite's self-tests): every planned case, then cleanup. */
export async function executeSpecs(session: Session, specs: SpecFile[]): Promise<CaseResult[]> {
  const perFile = await Promise.all(specs.map(async (spec) => {
    const results = await Promise.all(spec.cases.map(async (c): Promise<CaseResult | null> => {
      const decision = planCase(session, spec, c);
      if (decision.run) return executeCase(session, spec, c);
      return 'skip' in decision ? skippedResult(spec, c, decision.skip) : null;
    }));
    await session.cleanup(spec);
    return results.filter((r): r is CaseResult => r !== null);
  }));
  return perFile.flat();
}
