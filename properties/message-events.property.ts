// The events keep a client's message list right: for any sequence of content edits, topic moves
// (any propagate mode, with or without the new-thread notice) and channel moves, the events
// member2's queue receives (update_message, the notices' message events), applied to the list of
// the property's channels it fetched before, give the list it fetches afterwards. The event queue
// is not shown by the document: zulip profile. Each run sends three messages of the member to a
// topic of its own; the member may move messages in the two run-scoped channels (their own
// settings), and member2, subscribed to both, watches.
import fc from 'fast-check';
import { defineProperty } from '../src/property/define.js';
import { messageEditCommands, RUN_MESSAGES } from './arbitraries/message-edit-commands.js';
import { fetchList, topicName, type ClientModel, type EventsReal } from './models/message-events.js';
import { archiveChannels, makeChannel } from './support/channels.js';
import { letMove } from './support/move-permission.js';
import { EDITS_CONTENT, MOVES_CHANNELS, MOVES_TOPICS } from './support/member-needs.js';

interface State {
  real: EventsReal;
}

export const PROPERTY = defineProperty<Iterable<fc.AsyncCommand<never, never>>, State>({
  id: 'prop.op1.events-replay-list',
  endpoint: 'PATCH /messages/{message_id}',
  title: 'for any sequence of edits and moves, the events a subscriber receives, applied to the list it fetched, give the list it fetches afterwards',
  clauses: ['op1.propagate-mode.navigation', 'op1.message-id'],
  facts: [
    'zulip.events.update-message.content',
    'zulip.events.update-message.topic',
    'zulip.events.update-message.channel-move',
    'zulip.events.update-message.recipients',
    'zulip.events.update-message.breadcrumbs',
    'zulip.events.message.send',
    'zulip.events.queue.event-ids',
  ],
  profile: 'zulip',
  needs: { ...EDITS_CONTENT, ...MOVES_TOPICS, ...MOVES_CHANNELS },
  roles: ['owner', 'member', 'member2'],
  // Its sentinel messages are direct messages of type "direct" (fact zulip.level.174).
  since: 174,
  runs: 6,
  anyMembers: true,
  requestsPerRun: 18,
  async setup(api) {
    const channels: [number, number] = [await makeChannel(api, 'prop events'), await makeChannel(api, 'prop events other')];
    for (const channel of channels) {
      await api.ok('owner', 'POST', '/users/me/subscriptions', {
        subscriptions: [{ name: await channelName(api, channel) }],
        principals: [api.userIds.member2!],
      });
    }
    await letMove(api, channels, ['owner', 'member']);
    const body = await api.ok('member2', 'POST', '/register', {
      event_types: ['message', 'update_message', 'delete_message'],
      apply_markdown: false,
      client_capabilities: { notification_settings_null: true, bulk_message_deletion: true, empty_topic_name: true },
    });
    return { real: { api, channels, queue: { id: body.queue_id as string, lastEventId: body.last_event_id as number }, run: 0 } };
  },
  async teardown(api, state) {
    if (!state) return;
    await api.call('member2', 'DELETE', '/events', { queue_id: state.real.queue.id });
    await archiveChannels(api, state.real.channels);
  },
  arbitrary: () => messageEditCommands,
  async check(api, commands, { real }) {
    real.run += 1;
    const ids: number[] = [];
    for (let i = 0; i < RUN_MESSAGES; i++) {
      ids.push(
        (await api.ok('member', 'POST', '/messages', { type: 'stream', to: real.channels[0], topic: topicName(real.run, 0), content: `message ${i}` }))
          .id as number,
      );
    }
    // The list as the client fetched it before the run's edits; the queue is read from here on.
    const setup = async (): Promise<{ model: ClientModel; real: EventsReal }> => ({ model: { list: await fetchList(real), ids, run: real.run }, real });
    await drain(real);
    await fc.asyncModelRun(setup, commands as never);
  },
});

async function channelName(api: EventsReal['api'], id: number): Promise<string> {
  const streams = (await api.ok('owner', 'GET', '/streams')).streams as { stream_id: number; name: string }[];
  return streams.find((c) => c.stream_id === id)!.name;
}

/** Skips what the queue holds so far (the run's own new messages, which the fetched list already has). */
async function drain(real: EventsReal): Promise<void> {
  const body = await real.api.ok('member2', 'GET', '/events', { queue_id: real.queue.id, last_event_id: real.queue.lastEventId, dont_block: true });
  for (const event of body.events as { id?: unknown }[]) if (typeof event.id === 'number') real.queue.lastEventId = Math.max(real.queue.lastEventId, event.id);
}
