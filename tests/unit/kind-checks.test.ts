// The statement kinds' generic checks around a case's steps, against a fake target: a refused
// step names an optional parameter it left out only on evidence (the refusal names it, or the
// request with its default given is accepted), a timestamp is judged against the run's clock, a
// read is sent again with its defaults given explicitly (a difference confirmed before the default
// is blamed), and a not-affected read-back compares every account before and after a change (a
// difference read once more). Fixtures and cleanups get none of them.
import { describe, expect, it } from 'vitest';
import { runSteps } from '../../src/engine/run/run-steps.js';
import { runCase } from '../../src/engine/run/run-case.js';
import { withDefaultTwin, withTwin } from '../../src/engine/run/case-twin.js';
import { kindContext } from '../../src/engine/run/kind-context.js';
import { kindChecksOf, type KindedClause } from '../../src/engine/load/statement-kinds.js';
import { blameRefusal, covering, givenBefore, leftOut, namedByRefusal, sentNamedFirst, sentRequest } from '../../src/engine/run/optional-parameters.js';
import { accountsHeld, accountsRead, changesOf, comparedParameters, readAs, type ReadValues } from '../../src/engine/run/not-affected.js';
import { disagreement, explicitly, freshSuffix, transientAnswer } from '../../src/engine/run/default-twin.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';
import type { StepsOutcome } from '../../src/engine/run/run-steps.js';
import type { ApiRequest } from '../../src/http/client.js';
import { Redactor } from '../../src/http/redact.js';
import { ACCOUNTS, fakeTarget, failure, success, type Reply } from './fake-target.js';

const DOCUMENTED = { 'GET /things': ['a', 'b'], 'PATCH /things/{thing_id}': ['name', 'colour'], 'POST /prefs': ['x', 'y', 'z'] };
const READ = { request: { method: 'GET', path: '/prefs/${account.user_id}' }, value: 'prefs.{parameter}' };
const CATALOG: KindedClause[] = [
  { id: 'opt.all', endpoint: 'PATCH /things/{thing_id}', kind: 'optional', parameters: 'all' },
  { id: 'def.a', endpoint: 'GET /things', kind: 'default', default: { parameter: 'a', value: true } },
  { id: 'def.name', endpoint: 'PATCH /things/{thing_id}', kind: 'default', default: { parameter: 'name', value: 'x' } },
  { id: 'def.colour', endpoint: 'PATCH /things/{thing_id}', kind: 'default', default: { parameter: 'colour', value: 'blue' } },
  {
    id: 'unit.at',
    endpoint: 'GET /things',
    kind: 'unit',
    unit: { of: 'timestamp', scale: 'seconds', at: [{ operation: 'GET /things', path: 'things[*].at', madeBy: { kind: 'thing', field: 'name' } }] },
  },
  { id: 'na.every', endpoint: 'POST /prefs', kind: 'not-affected', readBack: { ...READ, accounts: 'every', parameters: 'passed' } },
  {
    id: 'na.caller',
    endpoint: 'POST /prefs',
    kind: 'not-affected',
    readBack: { ...READ, accounts: 'caller', parameters: 'others', together: [['y', 'z']], facts: ['zulip.prefs'] },
  },
];
const STARTED = Date.now() - 1000;
const kinds = (made = (kind: string, key: string) => kind === 'thing' && key === 'ours') => kindContext(kindChecksOf(CATALOG, DOCUMENTED), STARTED, made);
const step = (method: string, path: string, params: Record<string, unknown> = {}, more: Partial<Step> = {}): Step => ({
  request: { method, path, params: params as Step['request']['params'] },
  ...more,
});
const owner = (clauses: string[], more = {}) => ({ clauses, caseId: 'c', ...more });

