// Mutants of the events of the channel, group, folder, view and snippet operations (zulip
// profile): stream updates, stream create and default_streams (op 4), user_group
// updates and the reactivated group (op 6), membership events and the Notification Bot's notices
// (op 7), channel_folder add and update (ops 11, 12), navigation_view add (op 18), saved_snippets
// update (op 19), and a read that sends nothing (op 20). For each event: one server that drops
// it, one that misshapes it, one that misaddresses it (to a user who must not get it, or not to
// one who must), and where order or unchanged values matter one that breaks that.
import type { Json, Mutant } from '../support/mutant-helpers.js';
import type { ProxiedAnswer, ProxiedRequest } from '../support/rewriting-proxy.js';

const UPDATE = 'PATCH /streams/{stream_id}';
const GROUP = 'PATCH /user_groups/{user_group_id}';
const MEMBERS = 'POST /user_groups/{user_group_id}/members';
const FOLDER_ADD = 'POST /channel_folders/create';
const FOLDER = 'PATCH /channel_folders/{channel_folder_id}';
const VIEW = 'POST /navigation_views';
const SNIPPET = 'PATCH /saved_snippets/{saved_snippet_id}';
const STREAMS = 'GET /streams';

const isEvents = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/events';
const eventsOf = (a: ProxiedAnswer) => (a.json as Json | undefined)?.events as Json[] | undefined;
/** Rewrites every event of a GET /events answer that `pick` selects. */
const each = (pick: (e: Json) => boolean, fn: (event: Json) => void) => ({
  answer: (req: ProxiedRequest, a: ProxiedAnswer) => {
    if (isEvents(req)) eventsOf(a)?.filter(pick).forEach(fn);
  },
});
/** Drops from every GET /events answer the events `pick` selects. */
const drop = (pick: (e: Json) => boolean) => ({
  answer: (req: ProxiedRequest, a: ProxiedAnswer) => {
    if (isEvents(req) && eventsOf(a)) (a.json as Json).events = eventsOf(a)!.filter((e) => !pick(e));
  },
});
/** Reverses, in every GET /events answer, the order of the events `pick` selects (the others keep their places). */
const reverse = (pick: (e: Json) => boolean) => ({
  answer: (req: ProxiedRequest, a: ProxiedAnswer) => {
    const events = isEvents(req) ? eventsOf(a) : undefined;
    if (!events) return;
    const picked = events.filter(pick).reverse();
    (a.json as Json).events = events.map((e) => (pick(e) ? picked.shift()! : e));
  },
});
const is = (type: string, op?: string) => (e: Json) => e.type === type && (op === undefined || e.op === op);
const streamUpdate = (property?: string) => (e: Json) => is('stream', 'update')(e) && (property === undefined || e.property === property);
const MEMBER_OPS = ['add_members', 'remove_members', 'add_subgroups', 'remove_subgroups'];
const notice = (e: Json) => e.type === 'message' && (e.message as Json)?.type === 'private' && (e.message as Json)?.sender_full_name === 'Notification Bot';

const STREAM_FACTS = [
  'zulip.events.stream.update.description',
  'zulip.events.stream.update.name',
  'zulip.events.stream.update.permission',
  'zulip.events.stream.update.message-retention-days',
  'zulip.events.stream.update.topics-policy',
  'zulip.events.stream.update.folder-id',
  'zulip.events.stream.update.group-setting',
  'zulip.events.stream.update.unarchive',
  'zulip.events.stream.update.order',
  'zulip.events.stream.update.recipients',
];
/** The op-4 cases that expect a stream update for a user who is not subscribed to a public channel. */
const SEEN_BY_NON_SUBSCRIBERS = [
  'op4.zulip.events.description',
  'op4.zulip.events.description-unchanged',
  'op4.zulip.events.rename',
  'op4.zulip.events.order',
  'op4.zulip.events.private-audience',
  'op4.zulip.events.retention',
  'op4.zulip.events.unarchive',
  'op4.zulip.events.topics-policy',
  'op4.zulip.events.folder',
  'op4.zulip.events.setting',
  'op4.zulip.events.posting-policy',
];

