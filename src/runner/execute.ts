// Plan -> fixtures -> case, shared by the vitest entry and the suite's own tests, so both run
// a case exactly the same way.
import { decide, optionalFixturesUsed, type Decision } from '../engine/run/plan.js';
import { baseResult, runCase, type CaseResult } from '../engine/run/run-case.js';
import type { Case, SpecFile } from '../engine/load/types.js';
import { FixtureError, type Session } from './session.js';
import { NOT_STARTED } from '../common/vocabulary.js';
import type { PropertyCase } from '../property/define.js';
import { runProperty, type PropertyOptions } from '../property/run-property.js';
import { planPropertyShape } from './plan-property.js';
import { runsUnder } from '../property/budget.js';

/** A case not run, and why; `onTarget` when the cause is what the target is or lacks. */
export function skippedResult(spec: SpecFile, c: Case, reason: string, onTarget?: true): CaseResult {
  return { ...baseResult(spec, c), status: 'skipped', message: reason, ...(onTarget ? { onTarget } : {}), durationMs: 0 };
}

export async function executeCase(session: Session, spec: SpecFile, c: Case, signal?: AbortSignal): Promise<CaseResult> {
  // Fixtures that must age first do so before the case takes a slot or its file's turn.
  const unaged = spec.fixturesAge ? await session.ripen(spec) : null;
  if (unaged) return { ...baseResult(spec, c), status: 'errored', message: `${spec.operation}: could not judge: ${unaged}`, durationMs: 0 };
  return withSettings(session, spec, c, signal, () => scheduledCase(session, spec, c, signal));
}

/**
 * Runs a case (or a property) once the organisation settings it needs hold, taken before its
 * slot and its file's turn (a case waiting for another value of a setting holds neither), and
 * put back after it as the plan allows; skipped on the target where they cannot be made to hold.
 */
export async function withSettings(
  session: Session,
  spec: SpecFile,
  c: Case,
  signal: AbortSignal | undefined,
  run: () => Promise<CaseResult>,
): Promise<CaseResult> {
  if (signal?.aborted || session.stopped) return skippedResult(spec, c, NOT_STARTED);
  const held = await session.organisation.hold(c, session.goesFirst(spec));
  if ('skip' in held) return skippedResult(spec, c, session.redactor.text(held.skip), true);
  let result: CaseResult | undefined;
  try {
    result = await run();
    return result;
  } finally {
    const problems = await held.release();
    if (problems.length && result) result.warnings = [...(result.warnings ?? []), ...problems.map((p) => session.redactor.text(p))];
  }
}

/** A property, as a case: once the settings it needs hold, in its turn (its `exclusive` and `lock`). */
export function executeProperty(session: Session, def: PropertyCase<unknown, unknown>, options: PropertyOptions, signal?: AbortSignal): Promise<CaseResult> {
  const { spec, c } = planPropertyShape(def);
  const notStarted = () => skippedResult(spec, c, NOT_STARTED);
  return withSettings(session, spec, c, signal, () =>
    session.scheduled(
      spec,
      async (outsideSlot) =>
        signal?.aborted || session.stopped ? notStarted() : runProperty(def, session.scope(def.id, outsideSlot).ctx, session.redactor, options),
      undefined,
      notStarted,
      runsUnder(def.runs, options.runsFactor) * (def.requestsPerRun ?? 2),
    ),
  );
}

function scheduledCase(session: Session, spec: SpecFile, c: Case, signal?: AbortSignal): Promise<CaseResult> {
  const notStarted = () => skippedResult(spec, c, NOT_STARTED);
  return session.scheduled(
    spec,
    async (outsideSlot) => {
      if (signal?.aborted || session.stopped) return notStarted();
      let vars;
      try {
        vars = await session.fixtureVars(spec, outsideSlot);
      } catch (error) {
        if (!(error instanceof FixtureError)) throw error;
        return { ...baseResult(spec, c), status: 'errored', message: error.message, durationMs: 0 };
      }
      const lacking = missingOptional(spec, c, vars);
      if (lacking) return skippedResult(spec, c, `an optional fixture found nothing: ${lacking}`, true);
      return runCase(spec, c, session.scope(spec.file, outsideSlot).ctx, { ...vars }, session.redactor);
    },
    c,
    notStarted,
  );
}

/**
 * What an optional fixture step looked for and did not find, when the case uses its capture
 * (a deactivated user on a target that has none): the case is skipped with that, not errored.
 */
function missingOptional(spec: SpecFile, c: Case, vars: Record<string, unknown>): string | null {
  for (const { step, names } of optionalFixturesUsed(spec, c)) {
    const missing = names.find((name) => !(name in vars));
    if (missing) return step.note ?? `the optional fixture step that captures ${missing} found nothing`;
  }
  return null;
}

/** The plan's decision; a case that runs keeps the settings it needs as it needs them until it ends. */
export function planCase(session: Session, spec: SpecFile, c: Case): Decision {
  const decision = decide(spec, c, session.planInput);
  if (decision.run) session.organisation.expect(c);
  return decision;
}

/** Runs spec files without vitest (the suite's self-tests): every planned case, then cleanup. */
export async function executeSpecs(session: Session, specs: SpecFile[]): Promise<CaseResult[]> {
  const perFile = await Promise.all(
    specs.map(async (spec) => {
      const results = await Promise.all(
        spec.cases.map(async (c): Promise<CaseResult | null> => {
          const decision = planCase(session, spec, c);
          if (decision.run) return executeCase(session, spec, c);
          return 'skip' in decision ? skippedResult(spec, c, decision.skip, decision.onTarget) : null;
        }),
      );
      await session.cleanup(spec);
      return results.filter((r): r is CaseResult => r !== null);
    }),
  );
  return perFile.flat();
}