describe('optional parameters', () => {
  it('leftOut: the checks whose parameters a request leaves out, with the names', () => {
    const checks = [
      { clause: 'a', operation: 'o', parameters: ['x', 'y'] },
      { clause: 'b', operation: 'o', parameters: ['z'] },
    ];
    expect(leftOut(checks, { x: 1, z: 0 })).toEqual([{ clause: 'a', names: ['y'] }]);
    expect(leftOut(checks, { x: 1, y: undefined, z: false })).toEqual([{ clause: 'a', names: ['y'] }]);
    expect(leftOut(checks, { x: 1, y: 2, z: 3 })).toEqual([]);
  });

  it('namedByRefusal: the var_name, or the name quoted in the message, or a name no sentence uses as a word', () => {
    expect(namedByRefusal({ var_name: 'topic', msg: 'whatever' }, ['topic', 'content'])).toEqual(['topic']);
    expect(namedByRefusal({ msg: "Missing 'content' argument" }, ['topic', 'content'])).toEqual(['content']);
    expect(namedByRefusal({ msg: 'Missing "content" or `topic`' }, ['topic', 'content'])).toEqual(['topic', 'content']);
    expect(namedByRefusal({ msg: 'Invalid stream_id here' }, ['stream_id', 'topic'])).toEqual(['stream_id']);
    expect(namedByRefusal({ msg: 'Invalid prev_content_sha256' }, ['prev_content_sha256'])).toEqual(['prev_content_sha256']);
    // a plain word in a sentence names nothing; nor a name inside a longer one
    expect(namedByRefusal({ msg: "You don't have permission to move this topic" }, ['topic'])).toEqual([]);
    expect(namedByRefusal({ msg: 'bad new_stream_id' }, ['stream_id'])).toEqual([]);
    expect(namedByRefusal({ msg: 42 }, ['topic'])).toEqual([]);
  });

  it('blameRefusal: the refusal names a parameter, or the request with the defaults given is accepted; else the refusal stays', async () => {
    const refused = {
      clause: 'op.rule',
      clauses: ['op.rule'],
      check: 'result' as const,
      message: 'm',
      path: 'result',
      actual: '"error"',
      refusal: 'BAD_REQUEST: no',
    };
    const body = { var_name: 'b', msg: 'no' };
    const omitted = [
      { clause: 'opt.a', names: ['a', 'b'] },
      { clause: 'opt.c', names: ['c'] },
    ];
    const named = await blameRefusal({ judged: [refused], body, omitted, withDefaults: null });
    expect(named).toEqual([
      {
        clause: 'opt.a',
        clauses: ['opt.a'],
        check: 'optional',
        path: 'result',
        expected: 'the request accepted without b (the document makes it optional)',
        actual: '"error"',
        message: 'm: the refusal names b, so the server requires b, which the document makes optional',
      },
    ]);
    let asked = 0;
    const accepted = (yes: boolean) => ({ names: ['c'], accepted: () => ((asked += 1), Promise.resolve(yes)) });
    const given = await blameRefusal({ judged: [refused], body: { msg: 'no' }, omitted, withDefaults: accepted(true) });
    expect(given.map((f) => [f.check, f.clauses, f.message])).toEqual([
      ['optional', ['opt.c'], 'm: with c given, the same request is accepted, so the server requires c, which the document makes optional'],
    ]);
    expect(await blameRefusal({ judged: [refused], body: { msg: 'no' }, omitted, withDefaults: accepted(false) })).toEqual([refused]);
    expect(asked).toBe(2);
    // no evidence: the optional clauses a step cites go; where they are all it cites, the refusal names no clause
    const citing = { ...refused, clause: 'opt.c', clauses: ['opt.c', 'op.rule'] };
    expect((await blameRefusal({ judged: [citing], body: { msg: 'no' }, omitted, withDefaults: null }))[0].clauses).toEqual(['op.rule']);
    const only = { ...refused, clause: 'opt.c', clauses: ['opt.c'] };
    expect((await blameRefusal({ judged: [only], body: { msg: 'no' }, omitted, withDefaults: null }))[0]).toMatchObject({
      clause: '',
      clauses: [],
      refusal: 'BAD_REQUEST: no',
    });
    // an earlier step of the case gave c in the same request, accepted: c is blamed, nothing asked
    expect((await blameRefusal({ judged: [refused], body: { msg: 'no' }, omitted, withDefaults: null, givenBefore: ['c', 'x'] }))[0]).toMatchObject({
      check: 'optional',
      clauses: ['opt.c'],
      message: 'm: with c given, the same request was accepted before, so the server requires c, which the document makes optional',
    });
    // nothing left out, no refusal, or a zulip-profile check: as it was, nothing asked
    expect(await blameRefusal({ judged: [refused], body, omitted: [], withDefaults: accepted(true) })).toEqual([refused]);
    const { refusal: _, ...notRefused } = refused;
    expect(await blameRefusal({ judged: [notRefused], body, omitted, withDefaults: accepted(true) })).toEqual([notRefused]);
    // a zulip-profile check: only a refusal naming the parameter blames it
    const zulip = { ...refused, profile: 'zulip' as const, facts: ['zulip.f'] };
    expect((await blameRefusal({ judged: [zulip], body, omitted, withDefaults: accepted(true) }))[0].clauses).toEqual(['opt.a']);
    expect(await blameRefusal({ judged: [zulip], body: { msg: 'no' }, omitted, withDefaults: accepted(true) })).toEqual([zulip]);
    expect(asked).toBe(2);
  });

  it('givenBefore: what an accepted request of the same account, method, path and values sent besides this one', () => {
    const now = sentRequest('member', 'PATCH', '/s/1', { a: 1, b: undefined });
    expect(now.params).toEqual({ a: '1' });
    const accepted = [
      sentRequest('member', 'PATCH', '/s/1', { a: 1, title: 't' }),
      sentRequest('admin', 'PATCH', '/s/1', { a: 1, content: 'c' }),
      sentRequest('member', 'PATCH', '/s/2', { a: 1, content: 'c' }),
      sentRequest('member', 'PATCH', '/s/1', { content: 'c' }),
      // the same parameter with another value is another request (one value of each setting, then the next)
      sentRequest('member', 'PATCH', '/s/1', { a: 2, other: true }),
    ];
    expect(givenBefore(accepted, now)).toEqual(['title']);
    expect(givenBefore([], now)).toEqual([]);
  });

  it('sentNamedFirst: the clauses of the parameter a refusal names, or of its values, come first', () => {
    const refused = {
      clause: 'op3.type.values',
      clauses: ['op3.type.values', 'op3.op.values', 'op3.to'],
      check: 'result' as const,
      message: 'm',
      refusal: 'BAD_REQUEST: Invalid op',
    };
    const sent = ['type', 'op', 'to'];
    // named after the parameter's values (op3.op.values), not only after the parameter (op5.param.color-scheme)
    expect(sentNamedFirst([refused], { msg: 'Invalid op' }, sent)[0]).toMatchObject({
      clause: 'op3.op.values',
      clauses: ['op3.op.values', 'op3.type.values', 'op3.to'],
    });
    expect(sentNamedFirst([refused], { var_name: 'to', msg: 'no' }, sent)[0].clauses).toEqual(['op3.to', 'op3.type.values', 'op3.op.values']);
    // a name inside another word is not the parameter's (op3.top.x is not op's)
    const other = { ...refused, clauses: ['op3.type.values', 'op3.top.x'] };
    expect(sentNamedFirst([other], { msg: 'Invalid op' }, sent)).toEqual([other]);
    // nothing named, or one clause only: as it was
    expect(sentNamedFirst([refused], { msg: 'Refused' }, sent)).toEqual([refused]);
  });

  it("covering: the clauses covering every parameter named at once, else each parameter's clauses", () => {
    const omitted = [
      { clause: 'all', names: ['a', 'b', 'c'] },
      { clause: 'def.a', names: ['a'] },
      { clause: 'def.b', names: ['b'] },
    ];
    expect(covering(omitted, ['a', 'b'])).toEqual([{ clause: 'all', names: ['a', 'b'] }]);
    expect(covering(omitted, ['a'])).toEqual([
      { clause: 'all', names: ['a'] },
      { clause: 'def.a', names: ['a'] },
    ]);
    expect(covering(omitted.slice(1), ['a', 'b'])).toEqual([
      { clause: 'def.a', names: ['a'] },
      { clause: 'def.b', names: ['b'] },
    ]);
  });

  it('a refused step expecting success is the refusal itself, unless the evidence points at what it left out', async () => {
    const patch = step('PATCH', '/things/7', { name: 'n' }, { expect: { result: 'success' } });
    const { ctx, sent } = fakeTarget([failure('BAD_REQUEST', "You can't do that")], { kinds: kinds() });
    const out = await runSteps([patch], ctx, {}, owner(['op.rule']));
    expect(out.status === 'failed' && out.failures.map((f) => [f.check, f.clauses, f.refusal])).toEqual([
      ['result', ['op.rule'], "BAD_REQUEST: You can't do that"],
    ]);
    // sent again once with the default it left out (colour=blue): refused too
    expect(sent.map((r) => r.params)).toEqual([{ name: 'n' }, { name: 'n', colour: 'blue' }]);
    const named = fakeTarget([failure('BAD_REQUEST', "Missing 'colour' argument")], { kinds: kinds() });
    const out2 = await runSteps([patch], named.ctx, {}, owner(['op.rule']));
    expect(out2.status === 'failed' && out2.failures.map((f) => [f.check, f.clauses])).toEqual([['optional', ['opt.all', 'def.colour']]]);
    expect(named.sent).toHaveLength(1);
    const byDefault = fakeTarget((req) => (req.params?.colour === 'blue' ? success() : failure('BAD_REQUEST')), { kinds: kinds() });
    const out3 = await runSteps([patch], byDefault.ctx, {}, owner(['op.rule']));
    expect(out3.status === 'failed' && out3.failures.map((f) => [f.check, f.clauses])).toEqual([['optional', ['opt.all', 'def.colour']]]);
    const fixture = fakeTarget([failure('BAD_REQUEST')], { kinds: kinds() });
    const out4 = await runSteps([patch], fixture.ctx, {}, { clauses: [] });
    expect(out4.status === 'failed' && out4.failures[0].clauses).toEqual([]);
    expect(fixture.sent).toHaveLength(1);
    const other = await runSteps([step('PATCH', '/other/7', {}, { expect: { result: 'success' } })], fixture.ctx, {}, owner(['op.rule']));
    expect(other.status === 'failed' && other.failures.map((f) => [f.clauses, f.refusal])).toEqual([[['op.rule'], 'BAD_REQUEST: no']]);
  });

  it('an expected error code other than BAD_REQUEST shows the request accepted too; BAD_REQUEST or none does not', async () => {
    const run = async (code?: string, got = failure('BAD_REQUEST', "Missing 'name' argument")) => {
      const { ctx } = fakeTarget([got], { kinds: kinds() });
      const out = await runSteps([step('PATCH', '/things/7', {}, { expect: { result: 'error', ...(code ? { code } : {}) } })], ctx, {}, owner(['op.rule']));
      return out.status === 'failed' ? out.failures.map((f) => [f.check, f.clauses]) : out.status;
    };
    expect(await run('NO_SUCH_THING')).toEqual([['optional', ['opt.all', 'def.name']]]);
    expect(await run('NO_SUCH_THING', failure('OTHER'))).toEqual([['code', ['op.rule']]]);
    expect(await run('BAD_REQUEST')).toBe('passed');
    expect(await run()).toBe('passed');
    // a BAD_REQUEST expected and another code got: the request was refused either way
    expect(await run('BAD_REQUEST', failure('OTHER', "Missing 'name' argument"))).toEqual([['code', ['op.rule']]]);
  });
});

