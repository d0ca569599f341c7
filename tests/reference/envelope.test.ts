import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: envelope', () => {
  const server = useServer();

  it('success: result, empty msg, no ignored list when all parameters are known', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_public: 'true' } });
    expectSuccess(answer);
    expect(answer.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('lists unknown parameters, sorted, from query and body', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/status', {
      as: s.accounts.member,
      query: { zeta: '1' },
      form: { status_text: 'busy', alpha: 'x', mid: 'y' },
    });
    expectSuccess(answer);
    expect(answer.body.ignored_parameters_unsupported).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('the variant realm lists them in another order (the document gives none)', async () => {
    const s = await startReferenceServer({ flavor: 'variant' });
    try {
      const answer = await call(s, 'POST', '/users/me/status', { as: s.accounts.member, form: { status_text: 'busy', alpha: 'x', mid: 'y' } });
      expect(answer.body.ignored_parameters_unsupported).toEqual(['mid', 'alpha']);
    } finally {
      await s.close();
    }
  });

  it('no ignored list on errors', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/users/me/status', { as: s.accounts.member, form: { unknown: '1' } });
    expectError(answer, 400, 'BAD_REQUEST', 'Client did not pass any new values.');
  });

  it('unknown path: 404 JSON', async () => {
    const s = server();
    expectError(await call(s, 'GET', '/no/such/thing', { as: s.accounts.member }), 404, 'BAD_REQUEST', 'Not Found');
    expectError(await call(s, 'GET', '/streams/abc', { as: s.accounts.member }), 404, 'BAD_REQUEST');
  });

  it('known path, wrong method: 405 JSON', async () => {
    const s = server();
    const answer = await call(s, 'PATCH', '/streams', { as: s.accounts.member });
    expectError(answer, 405, 'BAD_REQUEST');
    expect(answer.body.allowed_methods).toEqual(['GET']);
  });

  it('missing required parameter: REQUEST_VARIABLE_MISSING with var_name', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/get_stream_id', { as: s.accounts.member });
    expectError(answer, 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream' argument");
    expect(answer.body.var_name).toBe('stream');
  });
});
