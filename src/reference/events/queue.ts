// The event queue: POST /register opens one (event_types, client_capabilities), GET /events
// reads it, DELETE /events drops it. The document does not show these endpoints; they behave
// like the Zulip server's (zerver/tornado/event_queue.py and views; facts zulip.events.queue.*):
// an answer at once when events wait or dont_block is set, without queue_id; otherwise the
// request is held until an event comes or a heartbeat is due, and the answer carries queue_id.
import { randomBytes } from 'node:crypto';
import { ApiError, badRequest } from '../core/errors.js';
import type { EventQueue, QueuedEvent, Realm } from '../realm/model.js';
import type { Context } from '../core/router.js';

/** Held GET /events requests, by queue: each is woken by the next event (or superseded). */
const waiting = new WeakMap<EventQueue, () => void>();
/** An idle queue's lifespan is capped at a week; the queues are swept at most once a minute. */
const MAX_LIFESPAN_MS = 7 * 24 * 3600 * 1000;
const GC_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Realm, number>();

/**
 * Opens a queue for the caller from the register parameters (already validated). A
 * client_capabilities object must carry notification_settings_null: Zulip made that key
 * required by accident and kept it so (zerver/lib/events.py ClientCapabilities; fact
 * zulip.register.client-capabilities-notification-settings-null); leaving the object out is fine.
 */
export function openQueue(ctx: Context): string {
  const types = ctx.params.optList('event_types');
  const capabilities = ctx.params.optDict('client_capabilities');
  if (capabilities && !('notification_settings_null' in capabilities)) {
    throw badRequest('client_capabilities["notification_settings_null"] field is missing: Field required');
  }
  const now = Date.now();
  expireIdleQueues(ctx.realm, now);
  const queueId = `${now}:${randomBytes(6).toString('hex')}`;
  // Zulip: 0 (the default) means the default lifespan; more is capped at a week.
  const lifespanSecs = ctx.params.optInt('queue_lifespan_secs') ?? 0;
  ctx.realm.queues.set(queueId, {
    userId: ctx.user.id,
    applyMarkdown: ctx.params.optBool('apply_markdown') ?? true,
    lastEventId: -1,
    eventTypes: types ? types.map(String) : null,
    capabilities: capabilities ?? {},
    events: [],
    lastConnection: now,
    lifespanMs: lifespanSecs > 0 ? Math.min(lifespanSecs * 1000, MAX_LIFESPAN_MS) : ctx.realm.flavor.queueIdleMs,
  });
  return queueId;
}

// Zulip's garbage collection of event queues (zerver/tornado/event_queue.py gc_event_queues,
// ClientDescriptor.expired; fact zulip.events.queue.idle-expiry): every minute, a queue no
// request is waiting on whose last connection is older than its lifespan is dropped. A client
// that registers and never reads or deletes its queue (a killed run) leaves nothing behind for
// longer than that, and no more events pile up in it.

/** Drops the idle queues past their lifespan; at most once a minute (or per idle period, if shorter). */
export function expireIdleQueues(realm: Realm, now: number): void {
  if (now - (lastSweep.get(realm) ?? 0) < Math.min(GC_EVERY_MS, realm.flavor.queueIdleMs)) return;
  lastSweep.set(realm, now);
  for (const [id, queue] of realm.queues) {
    if (!waiting.has(queue) && now - queue.lastConnection >= queue.lifespanMs) realm.queues.delete(id);
  }
}

export function capability(queue: EventQueue, name: string): boolean {
  return queue.capabilities[name] === true;
}

/**
 * Zulip's "virtual events" (zerver/tornado/event_queue.py EventQueue.push and contents; fact
 * zulip.events.queue.flags-compression): an update_message_flags event that is not "remove read"
 * and not `all` is held per queue and per operation and flag until the queue is read; another
 * such event meanwhile is merged into it (its messages appended, its id the newest). A read puts
 * the held events in their place by id.
 */
const virtualEvents = new WeakMap<EventQueue, Map<string, QueuedEvent>>();

