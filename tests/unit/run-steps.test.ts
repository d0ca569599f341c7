// The step executor's rules, against a fake target: what each step sends, when the steps stop,
// what a step's outcome is (failed, errored, a warning), and what a capture passes on. A slip here
// turns a broken server into a pass (or an error nobody reads) on every case at once.
import { describe, expect, it, vi } from 'vitest';
import { deleteQueues, describeRequest, readsOnlyForZulip, runSteps } from '../../src/engine/run/run-steps.js';
import type { Step } from '../../src/engine/load/types.js';
import { fakeTarget, failure, json, success } from './fake-target.js';

const get = (path: string, more: Partial<Step> = {}): Step => ({ request: { method: 'GET', path }, ...more });
const owner = { clauses: ['op1.rule'] };

describe('what a step sends', () => {
  it('its path, parameters and expectations with the variables filled in, as the member unless it says', async () => {
    const { ctx, sent } = fakeTarget([success({ n: 5 })]);
    const steps: Step[] = [
      { request: { method: 'POST', path: '/users/${id}', params: { text: 'hi ${id}' }, encoding: 'form' }, expect: { body: [{ path: 'n', equals: '${n}' }] } },
      { as: 'admin', request: { method: 'GET', path: '/x', files: { f: { name: 'a.txt', content: 'c' } } } },
    ];
    const out = await runSteps(steps, ctx, { id: 7, n: 5 }, owner);
    expect(out.status).toBe('passed');
    expect(sent[0]).toStrictEqual({
      method: 'POST',
      path: '/users/7',
      params: { text: 'hi 7' },
      auth: { email: 'm@x.test', apiKey: 'member-key-0123', userId: 10, role: 'member' },
      encoding: 'form',
      files: undefined,
      purpose: 'check',
    });
    expect(sent[1].auth).toMatchObject({ email: 'a@x.test', role: 'admin' });
    expect(sent[1].files).toEqual({ f: { name: 'a.txt', content: 'c' } });
    expect(sent[1].params).toEqual({});
  });

  it("a case's requests carry its id and the step's number (the HAR's _caseId and _step), its queue reads too; others carry none", async () => {
    const { ctx, sent } = fakeTarget([success({ events: [{ id: 0, type: 'typing' }] })]);
    const steps: Step[] = [get('/a'), { ...get('/events'), events: { queue: 'q', expect: [{ type: 'typing' }] } }];
    await runSteps(steps, ctx, { q: 'q1' }, { ...owner, caseId: 'op3.x' });
    expect(sent.map((r) => r.trace)).toEqual([
      { caseId: 'op3.x', step: 1 },
      { caseId: 'op3.x', step: 2 },
    ]);
    await runSteps([get('/a')], ctx, {}, owner);
    expect('trace' in sent[2]).toBe(false);
  });

  it('auth none sends no credentials; auth bad sends the email with a wrong key of the same length', async () => {
    const { ctx, sent } = fakeTarget([success()]);
    await runSteps(
      [get('/a', { request: { method: 'GET', path: '/a', auth: 'none' } }), get('/b', { request: { method: 'GET', path: '/b', auth: 'bad' } })],
      ctx,
      {},
    );
    expect(sent[0].auth).toBeNull();
    expect(sent[1].auth).toStrictEqual({ email: 'm@x.test', apiKey: 'wrong-15-key', role: 'member' });
  });

  it("the initial variables are not changed by the steps' captures", async () => {
    const { ctx } = fakeTarget([success({ id: 3 })]);
    const initial = { a: 1 };
    const out = await runSteps([get('/a', { capture: { id: 'id' } })], ctx, initial);
    expect(initial).toEqual({ a: 1 });
    expect(out.vars).toEqual({ a: 1, id: 3 });
  });
});

