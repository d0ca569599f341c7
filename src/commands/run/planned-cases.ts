// Every case and property of the suite as the plan sees them, in the CLI's thread: what the
// filter check counts, and what an interrupted run reports for the cases it never started (a run
// stopped before its cases, or whose workers never got to some of them, still lists every case
// of its plan, each with what became of it).
import { decide, type PlanInput } from '../../engine/run/plan.js';
import type { Suite } from '../../engine/load/load.js';
import type { Case, SpecFile } from '../../engine/load/types.js';
import type { CaseResult } from '../../engine/run/run-case.js';
import type { PropertyCase } from '../../property/define.js';
import { propertyFiles } from '../../property/files.js';
import { planPropertyShape } from '../../runner/plan-property.js';
import { skippedResult } from '../../runner/execute.js';
import { CUT_SHORT, NOT_STARTED } from '../../common/vocabulary.js';

export type Planned = { spec: SpecFile; c: Case };

let shapes: Promise<Planned[]> | undefined;

/** The properties as the plan sees them (their modules are imported once, for their shape). */
export function loadPropertyShapes(): Promise<Planned[]> {
  return (shapes ??= Promise.all(
    propertyFiles().map(async (file) => {
      const { PROPERTY } = (await import(file)) as { PROPERTY: PropertyCase<unknown, unknown> };
      return planPropertyShape(PROPERTY);
    }),
  ));
}

/** Every spec case and property. */
export async function everyCase(suite: Suite): Promise<Planned[]> {
  return [...suite.specs.flatMap((spec) => spec.cases.map((c) => ({ spec, c }))), ...(await loadPropertyShapes())];
}

/**
 * The results of an interrupted run made whole: each case of the plan that has no result is
 * reported skipped, with the plan's reason, or as not started (or cut short, if it had started).
 */
export async function withUnfinished(suite: Suite, input: PlanInput, results: CaseResult[], started: ReadonlySet<string>): Promise<CaseResult[]> {
  const have = new Set(results.map((r) => r.id));
  const missing = (await everyCase(suite)).flatMap(({ spec, c }) => {
    if (have.has(c.id)) return [];
    const d = decide(spec, c, input);
    if ('omit' in d) return [];
    return [skippedResult(spec, c, 'skip' in d ? d.skip : started.has(c.id) ? CUT_SHORT : NOT_STARTED)];
  });
  return [...results, ...missing];
}
