// Probes for the GET /streams and PATCH /streams/{stream_id} quirks (see quirk-probes.ts).
import type { ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import type { QuirkProbe } from './quirk-probe.js';

type Who = 'member' | 'admin' | 'moderator' | 'guest' | 'owner' | 'bot';
const only = { include_public: 'false', include_subscribed: 'false' };

async function streams(s: ReferenceServer, who: Who, query: Record<string, string> = {}) {
  const answer = await call(s, 'GET', '/streams', { as: who === 'bot' ? s.bot : s.accounts[who], query });
  return answer.body.streams as Record<string, unknown>[];
}

const patch = async (s: ReferenceServer, who: Who, id: number, form: Record<string, string>) =>
  (await call(s, 'PATCH', `/streams/${id}`, { as: who === 'bot' ? s.bot : s.accounts[who], form })).body.result;
/** A channel `who` creates, its id. */
async function channel(s: ReferenceServer, who: Who, name: string, extra: Record<string, string> = {}): Promise<number> {
  const as = who === 'bot' ? s.bot : s.accounts[who];
  await call(s, 'POST', '/users/me/subscriptions', { as, form: { subscriptions: JSON.stringify([{ name }]), ...extra } });
  return (await call(s, 'GET', '/get_stream_id', { as, query: { stream: name } })).body.stream_id;
}

const names = async (s: ReferenceServer, who: Who, query: Record<string, string> = {}) => (await streams(s, who, query)).map((c) => c.name);

export const streamProbes: QuirkProbe[] = [
  {
    quirk: 'streams-ignore-include-public',
    probe: (s) => names(s, 'member', { include_public: 'false' }),
    normal: ['general'],
    quirked: ['announce', 'design', 'general'],
  },
  {
    quirk: 'streams-ignore-include-subscribed',
    probe: (s) => names(s, 'admin', { include_subscribed: 'false' }),
    normal: ['announce', 'design', 'general'],
    quirked: ['announce', 'core team', 'design', 'general'],
  },
  {
    quirk: 'streams-include-archived',
    probe: (s) => names(s, 'member'),
    normal: ['announce', 'design', 'general'],
    quirked: ['announce', 'design', 'general', 'old-archive'],
  },
  { quirk: 'streams-ignore-include-web-public', probe: (s) => names(s, 'member', { ...only, include_web_public: 'true' }), normal: ['announce'], quirked: [] },
  {
    quirk: 'streams-ignore-include-all',
    probe: (s) => names(s, 'moderator', { ...only, include_all: 'true' }),
    normal: ['announce', 'design', 'general'],
    quirked: [],
  },
  {
    quirk: 'streams-include-all-leaks-private',
    probe: (s) => names(s, 'member', { ...only, include_all: 'true' }),
    normal: ['announce', 'design', 'general'],
    quirked: ['announce', 'core team', 'design', 'general'],
  },
  {
    quirk: 'streams-ignore-include-default',
    probe: async (s) => (await streams(s, 'member', { include_default: 'true' })).map((c) => [c.name, c.is_default]),
    normal: [
      ['announce', false],
      ['design', false],
      ['general', true],
    ],
    quirked: [
      ['announce', undefined],
      ['design', undefined],
      ['general', undefined],
    ],
  },
  {
    quirk: 'streams-ignore-include-can-access-content',
    probe: (s) => names(s, 'member', { ...only, include_can_access_content: 'true' }),
    normal: ['announce', 'design', 'general'],
    quirked: [],
  },
  { quirk: 'streams-ignore-owner-subscribed', probe: (s) => names(s, 'bot', { ...only, include_owner_subscribed: 'true' }), normal: ['general'], quirked: [] },
  { quirk: 'streams-missing-field', probe: async (s) => (await streams(s, 'member')).every((c) => 'rendered_description' in c), normal: true, quirked: false },
  { quirk: 'streams-wrong-type', probe: async (s) => typeof (await streams(s, 'member'))[0].stream_id, normal: 'number', quirked: 'string' },
  {
    quirk: 'streams-creator-zero',
    probe: async (s) => {
      const archived = (await streams(s, 'owner', { exclude_archived: 'false' })).find((c) => c.name === 'old-archive');
      return [archived?.creator_id, Number.isInteger(archived?.date_created)];
    },
    normal: [null, true],
    quirked: [0, false],
  },
  { quirk: 'streams-unsorted', probe: (s) => names(s, 'member'), normal: ['announce', 'design', 'general'], quirked: ['general', 'design', 'announce'] },
  {
    quirk: 'streams-bad-boolean-accepted',
    probe: async (s) => (await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_public: 'maybe' } })).status,
    normal: 400,
    quirked: 200,
  },
  {
    quirk: 'streams-admin-only-include-all-active',
    probe: async (s) => (await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_all_active: 'true' } })).status,
    normal: 200,
    quirked: 400,
  },
  { quirk: 'channel-name-no-limit', probe: (s) => patch(s, 'admin', 2, { new_name: 'n'.repeat(61) }), normal: 'error', quirked: 'success' },
  {
    quirk: 'channel-remove-subscribers-needs-content-access',
    probe: async (s) => patch(s, 'admin', await channel(s, 'owner', 'probe-hidden', { invite_only: 'true' }), { can_remove_subscribers_group: '{"new": 5}' }),
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'channel-admins-need-group',
    probe: async (s) => {
      const id = await channel(s, 'owner', 'probe-owned');
      return patch(s, 'admin', id, { description: 'by an administrator outside can_administer_channel_group' });
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'channels-follow-document',
    probe: async (s) => (await streams(s, 'member', { ...only, include_default: 'true' })).map((c) => c.name),
    normal: [],
    quirked: ['general'],
  },
];
