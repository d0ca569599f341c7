// Generic bots (fixture operations, Zulip's zerver/views/users.py add_bot_backend,
// get_bots_backend, deactivate_bot_backend): a run makes bots to act as more accounts than it was
// given (a crowd for wildcard mentions, an account that never set a setting), then deactivates them.
import { isAdmin } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { ROLE } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { newUser } from './new-user.js';
import { readFullName } from '../settings/own-settings.js';

const GENERIC_BOT = 1;

/**
 * A new bot keeps the settings every account starts with: unlike a new user, it does not take
 * the organisation's defaults for new users (Zulip's create_user_profile copies them only when
 * bot_type is None; fact zulip.users.bot-settings-not-from-realm-defaults).
 */
function addBot(ctx: Context) {
  const { params, realm, user } = ctx;
  const shortName = params.string('short_name').trim();
  if (shortName === '') throw badRequest('Bad name or username');
  const fullName = readFullName(params);
  if (fullName === undefined) throw params.missing('full_name');
  const botType = params.optInt('bot_type') ?? GENERIC_BOT;
  if (botType !== GENERIC_BOT) throw badRequest('Invalid bot type');
  const email = `${shortName}-bot@${realm.host}`.toLowerCase();
  if (realm.users.some((u) => u.email === email)) throw badRequest('Username already in use');
  if (realm.users.some((u) => u.isActive && u.fullName === fullName)) throw badRequest('Name is already in use!');
  const id = Math.max(...realm.users.map((u) => u.id)) + 1;
  const bot = { ...newUser(id, email, fullName, ROLE.member, new Date()), isBot: true, botOwnerId: user.id };
  realm.users.push(bot);
  return {
    user_id: bot.id,
    api_key: bot.apiKey,
    avatar_url: null,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
  };
}

/** The caller's active bots, with their addresses and keys. */
function ownBots(ctx: Context) {
  const bots = ctx.realm.users.filter((u) => u.isBot && u.isActive && u.botOwnerId === ctx.user.id);
  return {
    bots: bots.map((b) => ({
      username: b.email,
      full_name: b.fullName,
      api_key: b.apiKey,
      avatar_url: null,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
    })),
  };
}

/** Zulip's access_bot_by_id: the bot's owner or an administrator; then the bot is deactivated. */
function deactivateBot(ctx: Context) {
  const bot = ctx.realm.users.find((u) => u.id === ctx.path.bot_id && u.isBot);
  if (!bot) throw badRequest('No such bot');
  if (!isAdmin(ctx.user) && bot.botOwnerId !== ctx.user.id) throw badRequest('Insufficient permission');
  bot.isActive = false;
  return {};
}

export const botRoutes: Route[] = [
  { method: 'POST', path: '/bots', params: ['full_name', 'short_name', 'bot_type'], handle: addBot },
  { method: 'GET', path: '/bots', params: [], handle: ownBots },
  { method: 'DELETE', path: '/bots/{bot_id}', params: [], handle: deactivateBot },
];
