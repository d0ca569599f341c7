// Navigation views: add (op 18), list, update, remove.
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: navigation views (op 18)', () => {
  const server = useServer();
  const add = (form: Record<string, string>, role: 'member' | 'member2' = 'member') =>
    call(server(), 'POST', '/navigation_views', { as: server().accounts[role], form });
  const list = async (role: 'member' | 'member2' = 'member') =>
    (await call(server(), 'GET', '/navigation_views', { as: server().accounts[role] })).body.navigation_views;

  it('adds built-in and custom views, per user', async () => {
    expect((await add({ fragment: 'inbox', is_pinned: 'true' })).body).toEqual({ result: 'success', msg: '' });
    expectSuccess(await add({ fragment: 'narrow/channel/9-x', is_pinned: 'false', name: 'My view' }));
    expect(await list()).toEqual([
      { fragment: 'inbox', is_pinned: true, name: null },
      { fragment: 'narrow/channel/9-x', is_pinned: false, name: 'My view' },
    ]);
    expect(await list('member2')).toEqual([]);
  });

  it('refuses blank, duplicate, unnamed custom and named built-in views', async () => {
    expectError(await add({ fragment: '  ', is_pinned: 'true', name: 'x' }), 400, 'BAD_REQUEST');
    expectError(await add({ is_pinned: 'true', name: 'x' }), 400, 'REQUEST_VARIABLE_MISSING');
    expectError(await add({ fragment: 'recent' }), 400, 'REQUEST_VARIABLE_MISSING');
    expectError(await add({ fragment: 'recent', is_pinned: 'maybe' }), 400, 'BAD_REQUEST');
    expectError(await add({ fragment: 'recent', is_pinned: 'true', name: 'Named' }), 400, 'BAD_REQUEST');
    expectError(await add({ fragment: 'custom-unnamed', is_pinned: 'true' }), 400, 'BAD_REQUEST');
    expectSuccess(await add({ fragment: 'dup', is_pinned: 'true', name: 'Dup' }));
    expectError(await add({ fragment: 'dup', is_pinned: 'false', name: 'Dup 2' }), 400, 'BAD_REQUEST', 'Navigation view already exists.');
    expectError(await add({ fragment: 'scheduled', is_pinned: 'true', name: 'Later' }), 400, 'BAD_REQUEST', 'Built-in views cannot have a custom name.');
  });

  it('reads name as plain text: the text null is a name, and a built-in view refuses it', async () => {
    expectSuccess(await add({ fragment: 'narrow/is/unread', is_pinned: 'false', name: 'null' }));
    expect((await list()).find((v: { fragment: string }) => v.fragment === 'narrow/is/unread')).toEqual({
      fragment: 'narrow/is/unread',
      is_pinned: false,
      name: 'null',
    });
    expectError(await add({ fragment: 'drafts', is_pinned: 'true', name: 'null' }), 400, 'BAD_REQUEST', 'Built-in views cannot have a custom name.');
  });

  it('the variant reads the text null as null and lets a custom view go unnamed', async () => {
    const variant = await startReferenceServer({ flavor: 'variant' });
    try {
      const member = variant.accounts.member;
      expectSuccess(await call(variant, 'POST', '/navigation_views', { as: member, form: { fragment: 'narrow/is/unread', is_pinned: 'false', name: 'null' } }));
      expectSuccess(await call(variant, 'POST', '/navigation_views', { as: member, form: { fragment: 'narrow/is/dm', is_pinned: 'true' } }));
      const views = (await call(variant, 'GET', '/navigation_views', { as: member })).body.navigation_views as { name: unknown }[];
      expect(views.map((v) => v.name)).toEqual([null, null]);
    } finally {
      await variant.close();
    }
  });

  it('updates and removes by fragment; missing ones are 404', async () => {
    expectSuccess(await add({ fragment: 'narrow/is/dm', is_pinned: 'true', name: 'DMs' }, 'member2'));
    expectSuccess(await call(server(), 'PATCH', '/navigation_views/narrow/is/dm', { as: server().accounts.member2, form: { is_pinned: 'false' } }));
    expect(await list('member2')).toEqual([{ fragment: 'narrow/is/dm', is_pinned: false, name: 'DMs' }]);
    expectSuccess(await call(server(), 'DELETE', '/navigation_views/narrow/is/dm', { as: server().accounts.member2 }));
    expectError(await call(server(), 'DELETE', '/navigation_views/narrow/is/dm', { as: server().accounts.member2 }), 404, 'BAD_REQUEST');
    expectError(await call(server(), 'PATCH', '/navigation_views/nothing', { as: server().accounts.member2, form: { is_pinned: 'true' } }), 404, 'BAD_REQUEST');
  });
});
