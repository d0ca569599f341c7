// One probe per quirk: what to ask, what a faithful server answers, what the quirk answers.
import type { ReferenceServer } from '../../src/reference/server.js';
import { basic, call } from './helpers.js';
import { streamProbes } from './quirk-probes-streams.js';
import { updateProbes } from './quirk-probes-updates.js';
import { editProbes } from './quirk-probes-edit.js';
import { topicProbes } from './quirk-probes-topics.js';
import { settingsProbes } from './quirk-probes-settings.js';
import { eventProbes } from './quirk-probes-events.js';
import { eventsUsersProbes } from './quirk-probes-events-users.js';
import { eventsChannelsProbes } from './quirk-probes-events-channels.js';
import type { QuirkProbe } from './quirk-probe.js';

export type { QuirkProbe } from './quirk-probe.js';

const badKey = (s: ReferenceServer) => call(s, 'GET', '/users/me', { authorization: basic(s.accounts.member.email, 'wrong') });

async function statusResult(s: ReferenceServer, form: Record<string, string>): Promise<string> {
  return (await call(s, 'POST', '/users/me/status', { as: s.accounts.member, form })).body.result;
}

async function statusAfter(s: ReferenceServer, ...forms: Record<string, string>[]): Promise<unknown> {
  for (const form of forms) await call(s, 'POST', '/users/me/status', { as: s.accounts.member, form });
  return (await call(s, 'GET', `/users/${s.accounts.member.userId}/status`, { as: s.accounts.member })).body.status;
}

const protocolProbes: QuirkProbe[] = [
  { quirk: 'envelope-no-msg', probe: async (s) => 'msg' in (await call(s, 'GET', '/users/me', { as: s.accounts.member })).body, normal: true, quirked: false },
  {
    quirk: 'error-without-code',
    probe: async (s) => (await call(s, 'GET', '/get_stream_id', { as: s.accounts.member, query: { stream: 'nope' } })).body.code,
    normal: 'BAD_REQUEST',
    quirked: undefined,
  },
  {
    quirk: 'ignored-params-missing',
    probe: async (s) => (await call(s, 'GET', '/users/me', { as: s.accounts.member, query: { foo: '1' } })).body.ignored_parameters_unsupported,
    normal: ['foo'],
    quirked: undefined,
  },
  {
    quirk: 'ignored-params-wrong',
    probe: async (s) =>
      (await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_public: 'true', foo: '1' } })).body.ignored_parameters_unsupported,
    normal: ['foo'],
    quirked: ['foo', 'include_public'],
  },
  { quirk: 'auth-accepts-bad-key', probe: async (s) => (await badKey(s)).status, normal: 401, quirked: 200 },
  {
    quirk: 'auth-200-on-bad-key',
    probe: async (s) => {
      const a = await badKey(s);
      return [a.status, a.body.result, a.body.code];
    },
    normal: [401, 'error', 'UNAUTHORIZED'],
    quirked: [200, 'error', 'UNAUTHORIZED'],
  },
];

const statusProbes: QuirkProbe[] = [
  { quirk: 'status-no-length-limit', probe: (s) => statusResult(s, { status_text: 'x'.repeat(61) }), normal: 'error', quirked: 'success' },
  { quirk: 'status-length-utf16', probe: (s) => statusResult(s, { status_text: '🐙'.repeat(31) }), normal: 'success', quirked: 'error' },
  { quirk: 'status-accept-no-values', probe: (s) => statusResult(s, {}), normal: 'error', quirked: 'success' },
  { quirk: 'status-emoji-code-without-name-ok', probe: (s) => statusResult(s, { status_text: 'x', emoji_code: '1f697' }), normal: 'error', quirked: 'success' },
  { quirk: 'status-unknown-emoji-ok', probe: (s) => statusResult(s, { emoji_name: 'no_such_emoji' }), normal: 'error', quirked: 'success' },
  { quirk: 'status-name-code-mismatch-ok', probe: (s) => statusResult(s, { emoji_name: 'smile', emoji_code: '2764' }), normal: 'error', quirked: 'success' },
  {
    quirk: 'status-bad-custom-emoji-ok',
    probe: (s) => statusResult(s, { emoji_name: 'green_tick', emoji_code: '99', reaction_type: 'realm_emoji' }),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'status-error-code-wrong',
    probe: async (s) => (await call(s, 'POST', '/users/me/status', { as: s.accounts.member })).body.code,
    normal: 'BAD_REQUEST',
    quirked: 'INVALID_STATUS',
  },
  {
    quirk: 'status-overwrites-all',
    probe: (s) => statusAfter(s, { status_text: 'busy' }, { emoji_name: 'smile' }),
    normal: { status_text: 'busy', emoji_name: 'smile', emoji_code: '263a', reaction_type: 'unicode_emoji' },
    quirked: { emoji_name: 'smile', emoji_code: '263a', reaction_type: 'unicode_emoji' },
  },
  {
    quirk: 'status-text-clears-away',
    probe: (s) => statusAfter(s, { away: 'true' }, { status_text: 'busy' }),
    normal: { away: true, status_text: 'busy' },
    quirked: { status_text: 'busy' },
  },
  { quirk: 'status-clear-ignored', probe: (s) => statusAfter(s, { status_text: 'busy' }, { status_text: '' }), normal: {}, quirked: { status_text: 'busy' } },
  {
    quirk: 'status-service-extra-emoji',
    probe: (s) => statusResult(s, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }),
    normal: 'error',
    quirked: 'success',
  },
];

export const QUIRK_PROBES: QuirkProbe[] = [
  ...protocolProbes,
  ...statusProbes,
  ...streamProbes,
  ...editProbes,
  ...topicProbes,
  ...updateProbes,
  ...settingsProbes,
  ...eventProbes,
  ...eventsUsersProbes,
  ...eventsChannelsProbes,
];
