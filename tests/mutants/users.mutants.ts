// Mutants for PATCH /users/{email} (operation 9) and PATCH /users/{user_id} (operation 10).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const BY_ID = 'PATCH /users/{user_id}';
const BY_EMAIL = 'PATCH /users/{email}';
const isUserUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/users\/[^/]+$/.test(req.path) && req.path !== '/users/me';
const isUserRead = (req: ProxiedRequest) => req.method === 'GET' && /^\/users\/\d+$/.test(req.path);

/** Successful user updates are answered with a BAD_REQUEST refusal. */
const refuseUpdates: Rewrite = {
  answer: (req, a) => {
    if (isUserUpdate(req) && (a.json as Json | undefined)?.result === 'success') {
      a.status = 400;
      a.json = { result: 'error', msg: 'Refused by mutant', code: 'BAD_REQUEST' };
    }
  },
};

/** Errors of user updates that carry `when` turn into success (nothing changes on the server). */
function acceptWhen(when: (params: URLSearchParams) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (isUserUpdate(req) && (a.json as Json | undefined)?.result === 'error' && when(paramsOf(req))) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}

/** The owner-role refusal uses the generic BAD_REQUEST code with another text. */
const ownerCheckCode: Rewrite = {
  answer: (req, a) => {
    if (isUserUpdate(req) && (a.json as Json | undefined)?.msg === 'Must be an organization owner') {
      a.json = { result: 'error', msg: 'Permission denied', code: 'BAD_REQUEST' };
    }
  },
};

/** GET /users/{id} reports the role as a string and drops profile_data. */
const readLosesFields: Rewrite = {
  answer: (req, a) => {
    const user = isUserRead(req) ? ((a.json as Json).user as Json | undefined) : undefined;
    if (user) {
      user.role = String(user.role);
      delete user.profile_data;
    }
  },
};

/** GET /users/{id} shows a guest as an administrator too: the guest-and-administrator user the document rules out. */
const guestShownAsAdmin: Rewrite = {
  answer: (req, a) => {
    const user = isUserRead(req) ? ((a.json as Json).user as Json | undefined) : undefined;
    if (user?.role === 600) user.is_admin = true;
  },
};

export const MUTANTS: Mutant[] = [
  { name: 'update-user-refuses-valid', kind: 'invalid-input', operations: [BY_ID, BY_EMAIL], rewrite: refuseUpdates, kills: [
      'op10.full-name', 'op10.ignored-params', 'op10.profile-data', 'op10.role.200', 'op10.role.300', 'op10.role.600',
      'op10.role.owner-by-owner', 'op9.zulip.full-name', 'op9.zulip.role'] },
  { name: 'update-user-member-ok', kind: 'permission', operations: [BY_ID, BY_EMAIL], quirks: ['update-user-member-ok'], kills: [
      'op10.denied.guest', 'op10.denied.member', 'op10.denied.moderator', 'op9.denied.guest', 'op9.denied.member',
      'op9.denied.moderator'] },
  { name: 'update-user-admin-sets-owner', kind: 'permission', operations: [BY_ID], quirks: ['update-user-admin-sets-owner'], kills: ['op10.role.owner-by-admin', 'op10.role.remove-owner-by-admin'] },
  { name: 'update-user-owner-check-code', kind: 'error-code', operations: [BY_ID], rewrite: ownerCheckCode, kills: ['op10.role.owner-by-admin', 'op10.role.remove-owner-by-admin'] },
  { name: 'update-user-any-role', kind: 'invalid-input', operations: [BY_ID], quirks: ['update-user-any-role'], kills: ['op10.role.not-allowed'] },
  { name: 'update-user-role-text-accepted', kind: 'invalid-input', operations: [BY_ID], rewrite: acceptWhen((p) => p.get('role') === 'moderator'), kills: ['op10.role.not-integer'] },
  { name: 'update-user-unknown-field-ok', kind: 'invalid-input', operations: [BY_ID], quirks: ['update-user-unknown-field-ok'], kills: ['op10.profile-data.unknown-field'] },
  { name: 'update-user-profile-object-accepted', kind: 'invalid-input', operations: [BY_ID], rewrite: acceptWhen((p) => (p.get('profile_data') ?? '').startsWith('{')), kills: ['op10.profile-data.not-a-list'] },
  { name: 'update-user-long-name-accepted', kind: 'invalid-input', operations: [BY_ID], rewrite: acceptWhen((p) => [...(p.get('full_name') ?? '')].length > 100), kills: ['op10.zulip.full-name-too-long'] },
  { name: 'update-user-unknown-user-ok', kind: 'invalid-input', operations: [BY_ID, BY_EMAIL], rewrite: acceptWhen((p) => (p.get('full_name') ?? '').endsWith('ghost')), kills: ['op10.zulip.unknown-user', 'op9.unknown-email'] },
  { name: 'update-user-email-no-permission-ok', kind: 'permission', operations: [BY_ID, BY_EMAIL], quirks: ['update-user-email-no-permission-ok'], kills: ['op10.new-email.admin', 'op9.new-email.admin'] },
  { name: 'update-user-ignores-full-name', kind: 'effect', operations: [BY_ID, BY_EMAIL], quirks: ['update-user-ignores-full-name'], kills: ['op10.full-name', 'op9.zulip.full-name'] },
  { name: 'update-user-read-loses-fields', kind: 'field', operations: [BY_ID, BY_EMAIL], rewrite: readLosesFields, kills: [
      'op10.profile-data', 'op10.role.200', 'op10.role.300', 'op10.role.600', 'op10.role.owner-by-admin',
      'op10.role.owner-by-owner', 'op9.zulip.role'] },
  { name: 'update-user-guest-admin', kind: 'field', operations: [BY_ID], rewrite: guestShownAsAdmin, kills: ['op10.zulip.guest-never-admin'] },
  { name: 'update-user-ignored-params-missing', kind: 'envelope', operations: [BY_ID], quirks: ['ignored-params-missing'], kills: ['op10.ignored-params'] },
  { name: 'update-user-email-ignores-visibility', kind: 'permission', operations: [BY_EMAIL], quirks: ['update-user-email-ignores-visibility'], kills: ['op9.zulip.hidden-email'] },
  // Disputed: a server that follows the document (owner with can_change_user_emails only)
  // makes the spec profile's warning disappear.
  { name: 'update-by-email-owner-only-spec', kind: 'permission', operations: [BY_EMAIL], quirks: ['update-by-email-owner-only'], profile: 'spec', kills: ['op9.admin-needs-owner'] },
  { name: 'update-user-demote-last-owner-ok', kind: 'permission', operations: ['PATCH /users/{user_id}'], quirks: ['update-user-demote-last-owner-ok'],
    kills: ['op10.role.only-owner-stays-owner'] },
];