describe('timestamps', () => {
  it("a success answer's timestamps of what the run made are judged; a setup step's and an error's are not", async () => {
    const now = Math.floor(Date.now() / 1000);
    const answer = success({ things: [{ name: 'ours', at: now * 1000 }] });
    const { ctx } = fakeTarget([answer], { kinds: kinds() });
    const out = await runSteps([step('GET', '/things')], ctx, {}, owner(['op.rule']));
    expect(out.status === 'failed' && out.failures.map((f) => [f.check, f.clause, f.path, f.step])).toEqual([['unit', 'unit.at', 'things[0].at', 1]]);
    expect((await runSteps([step('GET', '/things', {}, { setup: true })], ctx, {}, owner(['op.rule']))).status).toBe('passed');
    const fine = fakeTarget([success({ things: [{ name: 'ours', at: now }] })], { kinds: kinds() });
    expect((await runSteps([step('GET', '/things')], fine.ctx, {}, owner(['op.rule']))).status).toBe('passed');
    const notJson = fakeTarget([{ response: { status: 200, headers: {}, text: '<html>', jsonError: 'not JSON' } }], { kinds: kinds() });
    const broken = await runSteps([step('GET', '/things')], notJson.ctx, {}, owner(['op.rule']));
    expect(broken.status === 'failed' && broken.failures.map((f) => f.check)).toEqual(['envelope']);
    const refused = fakeTarget(
      [{ ...failure('X'), response: { ...failure('X').response!, json: { result: 'error', msg: '', code: 'X', things: [{ name: 'ours', at: 0 }] } } }],
      {
        kinds: kinds(),
      },
    );
    expect((await runSteps([step('GET', '/things')], refused.ctx, {}, owner(['op.rule']))).status).toBe('passed');
  });
});

