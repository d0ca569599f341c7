// What a busy colleague does, one request an action (tests/support/colleagues.ts paces them).
// Every name a colleague makes starts `colleague <tag> `, never `cf `, so none collides with a
// run's. Replies go to the newest conversations a colleague can see: every LOOK_EVERY_MS one of
// them reads the newest messages of every public channel (GET /messages narrowed to
// `channels:public`, Zulip's "all public channels" view, subscribed or not), so a run's public
// channels and topics get replies within a second of their first message, as they would from
// people at work. Private channels they are not in stay out of their reach.
import type { ApiClient } from '../../src/http/client.js';
import type { Account } from '../../src/common/vocabulary.js';
import type { Params } from '../../src/http/encode.js';

export interface Colleague extends Account {
  userId: number;
  role: string;
  /** Its newest messages (a direct message has no channel), to edit and move. */
  own: { id: number; channelId: number | null }[];
  /** Channels (by name) and groups (by id) it created. */
  channels: string[];
  groups: number[];
}

export interface Conversation {
  channelId: number;
  channelName: string;
  topic: string;
  /** Its newest message seen. */
  maxId: number;
}

/** What the colleagues share: their client, who they write to, and what they last saw. */
export class Desk {
  readonly recipientIds: number[] = [];
  /** The newest conversations seen, newest first. */
  conversations: Conversation[] = [];
  /** Channels that refused them (archived since, say): looks leave them out. */
  readonly closed = new Set<number>();
  lookedAt = 0;
  private names = 0;
  onAnswer: (action: string, ok: boolean, why: string) => void = () => {};
  onRunReply: () => void = () => {};

  constructor(
    readonly client: ApiClient,
    readonly tag: string,
    readonly colleagues: Colleague[],
  ) {}

  /** A name of its own: `colleague <tag> <what> <n>`. */
  name(what: string): string {
    return `colleague ${this.tag} ${what} ${(this.names += 1)}`;
  }

  /** `look` when what they saw is older than LOOK_EVERY_MS (one look at a time), else null. */
  due(): 'look' | null {
    if (Date.now() - this.lookedAt < LOOK_EVERY_MS) return null;
    this.lookedAt = Date.now();
    return 'look';
  }

  /** A channel archived (or closed to them) since they looked: they stop writing there. */
  forget(channelId: number): void {
    this.closed.add(channelId);
    this.conversations = this.conversations.filter((v) => v.channelId !== channelId);
  }

  /** Sends as the colleague; the success body, or undefined (counted as refused). */
  async send(action: string, as: Colleague, method: string, path: string, params?: Params): Promise<Record<string, unknown> | undefined> {
    const exchange = await this.client.send({ method, path, params, auth: as, purpose: 'check' });
    const body = exchange.response?.json as Record<string, unknown> | undefined;
    const ok = body?.result === 'success';
    this.onAnswer(
      action,
      ok,
      ok ? '' : `${method} ${path}: ${body ? `${String(body.code)} ${String(body.msg)}` : (exchange.error?.message ?? exchange.response?.text)}`,
    );
    return ok ? body : undefined;
  }
}

export const LOOK_EVERY_MS = 150;
/** The newest messages a look reads, and the newest conversations replies go to. */
const LOOK_DEPTH = 50;
const REPLY_AMONG = 6;
const OWN_KEPT = 20;

export type ActionName = 'reply' | 'direct' | 'typing' | 'edit' | 'move' | 'settings' | 'status' | 'channel' | 'group';

/** The default weights: mostly talk, some typing and edits, now and then a new channel or group. */
export const DEFAULT_MIX: Record<ActionName, number> = {
  reply: 30,
  direct: 10,
  typing: 20,
  edit: 12,
  move: 6,
  settings: 5,
  status: 7,
  channel: 3,
  group: 3,
};

const any = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const coin = () => Math.random() < 0.5;

function remember(c: Colleague, id: unknown, channelId: number | null) {
  if (typeof id !== 'number') return;
  c.own.unshift({ id, channelId });
  c.own.length = Math.min(c.own.length, OWN_KEPT);
}

/** The newest conversations of the public channels, their own rooms left out. */
async function look(desk: Desk, c: Colleague): Promise<void> {
  const narrow = [{ operator: 'channels', operand: 'public' }];
  const body = await desk.send('look', c, 'GET', '/messages', { anchor: 'newest', num_before: LOOK_DEPTH, num_after: 0, narrow });
  if (!body) return;
  const seen = new Map<string, Conversation>();
  type Seen = { id: number; stream_id?: number; display_recipient?: unknown; subject?: string; topic?: string };
  for (const m of [...((body.messages ?? []) as Seen[])].reverse()) {
    const channelName = typeof m.display_recipient === 'string' ? m.display_recipient : '';
    if (m.stream_id === undefined || channelName.startsWith('colleague ') || desk.closed.has(m.stream_id)) continue;
    const topic = m.subject ?? m.topic ?? '';
    const key = `${m.stream_id}\0${topic}`;
    if (!seen.has(key)) seen.set(key, { channelId: m.stream_id, channelName, topic, maxId: m.id });
  }
  desk.conversations = [...seen.values()];
}

