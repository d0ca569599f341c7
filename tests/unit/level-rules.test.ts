// The rules of feature levels in the engine and the report model: a schema field of a later level
// than the one judged may be missing; a failure of such a field belongs to its level; the level a
// target conforms through stops below the first broken check and never passes what it claims; a
// target above the document is judged as its newest level, and the sentence says so; `compare`
// of two levels reads as a changelog of the API between them.
import { describe, expect, it } from 'vitest';
import { schemaFindings, schemaValidator } from '../../src/engine/judge/schemas.js';
import { judge } from '../../src/engine/judge/judge.js';
import { judgeEvents } from '../../src/engine/judge/events-judge.js';
import { runSteps } from '../../src/engine/run/run-steps.js';
import { fakeTarget, success } from './fake-target.js';
import { ACTION_ENV } from '../../src/common/audience.js';
import { brokenLevel, claimAndJudgement, conformsThrough, levelSentence, unjudgedFrom } from '../../src/report/model/feature-level.js';
import { changelogBetween, compareReports, standsAt } from '../../src/report/cross-run/compare.js';
import { apiOf } from '../../src/report/model/api.js';
import { finish } from '../../src/report/model/assemble.js';
import type { ClauseEntry, ConformanceReport } from '../../src/report/model/model.js';
import type { SpecFile } from '../../src/engine/load/types.js';
import { levelToJudge } from '../../src/common/vocabulary.js';
import { kase, report } from './report-builders.js';
import { unitSchema } from './unit-schemas.js';

const SCHEMA = {
  type: 'object',
  required: ['old', 'mid', 'new'],
  properties: { old: { type: 'integer' }, mid: { type: 'integer', 'x-since': 300 }, new: { type: 'integer', 'x-since': 400 } },
};
const missing = (body: unknown, level?: number, limit?: number) => {
  const validate = schemaValidator(unitSchema('unit-levels', SCHEMA));
  validate(body);
  return schemaFindings(validate.errors, body, limit, level).map((f) => [f.path ?? f.message, f.since]);
};

describe('a schema field of a later level', () => {
  it('missing from a target judged as an older level is no finding; judged as its level or newer, a finding of its level', () => {
    expect(missing({}, 299)).toEqual([['old', undefined]]);
    expect(missing({}, 300)).toEqual([
      ['old', undefined],
      ['mid', 300],
    ]);
    expect(missing({}, 400)).toEqual([
      ['old', undefined],
      ['mid', 300],
      ['new', 400],
    ]);
    expect(missing({})).toEqual(missing({}, 400));
  });

  it('a finding of a field without a level, and the summary of errors some of which have none, carry no level at all', () => {
    const validate = schemaValidator(unitSchema('unit-levels', SCHEMA));
    validate({});
    const [old] = schemaFindings(validate.errors, {}, 5, 420);
    expect(old).not.toHaveProperty('since');
    const [summary] = schemaFindings(validate.errors, {}, 0, 420);
    expect(summary).not.toHaveProperty('since');
  });

  it('the errors left out of a long list belong to the lowest level among them, or to the case when one has none', () => {
    expect(missing({}, 420, 1)).toEqual([
      ['old', undefined],
      ['... and 2 more schema errors', 300],
    ]);
    expect(missing({}, 420, 0)).toEqual([['... and 3 more schema errors', undefined]]);
  });
});

describe('the judge, at the level a target is judged as', () => {
  const answer = { status: 200, headers: {}, text: '', json: { result: 'success', msg: '' } };
  const who = { clauses: ['op1.x'], facts: [], zulipCase: false };
  const schema = unitSchema('unit-levels', SCHEMA);

  it('excuses a missing field of a later level in an answer, and in an event, and names the level of one it does not excuse', () => {
    const paths = (level?: number) => judge(answer, { schema }, 'spec', who, level).map((f) => [f.path, f.since]);
    expect(paths(299)).toEqual([['old', undefined]]);
    expect(paths(400)).toEqual([
      ['old', undefined],
      ['mid', 300],
      ['new', 400],
    ]);
    expect(paths()).toEqual(paths(400));
    const events = (level?: number) =>
      judgeEvents([{ id: 0, type: 't' }], { queue: 'q', expect: [{ type: 't', schema }] }, 1, level).map((f) => [f.path, f.since]);
    expect(events(299)).toEqual([['events[0].old', undefined]]);
    expect(events()).toEqual([
      ['events[0].old', undefined],
      ['events[0].mid', 300],
      ['events[0].new', 400],
    ]);
  });

  it('judges the steps of a case at the level of its context', async () => {
    const { ctx } = fakeTarget([success(), success()]);
    const steps = [{ request: { method: 'GET', path: '/a' }, expect: { schema } }];
    expect((await runSteps(steps, { ...ctx, featureLevel: 299 }, {})).status).toBe('failed');
    const old = await runSteps(steps, { ...ctx, featureLevel: 299 }, {});
    expect(old.status === 'failed' && old.failures.map((f) => f.path)).toEqual(['old']);
  });
});

