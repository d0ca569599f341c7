// The judge's rules beyond the attribution tests of judge.test.ts: a check that holds says
// nothing, a broken one says exactly what it expected and got, and a failure carries only the
// fields its check knows.
import { describe, expect, it } from 'vitest';
import { judge, type Attribution } from '../../src/engine/judge/judge.js';
import { unitSchema } from './unit-schemas.js';
import type { Assertion } from '../../src/engine/load/types.js';

const answer = (json: unknown, status = 200) => ({ status, headers: {}, text: JSON.stringify(json), json });
const who: Attribution = { clauses: ['op1.a'], facts: [], zulipCase: false };
const ok = { result: 'success', msg: '' };
const error = (code: string, msg = 'm') => ({ result: 'error', msg, code });

describe('checks that hold say nothing', () => {
  it('the expected result, code and HTTP status', () => {
    expect(judge(answer(error('BAD_REQUEST'), 400), { result: 'error', code: 'BAD_REQUEST', status: 400 }, 'spec', who)).toEqual([]);
  });

  it('the listed ignored parameters, in whatever order the server lists them', () => {
    expect(judge(answer({ ...ok, ignored_parameters_unsupported: ['b', 'a'] }), { ignoredParams: ['a', 'b'] }, 'spec', who)).toEqual([]);
  });
});

describe('what a broken check says', () => {
  it('a wrong result that is not an error shows no code or msg', () => {
    expect(judge(answer({ ...ok, extra: 1 }), { result: 'error' }, 'spec', who).map((f) => f.message)).toEqual(['expected result "error", got "success"']);
    expect(judge(answer({ result: 'ok', msg: '' }), { result: 'success' }, 'spec', who).at(-1)?.message).toBe('expected result "success", got "ok"');
  });

  it('a wrong code shows the msg that came with it', () => {
    expect(judge(answer(error('X', 'no')), { code: 'BAD_REQUEST' }, 'spec', who)).toEqual([
      {
        clause: 'op1.a',
        clauses: ['op1.a'],
        check: 'code',
        path: 'code',
        expected: '"BAD_REQUEST"',
        actual: '"X" (msg "no")',
        message: 'expected code "BAD_REQUEST", got "X" (msg "no")',
      },
    ]);
  });

  it('a wrong HTTP status is about the whole answer', () => {
    expect(judge(answer(ok, 201), { status: 200 }, 'spec', who)).toEqual([
      {
        clause: 'op1.a',
        clauses: ['op1.a'],
        check: 'status',
        path: '',
        expected: 'HTTP 200',
        actual: 'HTTP 201',
        message: 'expected HTTP 200, got HTTP 201',
      },
    ]);
  });

  it('a wrong list of ignored parameters is at its field, under the convention clause', () => {
    expect(judge(answer({ ...ok, ignored_parameters_unsupported: ['a'] }), { ignoredParams: ['a', 'b'] }, 'spec', who)).toEqual([
      {
        clause: 'conv.ignored-params',
        clauses: ['conv.ignored-params'],
        check: 'ignored-params',
        path: 'ignored_parameters_unsupported',
        expected: 'exactly ["a","b"]',
        actual: '["a"]',
        message: 'ignored_parameters_unsupported: expected exactly ["a","b"], got ["a"]',
      },
    ]);
  });

  it('a schema error names its path and the schema; one at the root says (body)', () => {
    const failures = judge(answer([]), { schema: 'envelope' }, 'spec', who);
    expect(failures.map((f) => f.message)).toEqual(['expected a JSON object, got []', '(body): expected object, got [] (schema envelope)']);
    const field = judge(answer({ result: 'success', msg: 'x' }), { schema: 'envelope' }, 'spec', who);
    expect(field.at(-1)).toMatchObject({ check: 'schema', clause: 'conv.json-envelope', path: 'msg', message: 'msg: expected "", got "x" (schema envelope)' });
  });

  it('a failure carries no path, expected or actual its check did not give', () => {
    const many = unitSchema('unit-judge-many-fields', {
      type: 'object',
      properties: Object.fromEntries('abcdef'.split('').map((k) => [k, { type: 'string' }])),
    });
    const failures = judge(answer({ ...ok, a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 }), { schema: many }, 'spec', who);
    expect(failures).toHaveLength(6);
    expect(failures[5]).toStrictEqual({ clause: 'op1.a', clauses: ['op1.a'], check: 'schema', message: '... and 1 more schema errors' });
  });
});