export const MUTANTS: Mutant[] = [
  // --- stream update (op 4) ---
  {
    name: 'stream-update-dropped',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: drop(streamUpdate()),
    breaks: STREAM_FACTS,
    kills: [...SEEN_BY_NON_SUBSCRIBERS, 'op4.zulip.events.made-public'],
  },
  {
    name: 'stream-update-unrendered',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(streamUpdate('description'), (e) => {
      delete e.rendered_description;
    }),
    breaks: ['zulip.events.stream.update.description'],
    kills: ['op4.zulip.events.description', 'op4.zulip.events.description-unchanged', 'op4.zulip.events.private-audience'],
  },
  {
    name: 'stream-update-new-name-as-name',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(streamUpdate('name'), (e) => {
      e.name = e.value;
    }),
    breaks: ['zulip.events.stream.update.name'],
    kills: ['op4.zulip.events.rename'],
  },
  {
    name: 'stream-update-policy-as-number',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(streamUpdate('topics_policy'), (e) => {
      e.value = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'].indexOf(e.value as string);
    }),
    breaks: ['zulip.events.stream.update.topics-policy'],
    kills: ['op4.zulip.events.topics-policy', 'op4.zulip.events.order'],
  },
  {
    name: 'stream-update-invite-only-bare',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(streamUpdate('invite_only'), (e) => {
      delete e.history_public_to_subscribers;
      delete e.is_web_public;
    }),
    breaks: ['zulip.events.stream.update.permission'],
    kills: ['op4.zulip.events.made-public'],
  },
  {
    name: 'stream-update-retention-as-text',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(streamUpdate('message_retention_days'), (e) => {
      e.value = e.value === -1 ? 'unlimited' : e.value === null ? 'realm_default' : JSON.stringify(e.value);
    }),
    breaks: ['zulip.events.stream.update.message-retention-days'],
    kills: ['op4.zulip.events.retention', 'op4.zulip.events.order'],
  },
  {
    name: 'stream-update-setting-members-only',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(
      (e) => streamUpdate()(e) && typeof e.value === 'object' && e.value !== null,
      (e) => {
        e.value = (e.value as Json).direct_members;
      },
    ),
    breaks: ['zulip.events.stream.update.group-setting'],
    kills: ['op4.zulip.events.setting'],
  },
  {
    name: 'stream-update-reordered',
    kind: 'order',
    operations: [UPDATE],
    rewrite: reverse(streamUpdate()),
    breaks: ['zulip.events.stream.update.order', 'zulip.events.stream.update.group-setting'],
    kills: ['op4.zulip.events.order', 'op4.zulip.events.posting-policy'],
  },
  {
    name: 'stream-update-post-policy-as-name',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(streamUpdate('stream_post_policy'), (e) => {
      e.value = ['', 'everyone', 'administrators', 'full members', 'moderators'][e.value as number];
    }),
    breaks: ['zulip.events.stream.update.group-setting'],
    kills: ['op4.zulip.events.posting-policy'],
  },
  {
    name: 'stream-event-subscribers-only',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['stream-event-subscribers-only'],
    breaks: [...STREAM_FACTS, 'zulip.events.stream.update.private-made-public'],
    kills: SEEN_BY_NON_SUBSCRIBERS,
  },
  {
    name: 'stream-event-to-everyone',
    kind: 'permission',
    operations: [UPDATE],
    quirks: ['stream-event-to-everyone'],
    breaks: ['zulip.events.stream.update.recipients'],
    kills: ['op4.zulip.events.description', 'op4.zulip.events.private-audience'],
  },
  {
    name: 'stream-event-unchanged-sent',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['stream-event-unchanged-sent'],
    breaks: ['zulip.events.stream.update.topics-policy', 'zulip.events.stream.update.group-setting'],
    kills: ['op4.zulip.events.topics-policy', 'op4.zulip.events.setting'],
  },
  {
    name: 'stream-description-unchanged-silent',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['stream-description-unchanged-silent'],
    breaks: ['zulip.events.stream.update.description'],
    kills: ['op4.zulip.events.description-unchanged'],
  },
  // --- stream create, for users who can now see a channel (op 4) ---
  {
    name: 'stream-create-dropped',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: drop(is('stream', 'create')),
    breaks: ['zulip.events.stream.update.private-made-public', 'zulip.events.stream.update.unarchive', 'zulip.events.stream.update.group-setting'],
    kills: ['op4.zulip.events.made-public', 'op4.zulip.events.unarchive', 'op4.zulip.events.setting-grants-access'],
  },
  {
    name: 'stream-create-without-privacy',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(is('stream', 'create'), (e) => {
      for (const s of (e.streams as Json[]) ?? []) delete s.invite_only;
    }),
    breaks: ['zulip.events.stream.update.private-made-public', 'zulip.events.stream.update.unarchive', 'zulip.events.stream.update.group-setting'],
    kills: ['op4.zulip.events.made-public', 'op4.zulip.events.unarchive', 'op4.zulip.events.setting-grants-access'],
  },
  {
    name: 'stream-gainers-get-update',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['stream-gainers-get-update'],
    breaks: ['zulip.events.stream.update.private-made-public'],
    kills: ['op4.zulip.events.made-public'],
  },
  // --- default_streams (op 4) ---
  {
    name: 'default-streams-dropped',
    kind: 'effect',
    operations: [UPDATE],
    rewrite: drop(is('default_streams')),
    breaks: ['zulip.events.stream.update.default-stream'],
    kills: ['op4.zulip.events.default-streams'],
  },
  {
    name: 'default-streams-as-objects',
    kind: 'field',
    operations: [UPDATE],
    rewrite: each(is('default_streams'), (e) => {
      e.default_streams = (e.default_streams as number[]).map((id) => ({ stream_id: id }));
    }),
    breaks: ['zulip.events.stream.update.default-stream'],
    kills: ['op4.zulip.events.default-streams'],
  },
  {
    name: 'default-streams-admins-only',
    kind: 'effect',
    operations: [UPDATE],
    quirks: ['default-streams-admins-only'],
    breaks: ['zulip.events.stream.update.default-stream'],
    kills: ['op4.zulip.events.default-streams'],
  },
  {
    name: 'default-streams-to-everyone',
    kind: 'permission',
    operations: [UPDATE],
    quirks: ['default-streams-to-everyone'],
    breaks: ['zulip.events.stream.update.default-stream'],
    kills: ['op4.zulip.events.default-streams'],
  },

  // --- user_group update and reactivation (op 6) ---
  {
    name: 'group-update-dropped',
    kind: 'effect',
    operations: [GROUP],
    rewrite: drop(is('user_group', 'update')),
    breaks: ['zulip.events.user-group.update', 'zulip.events.user-group.reactivate'],
    kills: ['op6.zulip.events.update', 'op6.zulip.events.unchanged', 'op6.zulip.events.reactivate'],
  },
  {
    name: 'group-update-whole-data',
    kind: 'field',
    operations: [GROUP],
    quirks: ['group-update-whole-data'],
    breaks: ['zulip.events.user-group.update'],
    kills: ['op6.zulip.events.update'],
  },
  {
    name: 'group-event-actor-only',
    kind: 'effect',
    operations: [GROUP, MEMBERS],
    quirks: ['group-event-actor-only'],
    breaks: ['zulip.events.user-group.update', 'zulip.events.user-group.reactivate', 'zulip.events.user-group.members'],
    kills: ['op6.zulip.events.update', 'op6.zulip.events.unchanged', 'op6.zulip.events.reactivate', 'op7.zulip.events.order'],
  },
  {
    name: 'group-event-unchanged-sent',
    kind: 'effect',
    operations: [GROUP],
    quirks: ['group-event-unchanged-sent'],
    breaks: ['zulip.events.user-group.update'],
    kills: ['op6.zulip.events.unchanged'],
  },
  {
    name: 'group-reactivation-ignores-capability',
    kind: 'permission',
    operations: [GROUP],
    quirks: ['group-reactivation-ignores-capability'],
    breaks: ['zulip.events.user-group.reactivate'],
    kills: ['op6.zulip.events.reactivate'],
  },
  {
    name: 'group-add-dropped',
    kind: 'effect',
    operations: [GROUP],
    rewrite: drop(is('user_group', 'add')),
    breaks: ['zulip.events.user-group.reactivate'],
    kills: ['op6.zulip.events.reactivate'],
  },
  {
    name: 'group-add-without-members',
    kind: 'field',
    operations: [GROUP],
    rewrite: each(is('user_group', 'add'), (e) => {
      delete (e.group as Json).members;
    }),
    breaks: ['zulip.events.user-group.reactivate'],
    kills: ['op6.zulip.events.reactivate'],
  },

  // --- membership events and notices (op 7) ---
  {
    name: 'group-members-dropped',
    kind: 'effect',
    operations: [MEMBERS],
    rewrite: drop((e) => e.type === 'user_group' && MEMBER_OPS.includes(e.op as string)),
    breaks: ['zulip.events.user-group.members'],
    kills: ['op7.zulip.events.order'],
  },
  {
    name: 'group-members-renamed-keys',
    kind: 'field',
    operations: [MEMBERS],
    rewrite: each(
      (e) => e.type === 'user_group' && MEMBER_OPS.includes(e.op as string),
      (e) => {
        if (e.user_ids) {
          e.members = e.user_ids;
          delete e.user_ids;
        }
        if (e.direct_subgroup_ids) {
          e.subgroup_ids = e.direct_subgroup_ids;
          delete e.direct_subgroup_ids;
        }
      },
    ),
    breaks: ['zulip.events.user-group.members'],
    kills: ['op7.zulip.events.order'],
  },
  {
    name: 'group-members-event-members-only',
    kind: 'effect',
    operations: [MEMBERS],
    quirks: ['group-members-event-members-only'],
    breaks: ['zulip.events.user-group.members'],
    kills: ['op7.zulip.events.order'],
  },
  {
    name: 'group-members-events-reordered',
    kind: 'order',
    operations: [MEMBERS],
    quirks: ['group-members-events-reordered'],
    breaks: ['zulip.events.user-group.members'],
    kills: ['op7.zulip.events.order'],
  },
  {
    name: 'group-members-notices-dropped',
    kind: 'effect',
    operations: [MEMBERS],
    rewrite: drop(notice),
    breaks: ['zulip.events.user-group.members-notification'],
    kills: ['op7.zulip.events.notices'],
  },
  {
    name: 'group-members-notices-nameless',
    kind: 'field',
    operations: [MEMBERS],
    rewrite: each(notice, (e) => {
      const m = e.message as Json;
      m.content = String(m.content).replace(/the group.*$/s, 'a group.');
    }),
    breaks: ['zulip.events.user-group.members-notification'],
    kills: ['op7.zulip.events.notices'],
  },

  // --- channel_folder add and update (ops 11, 12) ---
  {
    name: 'folder-add-dropped',
    kind: 'effect',
    operations: [FOLDER_ADD],
    rewrite: drop(is('channel_folder', 'add')),
    breaks: ['zulip.events.channel-folder.add'],
    kills: ['op11.zulip.events.add'],
  },
  {
    name: 'folder-add-without-order',
    kind: 'field',
    operations: [FOLDER_ADD],
    rewrite: each(is('channel_folder', 'add'), (e) => {
      delete (e.channel_folder as Json).order;
    }),
    breaks: ['zulip.events.channel-folder.add'],
    kills: ['op11.zulip.events.add'],
  },
  {
    name: 'folder-event-admins-only',
    kind: 'effect',
    operations: [FOLDER_ADD, FOLDER],
    quirks: ['folder-event-admins-only'],
    breaks: ['zulip.events.channel-folder.add', 'zulip.events.channel-folder.update'],
    kills: ['op11.zulip.events.add', 'op12.zulip.events.update', 'op12.zulip.events.unchanged'],
  },
  {
    name: 'folder-update-dropped',
    kind: 'effect',
    operations: [FOLDER],
    rewrite: drop(is('channel_folder', 'update')),
    breaks: ['zulip.events.channel-folder.update'],
    kills: ['op12.zulip.events.update', 'op12.zulip.events.unchanged'],
  },
  {
    name: 'folder-update-unrendered',
    kind: 'field',
    operations: [FOLDER],
    rewrite: each(is('channel_folder', 'update'), (e) => {
      delete (e.data as Json).rendered_description;
    }),
    breaks: ['zulip.events.channel-folder.update'],
    kills: ['op12.zulip.events.update'],
  },
  {
    name: 'folder-update-reordered',
    kind: 'order',
    operations: [FOLDER],
    rewrite: reverse(is('channel_folder', 'update')),
    breaks: ['zulip.events.channel-folder.update'],
    kills: ['op12.zulip.events.update'],
  },
  {
    name: 'folder-event-unchanged-sent',
    kind: 'effect',
    operations: [FOLDER],
    quirks: ['folder-event-unchanged-sent'],
    breaks: ['zulip.events.channel-folder.update'],
    kills: ['op12.zulip.events.unchanged'],
  },

  // --- navigation_view add (op 18) ---
  {
    name: 'nav-view-add-dropped',
    kind: 'effect',
    operations: [VIEW],
    rewrite: drop(is('navigation_view', 'add')),
    breaks: ['zulip.events.navigation-view.add'],
    kills: ['op18.zulip.events.add'],
  },
  {
    name: 'nav-view-add-flat',
    kind: 'field',
    operations: [VIEW],
    rewrite: each(is('navigation_view', 'add'), (e) => {
      Object.assign(e, e.navigation_view as Json);
      delete e.navigation_view;
    }),
    breaks: ['zulip.events.navigation-view.add'],
    kills: ['op18.zulip.events.add'],
  },
  {
    name: 'nav-view-event-to-everyone',
    kind: 'permission',
    operations: [VIEW],
    quirks: ['nav-view-event-to-everyone'],
    breaks: ['zulip.events.navigation-view.add'],
    kills: ['op18.zulip.events.add'],
  },

  // --- saved_snippets update (op 19) ---
  {
    name: 'snippet-update-dropped',
    kind: 'effect',
    operations: [SNIPPET],
    rewrite: drop(is('saved_snippets', 'update')),
    breaks: ['zulip.events.saved-snippets.update'],
    kills: ['op19.zulip.events.update', 'op19.zulip.events.no-values'],
  },
  {
    name: 'snippet-update-without-date',
    kind: 'field',
    operations: [SNIPPET],
    rewrite: each(is('saved_snippets', 'update'), (e) => {
      delete (e.saved_snippet as Json).date_created;
    }),
    breaks: ['zulip.events.saved-snippets.update'],
    kills: ['op19.zulip.events.update', 'op19.zulip.events.no-values'],
  },
  {
    name: 'snippet-event-to-everyone',
    kind: 'permission',
    operations: [SNIPPET],
    quirks: ['snippet-event-to-everyone'],
    breaks: ['zulip.events.saved-snippets.update'],
    kills: ['op19.zulip.events.update'],
  },
  {
    name: 'snippet-empty-edit-event',
    kind: 'effect',
    operations: [SNIPPET],
    quirks: ['snippet-empty-edit-event'],
    breaks: ['zulip.events.saved-snippets.update'],
    kills: ['op19.zulip.events.no-values'],
  },

  // --- a read sends nothing (op 20) ---
  {
    name: 'streams-read-sends-event',
    kind: 'effect',
    operations: [STREAMS],
    quirks: ['streams-read-sends-event'],
    breaks: ['zulip.events.get-streams.no-event'],
    kills: ['op20.zulip.events.read-sends-nothing'],
  },
];
