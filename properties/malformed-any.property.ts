// Any malformed input to any of several operations (a wrong type for an integer, boolean or
// JSON parameter, or an ID that names nothing) gets an error envelope with a code; under the
// zulip profile never a 5xx, and the object the request aimed at is left as it was: the
// message's edit history (documented), the group's members and the caller's settings (read
// back through operations the document does not show).
import { show, defineProperty, violated } from '../src/property/define.js';
import type { PropertyApi } from '../src/property/api.js';
import { malformedRequest, type Aim, type MalformedRequest } from './arbitraries/malformed-requests.js';
import { archiveChannels, makeChannel, runId } from './support/channels.js';

interface State {
  channel: number;
  message: number;
  group: number;
}

export const PROPERTY = defineProperty<MalformedRequest, State>({
  id: 'prop.conv.malformed-any-operation',
  endpoint: 'PATCH /messages/{message_id}',
  title: 'malformed input to any operation gets an error envelope with a code, never a crash, and changes nothing',
  clauses: ['conv.error-code', 'conv.booleans', 'conv.json-params', 'errors.bad-request', 'op15.nonexistent', 'op17.invalid-channel', 'op7.active-users'],
  facts: [
    'zulip.errors.http-400-default',
    'zulip.group-members.active-users-only',
    'zulip.group-members.lists-are-json',
    'zulip.groups.read-back',
    'zulip.settings.free-integers',
    'zulip.settings.read-back-register',
  ],
  // The message aimed at is compared through its whole edit history.
  needs: { message_edit_history_visibility_policy: 'all' },
  roles: ['owner', 'member', 'member2'],
  // Feature levels (facts zulip.level.<N>): the setup's group (can_manage_group 283, its group_id
  // answer 317), allow_empty_topic_name among the parameters tried (334).
  since: 334,
  runs: 30,
  anyMembers: true,
  async setup(api) {
    const channel = await makeChannel(api, 'prop malformed');
    const message = (await api.ok('member', 'POST', '/messages', { type: 'stream', to: channel, topic: 'kept', content: 'kept as is' })).id as number;
    const group = (
      await api.ok('member', 'POST', '/user_groups/create', {
        name: `cf ${runId(api)} prop malformed`,
        description: '',
        members: [api.userIds.member2!],
        // Who manages a new group is not the document's to say: granted to the member.
        can_manage_group: { direct_members: [api.userIds.member!], direct_subgroups: [] },
      })
    ).group_id as number;
    return { channel, message, group };
  },
  async teardown(api, state) {
    if (!state) return;
    await api.call('member', 'POST', `/user_groups/${state.group}/deactivate`);
    await archiveChannels(api, [state.channel]);
  },
  arbitrary: () => malformedRequest,
  async check(api, req, state) {
    const path = req.path.replace('{channel}', String(state.channel)).replace('{message}', String(state.message)).replace('{group}', String(state.group));
    const before = await probe(api, req.aim, state);
    const { status, body, request } = await api.call('member', req.method, path, req.params);
    violated(body.result === 'error', () => `expected an error, got ${show(body.result)} (${request})`, { clause: req.clause });
    violated(typeof body.code === 'string' && body.code.length > 0, () => `expected an error code, got ${show(body.code)} (${request})`, {
      clause: 'conv.error-code',
    });
    if (api.profile !== 'zulip') return;
    violated(status >= 400 && status < 500, () => `expected a 4xx status, got HTTP ${status} (${request}) [zulip profile]`, {
      clause: req.clause,
      zulip: true,
    });
    const after = await probe(api, req.aim, state);
    violated(after === before, () => `the refused request changed ${req.aim}: ${before} became ${after} (${request}) [zulip profile]`, {
      clause: req.clause,
      zulip: true,
    });
  },
});

/** What the aimed-at object looks like, as text; read only under the zulip profile. */
async function probe(api: PropertyApi, aim: Aim, { message, group }: State): Promise<string> {
  if (api.profile !== 'zulip' || aim === 'none') return '';
  if (aim === 'message') {
    // What a request could change (a snapshot more, its topic, content, channel, editor), not the
    // time it records: the reference server's shortcut ages every message at once, runs aside.
    const history = (await api.ok('member', 'GET', `/messages/${message}/history`)).message_history as Record<string, unknown>[];
    return show(history.map(({ timestamp: _at, ...snapshot }) => snapshot));
  }
  if (aim === 'group') {
    const groups = (await api.ok('member', 'GET', '/user_groups')).user_groups as Record<string, unknown>[];
    return show(groups.find((g) => g.id === group)?.members);
  }
  const body = await api.ok('member', 'POST', '/register', { fetch_event_types: ['user_settings'] });
  if (typeof body.queue_id === 'string') await api.call('member', 'DELETE', '/events', { queue_id: body.queue_id });
  return show((body.user_settings as Record<string, unknown> | undefined)?.web_font_size_px);
}
