// The vitest entry of a conformance run: every case of every spec file, and every property of
// properties/, becomes a test carrying its CaseResult in task.meta, where the reporter reads it.
// Scheduling (concurrency, serial and exclusive files) is the Session's; vitest only runs
// everything concurrently, grouped by operation.
import { afterAll, describe, inject, test } from 'vitest';
import { receiveHandOver } from './hand-over.js';
import { Session } from './session.js';
import { executeCase, executeProperty, planCase, skippedResult } from './execute.js';
import { planProperty, planPropertyShape, useOrganisationSettings } from './plan-property.js';
import type { PropertyCase } from '../property/define.js';
import type { CaseResult } from '../engine/run/run-case.js';
import type { Decision } from '../engine/run/plan.js';
import type { SpecFile } from '../engine/load/types.js';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CaseResult;
  }
}

interface Planned {
  id: string;
  decision: Decision;
  skipped: (reason: string, onTarget?: true) => CaseResult;
  run: (signal: AbortSignal) => Promise<CaseResult>;
  /** The spec file whose fixtures the case uses, cleaned up once after the operation's cases. */
  spec?: SpecFile;
  /** Of the part of the run that goes first (Session.goesFirst). */
  first: boolean;
}

const { settings, specs, propertyFiles, organisationSettings } = receiveHandOver(inject);
useOrganisationSettings(organisationSettings);
const session = new Session(settings);
const byOperation = new Map<string, Planned[]>();
const add = (operation: string, planned: Planned) => byOperation.set(operation, [...(byOperation.get(operation) ?? []), planned]);

for (const spec of specs) {
  for (const c of spec.cases) {
    add(spec.operation, {
      id: c.id,
      decision: planCase(session, spec, c),
      skipped: (reason, onTarget) => skippedResult(spec, c, reason, onTarget),
      run: (signal) => executeCase(session, spec, c, signal),
      spec,
      first: session.goesFirst(spec),
    });
  }
}

const operations = specs.map((spec) => spec.operation);
const propertyModules = await Promise.all(
  propertyFiles.map((file) => import(/* @vite-ignore */ file) as Promise<{ PROPERTY: PropertyCase<unknown, unknown> }>),
);
// Files and properties that need plain members, whichever, are cast over every one the run holds.
session.spread(
  specs,
  propertyModules.map((m) => m.PROPERTY),
);
for (const { PROPERTY: def } of propertyModules) {
  const { spec, c } = planPropertyShape(def);
  add(def.endpoint, {
    id: def.id,
    decision: planProperty(session, def),
    skipped: (reason) => skippedResult(spec, c, reason),
    first: session.goesFirst(def),
    run: (signal) =>
      executeProperty(
        session,
        def,
        {
          seed: settings.seed ?? undefined,
          runsFactor: settings.propertyFactor,
          vars: session.scope(def.id).globals,
          operations,
          ...(settings.replayPath && settings.grep === def.id ? { path: settings.replayPath } : {}),
        },
        signal,
      ),
  });
}

for (const [operation, planned] of byOperation) {
  // The part of the run that goes first starts first: every case is in flight from the start, and
  // where two cases need different values of an organisation setting, the first to ask leads.
  const kept = planned.filter(({ decision }) => !('omit' in decision)).sort((a, b) => Number(b.first) - Number(a.first));
  if (!kept.length) continue;
  describe.concurrent(operation, () => {
    for (const p of kept) {
      if (!p.decision.run) {
        const why = 'skip' in p.decision ? p.decision : { skip: '', onTarget: undefined };
        test.skip(p.id, { meta: { conformance: p.skipped(why.skip, why.onTarget) } }, () => {});
        continue;
      }
      test(p.id, async ({ task, signal }) => {
        const result = await p.run(signal);
        task.meta.conformance = result;
        if (result.status === 'failed' || result.status === 'errored') throw new Error(result.message);
      });
    }
    afterAll(async () => {
      const specs = new Set(kept.flatMap((p) => (p.spec ? [p.spec] : [])));
      for (const problem of await Promise.all([...specs].map((spec) => session.cleanup(spec)))) if (problem) console.warn(problem);
    });
  });
}

afterAll(() => session.close());
