// How one case's steps become its outcome: passed, failed (with the rules it broke), errored
// (could not judge), and what the result keeps for a reader (the exchange, the steps to replay,
// warnings), with credentials redacted.
import { describe, expect, it } from 'vitest';
import { baseResult, failureLine, recordExchange, runCase } from '../../src/engine/run/run-case.js';
import { Redactor } from '../../src/http/redact.js';
import type { Failure } from '../../src/engine/judge/failure.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';
import { fakeTarget, failure, success, type Reply } from './fake-target.js';

const get = (path: string, more: Partial<Step> = {}): Step => ({ request: { method: 'GET', path }, ...more });
const spec = (c: Case): SpecFile => ({ file: 'specs/x.yaml', operation: 'GET /x', title: 't', cases: [c] });
const aCase = (steps: Step[], more: Partial<Case> = {}): Case => ({ id: 'op1.case', title: 'does it', clauses: ['op1.rule'], steps, ...more });
const redactor = () => {
  const r = new Redactor();
  r.addAccount('member', 'm@x.test', 'member-key-0123');
  return r;
};
const run = async (c: Case, replies: Reply[] | Parameters<typeof fakeTarget>[0], more = {}) => {
  const { ctx, sent } = fakeTarget(replies, more);
  return { result: await runCase(spec(c), c, ctx, {}, redactor()), sent };
};

describe('the outcome of a case', () => {
  it('passed: no exchange kept, nothing but what identifies the case and its time', async () => {
    const { result } = await run(aCase([get('/a')], { facts: ['zulip.f'], since: 200 }), [success()]);
    const { durationMs, ...rest } = result;
    expect(rest).toStrictEqual({
      id: 'op1.case',
      endpoint: 'GET /x',
      title: 'does it',
      file: 'specs/x.yaml',
      clauses: ['op1.rule'],
      facts: ['zulip.f'],
      since: 200,
      status: 'passed',
    });
    expect(durationMs).toBeGreaterThanOrEqual(0);
    expect(durationMs).toBeLessThan(60_000);
  });

  it("failed: the first failure's rule and message, the count of the others, the request, the rules broken", async () => {
    const { result } = await run(aCase([get('/a', { expect: { result: 'success', body: [] } })]), [failure('BAD', 'member-key-0123 is wrong')]);
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'GET /x [op1.rule]: expected result "success", got "error" (code "BAD", msg "[redacted: member] is wrong") (as member, GET /a)',
    );
    expect(result.broken).toEqual(['op1.rule']);
    expect(result.failures).toHaveLength(1);
    expect(result.exchange?.response?.status).toBe(400);
    expect(result).not.toHaveProperty('steps');
  });

  it('errored: could not judge, with the cause and the exchange', async () => {
    const { result } = await run(aCase([get('/a')]), [{ error: { kind: 'timeout', message: 'late' } }]);
    expect(result).toMatchObject({
      status: 'errored',
      message: 'GET /x: could not judge: timeout: late (as member, GET /a)',
      exchange: { error: 'timeout: late' },
    });
  });

  it('a case that sent nothing keeps no exchange', async () => {
    const { result } = await run(aCase([get('/a', { as: 'admin' })]), [success()], { accounts: {} });
    expect(result.status).toBe('errored');
    expect(result).not.toHaveProperty('exchange');
  });

  it('a failing multi-step case keeps every step sent, with its captures, to replay them', async () => {
    const { result } = await run(aCase([get('/a', { capture: { id: 'n' } }), get('/b/${id}', { expect: { result: 'error' } })]), [success({ n: 4 })]);
    expect(result.status).toBe('failed');
    expect(result.steps?.map((s) => [s.step, s.exchange.request.url, s.capture, s.captured])).toEqual([
      [1, 'http://t/api/v1/a', { id: 'n' }, { id: 4 }],
      [2, 'http://t/api/v1/b/4', undefined, undefined],
    ]);
    expect(result.steps?.[1]).not.toHaveProperty('capture');
    const errored = await run(aCase([get('/a'), get('/b')]), (req) => (req.path === '/a' ? success() : { error: { kind: 'connection', message: 'reset' } }));
    expect(errored.result.steps).toHaveLength(2);
  });

  it('the 429 answers waited out are counted, never judged', async () => {
    const { result } = await run(aCase([get('/a'), get('/b')]), [{ ...success(), rateLimitRetries: 2 }]);
    expect(result).toMatchObject({ status: 'passed', rateLimitRetries: 4 });
    expect((await run(aCase([get('/a')]), [success()])).result).not.toHaveProperty('rateLimitRetries');
  });
});