describe('which clause a failure names', () => {
  it('no clause at all when neither the check, the step nor the case names one', () => {
    const failures = judge(answer(ok), { result: 'error' }, 'spec', { clauses: [], facts: [], zulipCase: false });
    expect(failures[0]).toMatchObject({ clause: '', clauses: [] });
  });

  it("an assertion's clause counts only when it is a name", () => {
    const assertion = { path: 'n', equals: 2, clause: 7 } as unknown as Assertion;
    expect(judge(answer({ ...ok, n: 1 }), { body: [assertion] }, 'spec', who)[0]).toMatchObject({ clause: 'op1.a', clauses: ['op1.a'] });
  });

  it('the zulip block of a spec case names its facts and the zulip profile', () => {
    const failures = judge(answer(error('X'), 403), { result: 'error', zulip: { status: 400, facts: ['zulip.f'] } }, 'zulip', who);
    expect(failures).toStrictEqual([
      {
        clause: 'op1.a',
        clauses: ['op1.a'],
        profile: 'zulip',
        facts: ['zulip.f'],
        check: 'status',
        path: '',
        expected: 'HTTP 400',
        actual: 'HTTP 403',
        message: 'expected HTTP 400, got HTTP 403',
      },
    ]);
  });
});

describe('a request that must not be served (notServed)', () => {
  const page = (status: number, text: string) => ({ status, headers: { 'content-type': 'text/html' }, text, json: undefined, jsonError: 'not JSON' });
  const refusal = { notServed: true as const, zulip: { result: 'error' as const, code: 'UNAUTHORIZED', status: 401 } };

  it('under spec any answer but a success passes: a JSON error, a page that is no JSON, an envelope with no code', () => {
    expect(judge(answer(error('UNAUTHORIZED'), 401), refusal, 'spec', who)).toEqual([]);
    expect(judge(page(401, '<h1>401 Unauthorized</h1>'), refusal, 'spec', who)).toEqual([]);
    expect(judge(answer({ result: 'error', msg: 'no' }, 403), refusal, 'spec', who)).toEqual([]);
    expect(judge(answer({ ...ok }, 302), refusal, 'spec', who)).toEqual([]);
    expect(judge(answer({ result: 'error', msg: '', code: 'X' }, 200), refusal, 'spec', who)).toEqual([]);
  });

  it('a success (2xx and result success) fails it, naming the step clause', () => {
    expect(judge(answer({ ...ok, streams: [] }, 200), refusal, 'spec', who)).toEqual([
      {
        clause: 'op1.a',
        clauses: ['op1.a'],
        check: 'result',
        path: 'result',
        expected: 'the request refused (any answer but a success)',
        actual: 'HTTP 200, result "success"',
        message: 'result: expected the request refused (any answer but a success), got HTTP 200, result "success"',
      },
    ]);
    expect(judge(answer(ok, 299), { notServed: true }, 'zulip', { ...who, zulipCase: true, facts: ['zulip.f'] })[0]).toMatchObject({
      profile: 'zulip',
      facts: ['zulip.f'],
    });
    expect(judge(answer(ok, 300), { notServed: true }, 'spec', who)).toEqual([]);
    expect(judge(answer(ok, 199), { notServed: true }, 'spec', who)).toEqual([]);
    expect(judge(answer(null, 200), { notServed: true }, 'spec', who)).toEqual([]);
  });

  it("under zulip, Zulip's JSON answer is checked as the facts it rests on: the zulip block and the envelope", () => {
    const zulip = { ...who, facts: ['zulip.auth'] };
    expect(judge(answer(error('UNAUTHORIZED'), 401), refusal, 'zulip', zulip)).toEqual([]);
    expect(judge(answer(error('UNAUTHORIZED'), 403), refusal, 'zulip', zulip).map((f) => [f.message, f.profile, f.facts])).toEqual([
      ['expected HTTP 401, got HTTP 403', 'zulip', ['zulip.auth']],
    ]);
    expect(judge(page(401, 'no'), refusal, 'zulip', zulip).map((f) => [f.clause, f.profile, f.facts])).toEqual([
      ['conv.json-envelope', 'zulip', ['zulip.auth']],
    ]);
    expect(
      judge(answer({ result: 'error', msg: 'm' }, 401), { notServed: true, zulip: { status: 401, facts: ['zulip.own'] } }, 'zulip', zulip).map((f) => [
        f.clause,
        f.facts,
      ]),
    ).toEqual([['conv.error-code', ['zulip.own']]]);
    expect(judge(page(401, 'no'), { notServed: true }, 'zulip', zulip)).toEqual([]);
  });
});

describe('an answer of JSON null', () => {
  it('fails the envelope and nothing else: there is no body to read', () => {
    expect(judge(answer(null), { result: 'success', body: [{ path: 'a', equals: 1 }] }, 'spec', who).map((f) => [f.clause, f.message])).toEqual([
      ['conv.json-envelope', 'expected a JSON object, got null'],
    ]);
    expect(judge(answer(null, 401), { notServed: true, zulip: { result: 'error', status: 401 } }, 'zulip', who).map((f) => f.clause)).toEqual([
      'conv.json-envelope',
    ]);
  });
});
