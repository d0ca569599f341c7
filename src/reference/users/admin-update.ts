// Ops 9 and 10: PATCH /users/{email} and PATCH /users/{user_id}, an administrator updating
// another user. Like Zulip (zerver/lib/users.py access_user_by_id / access_user_by_email with
// for_admin=True), the target is looked up first ("No such user"), then the caller must be able
// to administer it ("Insufficient permission", BAD_REQUEST: not UNAUTHORIZED_PRINCIPAL).
// Everything is checked before anything changes.
import { isAdmin } from '../realm/access.js';
import { applyProfileData, readProfileData } from './profile-fields.js';
import { adminRequired, ApiError, badRequest } from '../core/errors.js';
import { ROLE, type Realm, type User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { checkEmailAddress, checkFullName, readFullName } from '../settings/own-settings.js';
import type { Params } from '../core/params.js';
import { userByEmail } from './read.js';
import { sendEmailChanged, sendFullNameChanged, sendProfileFieldChanged, sendRoleChanged } from './events.js';

const ROLES: readonly number[] = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest];

function ownerRequired(): ApiError {
  return new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
}

/** Zulip's UserProfile.can_admin_user: an administrator, or the owner of the target bot. */
function canAdminUser(user: User, target: User): boolean {
  return isAdmin(user) || (target.isBot && target.botOwnerId === user.id);
}

function isLastOwner(realm: Realm, user: User): boolean {
  return !realm.users.some((u) => u.id !== user.id && u.isActive && !u.isBot && u.role === ROLE.owner);
}

function checkRoleChange(ctx: Context, target: User, role: number): void {
  const { user, quirks, realm } = ctx;
  if (role === target.role) return;
  const ownerInvolved = role === ROLE.owner || target.role === ROLE.owner;
  if (ownerInvolved && user.role !== ROLE.owner && !quirks.has('update-user-admin-sets-owner')) throw ownerRequired();
  if (target.role === ROLE.owner && isLastOwner(realm, target) && !quirks.has('update-user-demote-last-owner-ok')) {
    throw badRequest('The owner permission cannot be removed from the only organization owner.');
  }
  // "Guests cannot be administrators" cannot arise here: one `role` value names one role.
}

function updateUser(ctx: Context, target: User | undefined) {
  const { user, params, quirks, realm } = ctx;
  if (!target) throw badRequest('No such user');
  // The document allows UNAUTHORIZED_PRINCIPAL or BAD_REQUEST: Zulip answers the latter, the variant the former.
  if (!canAdminUser(user, target) && !quirks.has('update-user-member-ok')) {
    throw realm.flavor.name === 'variant' ? adminRequired() : badRequest('Insufficient permission');
  }
  // Before level 106 the name came JSON-encoded ("\"Ada\""): plain text is not valid JSON there.
  const fullName = realm.level.has('full_name as plain text') ? readFullName(params) : jsonFullName(params);
  const role = params.optInt('role');
  if (role !== undefined && !ROLES.includes(role) && !quirks.has('update-user-any-role')) throw badRequest('Invalid role');
  const profileData = readProfileData(ctx);
  const newEmail = params.optString('new_email')?.trim();
  if (newEmail !== undefined) {
    // Zulip: an administrator holding can_change_user_emails; the document (and the variant): an owner.
    const rank = realm.flavor.name === 'variant' ? user.role === ROLE.owner : isAdmin(user);
    if (!(user.canChangeUserEmails && rank) && !quirks.has('update-user-email-no-permission-ok')) {
      throw badRequest('User not authorized to change user emails');
    }
    checkEmailAddress(newEmail);
    if (realm.users.some((u) => u.id !== target.id && u.email === newEmail.toLowerCase())) throw badRequest(`Email '${newEmail}' already in use`);
  }
  if (role !== undefined) checkRoleChange(ctx, target, role);

  // The quirk applies the update to the caller instead, where that changes no role.
  const subject = quirks.has('update-user-updates-caller') && (role === undefined || role === user.role) ? user : target;
  // Zulip's update_user_backend: role, then full_name, then profile_data, each only when it
  // changes something, each with its events (facts zulip.events.realm-user.*).
  if (role !== undefined && !quirks.has('update-user-ignores-role') && role !== subject.role) {
    const oldRole = subject.role;
    subject.role = role;
    sendRoleChanged(realm, quirks, subject, oldRole);
  }
  if (fullName !== undefined && !quirks.has('update-user-ignores-full-name') && fullName !== subject.fullName) {
    subject.fullName = fullName;
    sendFullNameChanged(realm, quirks, subject);
  }
  if (profileData) {
    const before = new Map(target.profileData);
    applyProfileData(target, profileData);
    for (const id of profileData.keys()) {
      const now = target.profileData.get(id) ?? null;
      if (now !== (before.get(id) ?? null)) sendProfileFieldChanged(realm, quirks, target, id, now);
    }
  }
  // Where Zulip sends the address events among the others was not found (fact
  // zulip.events.realm-user.update-order): last here.
  if (newEmail !== undefined && newEmail.toLowerCase() !== target.email) {
    target.email = newEmail.toLowerCase();
    sendEmailChanged(realm, quirks, target, user);
  }
  return {};
}

function updateUserById(ctx: Context) {
  return updateUser(
    ctx,
    ctx.realm.users.find((u) => u.id === ctx.path.user_id),
  );
}

function updateUserByEmail(ctx: Context) {
  const { realm, user, quirks } = ctx;
  // The document's reading (Authentication 3, disputed): the whole operation needs an owner who
  // may change emails. The variant realm follows the document here; Zulip does not.
  const ownerOnly = quirks.has('update-by-email-owner-only') || realm.flavor.name === 'variant';
  if (ownerOnly && !(user.role === ROLE.owner && user.canChangeUserEmails)) {
    throw badRequest('User not authorized to change user emails');
  }
  // Like Zulip: the dummy address always works, the real one only where the caller may see it.
  return updateUser(ctx, userByEmail(realm, user, ctx.pathText?.email ?? '', quirks.has('update-user-email-ignores-visibility')));
}

function jsonFullName(params: Params): string | undefined {
  const value = params.optJson('full_name');
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('full_name is not a string');
  return checkFullName(value);
}

const PARAMS = ['full_name', 'role', 'profile_data', 'new_email'];

export const userAdminRoutes: Route[] = [
  { method: 'PATCH', path: '/users/{user_id}', params: PARAMS, handle: updateUserById },
  // After the id route: `{email:path}` would also take a decimal id.
  { method: 'PATCH', path: '/users/{email:path}', params: PARAMS, handle: updateUserByEmail },
];