describe('cleanup and disputes', () => {
  it("the cleanup steps run with the case's variables; a cleanup that fails is a warning, not a failure", async () => {
    const c = aCase([get('/a', { capture: { id: 'n' } })], { cleanup: [get('/del/${id}', { expect: { result: 'success' } })] });
    const { result, sent } = await run(c, (req) => (req.path === '/a' ? success({ n: 9 }) : failure('GONE', 'already gone')));
    expect(sent.map((r) => r.path)).toEqual(['/a', '/del/9']);
    expect(result.status).toBe('passed');
    expect(result.warnings).toEqual(['cleanup did not complete: expected result "success", got "error" (code "GONE", msg "already gone")']);
  });

  it('a cleanup that could not run says why', async () => {
    const { result } = await run(aCase([get('/a')], { cleanup: [get('/del/${nothing}')] }), [success()]);
    expect(result.warnings).toEqual(['cleanup did not complete: step 1: ${nothing} is not defined (no "nothing")']);
    const clean = await run(aCase([get('/a')], { cleanup: [get('/del')] }), [success()]);
    expect(clean.result).not.toHaveProperty('warnings');
  });

  it('queues opened by the steps and by the cleanup are deleted when the case ends', async () => {
    const register = (name: string): Step => ({ request: { method: 'POST', path: '/register' }, queue: { name }, capture: { [name]: 'queue_id' } });
    const c = aCase([register('q')], { cleanup: [register('r')] });
    let opened = 0;
    const { sent } = await run(c, (req) => success(req.path === '/register' ? { queue_id: `id${(opened += 1)}` } : {}));
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.params)).toEqual([{ queue_id: 'id1' }, { queue_id: 'id2' }]);
  });

  it('a disputed clause answered the Zulip way passes under spec with a warning, the dispute and the exchange', async () => {
    const c = aCase([get('/a', { expect: { result: 'success', clause: 'op1.disputed' } })], { disputed: 'answers with an error here' });
    const { result } = await run(c, [failure('X', 'zulip says no')], { disputedClauses: new Set(['op1.disputed']) });
    expect(result.status).toBe('passed');
    expect(result.warnings).toEqual([
      'disputed clause, not a failure: GET /x [op1.disputed]: expected result "success", got "error" (code "X", msg "zulip says no") (as member, GET /a); the Zulip server answers with an error here',
    ]);
    expect(result.disputes).toHaveLength(1);
    expect(result.exchange?.response?.status).toBe(400);
    const plain = await run({ ...c, disputed: undefined }, [failure('X', 'zulip says no')], { disputedClauses: new Set(['op1.disputed']) });
    expect(plain.result.warnings?.[0]).toMatch(/\(as member, GET \/a\)$/);
  });

  it("a dispute after a step not sent under spec names its own step's request", async () => {
    const readBack = get('/register', { expect: { clause: 'op1.x', zulip: { body: [{ path: 'a', equals: 1 }] } } });
    const c = aCase([get('/a'), readBack, get('/b', { expect: { result: 'success', clause: 'op1.disputed' } })]);
    const { result } = await run(c, [success(), failure('X', 'no')], { disputedClauses: new Set(['op1.disputed']) });
    expect(result.warnings?.[0]).toMatch(/\(as member, GET \/b\)$/);
  });

  it("a case's cleanup requests are counted as cleanup", async () => {
    const { sent } = await run(aCase([get('/a')], { cleanup: [get('/undo')] }), [success()]);
    expect(sent.map((r) => [r.path, r.purpose])).toEqual([
      ['/a', 'check'],
      ['/undo', 'cleanup'],
    ]);
  });

  it("the dispute's warning comes before the cleanup's", async () => {
    const c = aCase([get('/a', { expect: { result: 'success', clause: 'op1.disputed' } })], { cleanup: [get('/del', { expect: { result: 'success' } })] });
    const { result } = await run(c, [failure('X')], { disputedClauses: new Set(['op1.disputed']) });
    expect(result.warnings?.map((w) => w.split(':')[0])).toEqual(['disputed clause, not a failure', 'cleanup did not complete']);
  });

  it('a zulip-profile case is judged as one: its failures carry the zulip profile', async () => {
    const { result } = await run(aCase([get('/a', { expect: { result: 'success' } })], { profile: 'zulip', facts: ['zulip.f'] }), [failure('X')], {
      profile: 'zulip',
    });
    expect(result.failures?.[0]).toMatchObject({ profile: 'zulip', facts: ['zulip.f'] });
  });
});

