// POST /users (a fixture operation: needs the `can_create_users` special permission) and
// POST /fetch_api_key, so the reference's own tests, and `setup`, can act as a user they created.
import { isAdmin } from '../realm/access.js';
import { ApiError, badRequest } from '../core/errors.js';
import { ROLE, type User } from '../realm/model.js';
import type { Context, PublicContext, Route } from '../core/router.js';
import { newUser } from './new-user.js';
import { checkEmailAddress, readFullName } from '../settings/own-settings.js';
import { setSetting } from '../settings/settings-table.js';

const passwords = new WeakMap<User, string>();

function createUser(ctx: Context) {
  const { params, realm, user } = ctx;
  if (!isAdmin(user) || !user.canCreateUsers) throw badRequest('User not authorized to create users');
  const email = params.string('email').trim().toLowerCase();
  const password = params.string('password');
  const fullName = readFullName(params);
  if (fullName === undefined) throw params.missing('full_name');
  checkEmailAddress(email);
  if (realm.users.some((u) => u.email === email)) throw badRequest(`Email '${email}' already in use`);
  const id = Math.max(...realm.users.map((u) => u.id)) + 1;
  const created = { ...newUser(id, email, fullName, ROLE.member, new Date()), apiKey: realm.flavor.apiKey() };
  // A new user starts with the realm's defaults (op 5); the user-only settings keep Zulip's.
  for (const [name, value] of Object.entries(realm.userSettingsDefaults)) setSetting(created, name, value);
  realm.users.push(created);
  passwords.set(created, password);
  return { user_id: id };
}

function fetchApiKey(ctx: PublicContext) {
  const username = ctx.params.string('username').trim().toLowerCase();
  const password = ctx.params.string('password');
  // Zulip's EmailAuthBackend refuses at once where the organisation allows no password (fact
  // zulip.setup.fetch-api-key).
  if (!ctx.realm.passwordLogin) throw new ApiError(401, 'PASSWORD_AUTH_DISABLED', 'Password authentication is disabled in this organization');
  const user = ctx.realm.users.find((u) => u.email === username);
  if (!user || !user.isActive || passwords.get(user) !== password) {
    throw new ApiError(401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  }
  return { api_key: user.apiKey, email: user.email, user_id: user.id };
}

export const userCreateRoutes: Route[] = [
  { method: 'POST', path: '/users', params: ['email', 'password', 'full_name'], handle: createUser },
  { method: 'POST', path: '/fetch_api_key', params: ['username', 'password'], public: true, handle: fetchApiKey },
];
