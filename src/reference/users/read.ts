// Reading users: GET /users/me, GET /users, GET /users/{user_id}, GET /users/{email}; who may
// see whose address.
import { findUser } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { profileDataObject } from './profile-fields.js';
import { ROLE, type Realm, type User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { getSetting } from '../settings/settings-table.js';

const GENERIC_BOT = 1;
const VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

/** Whether `viewer` may see `target`'s real address under the target's email_address_visibility. */
export function canSeeEmail(viewer: User, target: User): boolean {
  if (viewer.id === target.id) return true;
  switch (getSetting(target, 'email_address_visibility')) {
    case VISIBILITY.everyone:
      return true;
    case VISIBILITY.members:
      return viewer.role <= ROLE.member;
    case VISIBILITY.admins:
      return viewer.role <= ROLE.admin;
    case VISIBILITY.moderators:
      return viewer.role <= ROLE.moderator;
    default:
      return false;
  }
}

/** Zulip's dummy address for a user whose real one is hidden: user<id>@<realm host>. */
export function dummyEmail(realm: Realm, target: User): string {
  return `user${target.id}@${realm.host}`;
}

/** Zulip's get_display_email_address: the real address only when the user lets everyone see it. */
export function displayEmail(realm: Realm, user: User): string {
  const isPublic = getSetting(user, 'email_address_visibility') === VISIBILITY.everyone;
  return isPublic || user.isBot ? user.email : dummyEmail(realm, user);
}

/**
 * Like Zulip: `email` is the display address (the real one only when the user lets everyone see
 * it, else the dummy one), whoever asks; `delivery_email` is the real address for the viewers
 * allowed to see it, null for the others.
 */
export function userObject(user: User, realm: Realm, viewer: User): Record<string, unknown> {
  const body: Record<string, unknown> = {
    user_id: user.id,
    email: displayEmail(realm, user),
    delivery_email: canSeeEmail(viewer, user) ? user.email : null,
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
  return { ...userObject(ctx.user, ctx.realm, ctx.user), max_message_id: maxMessageId(ctx.realm), profile_data: profileDataObject(ctx.user) };
}

function getUsers(ctx: Context) {
  ctx.params.optBool('client_gravatar');
  ctx.params.optBool('include_custom_profile_fields');
  // Like Zulip, deactivated users are listed too, with is_active false.
  const withFields = ctx.params.optBool('include_custom_profile_fields') === true;
  return { members: ctx.realm.users.map((u) => withProfileData(userObject(u, ctx.realm, ctx.user), u, withFields)) };
}

function getUser(ctx: Context) {
  ctx.params.optBool('client_gravatar');
  ctx.params.optBool('include_custom_profile_fields');
  const user = findUser(ctx.realm, ctx.path.user_id);
  if (!user) throw badRequest('No such user');
  return { user: withProfileData(userObject(user, ctx.realm, ctx.user), user, ctx.params.optBool('include_custom_profile_fields') === true) };
}

/** The user a path's address names for `viewer`: the dummy address always, the real one where the viewer may see it (Zulip's access_user_by_email). */
export function userByEmail(realm: Realm, viewer: User, address: string, ignoreVisibility = false): User | undefined {
  const email = address.trim().toLowerCase();
  return realm.users.find((u) => dummyEmail(realm, u) === email || (u.email === email && (ignoreVisibility || canSeeEmail(viewer, u))));
}

function getUserByEmail(ctx: Context) {
  ctx.params.optBool('client_gravatar');
  const user = userByEmail(ctx.realm, ctx.user, ctx.pathText?.email ?? '');
  if (!user) throw badRequest('No such user');
  return { user: withProfileData(userObject(user, ctx.realm, ctx.user), user, ctx.params.optBool('include_custom_profile_fields') === true) };
}

const USER_LIST_PARAMS = ['client_gravatar', 'include_custom_profile_fields'];

/** GET /users/{email} (Zulip: zerver/views/users.py get_user_by_email): its slot takes any one segment, so it goes after the routes it would shadow (/users/me). */
export const userByEmailRoutes: Route[] = [{ method: 'GET', path: '/users/{email:text}', params: USER_LIST_PARAMS, handle: getUserByEmail }];

export const userRoutes: Route[] = [
  { method: 'GET', path: '/users/me', params: [], handle: getOwnUser },
  { method: 'GET', path: '/users', params: USER_LIST_PARAMS, handle: getUsers },
  { method: 'GET', path: '/users/{user_id}', params: USER_LIST_PARAMS, handle: getUser },
];
