// For any short sequence of content edits, topic edits and channel moves of one fresh message,
// GET /messages/{id}/history is chronological, the original snapshot has only its five fields,
// each later snapshot has those five plus exactly the fields its edit modified, and the last
// snapshot is the message as it stands (under the zulip profile also as GET /messages shows it).
// The member may move messages in the property's two channels (their own settings); topic edits
// are plain moves, never a resolve or unresolve (that permission is the organisation's).
import { show, defineProperty, violated } from '../src/property/define.js';
import type { PropertyApi } from '../src/property/api.js';
import { messageEdits, type MessageEdit } from './arbitraries/message-edits.js';
import { archiveChannels, makeChannel, realmTopicFacts } from './support/channels.js';
import { freshContent, freshTopic } from './support/fresh.js';
import { letMove } from './support/move-permission.js';
import { EDITS_CONTENT, MOVES_CHANNELS, MOVES_TOPICS } from './support/member-needs.js';

const RESOLVED = '✔ ';

/** A topic edit that is no resolve or unresolve of the current topic ("✔ " added or removed). */
function plainMove(topic: string, current: string, step: number, max: number): string {
  const fresh = freshTopic(topic, current, step, max);
  if (fresh !== `${RESOLVED}${current}` && current !== `${RESOLVED}${fresh}`) return fresh;
  return [...`${step} ${fresh.replace(RESOLVED, '')}`].slice(0, max).join('').trim();
}

const BASE = ['content', 'rendered_content', 'timestamp', 'topic', 'user_id'];

/** The fields a snapshot of this edit carries, sorted. */
function expectedFields(edit: MessageEdit): string[] {
  const extra = [
    ...(edit.content !== undefined ? ['content_html_diff', 'prev_content', 'prev_rendered_content'] : []),
    ...(edit.topic !== undefined ? ['prev_topic'] : []),
    ...(edit.move ? ['prev_stream', 'stream'] : []),
  ];
  return [...BASE, ...extra].sort();
}

interface State {
  channels: [number, number];
  maxTopicLength: number;
}

