// The judge: every broken check comes back as data (check, path, expected, actual) naming the
// clause it enforces: an assertion's own, a schema's x-clause, the envelope's, else the step's.
import { describe, expect, it } from 'vitest';
import { holderOf, judge, type Attribution } from '../../src/engine/judge/judge.js';
import type { Expect } from '../../src/engine/load/types.js';

const answer = (json: unknown, status = 200) => ({ status, headers: {}, text: JSON.stringify(json), json });
const who: Attribution = { clauses: ['op1.a', 'op1.b'], facts: ['zulip.x'], zulipCase: false };
const ok = { result: 'success', msg: '' };

describe('judge', () => {
  it('attributes a result check to the step clauses (a refusal of what it expects accepted says so), an assertion to its own clause', () => {
    const expect_: Expect = { result: 'success', clause: 'op1.a' };
    expect(judge(answer({ result: 'error', msg: 'no', code: 'BAD_REQUEST' }, 400), expect_, 'spec', who)).toEqual([
      {
        clause: 'op1.a',
        clauses: ['op1.a'],
        check: 'result',
        path: 'result',
        expected: '"success"',
        actual: '"error" (code "BAD_REQUEST", msg "no")',
        message: 'expected result "success", got "error" (code "BAD_REQUEST", msg "no")',
        refusal: 'BAD_REQUEST: no',
      },
    ]);
    // an error expected and a success got is no refusal; nor is a BAD_REQUEST expected and another code got
    expect(judge(answer(ok), { result: 'error', clause: 'op1.a' }, 'spec', who)[0]).not.toHaveProperty('refusal');
    const otherCode = judge(answer({ result: 'error', msg: 'm', code: 'X' }, 400), { result: 'error', code: 'BAD_REQUEST', clause: 'op1.a' }, 'spec', who);
    expect(otherCode[0]).not.toHaveProperty('refusal');
    // another error than BAD_REQUEST expected: the request is valid, refused for something else
    const refused = judge(answer({ result: 'error', msg: 'm', code: 'BAD_REQUEST' }, 400), { result: 'error', code: 'X', clause: 'op1.a' }, 'spec', who);
    expect(refused.map((f) => [f.check, f.refusal])).toEqual([['code', 'BAD_REQUEST: m']]);
    expect(judge(answer({ result: 'error', code: 7 }, 400), expect_, 'spec', who).find((f) => f.check === 'result')?.refusal).toBe('no code');
    const failures = judge(answer({ ...ok, n: 3 }), { result: 'success', clause: 'op1.a', body: [{ path: 'n', equals: 4, clause: 'op1.b' }] }, 'spec', who);
    expect(failures).toEqual([{ clause: 'op1.b', clauses: ['op1.b'], check: 'body', path: 'n', expected: '4', actual: '3', message: 'n: expected 4, got 3' }]);
  });

  it('an object the answer lacks is one failure, not one per field read in it', () => {
    const body = { ...ok, views: [{ fragment: 'a', name: 'A' }] };
    const expect_: Expect = {
      body: [
        { path: 'views[?fragment=b].name', equals: 'B', clause: 'op1.a' },
        { path: 'views[?fragment=b].is_pinned', equals: true, clause: 'op1.b' },
        { path: 'views[?fragment=a].is_pinned', equals: true, clause: 'op1.b' },
        { path: 'views[?fragment=a.b].x', equals: 1, clause: 'op1.c' },
      ],
    };
    expect(judge(answer(body), expect_, 'spec', who).map((f) => [f.clause, f.path])).toEqual([
      ['op1.a', 'views[?fragment=b].name'],
      ['op1.b', 'views[?fragment=a].is_pinned'],
      ['op1.c', 'views[?fragment=a.b].x'],
    ]);
    expect(['a.b', 'a[0]', 'x[?n=v.1].y', 'top'].map(holderOf)).toEqual(['a', 'a', 'x[?n=v.1]', null]);
  });

  it('falls back to the step clauses when neither the step nor the check names one', () => {
    expect(judge(answer(ok), { result: 'error' }, 'spec', who)[0].clauses).toEqual(['op1.a', 'op1.b']);
  });

  it('names the envelope clauses for a broken envelope, whatever the expectations', () => {
    const failures = judge(answer({ result: 'ok' }), { result: 'success', clause: 'op1.a' }, 'spec', who);
    expect(failures.map((f) => [f.clause, f.check, f.path])).toEqual([
      ['conv.json-envelope', 'envelope', 'result'],
      ['conv.json-envelope', 'envelope', 'msg'],
      ['op1.a', 'result', 'result'],
    ]);
    expect(judge(answer({ result: 'error', msg: 'x' }, 400), undefined, 'spec', who).map((f) => f.clause)).toEqual(['conv.error-code']);
    const notJson = { status: 502, headers: {}, text: '<html>', json: undefined, jsonError: 'not JSON' };
    expect(judge(notJson, { result: 'success' }, 'spec', who)).toEqual([
      expect.objectContaining({ clause: 'conv.json-envelope', check: 'envelope', message: 'answer (HTTP 502) is not JSON' }),
    ]);
  });

  it('judges the zulip block only under the zulip profile, naming its facts', () => {
    const e: Expect = { result: 'error', clause: 'op1.a', zulip: { status: 400, facts: ['zulip.http-400'] } };
    const error = answer({ result: 'error', msg: 'no', code: 'BAD_REQUEST' }, 403);
    expect(judge(error, e, 'spec', who)).toEqual([]);
    expect(judge(error, e, 'zulip', who)).toEqual([
      {
        clause: 'op1.a',
        clauses: ['op1.a'],
        profile: 'zulip',
        facts: ['zulip.http-400'],
        check: 'status',
        path: '',
        expected: 'HTTP 400',
        actual: 'HTTP 403',
        message: 'expected HTTP 400, got HTTP 403',
      },
    ]);
    // The case's facts when the block names none; nothing of the block when the outcome is the other one.
    expect(judge(error, { ...e, zulip: { status: 400 } }, 'zulip', who)[0].facts).toEqual(['zulip.x']);
    expect(judge(answer(ok), e, 'zulip', who).map((f) => f.check)).toEqual(['result']);
  });

  it('marks every check of a zulip-only case with the profile and the facts', () => {
    const failures = judge(answer({ ...ok, n: 1 }), { body: [{ path: 'n', equals: 2 }] }, 'zulip', { ...who, zulipCase: true });
    expect(failures[0]).toMatchObject({ profile: 'zulip', facts: ['zulip.x'], clauses: ['op1.a', 'op1.b'] });
  });

  it('reports each schema error at its path, with the clause its schema annotates', () => {
    const channel = {
      stream_id: 'one',
      is_archived: false,
      description: '',
      rendered_description: '',
      date_created: 1700000000,
      creator_id: null,
      invite_only: false,
      is_web_public: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      first_message_id: 3,
      folder_id: null,
      topics_policy: 'inherit',
      is_recently_active: true,
      can_add_subscribers_group: 2,
      can_remove_subscribers_group: 6,
      can_administer_channel_group: 6,
      can_delete_any_message_group: 6,
      can_delete_own_message_group: 2,
      can_move_messages_out_of_channel_group: 6,
      can_move_messages_within_channel_group: 6,
    };
    const failures = judge(answer({ ...ok, streams: [channel] }), { schema: 'get-streams', clause: 'op20.success-body' }, 'spec', who);
    const typeError = failures.find((f) => f.path === 'streams[0].stream_id');
    expect(typeError).toMatchObject({ check: 'schema', expected: 'integer', actual: '"one"' });
    expect(failures.find((f) => f.path === 'streams[0].name')).toMatchObject({ check: 'schema', expected: 'the field (required)' });
  });

  it('checks ignored_parameters_unsupported exactly, in any order, under the convention clause', () => {
    const e: Expect = { ignoredParams: ['b', 'a'] };
    expect(judge(answer({ ...ok, ignored_parameters_unsupported: ['a', 'b'] }), e, 'spec', who)).toEqual([]);
    expect(judge(answer({ ...ok, ignored_parameters_unsupported: ['a'] }), e, 'spec', who)).toEqual([
      expect.objectContaining({
        clause: 'conv.ignored-params',
        check: 'ignored-params',
        expected: 'exactly ["a","b"]',
        actual: '["a"]',
      }),
    ]);
  });

  it('applies an assertion with `when` only to the answers its condition picks', () => {
    const e: Expect = {
      result: 'error',
      body: [{ path: 'msg', matches: 'administrator', when: { path: 'code', equals: 'UNAUTHORIZED_PRINCIPAL' }, clause: 'op1.b' }],
    };
    expect(judge(answer({ result: 'error', msg: 'nope', code: 'BAD_REQUEST' }, 400), e, 'spec', who)).toEqual([]);
    expect(judge(answer({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' }, 400), e, 'spec', who)).toEqual([]);
    expect(judge(answer({ result: 'error', msg: 'nope', code: 'UNAUTHORIZED_PRINCIPAL' }, 400), e, 'spec', who)).toEqual([
      expect.objectContaining({ clause: 'op1.b', path: 'msg', expected: 'to match /administrator/', actual: '"nope"' }),
    ]);
  });

  it('checks code and HTTP status, and stops at a wrong result', () => {
    const failures = judge(answer({ result: 'error', msg: 'm', code: 'X' }, 404), { result: 'error', code: 'BAD_REQUEST', status: 400 }, 'spec', who);
    expect(failures.map((f) => [f.check, f.expected, f.actual])).toEqual([
      ['code', '"BAD_REQUEST"', '"X" (msg "m")'],
      ['status', 'HTTP 400', 'HTTP 404'],
    ]);
    expect(judge(answer(ok), { result: 'error', code: 'BAD_REQUEST', status: 400 }, 'spec', who).map((f) => f.check)).toEqual(['result']);
  });
});