describe('when a case cannot be judged (errored, not failed)', () => {
  it('a variable that does not exist: nothing is sent', async () => {
    const { ctx, sent } = fakeTarget([success()]);
    const out = await runSteps([get('/a'), get('/b/${missing}')], ctx, {});
    expect(out).toMatchObject({ status: 'errored', cause: 'step 2: ${missing} is not defined (no "missing")' });
    expect(sent).toHaveLength(1);
  });

  it("an error that is not the spec's (a bug) is thrown, not reported as the case's", async () => {
    const vars = {
      obj: {
        get boom(): string {
          throw new Error('a bug');
        },
      },
    };
    await expect(runSteps([get('/a/${obj.boom}')], fakeTarget([success()]).ctx, vars)).rejects.toThrow('a bug');
  });

  it('a step as a role with no account configured', async () => {
    const { ctx, sent } = fakeTarget([success()], { accounts: {} });
    expect(await runSteps([get('/a', { as: 'admin' })], ctx, {})).toMatchObject({ status: 'errored', cause: 'step 1: no admin account configured' });
    expect(sent).toHaveLength(0);
  });

  it('a transport error, with what was sent', async () => {
    const { ctx } = fakeTarget([{ error: { kind: 'timeout', message: 'no answer within 5 ms' } }]);
    const out = await runSteps([get('/a', { request: { method: 'GET', path: '/a', params: { q: 1 } } })], ctx, {});
    expect(out).toMatchObject({ status: 'errored', cause: 'timeout: no answer within 5 ms (as member, GET /a q="1")' });
    expect(out.records).toHaveLength(1);
  });

  it("an optional step's transport error is passed over", async () => {
    const { ctx, sent } = fakeTarget((req) => (req.path === '/a' ? { error: { kind: 'connection', message: 'reset' } } : success()));
    const out = await runSteps([get('/a', { optional: true }), get('/b')], ctx, {});
    expect(out.status).toBe('passed');
    expect(out.records.map((r) => r.failures)).toEqual([[], []]);
    expect(sent.map((r) => r.path)).toEqual(['/a', '/b']);
  });

  it('a 429 the client could not wait out: the server is not judged for it', async () => {
    const { ctx } = fakeTarget([{ ...failure('RATE_LIMIT_HIT', 'slow down', 429), rateLimitRetries: 3 }]);
    expect(await runSteps([get('/a')], ctx, {})).toMatchObject({
      status: 'errored',
      cause: 'rate limited: HTTP 429 after 3 retries, past the 10 minutes a request waits in all (as member, GET /a)',
    });
    const once = fakeTarget([failure('RATE_LIMIT_HIT', 'slow down', 429)]);
    expect(await runSteps([get('/a')], once.ctx, {})).toMatchObject({
      cause: 'rate limited: HTTP 429 after 0 retries, past the 10 minutes a request waits in all (as member, GET /a)',
    });
  });

  it('a setup step that breaks its expectations', async () => {
    const { ctx } = fakeTarget([failure('BAD_REQUEST')]);
    const out = await runSteps([get('/a', { setup: true, expect: { result: 'success' } })], ctx, {}, owner);
    expect(out).toMatchObject({
      status: 'errored',
      cause: 'could not set up: step 1: expected result "success", got "error" (code "BAD_REQUEST", msg "no") (as member, GET /a)',
    });
  });
});

describe('when the steps fail', () => {
  it('at the first step that breaks an expectation: later steps are not sent', async () => {
    const { ctx, sent } = fakeTarget([success(), failure('BAD_REQUEST')]);
    const out = await runSteps([get('/a'), get('/b', { expect: { result: 'success' } }), get('/c')], ctx, {}, owner);
    expect(out.status).toBe('failed');
    expect(sent.map((r) => r.path)).toEqual(['/a', '/b']);
    if (out.status !== 'failed') return;
    expect(out.summary).toBe('as member, GET /b');
    expect(out.failures).toMatchObject([{ step: 2, check: 'result', clause: 'op1.rule', clauses: ['op1.rule'] }]);
    expect(out.records.map((r) => r.failures.length)).toEqual([0, 1]);
  });

  it('an answer that is not JSON fails the step, whatever the operation documents', async () => {
    const { ctx } = fakeTarget([{ response: { status: 200, headers: {}, text: '<html>', jsonError: 'not JSON' } }], { documentedParameters: () => ['a'] });
    const out = await runSteps([get('/a')], ctx, {}, owner);
    expect(out.status).toBe('failed');
  });

  it('an envelope convention broken on a step without expectations fails it too', async () => {
    const { ctx } = fakeTarget([json({ result: 'success', msg: 'not empty' })]);
    expect((await runSteps([get('/a')], ctx, {}, owner)).status).toBe('failed');
  });

  it('an optional step that breaks its expectations is passed over', async () => {
    const { ctx, sent } = fakeTarget((req) => (req.path === '/a' ? failure('X') : success()));
    const out = await runSteps([get('/a', { optional: true, expect: { result: 'success' } }), get('/b')], ctx, {}, owner);
    expect(out.status).toBe('passed');
    expect(sent).toHaveLength(2);
    expect(out.records[0].failures).toHaveLength(1);
  });

  it("the attribution of a check: the owner's clauses and facts, and the zulip profile of a zulip case", async () => {
    const { ctx } = fakeTarget([failure('X')], { profile: 'zulip' });
    const out = await runSteps([get('/a', { expect: { result: 'success' } })], ctx, {}, { clauses: ['op1.z'], facts: ['zulip.f'], zulipCase: true });
    expect(out.status === 'failed' && out.failures[0]).toMatchObject({ clause: 'op1.z', profile: 'zulip', facts: ['zulip.f'] });
    const none = await runSteps([get('/a', { expect: { result: 'success' } })], fakeTarget([failure('X')]).ctx, {});
    expect(none.status === 'failed' && none.failures[0]).toMatchObject({ clause: '', clauses: [] });
    const noFacts = await runSteps(
      [get('/a', { expect: { result: 'success' } })],
      fakeTarget([failure('X')], { profile: 'zulip' }).ctx,
      {},
      { clauses: ['op1.z'], zulipCase: true },
    );
    expect(noFacts.status === 'failed' && noFacts.failures[0]).toMatchObject({ profile: 'zulip', facts: [] });
    const plain = fakeTarget([failure('X')]);
    const spec = await runSteps([get('/a', { expect: { result: 'success' } })], plain.ctx, {}, { clauses: ['op1.z'] });
    expect(spec.status === 'failed' && spec.failures[0]).not.toHaveProperty('profile');
  });
});