function virtualKey(event: Record<string, unknown>): string | null {
  if (event.type !== 'update_message_flags' || event.all === true) return null;
  if (event.operation === 'remove' && event.flag === 'read') return null;
  return `flags/${String(event.operation)}/${String(event.flag)}`;
}

function push(queue: EventQueue, event: Record<string, unknown> & { type: string }): void {
  queue.lastEventId += 1;
  const queued: QueuedEvent = { ...event, type: event.type, id: queue.lastEventId };
  const key = virtualKey(queued);
  if (key) {
    const held = virtualEvents.get(queue) ?? new Map<string, QueuedEvent>();
    virtualEvents.set(queue, held);
    const before = held.get(key);
    if (before) held.set(key, { ...before, id: queued.id, messages: [...(before.messages as number[]), ...(queued.messages as number[])] });
    else held.set(key, queued);
  } else {
    queue.events.push(queued);
  }
  waiting.get(queue)?.();
}

/** Puts the held virtual events into the queue, each in its place by id (Zulip's contents()). */
function settle(queue: EventQueue): void {
  const held = virtualEvents.get(queue);
  if (!held?.size) return;
  queue.events = [...queue.events, ...held.values()].sort((a, b) => a.id - b.id);
  held.clear();
}

/**
 * Queues `event` for each user in `userIds`, on every queue of theirs that asked for its type
 * and that `accept` admits; `shape` adapts the event to one queue (e.g. topic display names).
 */
export function sendEvent(
  realm: Realm,
  userIds: Iterable<number>,
  event: { type: string; [field: string]: unknown },
  accept: (queue: EventQueue) => boolean = () => true,
  shape: (queue: EventQueue, event: Record<string, unknown>) => Record<string, unknown> = (_, e) => e,
): void {
  expireIdleQueues(realm, Date.now());
  const users = new Set(userIds);
  for (const queue of realm.queues.values()) {
    if (!users.has(queue.userId)) continue;
    if (queue.eventTypes && !queue.eventTypes.includes(event.type)) continue;
    if (!accept(queue)) continue;
    push(queue, { ...shape(queue, structuredClone(event)), type: event.type });
  }
}

function ownQueue(ctx: Context): [string, EventQueue] {
  const queueId = ctx.params.string('queue_id');
  const queue = ctx.realm.queues.get(queueId);
  if (!queue || queue.userId !== ctx.user.id) {
    throw new ApiError(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });
  }
  return [queueId, queue];
}

const copies = (queue: EventQueue) => {
  settle(queue);
  return queue.events.map((e) => structuredClone(e));
};
const empty = (queue: EventQueue) => queue.events.length === 0 && !virtualEvents.get(queue)?.size;

export async function getEvents(ctx: Context) {
  const [queueId, queue] = ownQueue(ctx);
  // Zulip checks last_event_id in the view: no var_name (fact zulip.events.queue.bad-queue-id).
  const lastEventId = ctx.params.optInt('last_event_id');
  if (lastEventId === undefined) throw badRequest("Missing 'last_event_id' argument");
  const dontBlock = ctx.params.optBool('dont_block') ?? false;
  // Acknowledged events (id up to last_event_id) are dropped, as Zulip does.
  queue.events = queue.events.filter((e) => e.id > lastEventId);
  if (!empty(queue) || dontBlock) return { events: copies(queue) };
  // A new request for the queue answers the one held before it.
  waiting.get(queue)?.();
  const { heartbeatMs } = ctx.realm.flavor;
  // Zulip's connect_handler: a client waiting on the queue keeps it alive.
  queue.lastConnection = Date.now();
  await new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      if (waiting.get(queue) === wake) waiting.delete(queue);
      resolve();
    };
    // Heartbeats pass the event_types filter: every held request ends by the heartbeat period.
    const timer = setTimeout(() => push(queue, { type: 'heartbeat' }), heartbeatMs + Math.floor((Math.random() * heartbeatMs) / 5));
    timer.unref();
    waiting.set(queue, wake);
  });
  return { events: copies(queue), queue_id: queueId };
}

export function deleteQueue(ctx: Context) {
  const [queueId, queue] = ownQueue(ctx);
  ctx.realm.queues.delete(queueId);
  waiting.get(queue)?.();
  return {};
}
