// Op 13, POST /users/me/status, and reading a user's status. Everything is validated
// before anything changes; only the parameters passed change.
import { findUser } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { emptyStatus, type User } from '../realm/model.js';
import { codePointLength, tooLongMessage } from '../core/params.js';
import type { Context, Route } from '../core/router.js';
import { resolveStatusEmoji, withStatusErrorCode } from './status-emoji.js';
import { sendEvent } from '../events/queue.js';
import { idsWhoCanAccess, sendSettingChanged } from './events.js';

const MAX_STATUS_TEXT_LENGTH = 60;

/** The away flag of a server before level 148, where it was the status's own (held by the user). */
const awayBefore148 = new WeakMap<User, boolean>();

function readStatusText(ctx: Context): string | undefined {
  const raw = ctx.params.optString('status_text');
  if (raw === undefined) return undefined;
  // Zulip strips surrounding whitespace before it checks the length.
  const text = raw.trim();
  const q = ctx.quirks;
  const length = q.has('status-length-utf16') ? text.length : codePointLength(text);
  if (!q.has('status-no-length-limit') && length > MAX_STATUS_TEXT_LENGTH) {
    throw badRequest(tooLongMessage('status_text', MAX_STATUS_TEXT_LENGTH));
  }
  return text;
}

function updateStatus(ctx: Context) {
  const { params, quirks, user } = ctx;
  if (user.isBot) throw badRequest('This endpoint does not accept bot requests.');
  const away = params.optBool('away');
  const text = readStatusText(ctx);
  const name = params.optString('emoji_name');
  // Zulip counts only these three as "new values"; emoji_code alone is not one.
  if (away === undefined && text === undefined && name === undefined) {
    if (quirks.has('status-accept-no-values')) return {};
    throw badRequest('Client did not pass any new values.');
  }
  const emoji = resolveStatusEmoji(ctx.realm, name, params.optString('emoji_code'), params.optString('reaction_type'), quirks);

  if (quirks.has('status-overwrites-all')) user.status = emptyStatus();
  if (away !== undefined && ctx.realm.level.has('away is presence_enabled')) {
    // `away` is the negation of presence_enabled, set through do_change_user_setting even when
    // unchanged: its user_settings (and legacy) events come first (do_update_user_status).
    user.presenceEnabled = !away;
    sendSettingChanged(ctx.realm, quirks, user, 'presence_enabled', !away);
  } else if (away !== undefined) {
    // Before level 148 away was the status's own flag, presence_enabled another setting.
    awayBefore148.set(user, away);
  }
  if (text !== undefined && !(text === '' && quirks.has('status-clear-ignored'))) user.status.statusText = text;
  if (text !== undefined && away === undefined && quirks.has('status-text-clears-away')) user.presenceEnabled = true;
  if (emoji) {
    user.status.emojiName = emoji.name;
    user.status.emojiCode = emoji.code;
    user.status.reactionType = emoji.type;
  }
  sendStatusEvent(ctx, away, text, emoji);
  return {};
}

/**
 * Zulip's do_update_user_status (fact zulip.events.user-status): user_status with user_id and
 * only the parts the request passed, to everyone who can see the user.
 */
function sendStatusEvent(ctx: Context, away: boolean | undefined, text: string | undefined, emoji: ReturnType<typeof resolveStatusEmoji>): void {
  const { quirks, realm, user } = ctx;
  const event: Record<string, unknown> & { type: string } = { type: 'user_status', user_id: user.id };
  if (quirks.has('status-event-all-fields')) {
    Object.assign(event, {
      away: !user.presenceEnabled,
      status_text: user.status.statusText,
      emoji_name: user.status.emojiName,
      emoji_code: user.status.emojiCode,
      reaction_type: user.status.reactionType || 'unicode_emoji',
    });
  }
  if (away !== undefined) event.away = away;
  if (text !== undefined) event.status_text = text;
  if (emoji) Object.assign(event, { emoji_name: emoji.name, emoji_code: emoji.code, reaction_type: emoji.type });
  sendEvent(realm, quirks.has('status-event-self-only') ? [user.id] : idsWhoCanAccess(realm, user), event);
}

/** Zulip's shape: empty fields are left out, `away` appears only when true. */
export function statusObject(user: User): Record<string, unknown> {
  const s = user.status;
  const body: Record<string, unknown> = {};
  if (awayBefore148.get(user) ?? !user.presenceEnabled) body.away = true;
  if (s.statusText) body.status_text = s.statusText;
  if (s.emojiName) Object.assign(body, { emoji_name: s.emojiName, emoji_code: s.emojiCode, reaction_type: s.reactionType });
  return body;
}

function getStatus(ctx: Context) {
  const target = findUser(ctx.realm, ctx.path.user_id);
  if (!target || target.isBot) throw badRequest('No such user');
  if (!target.isActive) throw badRequest('User is deactivated');
  return { status: statusObject(target) };
}

export const statusRoutes: Route[] = [
  {
    method: 'POST',
    path: '/users/me/status',
    params: ['status_text', 'emoji_name', 'emoji_code', 'reaction_type', 'away'],
    handle: (ctx) => {
      try {
        return updateStatus(ctx);
      } catch (err) {
        throw withStatusErrorCode(err, ctx.quirks);
      }
    },
  },
  { method: 'GET', path: '/users/{user_id}/status', params: [], handle: getStatus },
];
