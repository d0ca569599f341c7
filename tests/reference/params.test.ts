import { describe, expect, it } from 'vitest';
import { basic, call, expectError, expectSuccess, useServer } from './helpers.js';

async function statusText(s: ReturnType<ReturnType<typeof useServer>>) {
  const answer = await call(s, 'GET', `/users/${s.accounts.member.userId}/status`, { as: s.accounts.member });
  return answer.body.status.status_text;
}

describe('reference server: parameter transport', () => {
  const server = useServer();

  it('form-urlencoded body', async () => {
    const s = server();
    expectSuccess(await call(s, 'POST', '/users/me/status', { as: s.accounts.member, form: { status_text: 'from form' } }));
    expect(await statusText(s)).toBe('from form');
  });

  it('multipart/form-data body', async () => {
    const s = server();
    expectSuccess(await call(s, 'POST', '/users/me/status', { as: s.accounts.member, multipart: { status_text: 'from multipart' } }));
    expect(await statusText(s)).toBe('from multipart');
  });

  it('query string on POST', async () => {
    const s = server();
    expectSuccess(await call(s, 'POST', '/users/me/status', { as: s.accounts.member, query: { status_text: 'from query' } }));
    expect(await statusText(s)).toBe('from query');
  });

  it('the body wins over the query string', async () => {
    const s = server();
    const opts = { as: s.accounts.member, query: { status_text: 'query' }, form: { status_text: 'body' } };
    expectSuccess(await call(s, 'POST', '/users/me/status', opts));
    expect(await statusText(s)).toBe('body');
  });

  it('JSON list parameter', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/subscriptions', {
      as: s.accounts.member,
      form: { subscriptions: JSON.stringify([{ name: 'design' }]) },
    });
    expectSuccess(answer);
    expect(answer.body.subscribed).toEqual({ [String(s.accounts.member.userId)]: ['design'] });
  });

  it('booleans accept JSON true/false only', async () => {
    const s = server();
    const q = (v: string) => call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_public: v } });
    expectSuccess(await q('false'));
    expectError(await q('1'), 400, 'BAD_REQUEST', 'include_public is not a boolean');
    expectError(await q('yes'), 400, 'BAD_REQUEST', 'include_public is not valid JSON');
  });
});

describe('reference server: malformed input never gives a 5xx', () => {
  const server = useServer();

  it('bad JSON list', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts.member, form: { subscriptions: '[{' } });
    expectError(answer, 400, 'BAD_REQUEST', 'subscriptions is not valid JSON');
  });

  it('JSON of the wrong shape', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts.member, form: { subscriptions: '{"a":1}' } });
    expectError(answer, 400, 'BAD_REQUEST', 'subscriptions is not a list');
  });

  it('a body over 1 MiB gets a 400 JSON answer', async () => {
    const s = server();
    const rawBody = `status_text=${'x'.repeat(1024 * 1024 + 10)}`;
    const answer = await call(s, 'POST', '/users/me/status', {
      as: s.accounts.member,
      rawBody,
      contentType: 'application/x-www-form-urlencoded',
    });
    expectError(answer, 400, 'BAD_REQUEST');
    // The connection stays usable.
    expectSuccess(await call(s, 'GET', '/users/me', { as: s.accounts.member }));
  });

  it('bad percent-encoding is read leniently', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/status', {
      as: s.accounts.member,
      rawBody: 'status_text=100%zz%',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectSuccess(answer);
    expect(await statusText(s)).toBe('100%zz%');
    const path = await call(s, 'GET', '/users/%E0%A4%A/status', { as: s.accounts.member });
    expectError(path, 404, 'BAD_REQUEST');
  });

  it('unparsable multipart', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/status', {
      as: s.accounts.member,
      rawBody: 'garbage without boundaries',
      contentType: 'multipart/form-data; boundary=xyz',
    });
    expectError(answer, 400, 'BAD_REQUEST');
  });

  it('a non-integer where an integer is expected', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/events', { as: s.accounts.member, query: { queue_id: 'q', last_event_id: '1.5' } });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toBe('error');
  });

  it('odd authorization bytes', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/users/me', { authorization: basic('\u0000\uffff', '') });
    expectError(answer, 401, 'UNAUTHORIZED');
  });
});