describe('what a result records', () => {
  it("the case's identity: facts and since only when it has them", () => {
    const c = aCase([], { facts: [], since: 0 });
    expect(baseResult(spec(c), c)).toStrictEqual({ id: 'op1.case', endpoint: 'GET /x', title: 'does it', file: 'specs/x.yaml', clauses: ['op1.rule'] });
  });

  it("an answer's body up to 4000 characters, then cut; the transport error as kind: message; secrets redacted", () => {
    const request = { method: 'GET', url: 'http://t/a', role: 'member', body: null };
    const long = 'x'.repeat(4001);
    const at = (text: string) => recordExchange({ request, durationMs: 1, response: { status: 200, headers: {}, text } }, redactor()).response?.body;
    expect(at('x'.repeat(4000))).toBe('x'.repeat(4000));
    expect(at(long)).toBe(`${'x'.repeat(4000)}...`);
    expect(at('key member-key-0123')).toBe('key [redacted: member]');
    expect(recordExchange({ request, durationMs: 1, error: { kind: 'protocol', message: 'bad' } }, redactor())).toStrictEqual({
      request,
      error: 'protocol: bad',
    });
    expect(
      recordExchange({ request, durationMs: 1, response: { status: 204, headers: {}, text: undefined as unknown as string } }, redactor()).response,
    ).toEqual({ status: 204, body: '' });
  });

  it("the failure line: the first failure's rules and message, how many more, the request", () => {
    const f = (clause: string, message: string): Failure => ({ clause, clauses: [clause], step: 1, check: 'body', message });
    expect(failureLine('GET /x', [f('op1.a', 'a broke')], 'as member, GET /x')).toBe('GET /x [op1.a]: a broke (as member, GET /x)');
    expect(failureLine('GET /x', [f('op1.a', 'a broke'), f('op1.b', 'b broke'), f('op1.c', 'c')], 's')).toBe('GET /x [op1.a]: a broke (+2 more) (s)');
    expect(failureLine('GET /x', [{ ...f('op1.a', 'both broke'), clauses: ['op1.a', 'op1.b'] }], 's')).toBe('GET /x [op1.a, op1.b]: both broke (s)');
    // a refusal naming no clause says so
    expect(failureLine('GET /x', [{ ...f('', 'refused'), clauses: [], refusal: 'X: no' }], 's')).toBe('GET /x [refused by the target]: refused (s)');
  });
});

describe('a repeated step in the result', () => {
  it('passed or failed, the result lists the steps sent again and how often; the steps to replay carry it too', async () => {
    const repeat = { while: { path: 'complete', equals: false }, atMost: 5 };
    const steps = [get('/a'), get('/b', { repeat }), get('/c', { expect: { result: 'error' } })];
    const replies = (req: { path: string }, n: number) => (req.path === '/b' && n < 3 ? success({ complete: false }) : success({ complete: true }));
    const { result } = await run(aCase(steps), replies);
    expect(result.repeats).toEqual([{ step: 2, sent: 3 }]);
    expect(result.steps?.map((s) => s.sent)).toEqual([undefined, 3, undefined]);
    const { result: clean } = await run(aCase([get('/a')]), [success()]);
    expect('repeats' in clean).toBe(false);
  });
});
