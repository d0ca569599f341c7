// What a case assumes of the target (read first: where it does not hold, the case is skipped for
// what the target lacks), the accounts a run makes (a step calls as one by its address and key,
// which are redacted like a configured account's), and optional fixture steps that need what an
// earlier optional step found nothing for.
import { describe, expect, it } from 'vitest';
import { runCase } from '../../src/engine/run/run-case.js';
import { deleteQueues, runSteps } from '../../src/engine/run/run-steps.js';
import { Redactor } from '../../src/http/redact.js';
import { apiKeysIn } from '../../src/runner/session.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';
import { fakeTarget, failure, success } from './fake-target.js';

const get = (path: string, more: Partial<Step> = {}): Step => ({ request: { method: 'GET', path }, ...more });
const spec = (c: Case): SpecFile => ({ file: 'specs/x.yaml', operation: 'GET /x', title: 't', cases: [c] });
const aCase = (more: Partial<Case>): Case => ({ id: 'op1.case', title: 'does it', clauses: ['op1.rule'], steps: [get('/checked')], ...more });
const holds = get('/users', {
  as: 'admin',
  note: 'the configured owner is the only owner',
  expect: { body: [{ path: 'owners', equals: [1] }] },
  capture: { owners: 'owners' },
});

describe("a case's assumptions", () => {
  it('where they hold, the steps run after them, with what they captured', async () => {
    const { ctx, sent } = fakeTarget([success({ owners: [1] }), success()]);
    const c = aCase({ assume: [holds], steps: [get('/checked/${owners.0}')] });
    const result = await runCase(spec(c), c, ctx, {}, new Redactor());
    expect(result.status).toBe('passed');
    expect(sent.map((r) => `${r.auth?.role} ${r.path}`)).toEqual(['admin /users', 'member /checked/1']);
  });

  it('where one does not hold, the case is skipped for what the target lacks, naming it and what was read; no step is sent', async () => {
    const { ctx, sent } = fakeTarget([success({ owners: [1, 2] })]);
    const c = aCase({ assume: [holds] });
    const result = await runCase(spec(c), c, ctx, {}, new Redactor());
    expect(result).toMatchObject({
      id: 'op1.case',
      status: 'skipped',
      onTarget: true,
      message: 'does not hold on this target: the configured owner is the only owner (owners: expected [1], got [1,2])',
    });
    expect(result).not.toHaveProperty('failures');
    expect(sent).toHaveLength(1);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThan(60_000);
  });

  it('without any, the steps see the variables the case was given', async () => {
    const { ctx, sent } = fakeTarget([success()]);
    const c = aCase({ steps: [get('/checked/${channel}')] });
    expect((await runCase(spec(c), c, ctx, { channel: 7 }, new Redactor())).status).toBe('passed');
    expect(sent[0].path).toBe('/checked/7');
  });

  it('a refused read is a condition that does not hold; an unreadable one errors the case, which could not be judged', async () => {
    const refused = await runCase(spec(aCase({ assume: [holds] })), aCase({ assume: [holds] }), fakeTarget([failure('BAD_REQUEST')]).ctx, {}, new Redactor());
    expect(refused).toMatchObject({ status: 'skipped', onTarget: true });
    const lost = await runCase(
      spec(aCase({ assume: [holds] })),
      aCase({ assume: [holds] }),
      fakeTarget([{ error: { kind: 'connection', message: 'reset' } }]).ctx,
      {},
      new Redactor(),
    );
    expect(lost).toMatchObject({ status: 'errored', message: 'GET /x: could not read what the case assumes: connection: reset (as admin, GET /users)' });
    expect(lost).not.toHaveProperty('onTarget');
  });

  it('an unnamed condition is named by its place', async () => {
    const c = aCase({ assume: [{ ...holds, note: undefined }] });
    const result = await runCase(spec(c), c, fakeTarget([success({ owners: [] })]).ctx, {}, new Redactor());
    expect(result.message).toMatch(/^does not hold on this target: assumption 1 \(/);
  });
});

describe('accounts the run made', () => {
  it('a step calls as one by its captured address and key, and the context hears of it before the request goes out', async () => {
    const heard: string[] = [];
    const { ctx, sent } = fakeTarget([success({ bots: [{ username: 'b-bot@x.test', api_key: 'bot-key-9999' }] }), success()], {
      madeAccount: (email, apiKey) => heard.push(`${email}:${apiKey}`),
    });
    const outcome = await runSteps(
      [
        get('/bots', { as: 'admin', capture: { bot_email: 'bots[0].username', bot_key: 'bots[0].api_key' } }),
        { as: { email: '${bot_email}', apiKey: '${bot_key}' }, request: { method: 'POST', path: '/register' } },
      ],
      ctx,
      {},
    );
    expect(outcome.status).toBe('passed');
    expect(sent[1].auth).toEqual({ email: 'b-bot@x.test', apiKey: 'bot-key-9999', role: 'made account' });
    expect(heard).toEqual(['b-bot@x.test:bot-key-9999']);
    expect(outcome.records[1].summary).toBe('as b-bot@x.test, POST /register');
  });

  it('works without a context that hears of it; a queue it opens is deleted as that account', async () => {
    const { ctx, sent } = fakeTarget([success({ queue_id: 'q1' }), success()]);
    const bot = { email: 'b-bot@x.test', apiKey: 'bot-key-9999' };
    const outcome = await runSteps([{ as: bot, queue: { name: 'q' }, request: { method: 'POST', path: '/register' }, capture: { q: 'queue_id' } }], ctx, {});
    expect(outcome.queues).toEqual([{ id: 'q1', role: 'made account', account: bot }]);
    await deleteQueues(ctx, outcome.queues);
    expect(sent[1]).toMatchObject({ method: 'DELETE', path: '/events', params: { queue_id: 'q1' }, auth: { ...bot, role: 'made account' } });
  });

  it('a step as an account whose address was not captured errors, naming the missing value', async () => {
    const outcome = await runSteps([{ as: { email: '${nobody}', apiKey: 'k' }, request: { method: 'GET', path: '/x' } }], fakeTarget([success()]).ctx, {});
    expect(outcome).toMatchObject({ status: 'errored', cause: expect.stringMatching(/^step 1: .*nobody/) });
  });

  it('every api_key of an answer is found, at any depth, and nothing else', () => {
    expect(apiKeysIn({ api_key: 'a', bots: [{ api_key: 'b', username: 'x' }, { nested: { api_key: 'c' } }], other: 'key' })).toEqual(['a', 'b', 'c']);
    expect(apiKeysIn({ api_key: 7, list: [null, 'api_key'] })).toEqual([]);
    expect(apiKeysIn(null)).toEqual([]);
  });
});

describe('optional fixture steps', () => {
  it('one needing what an earlier optional step did not capture is passed over, and the steps after it still run', async () => {
    const { ctx, sent } = fakeTarget([failure('BAD_REQUEST'), success()]);
    const outcome = await runSteps(
      [
        { as: 'admin', optional: true, request: { method: 'POST', path: '/bots' }, capture: { bot: 'user_id' } },
        { as: 'admin', optional: true, request: { method: 'DELETE', path: '/bots/${bot}' } },
        get('/after'),
      ],
      ctx,
      {},
    );
    expect(outcome.status).toBe('passed');
    expect(outcome.vars).not.toHaveProperty('bot');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /bots', 'GET /after']);
  });

  it('a step that is not optional still errors on a missing value', async () => {
    const outcome = await runSteps([get('/bots/${bot}')], fakeTarget([success()]).ctx, {});
    expect(outcome.status).toBe('errored');
  });
});
