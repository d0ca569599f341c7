// Reading users: GET /users/me, GET /users, GET /users/{user_id}.
import { findUser } from './access.js';
import { badRequest } from './errors.js';
import { profileDataObject } from './custom-profile-fields.js';
import { ROLE, type Realm, type User } from './model.js';
import type { Context, Route } from './router.js';

const GENERIC_BOT = 1;

export function userObject(user: User): Record<string, unknown> {
  const body: Record<string, unknown> = {
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.fullName,
    role: user.role,
    is_admin: user.role <= ROLE.admin,
    is_owner: user.role === ROLE.owner,
    is_guest: user.role === ROLE.guest,
    is_bot: user.isBot,
    is_active: user.isActive,
    avatar_url: null,
    avatar_version: 1,
    date_joined: user.dateJoined,
    timezone: '',
  };
  if (user.isBot) Object.assign(body, { bot_type: GENERIC_BOT, bot_owner_id: user.botOwnerId });
  return body;
}

/** Zulip adds `profile_data` (custom profile field values) only when asked. */
function withProfileData(body: Record<string, unknown>, user: User, include: boolean): Record<string, unknown> {
  return include ? { ...body, profile_data: profileDataObject(user) } : body;
}

function maxMessageId(realm: Realm): number {
  return realm.messages.reduce((max, m) => Math.max(max, m.id), -1);
}

function getOwnUser(ctx: Context) {
  return { ...userObject(ctx.user), max_message_id: maxMessageId(ctx.realm), profile_data: profileDataObject(ctx.user) };
}

function getUsers(ctx: Context) {
  ctx.params.optBool('client_gravatar');
  ctx.params.optBool('include_custom_profile_fields');
  // Like Zulip, deactivated users are listed too, with is_active false.
  const withFields = ctx.params.optBool('include_custom_profile_fields') === true;
  return { members: ctx.realm.users.map((u) => withProfileData(userObject(u), u, withFields)) };
}

function getUser(ctx: Context) {
  ctx.params.optBool('client_gravatar');
  ctx.params.optBool('include_custom_profile_fields');
  const user = findUser(ctx.realm, ctx.path.user_id);
  if (!user) throw badRequest('No such user');
  return { user: withProfileData(userObject(user), user, ctx.params.optBool('include_custom_profile_fields') === true) };
}

const USER_LIST_PARAMS = ['client_gravatar', 'include_custom_profile_fields'];

export const userRoutes: Route[] = [
  { method: 'GET', path: '/users/me', params: [], handle: getOwnUser },
  { method: 'GET', path: '/users', params: USER_LIST_PARAMS, handle: getUsers },
  { method: 'GET', path: '/users/{user_id}', params: USER_LIST_PARAMS, handle: getUser },
];
