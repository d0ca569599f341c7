// The vitest entry of a conformance run: every case of every spec file becomes a test carrying
// its CaseResult in task.meta, where the reporter reads it. Scheduling (concurrency, serial and
// exclusive files) is the Session's; vitest only runs everything concurrently.
import { afterAll, describe, inject, test } from 'vitest';
import { loadSuite } from '../spec/load.js';
import { Session } from './session.js';
import { executeCase, planCase, skippedResult } from './execute.js';
import type { CaseResult } from '../spec/run-case.js';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CaseResult;
  }
}

const session = new Session(inject('conformance'));
const { specs } = loadSuite();

for (const spec of specs) {
  const planned = spec.cases.map((c) => ({ c, decision: planCase(session, spec, c) })).filter(({ decision }) => !('omit' in decision));
  if (!planned.length) continue;
  describe.concurrent(spec.operation, () => {
    for (const { c, decision } of planned) {
      if (!decision.run) {
        const reason = 'skip' in decision ? decision.skip : '';
        test.skip(c.id, { meta: { conformance: skippedResult(spec, c, reason) } }, () => {});
        continue;
      }
      test(c.id, async ({ task }) => {
        const result = await executeCase(session, spec, c);
        task.meta.conformance = result;
        if (result.status === 'failed' || result.status === 'errored') throw new Error(result.message);
      });
    }
    afterAll(async () => {
      const problem = await session.cleanup(spec);
      if (problem) console.warn(problem);
    });
  });
}

afterAll(() => session.close());
