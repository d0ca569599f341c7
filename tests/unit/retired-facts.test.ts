// A fact with `until` (a field a later Zulip level removed) marks what rests on it, and a newer
// target is not judged by it: a zulip-profile case is skipped (plan-rules.test.ts), a `zulip:`
// block of another case is left out of the step's checks.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFacts } from '../../src/engine/load/load.js';
import { markRetiredFacts } from '../../src/engine/load/retired-facts.js';
import { runSteps } from '../../src/engine/run/run-steps.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';
import { fakeTarget, success } from './fake-target.js';

const step = (zulip?: Step['expect']): Step => ({ request: { method: 'GET', path: '/a' }, expect: { result: 'success', ...(zulip ? { zulip } : {}) } });
const file = (cases: Case[]): SpecFile => ({ file: 'x.yaml', operation: 'GET /a', title: 't', cases });
const FACTS = [{ id: 'zulip.old', until: 425 }, { id: 'zulip.older', until: 421 }, { id: 'zulip.kept' }];

describe('marking what rests on a retired fact', () => {
  it('a zulip-profile case gets the lowest until of its facts; a case of both profiles none', () => {
    const [marked] = markRetiredFacts(
      [file([{ id: 'z', title: 't', clauses: [], profile: 'zulip', facts: ['zulip.old', 'zulip.older', 'zulip.kept'], steps: [step()] }])],
      FACTS,
    );
    expect(marked.cases[0].until).toBe(421);
    const [both] = markRetiredFacts([file([{ id: 's', title: 't', clauses: [], facts: ['zulip.old'], steps: [step()] }])], FACTS);
    expect('until' in both.cases[0]).toBe(false);
  });

  it("a zulip: block by its own facts, else the case's; a block on kept facts, or a step without one, stays as it was", () => {
    const steps = [
      step({ status: 200, facts: ['zulip.older'] }),
      step({ status: 200 }),
      step({ status: 200, facts: ['zulip.kept'] }),
      step(),
      { request: { method: 'GET', path: '/b' } },
    ];
    const [marked] = markRetiredFacts([file([{ id: 's', title: 't', clauses: [], facts: ['zulip.old'], steps }])], FACTS);
    expect(marked.cases[0].steps.map((s) => s.expect?.zulip?.until)).toEqual([421, 425, undefined, undefined, undefined]);
    expect(marked.cases[0].steps[4]).toBe(steps[4]);
    expect(marked.cases[0].steps[3]).toBe(steps[3]);
    expect(marked.cases[0].steps[2]).toBe(steps[2]);
  });

  it('no fact retired: the files as they were', () => {
    const specs = [file([{ id: 's', title: 't', clauses: [], steps: [step()] }])];
    expect(markRetiredFacts(specs, [{ id: 'zulip.kept' }])).toBe(specs);
  });
});

describe('a fact of the catalog', () => {
  const factsFile = (until: number) => {
    const path = join(mkdtempSync(join(tmpdir(), 'facts-')), 'zulip-facts.yaml');
    writeFileSync(
      path,
      `facts:\n  - id: zulip.x\n    statement: a field the server sends\n    evidence: [{ path: zerver/views/x.py, symbol: x }]\n    featureLevel: 400\n    until: ${until}\n`,
    );
    return path;
  };

  it('may be retired at the level read or later, not before it', () => {
    expect(loadFacts(factsFile(400))[0].until).toBe(400);
    expect(() => loadFacts(factsFile(399))).toThrow(/zulip-facts\.yaml:\d+: facts\[0\]\.until: 399 is before the level read \(featureLevel 400\)/);
  });
});

describe('judging a block of a retired fact', () => {
  const retired: Step = { request: { method: 'GET', path: '/a' }, expect: { result: 'success', zulip: { status: 201, until: 421 } } };

  it('up to its level it is judged; past it, left out', async () => {
    const { ctx } = fakeTarget([success()], { profile: 'zulip' });
    const judged = await runSteps([retired], ctx, { featureLevel: 421 }, { clauses: ['c'] });
    expect(judged.status).toBe('failed');
    const newer = await runSteps([retired], ctx, { featureLevel: 422 }, { clauses: ['c'] });
    expect(newer.status).toBe('passed');
  });

  it('a block of no retired fact is judged whatever the level', async () => {
    const { ctx } = fakeTarget([success()], { profile: 'zulip' });
    const kept: Step = { request: { method: 'GET', path: '/a' }, expect: { result: 'success', zulip: { status: 201 } } };
    expect((await runSteps([kept], ctx, { featureLevel: 999 }, { clauses: ['c'] })).status).toBe('failed');
  });

  it('without a known level (no featureLevel variable) it is judged', async () => {
    const { ctx } = fakeTarget([success()], { profile: 'zulip' });
    expect((await runSteps([retired], ctx, {}, { clauses: ['c'] })).status).toBe('failed');
  });
});