describe('captures', () => {
  it("a captured value is the next steps' variable, and the record keeps what was captured from where", async () => {
    const { ctx, sent } = fakeTarget([success({ msg_id: 42, list: [{ id: 'x' }] }), success()]);
    const out = await runSteps([get('/a', { capture: { id: 'msg_id', first: 'list[${i}].id' } }), get('/m/${id}/${first}')], ctx, { i: 0 });
    expect(sent[1].path).toBe('/m/42/x');
    expect(out.records[0].capture).toEqual({ id: 'msg_id', first: 'list[0].id' });
    expect(out.records[0].captured).toEqual({ id: 42, first: 'x' });
    expect(out.records[1]).not.toHaveProperty('capture');
  });

  it("a capture the answer lacks fails the step, naming the step's clause", async () => {
    const { ctx } = fakeTarget([success()]);
    const out = await runSteps([get('/a', { capture: { id: 'msg_id' }, expect: { clause: 'op1.id' } })], ctx, {}, owner);
    expect(out.status === 'failed' && out.failures).toStrictEqual([
      {
        clause: 'op1.id',
        clauses: ['op1.id'],
        check: 'capture',
        path: 'msg_id',
        expected: 'a value (to capture id)',
        actual: 'nothing (the field is missing)',
        message: 'expected msg_id in the answer (to capture id), it is missing',
        step: 1,
      },
    ]);
  });

  it("a missing capture names the step's clauses, else the owner's, else none", async () => {
    const clausesOf = async (expectation: Step['expect'], who = owner) => {
      const out = await runSteps([get('/a', { capture: { id: 'x' }, expect: expectation })], fakeTarget([success()]).ctx, {}, who);
      return out.status === 'failed' ? [out.failures[0].clause, out.failures[0].clauses] : out.status;
    };
    expect(await clausesOf({ clauses: ['op1.a', 'op1.b'], clause: 'op1.c' })).toEqual(['op1.a', ['op1.a', 'op1.b']]);
    expect(await clausesOf(undefined)).toEqual(['op1.rule', ['op1.rule']]);
    expect(await clausesOf(undefined, { clauses: [] })).toEqual(['', []]);
  });

  it('nothing is captured from an answer that broke a check', async () => {
    const { ctx } = fakeTarget([failure('X')]);
    const out = await runSteps([get('/a', { capture: { code: 'code' }, expect: { result: 'success' }, optional: true })], ctx, {});
    expect(out.vars).toEqual({});
    expect(out.records[0]).not.toHaveProperty('capture');
  });

  it("every POST /register answered with a queue_id opened a queue, as the step's role; a DELETE /events step takes its queue off the list", async () => {
    const post = (path: string, more: Partial<Step> = {}): Step => ({ request: { method: 'POST', path }, ...more });
    const { ctx } = fakeTarget([
      success({ queue_id: 'q1', last_event_id: -1 }),
      success({ queue_id: 'q2' }),
      success({ queue_id: 'q2' }),
      success({ queue_id: 3 }),
      failure('BAD_REQUEST'),
      success({ queue_id: 'q4' }),
      success(),
    ]);
    const out = await runSteps(
      [
        post('/register', { as: 'admin', queue: { name: 'q' }, capture: { q: 'queue_id' } }),
        post('/register'),
        // The same queue twice (a server that hands out one id) is deleted once.
        post('/register'),
        post('/register'),
        post('/register', { optional: true }),
        get('/register'),
        { request: { method: 'DELETE', path: '/events', params: { queue_id: 'q2' } } },
      ],
      ctx,
      {},
    );
    expect(out.status).toBe('passed');
    // Each queue keeps the account that opened it, which deletes it (the cast's, in a file cast over the plain members).
    expect(out.queues).toEqual([{ id: 'q1', role: 'admin', account: ctx.accounts.admin }]);
  });

  it('only a successful POST /register opens one, each id once; only a DELETE /events of a queue on the list takes one off', async () => {
    const step = (method: string, path: string, more: Partial<Step> = {}): Step => ({ request: { method, path }, optional: true, ...more });
    const answers: Record<string, Record<string, unknown>> = {
      'POST /register#1': { result: 'success', msg: '', queue_id: 'a' },
      'POST /register#2': { result: 'success', msg: '', queue_id: 'b' },
      'POST /register#3': { result: 'error', msg: 'no', code: 'BAD_REQUEST', queue_id: 'c' },
      'POST /registers': { result: 'success', msg: '', queue_id: 'd' },
    };
    let n = 0;
    const { ctx } = fakeTarget((req) => {
      const key = req.method === 'POST' && req.path === '/register' ? `POST /register#${(n += 1)}` : `${req.method} ${req.path}`;
      const body = answers[key] ?? { result: 'success', msg: '' };
      return json(body, body.result === 'success' ? 200 : 400);
    });
    const del = (path: string, method = 'DELETE', queue = 'a') => step(method, path, { request: { method, path, params: { queue_id: queue } } });
    const out = await runSteps(
      [
        step('POST', '/register'),
        step('POST', '/register'),
        step('POST', '/register'),
        step('POST', '/registers'),
        del('/events', 'POST'),
        del('/event'),
        del('/events', 'DELETE', 'zz'),
      ],
      ctx,
      {},
    );
    expect(out.queues.map(({ id, role }) => ({ id, role }))).toEqual([
      { id: 'a', role: 'member' },
      { id: 'b', role: 'member' },
    ]);
    n = 0;
    const first = await runSteps([step('POST', '/register'), step('POST', '/register'), del('/events')], ctx, {});
    expect(first.queues.map(({ id, role }) => ({ id, role }))).toEqual([{ id: 'b', role: 'member' }]);
  });
});

