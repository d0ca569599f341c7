// Channel folders: create (op 11), list, update (op 12).
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: channel folders (ops 11, 12)', () => {
  const server = useServer();
  const create = (role: 'admin' | 'member' | 'moderator', form: Record<string, string>) =>
    call(server(), 'POST', '/channel_folders/create', { as: server().accounts[role], form });
  const update = (role: 'admin' | 'member', id: number, form: Record<string, string>) =>
    call(server(), 'PATCH', `/channel_folders/${id}`, { as: server().accounts[role], form });
  const list = async (archived = true) =>
    (await call(server(), 'GET', '/channel_folders', { as: server().accounts.member, query: { include_archived: String(archived) } })).body.channel_folders;

  it('an administrator creates a folder; it is listed with every field', async () => {
    const answer = await create('admin', { name: ' Projects ', description: 'All **projects**' });
    expectSuccess(answer);
    const id = answer.body.channel_folder_id;
    expect((await list()).find((f: { id: number }) => f.id === id)).toEqual({
      id,
      name: 'Projects',
      description: 'All **projects**',
      rendered_description: '<p>All <strong>projects</strong></p>',
      order: expect.any(Number),
      creator_id: server().accounts.admin.userId,
      date_created: expect.any(Number),
      is_archived: false,
    });
  });

  it('create: administrators only, name rules, description required', async () => {
    expectError(await create('member', { name: 'm', description: '' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(await create('moderator', { name: 'm', description: '' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expectError(await create('admin', { name: '  ', description: '' }), 400, 'BAD_REQUEST');
    expectError(await create('admin', { name: 'x'.repeat(61), description: '' }), 400, 'BAD_REQUEST');
    expectSuccess(await create('admin', { name: 'x'.repeat(60), description: 'd'.repeat(1024) }));
    expectError(await create('admin', { name: 'y', description: 'd'.repeat(1025) }), 400, 'BAD_REQUEST');
    expectError(await create('admin', { name: 'no-description' }), 400, 'REQUEST_VARIABLE_MISSING');
    expectSuccess(await create('admin', { name: 'empty-description', description: '' }));
  });

  it('update: name, description, archive and unarchive; unknown ids', async () => {
    const id = (await create('admin', { name: 'to-update', description: '' })).body.channel_folder_id;
    expectSuccess(await update('admin', id, { name: 'updated', description: 'now described' }));
    expectSuccess(await update('admin', id, { is_archived: 'true' }));
    expect((await list(false)).some((f: { id: number }) => f.id === id)).toBe(false);
    expect((await list()).find((f: { id: number }) => f.id === id)).toMatchObject({ name: 'updated', description: 'now described', is_archived: true });
    expectSuccess(await update('admin', id, { is_archived: 'false' }));
    expect((await list(false)).some((f: { id: number }) => f.id === id)).toBe(true);
    expectError(await update('member', id, { name: 'nope' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expectError(await update('admin', 99999, { name: 'nope' }), 400, 'BAD_REQUEST', 'Invalid channel folder ID');
    expectError(await update('admin', id, { name: '' }), 400, 'BAD_REQUEST');
  });

  it('update: a folder holding a channel cannot be archived (Zulip); the variant archives it', async () => {
    const hold = async (s: ReturnType<typeof server>) => {
      const admin = s.accounts.admin;
      const id = (await call(s, 'POST', '/channel_folders/create', { as: admin, form: { name: 'holding', description: '' } })).body.channel_folder_id;
      await call(s, 'POST', '/users/me/subscriptions', { as: admin, form: { subscriptions: '[{"name":"held"}]' } });
      const channel = (await call(s, 'GET', '/get_stream_id', { as: admin, query: { stream: 'held' } })).body.stream_id;
      expectSuccess(await call(s, 'PATCH', `/streams/${channel}`, { as: admin, form: { folder_id: String(id) } }));
      return call(s, 'PATCH', `/channel_folders/${id}`, { as: admin, form: { is_archived: 'true' } });
    };
    expectError(await hold(server()), 400, 'BAD_REQUEST', 'You need to remove all the channels from this folder to archive it.');
    const variant = await startReferenceServer({ flavor: 'variant' });
    try {
      expectSuccess(await hold(variant));
    } finally {
      await variant.close();
    }
  });
});