describe('an optional step', () => {
  it('whose values an optional step before it did not find is passed over, as that step was; a step that is not optional errors', async () => {
    const { ctx, sent } = fakeTarget([success(), success()]);
    const out = await runSteps(
      [
        { request: { method: 'GET', path: '/a' }, optional: true, capture: { gone: 'nothing.here' } },
        { request: { method: 'PATCH', path: '/b', params: { v: '${gone}' } }, optional: true },
        { request: { method: 'GET', path: '/c' } },
      ],
      ctx,
      {},
    );
    expect(out.status).toBe('passed');
    expect(sent.map((r) => r.path)).toEqual(['/a', '/c']);
    const strict = await runSteps([{ request: { method: 'PATCH', path: '/b', params: { v: '${gone}' } } }], fakeTarget([]).ctx, {});
    expect(strict.status === 'errored' && strict.cause).toMatch(/^step 1: .*gone/);
  });

  it('an events step whose expectation names a value the target did not give (a field of a later level) errors its case', async () => {
    const events = { queue: 'q', expect: [{ type: 't', body: [{ path: 'a', equals: '${register.newer}' }] }] };
    const out = await runSteps([{ request: { method: 'GET', path: '/events' }, events }], fakeTarget([]).ctx, { register: {} });
    expect(out.status === 'errored' && out.cause).toMatch(/^step 1: \$\{register\.newer\} is not defined/);
  });
});

describe('the level of a broken case', () => {
  it("is the case's own, or the lowest level of its failures when each is of a later level", () => {
    expect(brokenLevel({ status: 'failed', since: 100 })).toBe(100);
    expect(brokenLevel({ status: 'failed', since: 100, failures: [] })).toBe(100);
    expect(brokenLevel({ status: 'failed', since: 100, failures: [{ since: 400 }, { since: 300 }] })).toBe(300);
    expect(brokenLevel({ status: 'failed', since: 100, failures: [{ since: 400 }, {}] })).toBe(100);
    expect(brokenLevel({ status: 'failed', since: 350, failures: [{ since: 300 }] })).toBe(350);
    expect(brokenLevel({ status: 'errored' })).toBe(0);
  });

  it('a case failing only in checks of a later level leaves its own level conformed', () => {
    const cases = [{ status: 'passed' as const }, { status: 'failed' as const, since: 100, failures: [{ since: 400 }] }];
    expect(conformsThrough(cases, 420)).toBe(399);
  });
});

describe('the level a target conforms through', () => {
  it('stops below an errored case as below a failed one, and below a case skipped for a missing account', () => {
    expect(conformsThrough([{ status: 'passed' }, { status: 'errored', since: 390 }], 420)).toBe(389);
    const skippedForMember = { status: 'skipped' as const, since: 380, message: 'needs the member account, not configured' };
    expect(conformsThrough([{ status: 'passed' }, skippedForMember, { status: 'failed', since: 390 }], 420)).toBe(379);
    expect(unjudgedFrom([{ status: 'passed' }, skippedForMember, { status: 'failed', since: 390 }], 420)).toBe(380);
    expect(unjudgedFrom([skippedForMember, { status: 'failed', since: 380 }], 420)).toBeUndefined();
    expect(unjudgedFrom([skippedForMember], 379)).toBeUndefined();
    expect(unjudgedFrom([{ ...skippedForMember, since: undefined }], 420)).toBe(0);
  });

  it('says why it stops where it does', () => {
    const target = { url: 'u', profile: 'spec' as const, embedded: false, featureLevel: 420, claimedFeatureLevel: 420 };
    expect(levelSentence({ ...target })).toBe('claims 420');
    expect(levelSentence({ ...target, conformsThrough: 389 })).toBe('claims 420, conforms through 389');
    expect(levelSentence({ ...target, conformsThrough: null })).toBe('claims 420, conforms through no level (cases without a feature level fail)');
    expect(levelSentence({ ...target, conformsThrough: 379, unjudgedFrom: 380 })).toBe(
      'claims 420, conforms through 379 (cases of level 380 were skipped for missing configuration)',
    );
    expect(levelSentence({ ...target, conformsThrough: null, unjudgedFrom: 0 })).toBe(
      'claims 420, conformance level not established (cases without a feature level were skipped for missing configuration)',
    );
  });

  it('never more than it claims, nor than the level judged', () => {
    const cases = [{ status: 'passed' as const }, { status: 'failed' as const, since: 396 }];
    expect(conformsThrough(cases, 420, 392)).toBe(392);
    expect(conformsThrough(cases, 420, 400)).toBe(395);
    expect(conformsThrough(cases, 420, null)).toBe(395);
    expect(conformsThrough([{ status: 'passed' }], 388, 420)).toBe(388);
    expect(conformsThrough([{ status: 'passed' }], 420, 500)).toBe(420);
    expect(conformsThrough([{ status: 'failed' }], 420, 420)).toBeNull();
  });
});

