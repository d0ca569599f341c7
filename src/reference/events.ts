// The event queue: POST /register opens one (event_types, client_capabilities), GET /events
// reads it, DELETE /events drops it. The document does not show these endpoints; they behave
// like the Zulip server's (ZULIP-NOTES.md), except that an empty poll answers at once instead
// of waiting for an event.
import { randomBytes } from 'node:crypto';
import { ApiError, badRequest } from './errors.js';
import type { EventQueue, Realm } from './model.js';
import type { Context } from './router.js';

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
  const queueId = `${Date.now()}:${randomBytes(6).toString('hex')}`;
  ctx.realm.queues.set(queueId, {
    userId: ctx.user.id,
    lastEventId: -1,
    eventTypes: types ? types.map(String) : null,
    capabilities: capabilities ?? {},
    events: [],
  });
  return queueId;
}

export function capability(queue: EventQueue, name: string): boolean {
  return queue.capabilities[name] === true;
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
  const users = new Set(userIds);
  for (const queue of realm.queues.values()) {
    if (!users.has(queue.userId)) continue;
    if (queue.eventTypes && !queue.eventTypes.includes(event.type)) continue;
    if (!accept(queue)) continue;
    queue.lastEventId += 1;
    queue.events.push({ ...shape(queue, structuredClone(event)), type: event.type, id: queue.lastEventId });
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

export function getEvents(ctx: Context) {
  const [queueId, queue] = ownQueue(ctx);
  const lastEventId = ctx.params.optInt('last_event_id');
  ctx.params.optBool('dont_block');
  // Acknowledged events (id up to last_event_id) are dropped, as Zulip does.
  if (lastEventId !== undefined) queue.events = queue.events.filter((e) => e.id > lastEventId);
  return { events: queue.events.map((e) => ({ ...e })), queue_id: queueId };
}

export function deleteQueue(ctx: Context) {
  ctx.realm.queues.delete(ownQueue(ctx)[0]);
  return {};
}
