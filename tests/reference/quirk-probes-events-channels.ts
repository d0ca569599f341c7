// Probes of the quirks of the channel, group, folder, view and snippet events
// (quirks/events-channels.ts): what a queue receives with and without each.
import type { ReferenceAccount, ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import { events, openQueue } from './event-helpers.js';
import type { QuirkProbe } from './quirk-probe.js';

type Who = Pick<ReferenceAccount, 'email' | 'apiKey'>;
type Role = keyof ReferenceServer['accounts'];

/** What the role's queue of `types` receives while `act` runs: "type op" per event. */
async function seen(
  s: ReferenceServer,
  role: Role,
  types: string[],
  act: () => Promise<unknown>,
  capabilities: Record<string, boolean> = {},
): Promise<string[]> {
  const q = await openQueue(s, s.accounts[role], capabilities, types);
  await act();
  return (await events(s, s.accounts[role], q)).map((e) => [e.type, e.op].filter(Boolean).join(' '));
}

async function channel(s: ReferenceServer, as: Who, name: string, form: Record<string, string> = {}): Promise<number> {
  await call(s, 'POST', '/users/me/subscriptions', { as, form: { subscriptions: JSON.stringify([{ name }]), ...form } });
  return (await call(s, 'GET', '/get_stream_id', { as, query: { stream: name } })).body.stream_id;
}

const patchChannel = (s: ReferenceServer, id: number, form: Record<string, string>, as: Who = s.accounts.admin) =>
  call(s, 'PATCH', `/streams/${id}`, { as, form });

/** Member2's or the guest's view of a description change of a public channel the admin alone is in. */
async function descriptionSeenBy(s: ReferenceServer, role: Role): Promise<string[]> {
  const id = await channel(s, s.accounts.admin, 'probe');
  return seen(s, role, ['stream'], () => patchChannel(s, id, { description: 'new' }));
}

async function group(s: ReferenceServer, name: string, members: number[] = [s.accounts.member.userId]): Promise<number> {
  return (await call(s, 'POST', '/user_groups/create', { as: s.accounts.member, form: { name, description: '', members: JSON.stringify(members) } })).body
    .group_id;
}

const patchGroup = (s: ReferenceServer, id: number, form: Record<string, string>) => call(s, 'PATCH', `/user_groups/${id}`, { as: s.accounts.member, form });

async function folder(s: ReferenceServer, name: string): Promise<number> {
  return (await call(s, 'POST', '/channel_folders/create', { as: s.accounts.admin, form: { name, description: '' } })).body.channel_folder_id;
}

async function snippet(s: ReferenceServer): Promise<number> {
  return (await call(s, 'POST', '/saved_snippets', { as: s.accounts.member, form: { title: 'probe', content: 'text' } })).body.saved_snippet_id;
}

export const eventsChannelsProbes: QuirkProbe[] = [
  { quirk: 'stream-event-subscribers-only', probe: (s) => descriptionSeenBy(s, 'member2'), normal: ['stream update'], quirked: [] },
  { quirk: 'stream-event-to-everyone', probe: (s) => descriptionSeenBy(s, 'guest'), normal: [], quirked: ['stream update'] },
  {
    quirk: 'stream-event-unchanged-sent',
    probe: async (s) => {
      const id = await channel(s, s.accounts.admin, 'probe');
      return seen(s, 'member2', ['stream'], () => patchChannel(s, id, { topics_policy: 'inherit' }));
    },
    normal: [],
    quirked: ['stream update'],
  },
  {
    quirk: 'stream-description-unchanged-silent',
    probe: async (s) => {
      const id = await channel(s, s.accounts.admin, 'probe');
      return seen(s, 'member2', ['stream'], () => patchChannel(s, id, { description: '' }));
    },
    normal: ['stream update'],
    quirked: [],
  },
  {
    quirk: 'stream-gainers-get-update',
    probe: async (s) => {
      const id = await channel(s, s.accounts.owner, 'probe', { invite_only: 'true' });
      return seen(s, 'member2', ['stream'], () => patchChannel(s, id, { is_private: 'false' }, s.accounts.owner));
    },
    normal: ['stream create'],
    quirked: ['stream update'],
  },
  {
    quirk: 'default-streams-admins-only',
    probe: async (s) => {
      const id = await channel(s, s.accounts.admin, 'probe');
      return seen(s, 'member', ['default_streams'], () => patchChannel(s, id, { is_default_stream: 'true' }));
    },
    normal: ['default_streams'],
    quirked: [],
  },
  {
    quirk: 'default-streams-to-everyone',
    probe: async (s) => {
      const id = await channel(s, s.accounts.admin, 'probe');
      return seen(s, 'guest', ['default_streams'], () => patchChannel(s, id, { is_default_stream: 'true' }));
    },
    normal: [],
    quirked: ['default_streams'],
  },
  {
    quirk: 'group-event-actor-only',
    probe: async (s) => {
      const id = await group(s, 'probe');
      return seen(s, 'member2', ['user_group'], () => patchGroup(s, id, { name: 'probe 2' }));
    },
    normal: ['user_group update'],
    quirked: [],
  },
  {
    quirk: 'group-update-whole-data',
    probe: async (s) => {
      const id = await group(s, 'probe');
      const q = await openQueue(s, s.accounts.member2, {}, ['user_group']);
      await patchGroup(s, id, { description: 'about' });
      return (await events(s, s.accounts.member2, q)).map((e) => e.data);
    },
    normal: [{ description: 'about' }],
    quirked: [{ name: 'probe', description: 'about' }],
  },
  {
    quirk: 'group-event-unchanged-sent',
    probe: async (s) => {
      const id = await group(s, 'probe');
      return seen(s, 'member2', ['user_group'], () => patchGroup(s, id, { description: '' }));
    },
    normal: [],
    quirked: ['user_group update'],
  },
  {
    quirk: 'group-reactivation-ignores-capability',
    probe: async (s) => {
      const id = await group(s, 'probe');
      await call(s, 'POST', `/user_groups/${id}/deactivate`, { as: s.accounts.member });
      return seen(s, 'member2', ['user_group'], () => patchGroup(s, id, { deactivated: 'false' }));
    },
    normal: ['user_group add'],
    quirked: ['user_group update', 'user_group add'],
  },
  {
    quirk: 'group-members-event-members-only',
    probe: async (s) => {
      const id = await group(s, 'probe');
      return seen(s, 'member2', ['user_group'], () =>
        call(s, 'POST', `/user_groups/${id}/members`, { as: s.accounts.member, form: { add: JSON.stringify([s.accounts.moderator.userId]) } }),
      );
    },
    normal: ['user_group add_members'],
    quirked: [],
  },
  {
    quirk: 'group-members-events-reordered',
    probe: async (s) => {
      const [id, sub] = [await group(s, 'probe'), await group(s, 'probe sub')];
      const form = { add: JSON.stringify([s.accounts.moderator.userId]), add_subgroups: JSON.stringify([sub]) };
      return seen(s, 'member2', ['user_group'], () => call(s, 'POST', `/user_groups/${id}/members`, { as: s.accounts.member, form }));
    },
    normal: ['user_group add_members', 'user_group add_subgroups'],
    quirked: ['user_group add_subgroups', 'user_group add_members'],
  },
  {
    quirk: 'folder-event-admins-only',
    probe: (s) => seen(s, 'member', ['channel_folder'], () => folder(s, 'probe')),
    normal: ['channel_folder add'],
    quirked: [],
  },
  {
    quirk: 'folder-event-unchanged-sent',
    probe: async (s) => {
      const id = await folder(s, 'probe');
      return seen(s, 'member', ['channel_folder'], () => call(s, 'PATCH', `/channel_folders/${id}`, { as: s.accounts.admin, form: { name: 'probe' } }));
    },
    normal: [],
    quirked: ['channel_folder update'],
  },
  {
    quirk: 'nav-view-event-to-everyone',
    probe: (s) =>
      seen(s, 'member2', ['navigation_view'], () =>
        call(s, 'POST', '/navigation_views', { as: s.accounts.member, form: { fragment: 'narrow/search/probe', is_pinned: 'true', name: 'probe' } }),
      ),
    normal: [],
    quirked: ['navigation_view add'],
  },
  {
    quirk: 'snippet-event-to-everyone',
    probe: async (s) => {
      const id = await snippet(s);
      return seen(s, 'member2', ['saved_snippets'], () => call(s, 'PATCH', `/saved_snippets/${id}`, { as: s.accounts.member, form: { title: 'new' } }));
    },
    normal: [],
    quirked: ['saved_snippets update'],
  },
  {
    quirk: 'snippet-empty-edit-event',
    probe: async (s) => {
      const id = await snippet(s);
      return seen(s, 'member', ['saved_snippets'], () => call(s, 'PATCH', `/saved_snippets/${id}`, { as: s.accounts.member }));
    },
    normal: [],
    quirked: ['saved_snippets update'],
  },
  {
    quirk: 'streams-read-sends-event',
    probe: async (s) => (await seen(s, 'member', ['stream'], () => call(s, 'GET', '/streams', { as: s.accounts.member }))).length > 0,
    normal: false,
    quirked: true,
  },
];
