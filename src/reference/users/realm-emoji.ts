// Custom emoji (fixture operations, Zulip's zerver/views/realm_emoji.py): upload one, list them,
// delete one (it is deactivated, as in Zulip). A run uploads its own to set a status with it.
import { isAdmin, isGuest } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import type { Context, Route } from '../core/router.js';
import { isBuiltInEmojiName } from './emoji.js';

/** Zulip's check_valid_emoji_name. */
function checkEmojiName(name: string): void {
  if (name === '') throw badRequest('Emoji name is missing');
  if (/^[0-9a-z_-]+$/.test(name)) {
    if (/[_-]$/.test(name)) throw badRequest('Emoji names must end with either a letter or digit.');
    return;
  }
  throw badRequest('Emoji names must contain only lowercase alphanumeric characters, hyphen, and underscore.');
}

const emojiName = (ctx: Context) => (ctx.pathText?.emoji_name ?? '').trim().replace(/ /g, '_');

function upload(ctx: Context) {
  const name = emojiName(ctx);
  checkEmojiName(name);
  // can_add_custom_emoji_group defaults to the members: guests may not.
  if (isGuest(ctx.user)) throw badRequest('Insufficient permission');
  if (ctx.realm.realmEmoji.some((e) => e.name === name && !e.deactivated)) throw badRequest('A custom emoji with this name already exists.');
  if ((ctx.files ?? []).length !== 1) throw badRequest('You must upload exactly one file.');
  if (isBuiltInEmojiName(name) && !isAdmin(ctx.user)) throw badRequest('Only administrators can override built-in emoji.');
  const id = Math.max(0, ...ctx.realm.realmEmoji.map((e) => Number(e.id))) + 1;
  ctx.realm.realmEmoji.push({ id: String(id), name, deactivated: false, authorId: ctx.user.id });
  return {};
}

/** Zulip's get_all_custom_emoji_for_realm: every custom emoji, deactivated ones too, by id. */
function list(ctx: Context) {
  const url = (id: string) => `/user_avatars/${ctx.realm.host}/emoji/images/${id}.png`;
  return {
    emoji: Object.fromEntries(
      ctx.realm.realmEmoji.map((e) => [e.id, { id: e.id, name: e.name, source_url: url(e.id), deactivated: e.deactivated, author_id: e.authorId }]),
    ),
  };
}

function remove(ctx: Context) {
  const name = ctx.pathText?.emoji_name ?? '';
  const emoji = ctx.realm.realmEmoji.find((e) => e.name === name && !e.deactivated);
  if (!emoji) throw badRequest(`Emoji '${name}' does not exist`);
  if (!isAdmin(ctx.user) && emoji.authorId !== ctx.user.id) throw badRequest('Must be an organization administrator or emoji author');
  emoji.deactivated = true;
  return {};
}

export const realmEmojiRoutes: Route[] = [
  { method: 'GET', path: '/realm/emoji', params: [], handle: list },
  { method: 'POST', path: '/realm/emoji/{emoji_name:path}', params: [], handle: upload },
  { method: 'DELETE', path: '/realm/emoji/{emoji_name:path}', params: [], handle: remove },
];
