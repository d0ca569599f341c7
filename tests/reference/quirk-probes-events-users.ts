// Probes of the quirks of the settings, defaults, topic preference, user update, status and push
// events (quirks/events-users.ts): what queues receive with and without each.
import type { ReferenceAccount, ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import { events, openQueue } from './event-helpers.js';
import type { QuirkProbe } from './quirk-probe.js';

type Who = Pick<ReferenceAccount, 'email' | 'apiKey'>;
const types = (got: { type: string }[]) => got.map((e) => e.type);

/** Opens a queue of `eventTypes` for each account, runs `act`, and returns what each queue got, by role. */
async function received(
  s: ReferenceServer,
  roles: (keyof ReferenceServer['accounts'])[],
  eventTypes: string[],
  act: () => Promise<unknown>,
  capabilities: Record<string, boolean> = {},
): Promise<Record<string, string[]>> {
  const queues = await Promise.all(roles.map((r) => openQueue(s, s.accounts[r], capabilities, eventTypes)));
  await act();
  const out: Record<string, string[]> = {};
  for (const [i, r] of roles.entries()) out[r] = types(await events(s, s.accounts[r], queues[i]));
  return out;
}

const patch = (s: ReferenceServer, as: Who, path: string, form: Record<string, string>) => call(s, 'PATCH', path, { as, form });

const settingsTo = (s: ReferenceServer) =>
  received(s, ['member', 'member2'], ['user_settings'], () => patch(s, s.accounts.member, '/settings', { twenty_four_hour_time: 'true' }));

async function unchangedSetting(s: ReferenceServer): Promise<string[]> {
  const q = await openQueue(s, s.accounts.member, {}, ['user_settings']);
  await patch(s, s.accounts.member, '/settings', { twenty_four_hour_time: 'false' });
  return types(await events(s, s.accounts.member, q));
}

async function legacyOnCapableQueue(s: ReferenceServer): Promise<string[]> {
  const q = await openQueue(s, s.accounts.member, { user_settings_object: true }, ['user_settings', 'update_display_settings']);
  await patch(s, s.accounts.member, '/settings', { left_side_userlist: 'true' });
  return types(await events(s, s.accounts.member, q));
}

const nameTo = (s: ReferenceServer) =>
  received(s, ['member', 'member2'], ['realm_user'], () => patch(s, s.accounts.member, '/settings', { full_name: 'Probe Name' }));
const timezoneTo = (s: ReferenceServer) =>
  received(s, ['member', 'member2'], ['realm_user'], () => patch(s, s.accounts.member, '/settings', { timezone: 'Asia/Tokyo' }));
const defaultsTo = (s: ReferenceServer) =>
  received(s, ['admin', 'member'], ['realm_user_settings_defaults'], () =>
    patch(s, s.accounts.admin, '/realm/user_settings_defaults', { enter_sends: 'true' }),
  );

async function unchangedDefault(s: ReferenceServer): Promise<string[]> {
  const q = await openQueue(s, s.accounts.member, {}, ['realm_user_settings_defaults']);
  await patch(s, s.accounts.admin, '/realm/user_settings_defaults', { enter_sends: 'false' });
  return types(await events(s, s.accounts.member, q));
}

async function unchangedTopic(s: ReferenceServer): Promise<string[]> {
  await setTopic(s, 'probe');
  const q = await openQueue(s, s.accounts.member, {}, ['user_topic']);
  await setTopic(s, 'probe');
  return types(await events(s, s.accounts.member, q));
}

const setTopic = (s: ReferenceServer, topic: string) =>
  call(s, 'POST', '/user_topics', { as: s.accounts.member, form: { stream_id: '1', topic, visibility_policy: '1' } });
const userTopicTo = (s: ReferenceServer) => received(s, ['member', 'member2'], ['user_topic'], () => setTopic(s, 'probe'));

async function emptyTopicName(s: ReferenceServer): Promise<unknown> {
  const q = await openQueue(s, s.accounts.member, {}, ['user_topic']);
  await setTopic(s, '');
  return (await events(s, s.accounts.member, q)).map((e) => e.topic_name);
}

const mutedTopicsWithUserTopic = (s: ReferenceServer) => received(s, ['member'], ['muted_topics', 'user_topic'], () => setTopic(s, 'probe'));

const updateMember2 = (s: ReferenceServer, form: Record<string, string>) => () => patch(s, s.accounts.owner, `/users/${s.accounts.member2.userId}`, form);
const roleTo = (s: ReferenceServer) => received(s, ['member', 'member2'], ['realm_user'], updateMember2(s, { role: '300' }));
const profileFieldTo = (s: ReferenceServer) =>
  received(s, ['member', 'member2'], ['realm_user'], updateMember2(s, { profile_data: JSON.stringify([{ id: 1, value: 'x' }]) }));
const emailTo = (s: ReferenceServer) => received(s, ['owner', 'member'], ['realm_user'], updateMember2(s, { new_email: 'probe@example.com' }));

const status = (s: ReferenceServer, form: Record<string, string>) => () => call(s, 'POST', '/users/me/status', { as: s.accounts.member, form });
const statusTo = (s: ReferenceServer) => received(s, ['member', 'member2'], ['user_status'], status(s, { status_text: 'busy' }));

async function statusKeys(s: ReferenceServer): Promise<string[]> {
  const q = await openQueue(s, s.accounts.member2, {}, ['user_status']);
  await status(s, { status_text: 'busy' })();
  return Object.keys((await events(s, s.accounts.member2, q))[0]).sort();
}

async function pushTest(s: ReferenceServer): Promise<string[]> {
  // A queue of every event type: registered without event_types.
  const all = (await call(s, 'POST', '/register', { as: s.accounts.member })).body.queue_id as string;
  await call(s, 'POST', '/mobile_push/e2ee/test_notification', { as: s.accounts.member });
  return types(await events(s, s.accounts.member, all));
}

export const eventsUsersProbes: QuirkProbe[] = [
  {
    quirk: 'settings-event-to-everyone',
    probe: settingsTo,
    normal: { member: ['user_settings'], member2: [] },
    quirked: { member: ['user_settings'], member2: ['user_settings'] },
  },
  { quirk: 'settings-event-unchanged-sent', probe: unchangedSetting, normal: [], quirked: ['user_settings'] },
  {
    quirk: 'settings-legacy-event-to-capable-queues',
    probe: legacyOnCapableQueue,
    normal: ['user_settings'],
    quirked: ['user_settings', 'update_display_settings'],
  },
  {
    quirk: 'full-name-event-self-only',
    probe: nameTo,
    normal: { member: ['realm_user'], member2: ['realm_user'] },
    quirked: { member: ['realm_user'], member2: [] },
  },
  {
    quirk: 'timezone-event-self-only',
    probe: timezoneTo,
    normal: { member: ['realm_user'], member2: ['realm_user'] },
    quirked: { member: ['realm_user'], member2: [] },
  },
  {
    quirk: 'defaults-event-admins-only',
    probe: defaultsTo,
    normal: { admin: ['realm_user_settings_defaults'], member: ['realm_user_settings_defaults'] },
    quirked: { admin: ['realm_user_settings_defaults'], member: [] },
  },
  { quirk: 'defaults-event-unchanged-sent', probe: unchangedDefault, normal: [], quirked: ['realm_user_settings_defaults'] },
  { quirk: 'user-topic-unchanged-sent', probe: unchangedTopic, normal: [], quirked: ['user_topic'] },
  {
    quirk: 'user-topic-event-to-everyone',
    probe: userTopicTo,
    normal: { member: ['user_topic'], member2: [] },
    quirked: { member: ['user_topic'], member2: ['user_topic'] },
  },
  { quirk: 'user-topic-empty-topic-literal', probe: emptyTopicName, normal: ['general chat'], quirked: [''] },
  {
    quirk: 'muted-topics-event-not-suppressed',
    probe: mutedTopicsWithUserTopic,
    normal: { member: ['user_topic'] },
    quirked: { member: ['muted_topics', 'user_topic'] },
  },
  {
    quirk: 'role-event-target-only',
    probe: roleTo,
    normal: { member: ['realm_user'], member2: ['realm_user'] },
    quirked: { member: [], member2: ['realm_user'] },
  },
  {
    quirk: 'profile-field-event-self-only',
    probe: profileFieldTo,
    normal: { member: ['realm_user'], member2: ['realm_user'] },
    quirked: { member: [], member2: ['realm_user'] },
  },
  {
    quirk: 'email-event-actor-only',
    probe: emailTo,
    normal: { owner: ['realm_user', 'realm_user'], member: ['realm_user', 'realm_user'] },
    quirked: { owner: ['realm_user', 'realm_user'], member: [] },
  },
  {
    quirk: 'status-event-self-only',
    probe: statusTo,
    normal: { member: ['user_status'], member2: ['user_status'] },
    quirked: { member: ['user_status'], member2: [] },
  },
  {
    quirk: 'status-event-all-fields',
    probe: statusKeys,
    normal: ['id', 'status_text', 'type', 'user_id'],
    quirked: ['away', 'emoji_code', 'emoji_name', 'id', 'reaction_type', 'status_text', 'type', 'user_id'],
  },
  { quirk: 'push-test-sends-event', probe: pushTest, normal: [], quirked: ['push_device'] },
];
