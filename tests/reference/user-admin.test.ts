// Ops 9 and 10: PATCH /users/{email} and PATCH /users/{user_id}; custom profile fields.
import { describe, expect, it } from 'vitest';
import type { RoleName } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: ops 9 and 10 update a user', () => {
  const server = useServer();
  const patch = (target: string | number, form: Record<string, string>, who: RoleName = 'admin') =>
    call(server(), 'PATCH', `/users/${target}`, { as: server().accounts[who], form });
  const read = async (id: number) =>
    (await call(server(), 'GET', `/users/${id}`, { as: server().accounts.owner, query: { include_custom_profile_fields: 'true' } })).body.user;
  const ids = () => Object.fromEntries(Object.entries(server().accounts).map(([r, a]) => [r, a.userId])) as Record<RoleName, number>;

  it('refuses everyone below administrator with Zulip\'s "Insufficient permission", by id and by email', async () => {
    for (const who of ['moderator', 'member', 'guest'] as const) {
      expectError(await patch(ids().member2, { full_name: 'Nope' }, who), 400, 'BAD_REQUEST', 'Insufficient permission');
      expectError(await patch('member2@reference.test', { full_name: 'Nope' }, who), 400, 'BAD_REQUEST', 'Insufficient permission');
    }
    // The target is looked up first: an unknown one is "No such user" whoever asks.
    expectError(await patch(9999, { full_name: 'Nope' }, 'member'), 400, 'BAD_REQUEST', 'No such user');
  });

  it('shows the dummy address as email while the user hides the real one; delivery_email to those allowed', async () => {
    const s = server();
    const { member2 } = ids();
    const seen = async (who: RoleName) => (await call(s, 'GET', `/users/${member2}`, { as: s.accounts[who] })).body.user;
    expect(await seen('member')).toMatchObject({ email: 'member2@reference.test', delivery_email: 'member2@reference.test' });
    expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '3' } }));
    expect(await seen('member')).toMatchObject({ email: `user${member2}@reference.test`, delivery_email: null });
    expect(await seen('admin')).toMatchObject({ email: `user${member2}@reference.test`, delivery_email: 'member2@reference.test' });
    expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '1' } }));
  });

  it('GET /users/{email} finds a user by the dummy address always, by the real one where the caller may see it (a ledger reads a user so)', async () => {
    const s = server();
    const { member2 } = ids();
    const byEmail = (email: string, who: RoleName) => call(s, 'GET', `/users/${email}`, { as: s.accounts[who] });
    expect((await byEmail('member2@reference.test', 'admin')).body.user).toMatchObject({ user_id: member2, delivery_email: 'member2@reference.test' });
    expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '3' } }));
    try {
      expectError(await byEmail('member2@reference.test', 'member'), 400, 'BAD_REQUEST', 'No such user');
      expect((await byEmail(`user${member2}@reference.test`, 'member')).body.user).toMatchObject({ user_id: member2, delivery_email: null });
      // Its slot takes one segment: the other routes still answer, and a longer path is not a user (only PATCH takes it, as Zulip's <path:email>).
      expect((await call(s, 'GET', '/users/me', { as: s.accounts.member })).body).toMatchObject({ result: 'success', user_id: ids().member });
      expect((await call(s, 'GET', '/users/member2@reference.test/nothing', { as: s.accounts.admin })).status).toBe(405);
    } finally {
      expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '1' } }));
    }
  });

  it('changes roles within the rules', async () => {
    const { member2, owner } = ids();
    for (const role of [300, 600, 200, 400]) {
      expectSuccess(await patch(member2, { role: String(role) }));
      expect((await read(member2)).role).toBe(role);
    }
    expectError(await patch(member2, { role: '100' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectError(await patch(owner, { role: '200' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectError(await patch(member2, { role: '500' }), 400, 'BAD_REQUEST', 'Invalid role');
    expectError(await patch(owner, { role: '200' }, 'owner'), 400, 'BAD_REQUEST', 'The owner permission cannot be removed from the only organization owner.');
    expectSuccess(await patch(member2, { role: '100' }, 'owner'));
    expectSuccess(await patch(member2, { role: '400' }, 'owner'));
  });

  it('updates full_name and profile_data; unknown fields are an error', async () => {
    const { member2 } = ids();
    expectSuccess(await patch(member2, { full_name: 'Mia Renamed', profile_data: JSON.stringify([{ id: 1, value: '+1 555' }]) }));
    expect(await read(member2)).toMatchObject({ full_name: 'Mia Renamed', profile_data: { 1: { value: '+1 555' } } });
    expectSuccess(await patch(member2, { profile_data: JSON.stringify([{ id: 1, value: '' }]) }));
    expect((await read(member2)).profile_data).toEqual({});
    expectError(await patch(member2, { profile_data: JSON.stringify([{ id: 9999, value: 'x' }]) }), 400, 'BAD_REQUEST', 'Field id 9999 not found.');
    expectError(await patch(member2, { profile_data: '{"id": 1}' }), 400, 'BAD_REQUEST');
    expectError(await patch(9999, { full_name: 'Ghost' }), 400, 'BAD_REQUEST', 'No such user');
  });

  it('new_email needs can_change_user_emails (the owner has it)', async () => {
    const { member2 } = ids();
    expectError(await patch(member2, { new_email: 'mia@reference.test' }), 400, 'BAD_REQUEST');
    expectSuccess(await patch(member2, { new_email: 'mia@reference.test' }, 'owner'));
    expect((await read(member2)).email).toBe('mia@reference.test');
    expectSuccess(await patch(member2, { new_email: 'member2@reference.test' }, 'owner'));
  });

  it('by email: an administrator may update a user whose address they can see', async () => {
    const s = server();
    expectSuccess(await patch('member2@reference.test', { full_name: 'Mia Member' }));
    expectSuccess(await patch('member2%40reference.test', { full_name: 'Mia Member' }));
    expectError(await patch('nobody@reference.test', { full_name: 'X Y' }), 400, 'BAD_REQUEST', 'No such user');
    // Hidden address: the real one is unknown to the caller; the dummy address works.
    expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '4' } }));
    expectError(await patch('member2@reference.test', { full_name: 'X Y' }), 400, 'BAD_REQUEST', 'No such user');
    expectSuccess(await patch(`user${ids().member2}@reference.test`, { full_name: 'Mia Member' }));
    expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '1' } }));
  });

  it("the variant realm takes the document's other choices: UNAUTHORIZED_PRINCIPAL, and an owner for updates by email", async () => {
    const { startReferenceServer } = await import('../../src/reference/server.js');
    const v = await startReferenceServer({ flavor: 'variant' });
    try {
      const as = (who: RoleName, target: string | number, form: Record<string, string>) => call(v, 'PATCH', `/users/${target}`, { as: v.accounts[who], form });
      expectError(await as('member', v.accounts.member2.userId, { full_name: 'Nope' }), 403, 'UNAUTHORIZED_PRINCIPAL');
      expectError(await as('admin', 'member2@reference.test', { full_name: 'Mia Member' }), 403, 'BAD_REQUEST');
      expectSuccess(await as('owner', 'member2@reference.test', { full_name: 'Mia Member' }));
      const defaults = await call(v, 'PATCH', '/realm/user_settings_defaults', { as: v.accounts.member, form: { enter_sends: 'true' } });
      expectError(defaults, 403, 'BAD_REQUEST');
    } finally {
      await v.close();
    }
  });

  it('custom profile fields can be created and deleted by administrators', async () => {
    const s = server();
    expectError(
      await call(s, 'POST', '/realm/profile_fields', { as: s.accounts.member, form: { name: 'Pet', field_type: '1' } }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
    );
    const created = await call(s, 'POST', '/realm/profile_fields', { as: s.accounts.admin, form: { name: 'Pet', field_type: '1' } });
    expectSuccess(created);
    expectSuccess(await patch(ids().member2, { profile_data: JSON.stringify([{ id: created.body.id, value: 'cat' }]) }));
    expectSuccess(await call(s, 'DELETE', `/realm/profile_fields/${created.body.id}`, { as: s.accounts.admin }));
    expect((await read(ids().member2)).profile_data).toEqual({});
  });
});
