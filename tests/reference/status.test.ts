// Op 13, POST /users/me/status: every rule of the document and of the Zulip server.
import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: op 13 update your status', () => {
  const server = useServer();
  const post = (form: Record<string, string>, who: 'member' | 'member2' = 'member') =>
    call(server(), 'POST', '/users/me/status', { as: server().accounts[who], form });
  const read = async (who: 'member' | 'member2' = 'member') => {
    const s = server();
    return (await call(s, 'GET', `/users/${s.accounts[who].userId}/status`, { as: s.accounts.owner })).body.status;
  };
  const rejects = async (form: Record<string, string>, msg: string) => expectError(await post(form, 'member2'), 400, 'BAD_REQUEST', msg);

  it('starts empty and sets text and emoji from the name', async () => {
    expect(await read()).toEqual({});
    expectSuccess(await post({ status_text: 'On a train', emoji_name: 'car' }));
    expect(await read()).toEqual({ status_text: 'On a train', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
  });

  it('changes only what is passed', async () => {
    expectSuccess(await post({ emoji_name: 'rocket' }));
    expect(await read()).toMatchObject({ status_text: 'On a train', emoji_name: 'rocket', emoji_code: '1f680' });
    expectSuccess(await post({ status_text: 'Arrived' }));
    expect(await read()).toMatchObject({ status_text: 'Arrived', emoji_name: 'rocket' });
  });

  it('empty text clears the text, empty emoji_name clears the emoji', async () => {
    expectSuccess(await post({ status_text: '' }));
    expect(await read()).toEqual({ emoji_name: 'rocket', emoji_code: '1f680', reaction_type: 'unicode_emoji' });
    expectSuccess(await post({ emoji_name: '' }));
    expect(await read()).toEqual({});
  });

  it('away sets and clears away', async () => {
    expectSuccess(await post({ away: 'true' }));
    expect(await read()).toEqual({ away: true });
    expectSuccess(await post({ away: 'false' }));
    expect(await read()).toEqual({});
  });

  it('accepts realm emoji, zulip extra emoji and explicit matching codes', async () => {
    expectSuccess(await post({ emoji_name: 'green_tick' }));
    expect(await read()).toMatchObject({ emoji_code: '1', reaction_type: 'realm_emoji' });
    expectSuccess(await post({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }));
    expect(await read()).toMatchObject({ emoji_name: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expectSuccess(await post({ emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' }));
    expectSuccess(await post({ emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' }));
  });

  it('60 code points is fine even when that is more UTF-16 units; text is trimmed', async () => {
    expectSuccess(await post({ status_text: '🐙'.repeat(60) }));
    expectSuccess(await post({ status_text: `  ${'x'.repeat(60)}  ` }));
    expect((await read()).status_text).toBe('x'.repeat(60));
  });

  it('no new values', async () => {
    await rejects({}, 'Client did not pass any new values.');
    // Zulip counts only status_text, emoji_name and away as new values.
    await rejects({ emoji_code: '1f697' }, 'Client did not pass any new values.');
  });

  it('status_text over 60 code points', async () => {
    await rejects({ status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)');
    await rejects({ status_text: '🐙'.repeat(61) }, 'status_text is too long (limit: 60 characters)');
  });

  it('emoji_code or reaction_type without emoji_name', async () => {
    const msg = 'Client must pass emoji_name if they pass either emoji_code or reaction_type.';
    await rejects({ status_text: 'x', emoji_code: '1f697' }, msg);
    await rejects({ status_text: 'x', reaction_type: 'unicode_emoji' }, msg);
  });

  it('unknown emoji name', async () => {
    await rejects({ emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist");
    await rejects({ emoji_name: 'invalid', emoji_code: '1f4bb' }, "Emoji 'invalid' does not exist");
  });

  it('name and code disagree', async () => {
    await rejects({ emoji_name: 'car', emoji_code: '1f4bb' }, 'Invalid emoji name.');
    await rejects({ emoji_name: 'smile', emoji_code: '2764', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.');
    await rejects({ emoji_name: 'smile', emoji_code: 'ffff' }, 'Invalid emoji code.');
  });

  it("Zulip's names: smile is U+263A (alias relaxed), U+1F604 is big_smile", async () => {
    expectSuccess(await post({ emoji_name: 'smile' }, 'member2'));
    expect(await read('member2')).toMatchObject({ emoji_name: 'smile', emoji_code: '263a', reaction_type: 'unicode_emoji' });
    await rejects({ emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.');
    expectSuccess(await post({ emoji_name: 'big_smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' }, 'member2'));
    expectSuccess(await post({ emoji_name: 'relaxed', emoji_code: '263a', reaction_type: 'unicode_emoji' }, 'member2'));
    expectSuccess(await post({ emoji_name: '' }, 'member2'));
  });

  it('invalid custom emoji', async () => {
    await rejects({ emoji_name: 'green_tick', emoji_code: '99', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.');
    // A Unicode code is no custom emoji ID (Zulip's test_endpoints: car, 1f4bb, realm_emoji).
    await rejects({ emoji_name: 'car', emoji_code: '1f4bb', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.');
    await rejects({ emoji_name: 'smile', emoji_code: '1', reaction_type: 'realm_emoji' }, 'Invalid custom emoji name.');
  });

  it("emoji types: service_extra_emoji (the document) is not Zulip's name", async () => {
    await rejects({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }, 'Invalid emoji type.');
    await rejects({ emoji_name: 'zulip', reaction_type: 'bogus' }, 'Invalid emoji type.');
  });

  it('a bad away value', async () => {
    await rejects({ away: 'maybe' }, 'away is not valid JSON');
    await rejects({ away: '"yes"' }, 'away is not a boolean');
  });

  it('validates everything before changing anything', async () => {
    expectSuccess(await post({ status_text: 'kept' }, 'member2'));
    await rejects({ status_text: 'new', emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist");
    expect(await read('member2')).toEqual({ status_text: 'kept' });
  });

  it('bots may not set a status; reading a status of an unknown user fails', async () => {
    const s = server();
    expectError(await call(s, 'POST', '/users/me/status', { as: s.bot, form: { status_text: 'x' } }), 400, 'BAD_REQUEST');
    expectError(await call(s, 'GET', '/users/9999/status', { as: s.accounts.member }), 400, 'BAD_REQUEST', 'No such user');
  });
});
