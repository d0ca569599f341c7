// A plain model of what a client knows of the property's channels: the message list it fetched
// (GET /messages, raw content), kept up to date by applying the events of its queue. One
// fast-check command class per action of PATCH /messages/{message_id} (a content edit, a topic
// move with a propagate mode, a channel move); each sends its request as the sender, waits for
// the events up to a sentinel (a direct message sent after it: Zulip delivers a queue's events in
// order), applies them to the model as a client does (update_message: content of message_id,
// topic and channel of every message in message_ids; message: a new message; delete_message: a
// message gone), and compares the model with the list fetched again.
import fc from 'fast-check';
import type { PropertyApi } from '../../src/property/api.js';
import type { Params } from '../../src/http/encode.js';
import { show, violated, outcome } from '../../src/property/define.js';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface Shown {
  stream_id: number;
  subject: string;
  content: string;
}
/** The client's list: message ID -> what it shows. `ids` are the run's own messages, oldest first. */
export interface ClientModel {
  list: Map<number, Shown>;
  ids: number[];
  run: number;
}

export interface EventsReal {
  api: PropertyApi;
  /** The property's two channels: the messages start in the first. */
  channels: [number, number];
  /** The observer's queue (member2, a subscriber of both channels), read with last_event_id. */
  queue: { id: string; lastEventId: number };
  run: number;
}

type Json = Record<string, unknown>;

/** Topic names of a run: t0 is where its messages start. */
export const topicName = (run: number, n: number) => `ev run ${run} t${n}`;

/** The observer's list of the property's channels, as GET /messages shows it (raw content). */
export async function fetchList(real: Pick<EventsReal, 'api' | 'channels'>): Promise<Map<number, Shown>> {
  const list = new Map<number, Shown>();
  for (const channel of real.channels) {
    const body = await real.api.ok('member2', 'GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      apply_markdown: false,
      // stream: every level knows it (its alias channel came at 250; Zulip still takes both).
      narrow: [{ operator: 'stream', operand: channel }],
    });
    for (const m of body.messages as Json[]) {
      list.set(m.id as number, { stream_id: m.stream_id as number, subject: String(m.subject), content: String(m.content) });
    }
  }
  return list;
}

/**
 * Reads the observer's queue until the sentinel's message event came (a bounded wait), and
 * applies every event about the property's channels to the model, as a client would.
 */
async function applyEvents(model: ClientModel, real: EventsReal, sentinel: number, after: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const answer = await real.api.call('member2', 'GET', '/events', { queue_id: real.queue.id, last_event_id: real.queue.lastEventId, dont_block: true });
    violated(answer.body.result === 'success', () => `after ${after}: reading the queue: ${outcome(answer.body)} (${answer.request}) [zulip profile]`, {
      answer,
      zulip: true,
    });
    let done = false;
    for (const event of answer.body.events as Json[]) {
      if (typeof event.id === 'number') real.queue.lastEventId = Math.max(real.queue.lastEventId, event.id);
      if (event.type === 'message' && (event.message as Json).id === sentinel) done = true;
      else apply(model, real, event);
    }
    if (done) return;
    violated(Date.now() - started < 5000, () => `after ${after}: the sentinel message ${sentinel} never reached member2's queue [zulip profile]`, {
      clause: 'op1.propagate-mode.navigation',
      zulip: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function apply(model: ClientModel, real: EventsReal, event: Json): void {
  const ours = (channel: unknown) => real.channels.includes(channel as number);
  if (event.type === 'message') {
    const m = event.message as Json;
    if (ours(m.stream_id)) model.list.set(m.id as number, { stream_id: m.stream_id as number, subject: String(m.subject), content: String(m.content) });
  } else if (event.type === 'delete_message') {
    for (const id of (event.message_ids as number[] | undefined) ?? [event.message_id as number]) model.list.delete(id);
  } else if (event.type === 'update_message' && event.rendering_only !== true) {
    const target = model.list.get(event.message_id as number);
    if (target && typeof event.content === 'string') target.content = event.content;
    for (const id of (event.message_ids as number[] | undefined) ?? []) {
      const shown = model.list.get(id);
      if (!shown) continue;
      if (typeof event.subject === 'string') shown.subject = event.subject;
      if (typeof event.new_stream_id === 'number') shown.stream_id = event.new_stream_id;
    }
  }
}

const describeList = (list: Map<number, Shown>, ids: number[]) =>
  show(
    ids.map((id) => {
      const m = list.get(id);
      return m ? [m.stream_id, m.subject, m.content] : null;
    }),
  );

abstract class EditCommand implements fc.AsyncCommand<ClientModel, EventsReal> {
  constructor(readonly target: number) {}
  check = (m: Readonly<ClientModel>) => m.ids.length > this.target && m.list.has(m.ids[this.target]);
  abstract params(m: ClientModel, real: EventsReal): Params;
  async run(m: ClientModel, real: EventsReal): Promise<void> {
    const id = m.ids[this.target];
    const edit = await real.api.call('member', 'PATCH', `/messages/${id}`, this.params(m, real));
    violated(edit.body.result === 'success', () => `${this.toString()} on ${describeList(m.list, m.ids)}: ${outcome(edit.body)} (${edit.request})`, {
      clause: 'op1.message-id',
      answer: edit,
    });
    const sentinel = await real.api.ok('member', 'POST', '/messages', {
      type: 'direct',
      to: [real.api.userIds.member2!],
      content: `sentinel after ${this.toString()}`,
    });
    await applyEvents(m, real, sentinel.id as number, String(this));
    const fetched = await fetchList(real);
    const differ = [...new Set([...m.list.keys(), ...fetched.keys()])].filter((k) => show(m.list.get(k)) !== show(fetched.get(k)));
    violated(
      differ.length === 0,
      () =>
        `after ${this.toString()}: applying the events to the list fetched before gives ${describeList(m.list, differ)} for messages ${show(differ)}, ` +
        `GET /messages shows ${describeList(fetched, differ)} [zulip profile]`,
      { clause: 'op1.propagate-mode.navigation', answer: edit, zulip: true },
    );
  }
  abstract toString(): string;
}

export class EditContent extends EditCommand {
  constructor(
    target: number,
    readonly text: string,
  ) {
    super(target);
  }
  params = () => ({ content: this.text });
  toString = () => `edit_content(${this.target},${show(this.text)})`;
}

export class MoveTopic extends EditCommand {
  constructor(
    target: number,
    readonly topic: number,
    readonly mode: PropagateMode,
    readonly notify: boolean,
  ) {
    super(target);
  }
  override check = (m: Readonly<ClientModel>) => m.ids.length > this.target && m.list.get(m.ids[this.target])?.subject !== topicName(m.run, this.topic);
  params = (m: ClientModel) => ({
    topic: topicName(m.run, this.topic),
    propagate_mode: this.mode,
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: this.notify,
  });
  toString = () => `move_topic(${this.target},t${this.topic},${this.mode}${this.notify ? ',notice' : ''})`;
}

export class MoveChannel extends EditCommand {
  constructor(
    target: number,
    readonly mode: PropagateMode,
    readonly topic: number | null,
  ) {
    super(target);
  }
  params = (m: ClientModel, real: EventsReal) => {
    const here = m.list.get(m.ids[this.target])!.stream_id;
    const other = real.channels.find((c) => c !== here)!;
    return {
      stream_id: other,
      propagate_mode: this.mode,
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
      ...(this.topic === null ? {} : { topic: topicName(m.run, this.topic) }),
    };
  };
  toString = () => `move_channel(${this.target},${this.mode}${this.topic === null ? '' : `,t${this.topic}`})`;
}