describe('defaults', () => {
  it('a read leaving a cited default out is sent again with it; a disagreement names the default clause', async () => {
    const replies = (req: ApiRequest): Reply => success({ n: req.params?.a === true ? 1 : 2 });
    const { ctx, sent } = fakeTarget(replies, { kinds: kinds() });
    const get = step('GET', '/things', {}, { expect: { body: [{ path: 'n', equals: 2 }] } });
    const out = await runSteps([get], ctx, {}, owner(['def.a']));
    // the difference is confirmed: both reads sent once more
    expect(sent.map((r) => r.params)).toEqual([{}, { a: true }, {}, { a: true }]);
    expect(new Set(sent.map((r) => JSON.stringify(r.trace)))).toEqual(new Set([JSON.stringify({ caseId: 'c', step: 1 })]));
    expect(out.status === 'failed' && out.failures.map((f) => [f.check, f.clauses, f.message])).toEqual([
      [
        'default',
        ['def.a'],
        'with a=true given explicitly: n: expected 2, got 1; left out, the step passes (each way twice), so the explicit value is not the default',
      ],
    ]);
    // the other way round: the step fails left out and passes with the default
    const other = fakeTarget(replies, { kinds: kinds() });
    const left = await runSteps([step('GET', '/things', {}, { expect: { body: [{ path: 'n', equals: 1 }] } })], other.ctx, {}, owner(['def.a']));
    expect(left.status === 'failed' && left.failures.map((f) => [f.check, f.message])).toEqual([
      ['default', 'left out: n: expected 1, got 2; with a=true given explicitly the step passes (each way twice), so the default is not a=true'],
      ['body', 'n: expected 1, got 2'],
    ]);
  });

  it('no second read when the request gives the parameter, the case does not cite the default, or both answers agree', async () => {
    const { ctx, sent } = fakeTarget([success({ n: 2 })], { kinds: kinds() });
    await runSteps([step('GET', '/things', { a: false })], ctx, {}, owner(['def.a']));
    await runSteps([step('GET', '/things')], ctx, {}, owner(['other']));
    expect(sent).toHaveLength(2);
    const out = await runSteps([step('GET', '/things', {}, { expect: { body: [{ path: 'n', equals: 3 }] } })], ctx, {}, owner(['def.a']));
    expect(sent).toHaveLength(4);
    expect(out.status === 'failed' && out.failures.map((f) => f.check)).toEqual(['body']);
  });

  it('a second read that gets no answer is sent once more; twice without one, it errors the step', async () => {
    const { ctx, sent } = fakeTarget((_, n) => (n === 0 ? success() : { error: { kind: 'timeout', message: 'no answer' } }), { kinds: kinds() });
    const out = await runSteps([step('GET', '/things')], ctx, {}, owner(['def.a']));
    expect(out.status === 'errored' && out.cause).toBe('step 1: with a=true given explicitly: timeout: no answer');
    expect(sent).toHaveLength(3);
  });

  it('a transient trouble of the second read, or a difference that does not come back, blames no default', async () => {
    // a 503 once on the twin: sent again, and then it agrees
    const flaky = fakeTarget((req, n) => (n === 1 ? failure('X', 'busy', 503) : success({ n: 2 })), { kinds: kinds() });
    const get = step('GET', '/things', {}, { expect: { body: [{ path: 'n', equals: 2 }] } });
    expect((await runSteps([get], flaky.ctx, {}, owner(['def.a']))).status).toBe('passed');
    expect(flaky.sent.map((r) => r.params)).toEqual([{}, { a: true }, { a: true }]);
    // the twin differs once; sent again, both agree: no failure of the default
    const once = fakeTarget((req, n) => success({ n: n === 1 ? 1 : 2 }), { kinds: kinds() });
    expect((await runSteps([get], once.ctx, {}, owner(['def.a']))).status).toBe('passed');
    expect(once.sent.map((r) => r.params)).toEqual([{}, { a: true }, {}, { a: true }]);
  });

  it("a change leaving a cited default out is noted for the case's twin; in the twin it is given", async () => {
    const { ctx, sent } = fakeTarget([success()], { kinds: kinds() });
    const leftOutDefaults = new Map();
    await runSteps([step('PATCH', '/things/7', { colour: 'red' })], ctx, {}, owner(['def.name'], { defaultsLeftOut: leftOutDefaults }));
    expect([...leftOutDefaults.keys()]).toEqual(['def.name']);
    const twin = { clause: 'def.name', operation: 'PATCH /things/{thing_id}', parameter: 'name', value: 'x' };
    const other = { clause: 'def.colour', operation: 'PATCH /things/{thing_id}', parameter: 'colour', value: 'blue' };
    await runSteps([step('PATCH', '/things/7', { colour: 'red' })], ctx, {}, owner(['def.name'], { explicitDefaults: [twin] }));
    // only the defaults of the twin are given; another the case cites is left out still
    await runSteps([step('PATCH', '/things/7')], ctx, {}, owner(['def.name', 'def.colour'], { explicitDefaults: [twin] }));
    await runSteps([step('PATCH', '/things/7')], ctx, {}, owner(['def.name', 'def.colour'], { explicitDefaults: [twin, other] }));
    expect(sent.map((r) => r.params)).toEqual([{ colour: 'red' }, { colour: 'red', name: 'x' }, { name: 'x' }, { name: 'x', colour: 'blue' }]);
    // without a map to note them in, nothing is noted and nothing breaks
    expect((await runSteps([step('PATCH', '/things/7')], ctx, {}, owner(['def.name']))).status).toBe('passed');
  });

  const spec = (c: Case): SpecFile => ({ file: 'specs/x.yaml', operation: 'PATCH /things/{thing_id}', title: 't', cases: [c] });
  const aCase = (steps: Step[], more: Partial<Case> = {}): Case => ({ id: 'c1', title: 't', clauses: ['def.name'], steps, ...more });
  const runIt = async (c: Case, reply: (req: ApiRequest) => Reply) => {
    const { ctx, sent } = fakeTarget(reply, { kinds: kinds() });
    return { result: await runCase(spec(c), c, ctx, {}, new Redactor()), sent };
  };

  it('a case changing something runs again with the default given: agreeing, it passes; differing, the default clause fails', async () => {
    const patch = step('PATCH', '/things/7', { colour: 'red' }, { expect: { result: 'success' }, capture: { got: 'name' } });
    const agree = await runIt(aCase([patch], { cleanup: [step('PATCH', '/things/7', { colour: 'blue' })] }), () => success({ name: 'x' }));
    expect(agree.result.status).toBe('passed');
    expect(agree.sent.map((r) => r.params)).toEqual([{ colour: 'red' }, { colour: 'blue' }, { colour: 'red', name: 'x' }, { colour: 'blue' }]);
    const differ = await runIt(aCase([patch]), (req) => (req.params?.name === 'x' ? failure('BAD_REQUEST') : success({ name: 'x' })));
    expect(differ.result.status).toBe('failed');
    expect(differ.result.broken).toEqual(['def.name']);
    expect(differ.result.failures![0].message).toMatch(/^with name=x given explicitly: expected result "success", got "error" .*; left out, the case passes/);
  });

  it('a case whose first run errs is not run again', async () => {
    const c = aCase([step('PATCH', '/things/7', { colour: 'red' }), step('GET', '/missing/${nothing}')]);
    const { result, sent } = await runIt(c, () => success());
    expect(result.status).toBe('errored');
    expect(sent).toHaveLength(1);
  });

  it('a case reading an event queue is not run again', async () => {
    const c = aCase([step('PATCH', '/things/7'), { request: { method: 'GET', path: '/events' }, queue: { name: 'q' } }]);
    const { sent } = await runIt(c, () => success({ queue_id: 'q' }));
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});

describe('withTwin and its failure', () => {
  const d = [{ clause: 'def.a', operation: 'o', parameter: 'a', value: true }];
  const failed = (message: string): StepsOutcome => ({
    status: 'failed',
    records: [],
    vars: {},
    disputes: [],
    queues: [],
    summary: 's',
    failures: [{ clause: 'r', clauses: ['r'], check: 'body', step: 2, path: 'p', message }],
  });
  const passed: StepsOutcome = { status: 'passed', records: [], vars: {}, disputes: [], queues: [] };
  const errored: StepsOutcome = { status: 'errored', records: [], vars: {}, disputes: [], queues: [], cause: 'gone' };

  it('the same outcome twice is the original; one failure names the defaults first', () => {
    expect(withTwin(passed, passed, d)).toBe(passed);
    const both = failed('x');
    expect(withTwin(both, failed('y'), d)).toBe(both);
    const twinFailed = withTwin(passed, failed('twin'), d);
    expect(twinFailed.status === 'failed' && twinFailed.failures.map((f) => [f.check, f.clauses, f.step, f.path])).toEqual([
      ['default', ['def.a'], 2, 'p'],
      ['body', ['r'], 2, 'p'],
    ]);
    const originalFailed = withTwin(failed('orig'), passed, d);
    expect(originalFailed.status === 'failed' && originalFailed.failures[0].message).toBe(
      'left out: orig; with a=true given explicitly the case passes (each way twice, on fresh names), so the default is not a=true',
    );
  });

  it('an errored original stays; an errored twin errs a passing case and leaves a failed one', () => {
    expect(withTwin(errored, passed, d)).toBe(errored);
    expect(withTwin(errored, failed('twin'), d)).toBe(errored);
    const e = withTwin(passed, errored, d);
    expect(e.status === 'errored' && e.cause).toBe('with a=true given explicitly: gone');
    const f = failed('x');
    expect(withTwin(f, errored, d)).toBe(f);
  });

  it('withDefaultTwin: a difference is blamed on the default only when both runs again show it; a transient twin is run again first', async () => {
    const runs = (outcomes: StepsOutcome[]) => {
      const asked: boolean[] = [];
      return { asked, run: (explicit: boolean) => (asked.push(explicit), Promise.resolve(outcomes[asked.length - 1])) };
    };
    const warnings: string[] = [];
    const warn = (w: string) => warnings.push(w);
    // agreeing: one twin, no more
    const agree = runs([passed]);
    expect(await withDefaultTwin(passed, agree.run, d, warn)).toBe(passed);
    expect(agree.asked).toEqual([true]);
    // differing, then differing again: the default fails
    const confirmed = runs([failed('twin'), passed, failed('twin again')]);
    const blamed = await withDefaultTwin(passed, confirmed.run, d, warn);
    expect(confirmed.asked).toEqual([true, false, true]);
    expect(blamed.status === 'failed' && blamed.failures[0].check).toBe('default');
    // differing once, agreeing when run again: not the default's; the fresh pair's outcome, with a warning
    const once = runs([failed('twin'), passed, passed]);
    expect(await withDefaultTwin(passed, once.run, d, warn)).toBe(passed);
    expect(warnings).toEqual([
      'with a=true given explicitly the case failed once, left out it passed; run again on fresh names, passed and passed: not blamed on the default',
    ]);
    // an errored twin is run again; errored twice, a passing case errs
    const transient = runs([errored, passed]);
    expect(await withDefaultTwin(passed, transient.run, d, warn)).toBe(passed);
    expect(transient.asked).toEqual([true, true]);
    const gone = await withDefaultTwin(passed, runs([errored, errored]).run, d, warn);
    expect(gone.status === 'errored' && gone.cause).toBe('with a=true given explicitly: gone');
    // an errored original is not run again
    const none = runs([]);
    expect(await withDefaultTwin(errored, none.run, d, warn)).toBe(errored);
    expect(none.asked).toEqual([]);
  });

  it('transientAnswer: no answer, a 5xx or a 429; freshSuffix: nothing the first time, then " 2", " 3"', () => {
    expect(transientAnswer(undefined)).toBe(true);
    expect(transientAnswer({ error: { kind: 'timeout', message: 'late' } })).toBe(true);
    expect(transientAnswer({ response: { status: 502, headers: {}, text: '' } })).toBe(true);
    expect(transientAnswer({ response: { status: 429, headers: {}, text: '' } })).toBe(true);
    expect(transientAnswer({ response: { status: 400, headers: {}, text: '' } })).toBe(false);
    expect(transientAnswer({ response: { status: 200, headers: {}, text: '' } })).toBe(false);
    expect([0, 1, 2].map(freshSuffix)).toEqual(['', ' 2', ' 3']);
  });

  it('explicitly and disagreement read as the defaults given', () => {
    expect(explicitly([...d, { clause: 'def.b', operation: 'o', parameter: 'b', value: 0 }])).toBe('a=true, b=0');
    const base = { clause: 'r', clauses: ['r'], check: 'body' as const, message: 'm', profile: 'zulip' as const, facts: ['zulip.f'] };
    expect(disagreement(d, base, true, 'the step')).toEqual({
      ...base,
      clause: 'def.a',
      clauses: ['def.a'],
      check: 'default',
      message: 'with a=true given explicitly: m; left out, the step passes (each way twice), so the explicit value is not the default',
    });
  });
});

describe('not affected', () => {
  const check = (accounts: 'every' | 'caller', parameters: 'passed' | 'others', together?: string[][]) => ({
    clause: 'na',
    operation: 'POST /prefs',
    parameters: ['x', 'y', 'z'],
    readBack: { ...READ, accounts, parameters, ...(together ? { together } : {}) },
  });

  it('compares the parameters passed, or the others, a group kept whole', () => {
    expect(comparedParameters(check('every', 'passed'), { x: 1, w: 2, y: undefined })).toEqual(['x']);
    expect(comparedParameters(check('every', 'others'), { x: 1 })).toEqual(['y', 'z']);
    expect(comparedParameters(check('every', 'passed', [['y', 'z']]), { y: 1 })).toEqual(['y', 'z']);
    expect(comparedParameters(check('caller', 'others', [['y', 'z']]), { z: 1 })).toEqual(['x']);
    expect(comparedParameters(check('caller', 'others', [['y', 'z']]), { x: 1 })).toEqual(['y', 'z']);
  });

  it('reads every account the run holds, sorted, or the caller', () => {
    expect(accountsRead(check('every', 'passed'), 'member', { member: 1, admin: 2 })).toEqual(['admin', 'member']);
    expect(accountsRead(check('caller', 'passed'), 'member', { member: 1, admin: 2 })).toEqual(['member']);
  });

  it('readAs: a read through POST /register closes the event queue it opened, as the same account', async () => {
    const register = {
      ...check('every', 'passed'),
      readBack: { ...READ, accounts: 'every' as const, parameters: 'passed' as const, request: { method: 'POST', path: '/register' } },
    };
    const { ctx, sent } = fakeTarget([success({ prefs: { x: 1 }, queue_id: 'q7' }), success()]);
    expect(await readAs(ctx.client, register, 'admin', ACCOUNTS.admin, ['x'], {})).toEqual({ role: 'admin', values: { x: { found: true, value: 1 } } });
    expect(sent.map((r) => [r.method, r.path, r.params, r.auth?.email])).toEqual([
      ['POST', '/register', {}, ACCOUNTS.admin.email],
      ['DELETE', '/events', { queue_id: 'q7' }, ACCOUNTS.admin.email],
    ]);
    // Another read (another method or path), or an answer without a queue: nothing to close.
    for (const request of [READ.request, { method: 'GET', path: '/register' }, { method: 'POST', path: '/prefs' }]) {
      const other = { ...register, readBack: { ...register.readBack, request } };
      const plain = fakeTarget([success({ prefs: { x: 1 }, queue_id: 'q8' })]);
      await readAs(plain.ctx.client, other, 'admin', ACCOUNTS.admin, ['x'], {});
      expect(plain.sent).toHaveLength(1);
    }
    const noQueue = fakeTarget([success({ prefs: { x: 1 }, queue_id: 8 })]);
    await readAs(noQueue.ctx.client, register, 'admin', ACCOUNTS.admin, ['x'], {});
    expect(noQueue.sent).toHaveLength(1);
  });

  it('readAs: the read as that account, its values per parameter; a refused read is told from one never answered', async () => {
    const { ctx, sent } = fakeTarget([success({ prefs: { x: 1 } })]);
    const got = await readAs(ctx.client, check('every', 'passed'), 'admin', ACCOUNTS.admin, ['x', 'y'], { v: 1 }, { caseId: 'c', step: 2 });
    expect(got).toEqual({ role: 'admin', values: { x: { found: true, value: 1 }, y: { found: false, value: undefined } } });
    expect(sent[0]).toMatchObject({
      method: 'GET',
      path: '/prefs/11',
      params: {},
      auth: { role: 'admin', email: 'a@x.test' },
      trace: { caseId: 'c', step: 2 },
    });
    const notJson = fakeTarget([{ response: { status: 200, headers: {}, text: '<html>', jsonError: 'not JSON' } }]);
    expect(await readAs(notJson.ctx.client, check('every', 'passed'), 'admin', ACCOUNTS.admin, ['x'], {})).toEqual({
      refused: 'reading back GET /prefs/${account.user_id} as admin for na: answer nothing',
    });
    const refused = fakeTarget([failure('BAD_REQUEST', 'no')]);
    expect(await readAs(refused.ctx.client, check('every', 'passed'), 'admin', ACCOUNTS.admin, ['x'], {})).toEqual({
      refused: 'reading back GET /prefs/${account.user_id} as admin for na: answer {"result":"error","msg":"no","code":"BAD_REQUEST"}',
    });
    const gone = fakeTarget([{ error: { kind: 'connection', message: 'closed' } }]);
    expect(await readAs(gone.ctx.client, check('every', 'passed'), 'admin', ACCOUNTS.admin, ['x'], {})).toBe(
      'reading back GET /prefs/${account.user_id} as admin for na: connection: closed',
    );
  });

  it('changesOf: each value that changed, per account, the caller said; a zulip read names its facts', () => {
    const was: ReadValues[] = [
      { role: 'admin' as const, values: { x: { found: true, value: 1 }, y: { found: false, value: undefined } } },
      { role: 'member' as const, values: { x: { found: true, value: 1 } } },
    ];
    const now: ReadValues[] = [
      { role: 'admin' as const, values: { x: { found: true, value: 2 }, y: { found: true, value: 'new' } } },
      { role: 'member' as const, values: { x: { found: false, value: undefined } } },
    ];
    const zulip = { ...check('every', 'passed'), readBack: { ...check('every', 'passed').readBack, facts: ['zulip.f'] } };
    expect(changesOf(zulip, 'admin', was, now).map((f) => [f.path, f.expected, f.actual, f.message, f.profile, f.facts])).toEqual([
      ['prefs.x', '1, as before the change', '2', 'prefs.x (as admin, the caller): expected 1, as before the change, got 2', 'zulip', ['zulip.f']],
      [
        'prefs.y',
        'nothing, as before the change',
        '"new"',
        'prefs.y (as admin, the caller): expected nothing, as before the change, got "new"',
        'zulip',
        ['zulip.f'],
      ],
      [
        'prefs.x',
        '1, as before the change',
        'nothing (the field is gone)',
        'prefs.x (as member): expected 1, as before the change, got nothing (the field is gone)',
        'zulip',
        ['zulip.f'],
      ],
    ]);
    expect(changesOf(check('every', 'passed'), 'admin', was, was)).toEqual([]);
    expect(changesOf(check('every', 'passed'), 'admin', was, [])).toEqual([]);
    expect(changesOf(check('every', 'passed'), 'admin', was, now)[0]).toMatchObject({ clause: 'na', clauses: ['na'], check: 'not-affected' });
    expect('profile' in changesOf(check('every', 'passed'), 'admin', was, now)[0]).toBe(false);
  });

  it('around a change of a case citing it: reads before and after, on every account; a change confirmed by a third read fails', async () => {
    let colour = 1;
    const reply = (req: ApiRequest): Reply => {
      if (req.method === 'POST') colour = req.params?.x as number;
      return success({ prefs: { x: req.auth?.role === 'admin' ? colour : 1 } });
    };
    const { ctx, sent } = fakeTarget(reply, { kinds: kinds() });
    const out = await runSteps([step('POST', '/prefs', { x: 5 }, { as: 'admin' })], ctx, {}, owner(['na.every']));
    expect(sent.map((r) => `${r.method} ${r.path} ${r.auth?.role}`)).toEqual([
      'GET /prefs/11 admin',
      'GET /prefs/10 member',
      'POST /prefs admin',
      'GET /prefs/11 admin',
      'GET /prefs/10 member',
      'GET /prefs/11 admin',
      'GET /prefs/10 member',
    ]);
    expect(out.status === 'failed' && out.failures.map((f) => [f.check, f.clause, f.message])).toEqual([
      ['not-affected', 'na.every', 'prefs.x (as admin, the caller): expected 1, as before the change, got 5'],
    ]);
  });

  it("another client's change is not the server's: gone again when read once more, or not the value the change sent", async () => {
    const run = async (values: number[]) => {
      let reads = 0;
      const reply = (req: ApiRequest): Reply => {
        if (req.method === 'POST') return success();
        const x = req.auth?.role === 'admin' ? values[Math.min(reads, values.length - 1)] : 1;
        if (req.auth?.role === 'admin') reads += 1;
        return success({ prefs: { x } });
      };
      const { ctx } = fakeTarget(reply, { kinds: kinds() });
      return runSteps([step('POST', '/prefs', { x: 5 }, { as: 'admin' })], ctx, {}, owner(['na.every']));
    };
    // before 1, after 7 (someone else), again 7: not the value sent (5)
    expect((await run([1, 7, 7])).status).toBe('passed');
    // before 1, after 5, again 1: set and put back meanwhile
    expect((await run([1, 5, 1])).status).toBe('passed');
    // before 1, after 5, again 5: the change's value, stayed
    expect((await run([1, 5, 5])).status).toBe('failed');
    // the caller's others: a value that changed and stayed fails, one that changed again does not
    const others = async (values: (number | undefined)[]) => {
      let reads = 0;
      const reply = (req: ApiRequest): Reply => {
        if (req.method === 'POST') return success();
        const y = values[Math.min(reads++, values.length - 1)];
        return success({ prefs: { y, z: 0, x: 0 } });
      };
      const { ctx } = fakeTarget(reply, { kinds: kinds(), profile: 'zulip' });
      return runSteps([step('POST', '/prefs', { x: 5 })], ctx, {}, owner(['na.caller']));
    };
    expect((await others([1, 2, 2])).status).toBe('failed');
    expect((await others([1, 2, 3])).status).toBe('passed');
    expect((await others([1, 2, 1])).status).toBe('passed');
  });

  it('accountsHeld: the accounts the not-affected checks of a case read, all of them or its callers', () => {
    const k = kinds();
    const c = (clauses: string[], steps: Step[]): Case => ({ id: 'c', title: 't', clauses, steps });
    const configured = ['admin', 'member', 'owner'] as const;
    expect(accountsHeld(c(['na.every'], [step('POST', '/prefs', { x: 1 }, { as: 'member' })]), k, [...configured])).toEqual(['admin', 'member', 'owner']);
    expect(accountsHeld(c(['na.caller'], [step('POST', '/prefs', {}, { as: 'admin' })]), k, [...configured])).toEqual(['admin']);
    // not cited, a setup step, another operation, an account the run made: none
    expect(accountsHeld(c(['other'], [step('POST', '/prefs', {})]), k, [...configured])).toEqual([]);
    expect(accountsHeld(c(['na.caller'], [step('POST', '/prefs', {}, { setup: true })]), k, [...configured])).toEqual([]);
    expect(accountsHeld(c(['na.caller'], [step('GET', '/things')]), k, [...configured])).toEqual([]);
    expect(accountsHeld(c(['na.caller'], [step('POST', '/prefs', {}, { as: { email: 'e', apiKey: 'k' } })]), k, [...configured])).toEqual([]);
  });

  it('no reads for a case not citing it, a setup step, nothing to compare, or a zulip read under spec; a failed read errs the step', async () => {
    const { ctx, sent } = fakeTarget([success({ prefs: {} })], { kinds: kinds() });
    await runSteps([step('POST', '/prefs', { x: 5 })], ctx, {}, owner(['other']));
    await runSteps([step('POST', '/prefs', { x: 5 }, { setup: true })], ctx, {}, owner(['na.every']));
    await runSteps([step('POST', '/prefs', { w: 5 })], ctx, {}, owner(['na.every']));
    await runSteps([step('POST', '/prefs', {})], ctx, {}, owner(['na.caller']));
    expect(sent.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
    const zulip = fakeTarget([success({ prefs: {} })], { kinds: kinds(), profile: 'zulip' });
    await runSteps([step('POST', '/prefs', {})], zulip.ctx, {}, owner(['na.caller']));
    expect(zulip.sent.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
    const broken = fakeTarget((req) => (req.method === 'GET' ? failure('BAD_REQUEST') : success()), { kinds: kinds() });
    const before = await runSteps([step('POST', '/prefs', { x: 1 })], broken.ctx, {}, owner(['na.every']));
    expect(before.status === 'errored' && before.cause).toMatch(/^step 1: reading back GET \/prefs\/\$\{account.user_id\} as admin for na.every: answer/);
    const after = fakeTarget((req, n) => (req.method === 'GET' && n > 2 ? failure('BAD_REQUEST') : success({ prefs: {} })), { kinds: kinds() });
    const out = await runSteps([step('POST', '/prefs', { x: 1 })], after.ctx, {}, owner(['na.every']));
    expect(out.status === 'errored' && out.cause).toMatch(/^step 1: reading back .* as (admin|member) for na.every/);
  });

  it('no reads of a later level than the target is judged as; reads from that level on', async () => {
    const later: KindedClause[] = CATALOG.map((c) => (c.id === 'na.every' ? { ...c, readBack: { ...c.readBack!, since: 262 } } : c));
    const at = (featureLevel: number | undefined) => {
      const target = fakeTarget(() => success({ prefs: {} }), {
        kinds: kindContext(kindChecksOf(later, DOCUMENTED), STARTED, () => true),
        ...(featureLevel === undefined ? {} : { featureLevel }),
      });
      return runSteps([step('POST', '/prefs', { x: 5 })], target.ctx, {}, owner(['na.every'])).then(() => target.sent.map((r) => r.method));
    };
    expect(await at(261)).toEqual(['POST']);
    expect(await at(262)).toEqual(['GET', 'GET', 'POST', 'GET', 'GET']);
    expect(await at(undefined)).toEqual(['GET', 'GET', 'POST', 'GET', 'GET']);
  });

  it('a read of a later level the target refuses fails at that level; one never answered errs the step', async () => {
    const later: KindedClause[] = CATALOG.map((c) => (c.id === 'na.every' ? { ...c, readBack: { ...c.readBack!, since: 262 } } : c));
    const context = () => kindContext(kindChecksOf(later, DOCUMENTED), STARTED, () => true);
    // Before the change: the step is sent and judged, the check not made, the refusal its failure.
    const lacking = fakeTarget((req) => (req.method === 'GET' ? failure('BAD_REQUEST', 'Not Found') : success()), { kinds: context() });
    const out = await runSteps([step('POST', '/prefs', { x: 5 })], lacking.ctx, {}, owner(['na.every']));
    expect(lacking.sent.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
    expect(out.status === 'failed' && out.failures.map((f) => [f.check, f.clause, f.since])).toEqual([['not-affected', 'na.every', 262]]);
    expect(out.status === 'failed' && out.failures[0].message).toMatch(
      /^reading back GET \/prefs\/\$\{account.user_id\} as \w+ for na.every: answer .*Not Found.*: the read of feature level 262 is refused, so the check cannot be made$/,
    );
    // After the change: refused the second time, the same.
    const later2 = fakeTarget((req, n) => (req.method === 'GET' && n > 2 ? failure('BAD_REQUEST') : success({ prefs: {} })), { kinds: context() });
    const out2 = await runSteps([step('POST', '/prefs', { x: 5 })], later2.ctx, {}, owner(['na.every']));
    expect(out2.status === 'failed' && out2.failures.map((f) => f.since)).toEqual([262]);
    // No answer at all is no verdict on the target: the step errs.
    const silent = fakeTarget((req) => (req.method === 'GET' ? { error: { kind: 'connection', message: 'closed' } } : success()), { kinds: context() });
    const out3 = await runSteps([step('POST', '/prefs', { x: 5 })], silent.ctx, {}, owner(['na.every']));
    expect(out3.status === 'errored' && out3.cause).toMatch(/connection: closed$/);
  });
});