describe('disputed clauses', () => {
  const disputed = (profile: 'spec' | 'zulip') =>
    fakeTarget((req) => (req.path === '/a' ? failure('X') : success()), { profile, disputedClauses: new Set(['op1.disputed']) });
  const steps = [get('/a', { expect: { result: 'success', clause: 'op1.disputed' } }), get('/b')];

  it('under spec, a broken check of a disputed clause is a warning, and the steps after it are not sent', async () => {
    const { ctx, sent } = disputed('spec');
    const out = await runSteps(steps, ctx, {}, owner);
    expect(out.status).toBe('passed');
    expect(out.disputes).toMatchObject([{ clause: 'op1.disputed', step: 1 }]);
    expect(out.records[0].failures).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('under zulip it is a failure', async () => {
    const out = await runSteps(steps, disputed('zulip').ctx, {}, owner);
    expect(out.status).toBe('failed');
    expect(out.disputes).toEqual([]);
  });

  it('a zulip-profile check stays a failure under spec, and so does a check of another clause', async () => {
    const zulipCheck = await runSteps(steps, disputed('spec').ctx, {}, { clauses: ['op1.rule'], zulipCase: true, facts: ['zulip.f'] });
    expect(zulipCheck.status).toBe('failed');
    const other = await runSteps([get('/a', { expect: { result: 'success' } })], disputed('spec').ctx, {}, owner);
    expect(other.status).toBe('failed');
    const none = await runSteps([get('/a', { expect: { result: 'success' } })], fakeTarget([failure('X')]).ctx, {}, owner);
    expect(none.status).toBe('failed');
  });
});

describe('ignored_parameters_unsupported on every documented answer', () => {
  const documented = (method: string, path: string) => (method === 'GET' && path === '/a' ? ['supported', 'also'] : null);

  it('naming a parameter the operation supports is a failure of the convention', async () => {
    const { ctx } = fakeTarget([success({ ignored_parameters_unsupported: ['other', 'supported'] })], { documentedParameters: documented });
    const out = await runSteps([get('/a')], ctx, {}, owner);
    expect(out.status === 'failed' && out.failures).toStrictEqual([
      {
        clause: 'conv.ignored-params',
        clauses: ['conv.ignored-params'],
        check: 'ignored-params',
        path: 'ignored_parameters_unsupported',
        expected: 'no parameter the operation supports',
        actual: '["supported"]',
        message: 'ignored_parameters_unsupported: names ["supported"], which GET /a supports',
        step: 1,
      },
    ]);
  });

  it('naming only unsupported ones, or for an operation the document does not have, is fine', async () => {
    const answer = success({ ignored_parameters_unsupported: ['supported'] });
    expect((await runSteps([get('/b')], fakeTarget([answer], { documentedParameters: documented }).ctx, {})).status).toBe('passed');
    expect((await runSteps([get('/a')], fakeTarget([answer]).ctx, {})).status).toBe('passed');
    const unsupported = success({ ignored_parameters_unsupported: ['other'] });
    expect((await runSteps([get('/a')], fakeTarget([unsupported], { documentedParameters: documented }).ctx, {})).status).toBe('passed');
  });
});

describe('event steps', () => {
  const queueStep = (events: Step['events'], more: Partial<Step> = {}): Step => ({
    request: { method: 'GET', path: '/events', params: { queue_id: 'q1' } },
    events,
    ...more,
  });
  const batch = (...events: object[]) => success({ events });

  it('read the queue until the expected events came, acknowledging the last id, skipping heartbeats and repeats', async () => {
    const { ctx, sent } = fakeTarget([batch({ id: 0, type: 'heartbeat' }), batch({ id: 0, type: 'message' }, { id: 1, type: 'typing' }), batch()]);
    const out = await runSteps([queueStep({ queue: 'q', expect: [{ type: 'typing' }], none: ['message', 'heartbeat'] })], ctx, {}, owner);
    expect(sent.map((r) => r.params)).toEqual([
      { queue_id: 'q1', last_event_id: -1 },
      { queue_id: 'q1', last_event_id: 0 },
    ]);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/events' });
    expect(out.status).toBe('passed');
    expect(out.records[0].summary).toBe('as member, events of queue q');
  });

  it('the last event id is the highest seen; an event without a number id is kept', async () => {
    const { ctx, sent } = fakeTarget([batch({ id: 5, type: 'a' }, { id: 3, type: 'b' }, { id: '1', type: 'c' }, { type: 'x' }), batch({ id: 6, type: 'd' })]);
    const out = await runSteps([queueStep({ queue: 'q', expect: [{ type: 'c' }, { type: 'd' }] })], ctx, {}, owner);
    expect(sent.map((r) => r.params?.last_event_id)).toEqual([-1, 5]);
    expect(out.status).toBe('passed');
  });

  it('a silent queue is waited on for withinMs only, then what is missing fails', async () => {
    // The clock is the test's: on a busy machine real timers fire late and would change the count.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const { ctx, sent } = fakeTarget([batch()]);
      const started = performance.now();
      const running = runSteps(
        [queueStep({ queue: 'q', expect: [{ type: 'typing', clause: 'op9.typing', facts: ['zulip.t'] }], withinMs: 40 })],
        ctx,
        {},
        owner,
      );
      await vi.advanceTimersByTimeAsync(1000);
      const out = await running;
      // Polls at once, then after 10, 20 and 40 ms (a slow server is read again soon), and stops
      // once 40 ms have passed: at 0, 10, 30 and 70 ms.
      expect(performance.now() - started).toBe(1000);
      expect(sent.length).toBe(4);
      expectMissingTyping(out);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a missing event fails naming its clause, with what came and the wait', async () => {
    const { ctx } = fakeTarget([batch()]);
    const out = await runSteps(
      [queueStep({ queue: 'q', expect: [{ type: 'typing', clause: 'op9.typing', facts: ['zulip.t'] }], withinMs: 0 })],
      ctx,
      {},
      owner,
    );
    expectMissingTyping(out);
  });

  function expectMissingTyping(out: Awaited<ReturnType<typeof runSteps>>) {
    expect(out.status === 'failed' && out.failures[0]).toMatchObject({ clause: 'op9.typing', clauses: ['op9.typing'], check: 'events' });
    expect(out.status === 'failed' && out.failures[0].message).toMatch(
      /^events\[\?type=typing\]: expected a typing event, got none within \d+ ms \(no events\)$/,
    );
  }

  it("an event finding names its expectation's clause, else the step's, else the owner's; under a zulip case its facts", async () => {
    const clauseOf = async (e: object, expectation?: Step['expect'], who: { clauses: string[]; facts?: string[]; zulipCase?: boolean } = owner) => {
      const out = await runSteps(
        [queueStep({ queue: 'q', expect: [{ type: 'typing', ...e }], withinMs: 0 }, { expect: expectation })],
        fakeTarget([batch()]).ctx,
        {},
        who,
      );
      return out.status === 'failed' ? out.failures[0] : undefined;
    };
    expect(await clauseOf({ clause: 'op9.e' }, { clause: 'op9.s' })).toMatchObject({ clause: 'op9.e', clauses: ['op9.e'] });
    expect(await clauseOf({}, { clauses: ['op9.s', 'op9.t'] })).toMatchObject({ clause: 'op9.s', clauses: ['op9.s', 'op9.t'] });
    expect(await clauseOf({}, { clause: 'op9.s' })).toMatchObject({ clauses: ['op9.s'] });
    expect(await clauseOf({})).toMatchObject({ clauses: ['op1.rule'] });
    expect(await clauseOf({}, undefined, { clauses: [] })).toMatchObject({ clause: '', clauses: [] });
    expect(await clauseOf({ facts: ['zulip.e'] }, undefined, { clauses: ['op1.z'], facts: ['zulip.c'], zulipCase: true })).toMatchObject({
      profile: 'zulip',
      facts: ['zulip.e'],
    });
    expect(await clauseOf({}, undefined, { clauses: ['op1.z'], facts: ['zulip.c'], zulipCase: true })).toMatchObject({ profile: 'zulip', facts: ['zulip.c'] });
    expect(await clauseOf({ facts: ['zulip.e'] })).not.toHaveProperty('profile');
  });

  it("a forbidden event names the step's clause, else the owner's, and the owner's facts", async () => {
    const forbidden = async (expectation: Step['expect'], who: { clauses: string[]; facts?: string[]; zulipCase?: boolean } = owner) => {
      const out = await runSteps(
        [queueStep({ queue: 'q', none: ['typing'], withinMs: 0 }, { expect: expectation })],
        fakeTarget([batch({ id: 1, type: 'typing' })]).ctx,
        {},
        who,
      );
      return out.status === 'failed' ? out.failures[0] : out.status;
    };
    expect(await forbidden({ clause: 'op9.s' })).toMatchObject({ clause: 'op9.s', check: 'events' });
    expect(await forbidden(undefined, { clauses: ['op1.z'], facts: ['zulip.c'], zulipCase: true })).toMatchObject({
      clause: 'op1.z',
      profile: 'zulip',
      facts: ['zulip.c'],
    });
  });

  it('a queue read that is not a success ends the wait at once', async () => {
    const { ctx, sent } = fakeTarget([json({ result: 'error', msg: 'gone', code: 'BAD_EVENT_QUEUE_ID', events: [] }, 400)]);
    const out = await runSteps([queueStep({ queue: 'q', expect: [{ type: 'typing' }], withinMs: 200 })], ctx, {}, owner);
    expect(sent).toHaveLength(1);
    expect(out.status === 'failed' && out.failures[0].message).toBe('reading the event queue: expected success, got error "BAD_EVENT_QUEUE_ID" "gone"');
    const notJson = fakeTarget([{ response: { status: 502, headers: {}, text: 'bad gateway', jsonError: 'not JSON' } }]);
    const broken = await runSteps([queueStep({ queue: 'q', expect: [{ type: 'typing' }], withinMs: 200 })], notJson.ctx, {}, owner);
    expect(notJson.sent).toHaveLength(1);
    expect(broken.status === 'failed' && broken.failures.find((f) => f.check === 'events')?.message).toBe(
      'reading the event queue: expected success, got nothing',
    );
  });

  it('a queue read that is not a success fails the step, saying what came instead', async () => {
    const read = async (
      reply: ReturnType<typeof success>,
      who: { clauses: string[]; facts?: string[]; zulipCase?: boolean } = owner,
      expectation?: Step['expect'],
    ) => {
      const out = await runSteps([queueStep({ queue: 'q', expect: [{ type: 'typing' }] }, { expect: expectation })], fakeTarget([reply]).ctx, {}, who);
      return out.status === 'failed' ? out.failures : out.status;
    };
    expect(await read(failure('BAD_EVENT_QUEUE_ID', 'Bad event queue id: q1'))).toStrictEqual([
      {
        clause: 'op1.rule',
        clauses: ['op1.rule'],
        check: 'events',
        path: '',
        expected: 'the queue read (GET /events answering success)',
        actual: 'error "BAD_EVENT_QUEUE_ID" "Bad event queue id: q1"',
        message: 'reading the event queue: expected success, got error "BAD_EVENT_QUEUE_ID" "Bad event queue id: q1"',
        step: 1,
      },
    ]);
    expect(await read(json({ result: 'success', msg: '' }))).toMatchObject([{ check: 'events' }]);
    expect(await read(json({ what: 1 }, 500))).toContainEqual(expect.objectContaining({ check: 'events', actual: '{"what":1}' }));
    expect(await read(failure('X'), { clauses: ['op1.z'], facts: ['zulip.c'], zulipCase: true }, { clause: 'op9.s' })).toMatchObject([
      { clause: 'op9.s', profile: 'zulip', facts: ['zulip.c'] },
    ]);
    expect(await read(failure('X'), owner, { clauses: ['op9.a', 'op9.b'] })).toMatchObject([{ clauses: ['op9.a', 'op9.b'] }]);
    expect(await read(failure('X'), { clauses: [] })).toMatchObject([{ clause: '', clauses: [] }]);
  });

  it('a transport error reading the queue errors the case', async () => {
    const { ctx } = fakeTarget([{ error: { kind: 'connection', message: 'refused' } }]);
    expect(await runSteps([queueStep({ queue: 'q', expect: [{ type: 'typing' }] })], ctx, {})).toMatchObject({
      status: 'errored',
      cause: 'connection: refused (as member, events of queue q)',
    });
  });

  it("the events step's own expectations are not judged against the queue read", async () => {
    const { ctx } = fakeTarget([batch({ id: 1, type: 'typing' })]);
    const out = await runSteps([queueStep({ queue: 'q', expect: [{ type: 'typing' }] }, { expect: { result: 'error' } })], ctx, {}, owner);
    expect(out.status).toBe('passed');
  });
});

describe('deleting the queues a case opened', () => {
  it('DELETE /events as the role that opened each; a role without an account is passed over', async () => {
    const { ctx, sent } = fakeTarget([success()], { accounts: { admin: { email: 'a@x.test', apiKey: 'admin-key-4567', userId: 11 } } });
    await deleteQueues(ctx, [
      { id: 'q1', role: 'admin' },
      { id: 'q2', role: 'member' },
    ]);
    expect(sent).toStrictEqual([
      {
        method: 'DELETE',
        path: '/events',
        params: { queue_id: 'q1' },
        auth: { email: 'a@x.test', apiKey: 'admin-key-4567', userId: 11, role: 'admin' },
        purpose: 'cleanup',
      },
    ]);
  });
});

describe("why each request is sent (the run's cost)", () => {
  it("a case's steps check, its setup steps are fixtures, its queue reads are what the step is; the owner may say otherwise", async () => {
    const { ctx, sent } = fakeTarget([success({ events: [{ id: 0, type: 'typing' }] })]);
    await runSteps(
      [get('/a', { setup: true }), get('/b'), { ...get('/events'), events: { queue: 'q', expect: [{ type: 'typing' }] } }],
      ctx,
      { q: 'q1' },
      owner,
    );
    await runSteps([get('/c'), get('/d', { setup: true })], ctx, {}, { clauses: [], purpose: 'cleanup' });
    expect(sent.map((r) => [r.path, r.purpose])).toEqual([
      ['/a', 'fixture'],
      ['/b', 'check'],
      ['/events', 'check'],
      ['/c', 'cleanup'],
      ['/d', 'fixture'],
    ]);
  });
});

describe('reads that check only under the zulip profile', () => {
  const zulipOnly = { clause: 'op5.x', zulip: { body: [{ path: 'a', equals: 1 }] } };
  const register = (more: Partial<Step> = {}): Step => ({ request: { method: 'POST', path: '/register' }, expect: zulipOnly, ...more });

  it("a GET or POST /register whose expectations are all the zulip profile's, capturing nothing, is such a read", () => {
    expect(readsOnlyForZulip(register())).toBe(true);
    expect(readsOnlyForZulip(get('/a', { expect: zulipOnly }))).toBe(true);
  });

  it('not a write, a read checked under spec too, one without zulip checks, one whose answer is used, or a queue step', () => {
    expect(readsOnlyForZulip({ request: { method: 'PATCH', path: '/register' }, expect: zulipOnly })).toBe(false);
    expect(readsOnlyForZulip({ request: { method: 'POST', path: '/messages' }, expect: zulipOnly })).toBe(false);
    expect(readsOnlyForZulip(get('/a'))).toBe(false);
    expect(readsOnlyForZulip(get('/a', { expect: { clause: 'op5.x' } }))).toBe(false);
    for (const spec of [
      { result: 'success' as const },
      { code: 'X' },
      { status: 200 },
      { schema: 's' },
      { body: [{ path: 'a', equals: 1 }] },
      { ignoredParams: [] },
      { notServed: true as const },
    ]) {
      expect(readsOnlyForZulip(get('/a', { expect: { ...zulipOnly, ...spec } })), JSON.stringify(spec)).toBe(false);
    }
    expect(readsOnlyForZulip(register({ capture: { x: 'a' } }))).toBe(false);
    expect(readsOnlyForZulip(register({ queue: { name: 'q' } }))).toBe(false);
    expect(readsOnlyForZulip(get('/events', { expect: zulipOnly, events: { queue: 'q', expect: [] } }))).toBe(false);
  });

  it('under spec they are not sent, and the steps keep their numbers; under zulip they are', async () => {
    const spec = fakeTarget([success({ a: 1 })]);
    const out = await runSteps([get('/a'), register(), get('/c')], spec.ctx, {}, owner);
    expect(spec.sent.map((r) => r.path)).toEqual(['/a', '/c']);
    expect(out.records.map((r) => r.index)).toEqual([0, 2]);
    const zulip = fakeTarget([success({ a: 1 })], { profile: 'zulip' });
    await runSteps([get('/a'), register(), get('/c')], zulip.ctx, {}, owner);
    expect(zulip.sent.map((r) => r.path)).toEqual(['/a', '/register', '/c']);
  });
});

describe('how a request is described in a message', () => {
  it('who sent it, the method, path and parameters; long values shortened to 12 characters and their length', () => {
    expect(describeRequest('member', 'GET', '/a', {})).toBe('as member, GET /a');
    expect(describeRequest('admin', 'POST', '/a', { x: 'é'.repeat(24), y: 'z'.repeat(25), n: 3, u: undefined, l: [1] }, 'bad')).toBe(
      `as admin with a wrong API key, POST /a x="${'é'.repeat(24)}" y="${'z'.repeat(12)}"...(25 chars) n="3" l="[1]"`,
    );
    expect(describeRequest('member', 'GET', '/a', { q: 'x' }, 'none')).toBe('without credentials, GET /a q="x"');
  });
});

describe('a step the answer asks to repeat (repeat)', () => {
  const repeat = { while: { path: 'complete', equals: false }, atMost: 3 };
  const del: Step = {
    request: { method: 'POST', path: '/streams/${c}/delete_topic' },
    repeat,
    expect: { result: 'success', body: [{ path: 'complete', equals: true }] },
  };

  it('is sent again while a success answer matches, and the last answer is judged; the record says how often', async () => {
    const { ctx, sent } = fakeTarget([success({ complete: false }), success({ complete: false }), success({ complete: true })]);
    const out = await runSteps([del], ctx, { c: 4 }, owner);
    expect(out.status).toBe('passed');
    expect(sent.map((r) => r.path)).toEqual(['/streams/4/delete_topic', '/streams/4/delete_topic', '/streams/4/delete_topic']);
    expect(out.records[0]).toMatchObject({ sent: 3, summary: 'as member, POST /streams/4/delete_topic, sent 3 times (repeated while complete equals false)' });
  });

  it('at most atMost times in all: what the last answer says is then judged', async () => {
    const { ctx, sent } = fakeTarget([success({ complete: false })]);
    const out = await runSteps([del], ctx, { c: 4 }, owner);
    expect(sent).toHaveLength(3);
    expect(out.status === 'failed' && out.failures[0].message).toBe('complete: expected true, got false');
  });

  it('once, when the first answer does not ask: another value, an error, no JSON object, a missing field', async () => {
    for (const reply of [success({ complete: true }), failure('BAD_REQUEST'), json([false]), json('x'), json(null), success()]) {
      const { ctx, sent } = fakeTarget([reply, success({ complete: true })]);
      const out = await runSteps([del], ctx, { c: 4 }, owner);
      expect(sent).toHaveLength(1);
      expect(out.records[0].sent).toBeUndefined();
      expect(out.records[0].summary).toBe('as member, POST /streams/4/delete_topic');
    }
    const { ctx, sent } = fakeTarget([json({ result: 'error', msg: '', complete: false }), success({ complete: true })]);
    await runSteps([del], ctx, { c: 4 }, owner);
    expect(sent).toHaveLength(1);
  });

  it('an answer that never came is not repeated: the step errors', async () => {
    const { ctx, sent } = fakeTarget([{ error: { kind: 'timeout', message: 'no answer' } }, success({ complete: true })]);
    const out = await runSteps([del], ctx, { c: 4 }, owner);
    expect(sent).toHaveLength(1);
    expect(out.status).toBe('errored');
  });

  it('a repeat condition with an unknown variable errors the case, naming the step', async () => {
    const { ctx, sent } = fakeTarget([success({ complete: false })]);
    const out = await runSteps([{ ...del, repeat: { while: { path: 'complete', equals: '${nope}' }, atMost: 2 } }], ctx, { c: 4 }, owner);
    expect(sent).toHaveLength(0);
    expect(out.status === 'errored' && out.cause).toMatch(/^step 1: /);
  });

  it('a step without repeat is sent once whatever it says', async () => {
    const { ctx, sent } = fakeTarget([success({ complete: false })]);
    await runSteps([{ ...del, repeat: undefined, expect: undefined }], ctx, { c: 4 }, owner);
    expect(sent).toHaveLength(1);
  });

  it('the condition takes variables, and names every matcher in the summary', async () => {
    const { ctx, sent } = fakeTarget([success({ left: 2 }), success({ left: 0 })]);
    const out = await runSteps(
      [{ request: { method: 'POST', path: '/x' }, repeat: { while: { path: 'left', notEquals: '${done}', type: 'integer' }, atMost: 5 } }],
      ctx,
      { done: 0 },
      owner,
    );
    expect(sent).toHaveLength(2);
    expect(out.records[0].summary).toBe('as member, POST /x, sent 2 times (repeated while left notEquals 0 and left type "integer")');
  });
});
