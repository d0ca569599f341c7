// Drafts stored on the server (not in the API document; Zulip's GET/POST /drafts and
// DELETE /drafts/{draft_id}): how the zulip profile reads back op 2's "when
// enable_drafts_synchronization is disabled, all drafts stored on the server are deleted".
// Like Zulip (zerver/lib/drafts.py draft_endpoint), every draft endpoint is refused while the
// caller has synchronization off.
import { accessChannelById } from '../realm/access.js';
import { ApiError, badRequest } from '../core/errors.js';
import { allocate } from '../realm/flavor.js';
import type { Realm, User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { getSetting } from './settings-table.js';

interface Draft {
  id: number;
  type: '' | 'private' | 'stream';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

const stored = new WeakMap<User, Draft[]>();

const draftsOf = (user: User): Draft[] => {
  let list = stored.get(user);
  if (!list) stored.set(user, (list = []));
  return list;
};

/** What PATCH /settings does when enable_drafts_synchronization turns false. */
export function deleteAllDrafts(user: User): void {
  stored.set(user, []);
}

function requireSync(user: User): void {
  if (getSetting(user, 'enable_drafts_synchronization') === false) throw badRequest('User has disabled synchronizing drafts.');
}

function readDraft(realm: Realm, user: User, value: unknown): Omit<Draft, 'id'> {
  const d = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const type = d.type;
  if (type !== '' && type !== 'private' && type !== 'stream') throw badRequest('drafts[0]["type"] is not valid');
  const to = Array.isArray(d.to) && d.to.every((n) => Number.isInteger(n)) ? (d.to as number[]) : null;
  if (!to) throw badRequest('drafts[0]["to"] is not a list of integers');
  if (typeof d.topic !== 'string') throw badRequest('drafts[0]["topic"] is not a string');
  if (typeof d.content !== 'string' || d.content.trim() === '') throw badRequest('Content must not be empty');
  const timestamp = d.timestamp === undefined ? Date.now() / 1000 : Number(d.timestamp);
  if (!Number.isFinite(timestamp) || timestamp < 0) throw badRequest('Timestamp must not be negative.');
  if (type === 'stream') {
    if (to.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    accessChannelById(realm, user, to[0]);
  }
  return { type, to, topic: type === 'stream' ? d.topic : '', content: d.content, timestamp: Math.round(timestamp) };
}

function getDrafts(ctx: Context) {
  requireSync(ctx.user);
  const drafts = [...draftsOf(ctx.user)].sort((a, b) => a.timestamp - b.timestamp);
  return { count: drafts.length, drafts };
}

function createDrafts(ctx: Context) {
  requireSync(ctx.user);
  const drafts = ctx.params.list('drafts').map((d) => readDraft(ctx.realm, ctx.user, d));
  const created = drafts.map((d) => ({ id: allocate(ctx.realm, 'record'), ...d }));
  draftsOf(ctx.user).push(...created);
  return { ids: created.map((d) => d.id) };
}

function deleteDraft(ctx: Context) {
  requireSync(ctx.user);
  const list = draftsOf(ctx.user);
  const index = list.findIndex((d) => d.id === ctx.path.draft_id);
  if (index < 0) throw new ApiError(404, 'BAD_REQUEST', 'Draft does not exist');
  list.splice(index, 1);
  return {};
}

export const draftRoutes: Route[] = [
  { method: 'GET', path: '/drafts', params: [], handle: getDrafts },
  { method: 'POST', path: '/drafts', params: ['drafts'], handle: createDrafts },
  { method: 'DELETE', path: '/drafts/{draft_id}', params: [], handle: deleteDraft },
];