describe('a level above the API document', () => {
  it('is judged as the newest level the document describes, whether claimed or asked for', () => {
    expect(levelToJudge(null, 500)).toBe(420);
    expect(levelToJudge(500, 388)).toBe(420);
    expect(levelToJudge(388, 500)).toBe(388);
    expect(levelToJudge(null, 388)).toBe(388);
    expect(levelToJudge(null, null)).toBe(420);
    expect(levelToJudge(420, null)).toBe(420);
  });

  it('the reports say the target claims more, or that more was asked for', () => {
    const target = { url: 'u', profile: 'spec' as const, embedded: false };
    expect(levelSentence({ ...target, featureLevel: 420, claimedFeatureLevel: 500, conformsThrough: 420 })).toBe(
      'claims 500, more than 420, the newest level of the API document, judged as 420, conforms through 420',
    );
    expect(claimAndJudgement({ featureLevel: 420, claimedFeatureLevel: 420, requestedFeatureLevel: 500 }, {})).toBe(
      'claims 420, judged as 420 (--feature-level 500, more than 420, the newest level of the API document)',
    );
    // In the GitHub Action, the input that asked for it.
    expect(claimAndJudgement({ featureLevel: 380, claimedFeatureLevel: 420, requestedFeatureLevel: 380 }, { [ACTION_ENV]: 'true' })).toBe(
      'claims 420, judged as 380 (input feature-level 380)',
    );
    expect(claimAndJudgement({ featureLevel: 388, claimedFeatureLevel: 388 })).toBe('claims 388');
    expect(claimAndJudgement({ featureLevel: 420, claimedFeatureLevel: 388 })).toBe('claims 388, judged as 420');
    expect(claimAndJudgement({ featureLevel: 420, claimedFeatureLevel: null })).toBe('claims no level, judged as 420');
  });
});

describe('the API a run judged', () => {
  it('each operation once, with the level a file of it gives; each parameter once, with its level', () => {
    const spec = (operation: string, more: Partial<SpecFile> = {}): SpecFile => ({ file: 'f', operation, title: 't', cases: [], ...more });
    expect(
      apiOf([
        spec('POST /b', { parameters: ['x', { name: 'y', since: 300 }] }),
        spec('GET /a', { since: 389, parameters: ['z'] }),
        spec('POST /b', { parameters: ['x'] }),
        spec('GET /a'),
        spec('POST /c'),
        spec('POST /c', { since: 400 }),
      ]),
    ).toStrictEqual({
      operations: [{ endpoint: 'GET /a', since: 389 }, { endpoint: 'POST /b' }, { endpoint: 'POST /c', since: 400 }],
      parameters: [
        { endpoint: 'GET /a', name: 'z' },
        { endpoint: 'POST /b', name: 'x' },
        { endpoint: 'POST /b', name: 'y', since: 300 },
      ],
    });
  });
});