async function reply(desk: Desk, c: Colleague): Promise<void> {
  if (!desk.conversations.length) return direct(desk, c);
  const to = any(desk.conversations.slice(0, REPLY_AMONG));
  const params = { type: 'stream', to: to.channelId, topic: to.topic, content: `${desk.name('reply')}: sounds good` };
  const body = await desk.send('reply', c, 'POST', '/messages', params);
  if (!body) desk.forget(to.channelId);
  remember(c, body?.id, to.channelId);
  if (body && to.channelName.startsWith('cf ')) desk.onRunReply();
}

async function direct(desk: Desk, c: Colleague): Promise<void> {
  if (!desk.recipientIds.length) return;
  const to = coin() ? [any(desk.recipientIds)] : [any(desk.recipientIds), any(desk.recipientIds)];
  const body = await desk.send('direct', c, 'POST', '/messages', { type: 'direct', to: [...new Set(to)], content: `${desk.name('note')}: a quick question` });
  remember(c, body?.id, null);
}

async function typing(desk: Desk, c: Colleague): Promise<void> {
  const op = coin() ? 'start' : 'stop';
  const where = desk.conversations.length && coin() ? any(desk.conversations.slice(0, REPLY_AMONG)) : null;
  if (where) await desk.send('typing', c, 'POST', '/typing', { type: 'stream', op, stream_id: where.channelId, topic: where.topic });
  else if (desk.recipientIds.length) await desk.send('typing', c, 'POST', '/typing', { type: 'direct', op, to: [any(desk.recipientIds)] });
}

async function edit(desk: Desk, c: Colleague): Promise<void> {
  if (!c.own.length) return reply(desk, c);
  await desk.send('edit', c, 'PATCH', `/messages/${any(c.own).id}`, { content: `${desk.name('edit')}: on second thought` });
}

async function move(desk: Desk, c: Colleague): Promise<void> {
  const mine = c.own.filter((m) => m.channelId !== null);
  if (!mine.length) return reply(desk, c);
  await desk.send('move', c, 'PATCH', `/messages/${any(mine).id}`, { topic: desk.name('aside'), propagate_mode: 'change_one' });
}

const OWN_SETTINGS: (() => Params)[] = [
  () => ({ twenty_four_hour_time: coin() }),
  () => ({ starred_message_counts: coin() }),
  () => ({ enter_sends: coin() }),
  () => ({ fluid_layout_width: coin() }),
  () => ({ web_font_size_px: any([14, 16]) }),
  () => ({ color_scheme: any([1, 2, 3]) }),
];

async function settings(desk: Desk, c: Colleague): Promise<void> {
  await desk.send('settings', c, 'PATCH', '/settings', any(OWN_SETTINGS)());
}

async function status(desk: Desk, c: Colleague): Promise<void> {
  const params = any<Params>([{ status_text: desk.name('status').slice(0, 60) }, { status_text: 'in a meeting', emoji_name: 'smile' }, { status_text: '' }]);
  await desk.send('status', c, 'POST', '/users/me/status', params);
}

async function channel(desk: Desk, c: Colleague): Promise<void> {
  const name = desk.name('room');
  const body = await desk.send('channel', c, 'POST', '/users/me/subscriptions', { subscriptions: [{ name, description: '' }], invite_only: coin() });
  if (body) c.channels.push(name);
}

async function group(desk: Desk, c: Colleague): Promise<void> {
  const body = await desk.send('group', c, 'POST', '/user_groups/create', { name: desk.name('team'), description: '', members: [c.userId] });
  if (typeof body?.group_id === 'number') c.groups.push(body.group_id);
}

export const ACTIONS: Record<ActionName | 'look', (desk: Desk, c: Colleague) => Promise<void>> = {
  look,
  reply,
  direct,
  typing,
  edit,
  move,
  settings,
  status,
  channel,
  group,
};

/** Archives the channels and deactivates the groups the colleagues made (for a server that stays). */
export async function tidy(desk: Desk): Promise<void> {
  for (const c of desk.colleagues) {
    for (const name of c.channels) {
      const found = await desk.send('tidy', c, 'GET', '/get_stream_id', { stream: name });
      if (typeof found?.stream_id === 'number') await desk.send('tidy', c, 'DELETE', `/streams/${found.stream_id}`);
    }
    for (const id of c.groups) await desk.send('tidy', c, 'POST', `/user_groups/${id}/deactivate`);
    await desk.send('tidy', c, 'POST', '/users/me/status', { status_text: '' });
  }
}
