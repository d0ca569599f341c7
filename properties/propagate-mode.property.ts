// For a topic of N messages and any target and propagate_mode, a topic move takes exactly the
// messages the mode names (change_one the target, change_later the target and later ones,
// change_all all) and no message ID changes: each message's own edit history (operation 15,
// read by its original ID) shows the move for the moved ones and nothing for the others. The
// member may move messages in the property's channel (its own settings; who may is the
// organisation's choice otherwise).
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { movedIndexes, topicMove, type TopicMove } from './arbitraries/topic-move.js';
import { archiveChannels, makeChannel } from './support/channels.js';
import { letMove } from './support/move-permission.js';
import { MOVES_TOPICS } from './support/member-needs.js';

interface State {
  channel: number;
  runs: number;
}

export const PROPERTY = defineProperty<TopicMove, State>({
  id: 'prop.op1.propagate-mode-moves',
  endpoint: 'PATCH /messages/{message_id}',
  title: 'for any topic, target and propagate_mode, a topic move takes exactly the messages the mode names and keeps their IDs',
  clauses: ['op1.propagate-mode.change-one', 'op1.propagate-mode.change-later', 'op1.propagate-mode.change-all', 'op1.keeps-ids', 'res.snapshot.topic'],
  facts: ['zulip.edit.moves-keep-message-ids'],
  needs: { ...MOVES_TOPICS, message_edit_history_visibility_policy: ['all', 'moves'] },
  roles: ['owner', 'member'],
  runs: 10,
  anyMembers: true,
  requestsPerRun: 7,
  async setup(api) {
    const channel = await makeChannel(api, 'prop propagate');
    await letMove(api, [channel], ['owner', 'member']);
    return { channel, runs: 0 };
  },
  teardown: (api, state) => archiveChannels(api, [state?.channel]),
  arbitrary: () => topicMove,
  async check(api, move, state) {
    state.runs += 1;
    const from = `move ${state.runs}`;
    const to = `${from} moved`;
    const ids: number[] = [];
    for (let i = 0; i < move.size; i++) {
      ids.push((await api.ok('member', 'POST', '/messages', { type: 'stream', to: state.channel, topic: from, content: `message ${i}` })).id as number);
    }
    const edit = await api.call('member', 'PATCH', `/messages/${ids[move.target]}`, {
      topic: to,
      propagate_mode: move.mode,
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    });
    const clause = `op1.propagate-mode.${move.mode.replace('_', '-')}`;
    violated(edit.body.result === 'success', () => `move refused: ${show(edit.body.code)} ${show(edit.body.msg)} (${edit.request})`, { clause, answer: edit });
    const expected = movedIndexes(move);
    const moved: number[] = [];
    for (const [i, id] of ids.entries()) {
      const { body, request } = await api.call('member', 'GET', `/messages/${id}/history`);
      violated(body.result === 'success', () => `message ${i} (ID ${id}) has no history after the move: ${outcome(body)}; its ID changed? (${request})`, {
        clause: 'op1.keeps-ids',
      });
      const history = body.message_history as Record<string, unknown>[];
      const last = history[history.length - 1];
      if (last.topic === to) moved.push(i);
      else
        violated(last.topic === from, () => `message ${i} is in topic ${show(last.topic)}, neither ${show(from)} nor ${show(to)} (${request})`, {
          clause: 'res.snapshot.topic',
        });
    }
    violated(
      show(moved) === show(expected),
      () => `${move.mode} with target ${move.target} of ${move.size} moved messages ${show(moved)}, expected ${show(expected)}`,
      { clause },
    );
  },
});