describe('compare of two levels', () => {
  const clause = (id: string, since?: number): ClauseEntry => ({
    id,
    endpoint: 'GET /a',
    text: `text of ${id}`,
    ...(since ? { since } : {}),
    status: 'tested',
    cases: [],
  });
  const run = (level: number, more: Partial<ConformanceReport> = {}) =>
    finish(
      report([kase('c', 'passed')], {
        target: { url: 'u', featureLevel: level, claimedFeatureLevel: level, profile: 'spec', embedded: false },
        clauses: [clause('old'), clause('c389', 389), clause('c390', 390), clause('c421', 421), { ...clause('f389', 389), endpoint: 'POST /f' }],
        api: {
          operations: [{ endpoint: 'GET /a' }, { endpoint: 'POST /f', since: 389 }, { endpoint: 'POST /v', since: 390 }],
          parameters: [
            { endpoint: 'GET /a', name: 'p' },
            { endpoint: 'GET /a', name: 'q', since: 389 },
            { endpoint: 'GET /a', name: 'r', since: 389 },
            { endpoint: 'POST /f', name: 'n', since: 389 },
            { endpoint: 'GET /a', name: 's', since: 388 },
          ],
        },
        ...more,
      }),
    );

  it('a run stands at the level it conforms through, else the one judged', () => {
    expect(standsAt(run(388))).toBe(388);
    expect(standsAt({ target: { ...run(388).target, conformsThrough: null } })).toBe(388);
  });

  it('lists, per level after the older run up to the newer, the operations, parameters and statements it added', () => {
    expect(changelogBetween(run(388), run(390))).toStrictEqual({
      from: { level: 388, run: 'a' },
      to: { level: 390, run: 'b' },
      levels: [
        {
          level: 389,
          operations: [{ endpoint: 'POST /f', statements: 1 }],
          parameters: [{ endpoint: 'GET /a', names: ['q', 'r'] }],
          behaviours: [{ id: 'c389', endpoint: 'GET /a', text: 'text of c389' }],
        },
        {
          level: 390,
          operations: [{ endpoint: 'POST /v', statements: 0 }],
          parameters: [],
          behaviours: [{ id: 'c390', endpoint: 'GET /a', text: 'text of c390' }],
        },
      ],
    });
    expect(changelogBetween(run(390), run(388))?.from).toEqual({ level: 388, run: 'b' });
    expect(changelogBetween(run(390), run(388))?.to).toEqual({ level: 390, run: 'a' });
    expect(changelogBetween(run(388), run(388))).toBeUndefined();
    expect(changelogBetween(run(389), run(390))?.levels.map((l) => l.level)).toEqual([390]);
  });

  it("reads the API of the newer run, else the older one's; parameters of several operations at one level stay apart; levels in order", () => {
    const newer = run(390, {
      api: {
        operations: [{ endpoint: 'POST /v', since: 390 }],
        parameters: [
          { endpoint: 'GET /x', name: 'b', since: 390 },
          { endpoint: 'GET /y', name: 'c', since: 390 },
          { endpoint: 'GET /x', name: 'd', since: 389 },
        ],
      },
      clauses: [],
    });
    const older = run(388, { clauses: [] });
    const log = changelogBetween(older, newer)!;
    expect(log.levels.map((l) => [l.level, l.operations.map((o) => o.endpoint), l.parameters])).toEqual([
      [389, [], [{ endpoint: 'GET /x', names: ['d'] }]],
      [
        390,
        ['POST /v'],
        [
          { endpoint: 'GET /x', names: ['b'] },
          { endpoint: 'GET /y', names: ['c'] },
        ],
      ],
    ]);
    expect(changelogBetween(newer, older)!.levels).toStrictEqual(log.levels);
    expect(changelogBetween(run(388, { api: undefined }), run(390))!.levels[0].operations).toEqual([{ endpoint: 'POST /f', statements: 1 }]);
    expect(changelogBetween(run(390, { api: undefined }), run(388))!.levels[0].operations).toEqual([{ endpoint: 'POST /f', statements: 1 }]);
  });

  it("is part of the comparison when the levels differ; without an api section, the document's statements alone", () => {
    expect(compareReports(run(388), run(390), ['a', 'b']).changelog?.levels).toHaveLength(2);
    expect(compareReports(run(390), run(390), ['a', 'b'])).not.toHaveProperty('changelog');
    const bare = changelogBetween(run(388, { api: undefined }), run(390, { api: undefined }));
    expect(bare?.levels.map((l) => [l.level, l.operations, l.behaviours.map((b) => b.id)])).toEqual([
      [389, [], ['c389', 'f389']],
      [390, [], ['c390']],
    ]);
  });
});