export const PROPERTY = defineProperty<MessageEdit[], State>({
  id: 'prop.op15.history-any-edits',
  endpoint: 'GET /messages/{message_id}/history',
  title: 'for any sequence of edits and moves, the edit history is chronological and each snapshot carries exactly the fields its edit changed',
  clauses: [
    'op15.success-body',
    'op15.chronological',
    'res.snapshot.original',
    'res.snapshot.later',
    'res.snapshot.content-edit-fields',
    'res.snapshot.topic-edit-fields',
    'res.snapshot.channel-edit-fields',
    'res.snapshot.content',
    'res.snapshot.topic',
  ],
  facts: ['zulip.history.snapshot-fields'],
  // A content edit only shows in the whole history.
  needs: { ...EDITS_CONTENT, ...MOVES_TOPICS, ...MOVES_CHANNELS, message_edit_history_visibility_policy: 'all' },
  roles: ['owner', 'member'],
  // Feature levels (facts zulip.level.<N>): POST /register's realm_empty_topic_display_name (334).
  since: 334,
  runs: 6,
  anyMembers: true,
  requestsPerRun: 6,
  async setup(api) {
    const { maxTopicLength } = await realmTopicFacts(api);
    const channels: [number, number] = [await makeChannel(api, 'prop hist'), await makeChannel(api, 'prop hist 2')];
    await letMove(api, channels, ['owner', 'member']);
    return { channels, maxTopicLength };
  },
  teardown: (api, state) => archiveChannels(api, state?.channels ?? []),
  arbitrary: ({ maxTopicLength }) => messageEdits(maxTopicLength),
  async check(api, edits, { channels, maxTopicLength }) {
    let channel = 0;
    let topic = 'history';
    let content = 'original';
    const sent = await api.ok('member', 'POST', '/messages', { type: 'stream', to: channels[0], topic, content });
    const id = sent.id as number;
    const applied: MessageEdit[] = [];
    for (const [i, edit] of edits.entries()) {
      const params: Record<string, string | number | boolean> = { send_notification_to_old_thread: false, send_notification_to_new_thread: false };
      const made: MessageEdit = {};
      if (edit.content !== undefined) params.content = made.content = content = freshContent(edit.content, content, i);
      if (edit.topic !== undefined) params.topic = made.topic = topic = plainMove(edit.topic, topic, i, maxTopicLength);
      if (edit.move) {
        channel = 1 - channel;
        params.stream_id = channels[channel];
        made.move = true;
      }
      const answer = await api.call('member', 'PATCH', `/messages/${id}`, params);
      violated(answer.body.result === 'success', () => `edit ${i + 1} refused: ${show(answer.body.code)} ${show(answer.body.msg)} (${answer.request})`);
      applied.push(made);
    }
    const { body, request } = await api.call('member', 'GET', `/messages/${id}/history`);
    violated(body.result === 'success' && Array.isArray(body.message_history), () => `expected a message_history list, got ${show(body)} (${request})`, {
      clause: 'op15.success-body',
    });
    const history = body.message_history as Record<string, unknown>[];
    violated(history.length === applied.length + 1, () => `expected ${applied.length + 1} snapshots, got ${history.length} (${request})`, {
      clause: 'res.snapshot.later',
    });
    const originalAt = history.findIndex((snapshot) => show(Object.keys(snapshot).sort()) === show(BASE));
    violated(originalAt <= 0, () => `the original snapshot is at index ${originalAt}, not first: not chronological (${request})`, {
      clause: 'op15.chronological',
    });
    history.forEach((snapshot, i) => {
      const want = i === 0 ? [...BASE] : expectedFields(applied[i - 1]);
      const got = Object.keys(snapshot).sort();
      violated(show(got) === show(want), () => `snapshot ${i} has fields ${show(got)}, expected ${show(want)} (${request})`, {
        clause: fieldsClause(i, got, want),
      });
      if (i > 0)
        violated(
          (snapshot.timestamp as number) >= (history[i - 1].timestamp as number),
          () => `snapshot ${i} is older than snapshot ${i - 1}: not chronological (${request})`,
          { clause: 'op15.chronological' },
        );
    });
    const last = history[history.length - 1];
    violated(
      last.content === content,
      () => `last snapshot has content ${show(last.content)}, expected the message as it stands ${show(content)} (${request})`,
      { clause: 'res.snapshot.content' },
    );
    violated(last.topic === topic, () => `last snapshot has topic ${show(last.topic)}, expected the message as it stands ${show(topic)} (${request})`, {
      clause: 'res.snapshot.topic',
    });
    if (api.profile === 'zulip') await compareWithMessage(api, id, last);
  },
});

/** Which statement a snapshot with the wrong fields breaks: the first field it has or lacks wrongly decides. */
function fieldsClause(index: number, got: string[], want: string[]): string {
  if (index === 0) return 'res.snapshot.original';
  const wrong = [...got.filter((f) => !want.includes(f)), ...want.filter((f) => !got.includes(f))];
  if (wrong.some((f) => f === 'prev_topic')) return 'res.snapshot.topic-edit-fields';
  if (wrong.some((f) => f === 'stream' || f === 'prev_stream')) return 'res.snapshot.channel-edit-fields';
  if (wrong.some((f) => f === 'prev_content' || f === 'prev_rendered_content' || f === 'content_html_diff')) return 'res.snapshot.content-edit-fields';
  return 'res.snapshot.later';
}

/** GET /messages (not shown in the document) shows the message as it stands. */
async function compareWithMessage(api: PropertyApi, id: number, last: Record<string, unknown>): Promise<void> {
  const body = await api.ok('member', 'GET', '/messages', { anchor: String(id), num_before: 0, num_after: 0, narrow: [{ operator: 'id', operand: id }] });
  const message = (body.messages as Record<string, unknown>[] | undefined)?.[0];
  violated(
    message?.content === last.rendered_content && message?.subject === last.topic,
    () =>
      `GET /messages shows ${show({ content: message?.content, subject: message?.subject })}, the last snapshot ${show({ rendered_content: last.rendered_content, topic: last.topic })} [zulip profile]`,
    { clause: 'res.snapshot.content', zulip: true },
  );
}
