// Probes for the quirks of channel updates, user groups, channel folders, navigation views and
// saved snippets (ops 4, 6, 7, 11, 12, 18, 19): what to ask, and the faithful and faulty answers.
import type { ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import type { QuirkProbe } from './quirk-probe.js';

type Role = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';
const as = (s: ReferenceServer, role: Role) => s.accounts[role];
const result = async (p: Promise<{ body: { result: string } }>) => (await p).body.result;
const patchStream = (s: ReferenceServer, role: Role, id: number, form: Record<string, string>) => call(s, 'PATCH', `/streams/${id}`, { as: as(s, role), form });
const streamField = async (s: ReferenceServer, id: number, field: string) =>
  (await call(s, 'GET', '/streams', { as: as(s, 'owner'), query: { include_all: 'true', exclude_archived: 'false' } })).body.streams.find(
    (c: { stream_id: number }) => c.stream_id === id,
  )[field];
const newGroup = async (s: ReferenceServer, name: string, extra: Record<string, string> = {}) =>
  (await call(s, 'POST', '/user_groups/create', { as: as(s, 'member'), form: { name, description: '', members: '[]', ...extra } })).body.group_id as number;
const patchGroup = (s: ReferenceServer, role: Role, id: number, form: Record<string, string>) =>
  call(s, 'PATCH', `/user_groups/${id}`, { as: as(s, role), form });
const deactivated = async (s: ReferenceServer, id: number) =>
  (await call(s, 'GET', '/user_groups', { as: as(s, 'member'), query: { include_deactivated_groups: 'true' } })).body.user_groups.find(
    (g: { id: number }) => g.id === id,
  ).deactivated;
const folder = (s: ReferenceServer, role: Role, name: string) =>
  call(s, 'POST', '/channel_folders/create', { as: as(s, role), form: { name, description: '' } });
const snippet = async (s: ReferenceServer) =>
  (await call(s, 'POST', '/saved_snippets', { as: as(s, 'member'), form: { title: 't', content: 'c' } })).body.saved_snippet_id as number;
const retention = (s: ReferenceServer) => result(patchStream(s, 'admin', 2, { message_retention_days: '5' }));
const only = (s: ReferenceServer, role: Role) => JSON.stringify({ new: { direct_members: [as(s, role).userId], direct_subgroups: [] } });
const setRealm = (s: ReferenceServer, form: Record<string, string>) => call(s, 'PATCH', '/realm', { as: as(s, 'admin'), form });
const subscribeOthers = (s: ReferenceServer, role: Role, channel: string, who: Role) =>
  result(
    call(s, 'POST', '/users/me/subscriptions', {
      as: as(s, role),
      form: { subscriptions: JSON.stringify([{ name: channel }]), principals: `[${as(s, who).userId}]` },
    }),
  );
const sendTo = async (s: ReferenceServer, role: Role, channel: number) =>
  (await call(s, 'POST', '/messages', { as: as(s, role), form: { type: 'stream', to: String(channel), topic: 'probe', content: 'x' } })).body.id as number;
const deleteMessage = (s: ReferenceServer, role: Role, id: number) => result(call(s, 'DELETE', `/messages/${id}`, { as: as(s, role) }));

export const updateProbes: QuirkProbe[] = [
  // Channel permissions seen through Zulip's endpoints (general, 1, has the member; core team, 3, only the owner and the administrator).
  {
    quirk: 'web-public-ignores-spectator-access',
    probe: async (s) => {
      await setRealm(s, { enable_spectator_access: 'false' });
      return result(patchStream(s, 'owner', 1, { is_web_public: 'true' }));
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'subscribe-others-ignores-channel-group',
    probe: async (s) => {
      await setRealm(s, { can_add_subscribers_group: only(s, 'admin') });
      await patchStream(s, 'admin', 1, { can_add_subscribers_group: only(s, 'member') });
      return subscribeOthers(s, 'member', 'general', 'guest');
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'subscribe-others-needs-subscription',
    probe: async (s) => {
      await patchStream(s, 'owner', 3, { can_add_subscribers_group: only(s, 'member') });
      return subscribeOthers(s, 'member', 'core team', 'member2');
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'unsubscribe-others-ignores-channel-group',
    probe: async (s) => {
      await patchStream(s, 'admin', 1, { can_remove_subscribers_group: only(s, 'member') });
      return result(
        call(s, 'DELETE', '/users/me/subscriptions', {
          as: as(s, 'member'),
          form: { subscriptions: '["general"]', principals: `[${as(s, 'member2').userId}]` },
        }),
      );
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'delete-any-ignores-channel-group',
    probe: async (s) => {
      await patchStream(s, 'admin', 1, { can_delete_any_message_group: only(s, 'member') });
      return deleteMessage(s, 'member', await sendTo(s, 'member2', 1));
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'delete-own-ignores-channel-group',
    probe: async (s) => {
      await setRealm(s, { can_delete_own_message_group: only(s, 'admin') });
      await patchStream(s, 'admin', 1, { can_delete_own_message_group: only(s, 'member') });
      return deleteMessage(s, 'member', await sendTo(s, 'member', 1));
    },
    normal: 'success',
    quirked: 'error',
  },
  { quirk: 'channel-update-member-ok', probe: (s) => result(patchStream(s, 'member', 1, { description: 'x' })), normal: 'error', quirked: 'success' },
  {
    quirk: 'channel-update-admins-only',
    probe: async (s) => {
      await call(s, 'POST', '/users/me/subscriptions', { as: as(s, 'member'), form: { subscriptions: '[{"name":"probe-own"}]' } });
      const id = (await call(s, 'GET', '/get_stream_id', { as: as(s, 'member'), query: { stream: 'probe-own' } })).body.stream_id;
      return result(patchStream(s, 'member', id, { description: 'mine' }));
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'channel-update-ignores-description',
    probe: async (s) => {
      await patchStream(s, 'admin', 2, { description: 'probe' });
      return streamField(s, 2, 'description');
    },
    normal: 'probe',
    quirked: 'Sketches & <mockups>',
  },
  {
    quirk: 'channel-description-no-limit',
    probe: (s) => result(patchStream(s, 'admin', 2, { description: 'd'.repeat(1025) })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'channel-history-public-false-ok',
    probe: (s) => result(patchStream(s, 'admin', 2, { history_public_to_subscribers: 'false' })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'channel-archive-via-patch-ok',
    probe: async (s) => {
      await patchStream(s, 'admin', 2, { is_archived: 'true' });
      return streamField(s, 2, 'is_archived');
    },
    normal: false,
    quirked: true,
  },
  { quirk: 'channel-retention-admin-ok', probe: retention, normal: 'error', quirked: 'success' },
  {
    quirk: 'channel-empty-topic-only-ok',
    probe: (s) => result(patchStream(s, 'admin', 1, { topics_policy: 'empty_topic_only' })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'channel-private-permission-unsubscribed-ok',
    probe: async (s) => {
      await call(s, 'POST', '/users/me/subscriptions', { as: as(s, 'owner'), form: { subscriptions: '[{"name":"probe-secret"}]', invite_only: 'true' } });
      const id = (await call(s, 'GET', '/get_stream_id', { as: as(s, 'owner'), query: { stream: 'probe-secret' } })).body.stream_id;
      return result(patchStream(s, 'admin', id, { can_add_subscribers_group: '{"new": 5}' }));
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'group-update-old-mismatch-ok',
    probe: (s) => result(patchStream(s, 'admin', 2, { can_delete_any_message_group: '{"new": 5, "old": 6}' })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'group-manage-everyone-ok',
    probe: async (s) => result(patchGroup(s, 'member', await newGroup(s, 'p'), { can_manage_group: '{"new": 2}' })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'group-deactivated-usable',
    probe: async (s) => {
      const [dead, holder] = [await newGroup(s, 'dead'), await newGroup(s, 'holder')];
      await call(s, 'POST', `/user_groups/${dead}/deactivate`, { as: as(s, 'member') });
      return result(patchGroup(s, 'member', holder, { can_mention_group: JSON.stringify({ new: dead }) }));
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'group-reactivate-ignored',
    probe: async (s) => {
      const id = await newGroup(s, 'revive');
      await call(s, 'POST', `/user_groups/${id}/deactivate`, { as: as(s, 'member') });
      await patchGroup(s, 'member', id, { deactivated: 'false' });
      return deactivated(s, id);
    },
    normal: false,
    quirked: true,
  },
  {
    quirk: 'group-deactivate-via-patch',
    probe: async (s) => {
      const id = await newGroup(s, 'noop');
      await patchGroup(s, 'member', id, { deactivated: 'true' });
      return deactivated(s, id);
    },
    normal: false,
    quirked: true,
  },
  {
    quirk: 'group-mention-owners-refused',
    probe: async (s) => result(patchGroup(s, 'member', await newGroup(s, 'o'), { can_mention_group: '{"new": 7}' })),
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'group-deactivated-mentionable',
    probe: async (s) => {
      const id = await newGroup(s, 'hushed');
      await call(s, 'POST', `/user_groups/${id}/deactivate`, { as: as(s, 'member') });
      const sent = await call(s, 'POST', '/messages', { as: as(s, 'member'), form: { type: 'stream', to: '1', topic: 'mentions', content: '@*hushed*' } });
      const content = (await call(s, 'GET', `/messages/${sent.body.id}`, { as: as(s, 'member') })).body.message.content as string;
      return content.includes('user-group-mention silent');
    },
    normal: true,
    quirked: false,
  },
  {
    quirk: 'group-deactivated-frozen',
    probe: async (s) => {
      const id = await newGroup(s, 'frozen');
      await call(s, 'POST', `/user_groups/${id}/deactivate`, { as: as(s, 'member') });
      return result(patchGroup(s, 'member', id, { can_mention_group: '{"new": 5}' }));
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'group-update-spills',
    probe: async (s) => {
      const [one, two] = [await newGroup(s, 'one'), await newGroup(s, 'two')];
      await patchGroup(s, 'member', one, { description: 'spilt' });
      return (await call(s, 'GET', '/user_groups', { as: as(s, 'member') })).body.user_groups.find((g: { id: number }) => g.id === two).description;
    },
    normal: '',
    quirked: 'spilt',
  },
  {
    quirk: 'group-members-spill',
    probe: async (s) => {
      const [one, two] = [await newGroup(s, 'one'), await newGroup(s, 'two')];
      await call(s, 'POST', `/user_groups/${one}/members`, { as: as(s, 'member'), form: { add: JSON.stringify([as(s, 'member2').userId]) } });
      return (await call(s, 'GET', '/user_groups', { as: as(s, 'member') })).body.user_groups.find((g: { id: number }) => g.id === two).members.length;
    },
    normal: 0,
    quirked: 1,
  },
  {
    quirk: 'group-members-ids-first',
    probe: async (s) =>
      (await call(s, 'POST', `/user_groups/${await newGroup(s, 'order')}/members`, { as: as(s, 'member2'), form: { add: '[99999]' } })).body.msg,
    normal: 'Insufficient permission',
    quirked: 'Invalid user ID: 99999',
  },
  {
    quirk: 'group-update-anyone-ok',
    probe: async (s) => result(patchGroup(s, 'member2', await newGroup(s, 'x'), { description: 'y' })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'group-guest-ok',
    probe: async (s) => result(patchGroup(s, 'guest', await newGroup(s, 'x'), { description: 'y' })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'group-members-duplicates',
    probe: async (s) => {
      const id = await newGroup(s, 'dups', { members: JSON.stringify([as(s, 'member2').userId]) });
      return result(call(s, 'POST', `/user_groups/${id}/members`, { as: as(s, 'member'), form: { add: JSON.stringify([as(s, 'member2').userId]) } }));
    },
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'folder-member-ok', probe: (s) => result(folder(s, 'member', 'by member')), normal: 'error', quirked: 'success' },
  { quirk: 'folder-empty-name-ok', probe: (s) => result(folder(s, 'admin', '  ')), normal: 'error', quirked: 'success' },
  { quirk: 'folder-no-name-limit', probe: (s) => result(folder(s, 'admin', 'n'.repeat(61))), normal: 'error', quirked: 'success' },
  {
    quirk: 'folder-no-description-limit',
    probe: async (s) => result(call(s, 'POST', '/channel_folders/create', { as: as(s, 'admin'), form: { name: 'long', description: 'd'.repeat(1025) } })),
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'folder-limit-off-by-one', probe: (s) => result(folder(s, 'admin', 'n'.repeat(60))), normal: 'success', quirked: 'error' },
  {
    quirk: 'folder-archive-with-channels-ok',
    probe: async (s) => {
      const id = (await folder(s, 'admin', 'holding')).body.channel_folder_id;
      await patchStream(s, 'admin', 2, { folder_id: String(id) });
      return result(call(s, 'PATCH', `/channel_folders/${id}`, { as: as(s, 'admin'), form: { is_archived: 'true' } }));
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'folder-update-spills',
    probe: async (s) => {
      const [one, two] = [(await folder(s, 'admin', 'one')).body.channel_folder_id, (await folder(s, 'admin', 'two')).body.channel_folder_id];
      await call(s, 'PATCH', `/channel_folders/${one}`, { as: as(s, 'admin'), form: { description: 'spilt' } });
      return (await call(s, 'GET', '/channel_folders', { as: as(s, 'admin') })).body.channel_folders.find((f: { id: number }) => f.id === two).description;
    },
    normal: '',
    quirked: 'spilt',
  },
  {
    quirk: 'folder-archive-ignored',
    probe: async (s) => {
      const id = (await folder(s, 'admin', 'to archive')).body.channel_folder_id;
      await call(s, 'PATCH', `/channel_folders/${id}`, { as: as(s, 'admin'), form: { is_archived: 'true' } });
      return (await call(s, 'GET', '/channel_folders', { as: as(s, 'admin') })).body.channel_folders.length;
    },
    normal: 0,
    quirked: 1,
  },
  {
    quirk: 'nav-blank-fragment-ok',
    probe: (s) => result(call(s, 'POST', '/navigation_views', { as: as(s, 'member'), form: { fragment: ' ', is_pinned: 'true', name: 'n' } })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'nav-custom-without-name-ok',
    probe: (s) => result(call(s, 'POST', '/navigation_views', { as: as(s, 'member'), form: { fragment: 'custom', is_pinned: 'true' } })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'nav-duplicate-ok',
    probe: async (s) => {
      const add = () => call(s, 'POST', '/navigation_views', { as: as(s, 'member'), form: { fragment: 'inbox', is_pinned: 'true' } });
      await add();
      return result(add());
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'nav-name-null-is-none',
    probe: (s) => result(call(s, 'POST', '/navigation_views', { as: as(s, 'member'), form: { fragment: 'custom', is_pinned: 'true', name: 'null' } })),
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'snippet-edit-spills',
    probe: async (s) => {
      const [one] = [await snippet(s), await snippet(s)];
      await call(s, 'PATCH', `/saved_snippets/${one}`, { as: as(s, 'member'), form: { title: 'spilt' } });
      return (await call(s, 'GET', '/saved_snippets', { as: as(s, 'member') })).body.saved_snippets[1].title;
    },
    normal: 't',
    quirked: 'spilt',
  },
  {
    quirk: 'snippet-missing-ok',
    probe: (s) => result(call(s, 'PATCH', '/saved_snippets/999', { as: as(s, 'member'), form: { title: 'x' } })),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'snippet-empty-edit-checks',
    probe: (s) => result(call(s, 'PATCH', '/saved_snippets/999', { as: as(s, 'member') })),
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'snippet-edit-ignores-content',
    probe: async (s) => {
      const id = await snippet(s);
      await call(s, 'PATCH', `/saved_snippets/${id}`, { as: as(s, 'member'), form: { content: 'new' } });
      return (await call(s, 'GET', '/saved_snippets', { as: as(s, 'member') })).body.saved_snippets[0].content;
    },
    normal: 'new',
    quirked: 'c',
  },
];
