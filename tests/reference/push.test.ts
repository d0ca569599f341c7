// Op 21, POST /mobile_push/e2ee/test_notification, with devices registered through
// POST /mobile_push/register, and the push relay's failures (reference-config quirks).
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { SEEDED_OWNER_PUSH_ACCOUNT, SEEDED_PUSH_ACCOUNTS } from '../../src/reference/seed.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

const DEVICE = { token_kind: 'fcm', push_account_id: '4242', push_public_key: 'pk', bouncer_public_key: 'bk', encrypted_push_registration: 'enc' };

describe('reference server: op 21 E2EE test notification', () => {
  const server = useServer();
  const test = (form: Record<string, string> = {}, who: 'member' | 'member2' = 'member') =>
    call(server(), 'POST', '/mobile_push/e2ee/test_notification', { as: server().accounts[who], form });

  it('answers NO_ACTIVE_PUSH_DEVICE until a device is registered, then succeeds', async () => {
    expectError(await test(), 400, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
    expectSuccess(await call(server(), 'POST', '/mobile_push/register', { as: server().accounts.member, form: DEVICE }));
    expectSuccess(await test());
    expectSuccess(await test({ push_account_id: '4242' }));
    expectError(await test({ push_account_id: '4243' }), 400, 'NO_ACTIVE_PUSH_DEVICE');
    expectError(await test({ push_account_id: '4242' }, 'member2'), 400, 'NO_ACTIVE_PUSH_DEVICE');
    expectError(await test({ push_account_id: 'abc' }), 400, 'BAD_REQUEST');
  });

  it('the seed gives the moderator devices behind a working relay and behind one in each failing state', async () => {
    const as = server().accounts.moderator;
    const notify = (id: number) => call(server(), 'POST', '/mobile_push/e2ee/test_notification', { as, form: { push_account_id: String(id) } });
    expectSuccess(await notify(SEEDED_PUSH_ACCOUNTS.ok));
    expectError(await notify(SEEDED_PUSH_ACCOUNTS.misconfigured), 403, 'ADMIN_ACTION_REQUIRED');
    expectError(await notify(SEEDED_PUSH_ACCOUNTS.unreachable), 502, 'FAILED_TO_CONNECT_BOUNCER');
    expectError(await notify(SEEDED_PUSH_ACCOUNTS.failing), 502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER');
    // All of the moderator's devices at once: the first failing relay decides.
    expectError(await call(server(), 'POST', '/mobile_push/e2ee/test_notification', { as }), 403, 'ADMIN_ACTION_REQUIRED');
  });

  it("the owner's only seeded device is behind an unreachable relay: testing all of the owner's devices reaches it", async () => {
    const as = server().accounts.owner;
    expectError(await call(server(), 'POST', '/mobile_push/e2ee/test_notification', { as }), 502, 'FAILED_TO_CONNECT_BOUNCER');
    expectError(
      await call(server(), 'POST', '/mobile_push/e2ee/test_notification', { as, form: { push_account_id: String(SEEDED_OWNER_PUSH_ACCOUNT) } }),
      502,
      'FAILED_TO_CONNECT_BOUNCER',
    );
  });

  it('the variant realm gives the relay errors other statuses than Zulip (the document gives none)', async () => {
    const s = await startReferenceServer({ flavor: 'variant' });
    try {
      const as = s.accounts.moderator;
      const notify = (id: number) => call(s, 'POST', '/mobile_push/e2ee/test_notification', { as, form: { push_account_id: String(id) } });
      expectError(await notify(SEEDED_PUSH_ACCOUNTS.misconfigured), 409, 'ADMIN_ACTION_REQUIRED');
      expectError(await notify(SEEDED_PUSH_ACCOUNTS.unreachable), 503, 'FAILED_TO_CONNECT_BOUNCER');
      expectError(await notify(SEEDED_PUSH_ACCOUNTS.failing), 504, 'INTERNAL_SERVER_ERROR_ON_BOUNCER');
      expectSuccess(await notify(SEEDED_PUSH_ACCOUNTS.ok));
    } finally {
      await s.close();
    }
  });

  it('registration checks its parameters', async () => {
    const s = server();
    expectError(await call(s, 'POST', '/mobile_push/register', { as: s.accounts.member, form: { ...DEVICE, token_kind: 'sms' } }), 400, 'BAD_REQUEST');
    const { push_public_key: _, ...missing } = DEVICE;
    expectError(await call(s, 'POST', '/mobile_push/register', { as: s.accounts.member, form: missing }), 400, 'REQUEST_VARIABLE_MISSING');
  });

  it.each([
    ['push-admin-action-required', 403, 'ADMIN_ACTION_REQUIRED'],
    ['push-bouncer-unreachable', 502, 'FAILED_TO_CONNECT_BOUNCER'],
    ['push-bouncer-5xx', 502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER'],
  ])('with %s a registered device gets %i %s, a missing one still NO_ACTIVE_PUSH_DEVICE', async (quirk, status, code) => {
    const s = await startReferenceServer({ quirks: [quirk] });
    try {
      const as = s.accounts.member;
      expectError(await call(s, 'POST', '/mobile_push/e2ee/test_notification', { as }), 400, 'NO_ACTIVE_PUSH_DEVICE');
      expectSuccess(await call(s, 'POST', '/mobile_push/register', { as, form: DEVICE }));
      const answer = await call(s, 'POST', '/mobile_push/e2ee/test_notification', { as });
      expectError(answer, status, code);
      expect(answer.body.msg).not.toBe('');
    } finally {
      await s.close();
    }
  });
});
