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
function acceptWhen(when: (params: URLSearchParams, req: ProxiedRequest) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (isUserUpdate(req) && (a.json as Json | undefined)?.result === 'error' && when(paramsOf(req), req)) {
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

/** The non-administrator refusal uses Zulip's other administrator code, UNAUTHORIZED_PRINCIPAL (which the document allows). */
const adminCheckOtherCode: Rewrite = {
  answer: (req, a) => {
    if (isUserUpdate(req) && (a.json as Json | undefined)?.msg === 'Insufficient permission') {
      a.json = { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' };
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

/** The role codes mean other roles: asking for an owner gives an administrator, an administrator a moderator, and so on. */
const SHIFTED: Record<string, string> = { 100: '200', 200: '300', 300: '400', 400: '300', 600: '400' };
const roleCodesShifted: Rewrite = {
  request: (req) => {
    if (!isUserUpdate(req)) return;
    for (const params of [req.form, req.query]) {
      const role = params.get('role');
      if (role && SHIFTED[role]) params.set('role', SHIFTED[role]);
    }
  },
};

/** profile_data never reaches the server: accepted, and nothing changes. */
/** new_email is removed before the server sees it, and the request answered with success: the address stays. */
const withNewEmail = new WeakSet<ProxiedRequest>();
const newEmailIgnored: Rewrite = {
  request: (req) => {
    if (!isUserUpdate(req) || !paramsOf(req).has('new_email')) return;
    withNewEmail.add(req);
    for (const params of [req.form, req.query]) params.delete('new_email');
  },
  answer: (req, a) => {
    if (withNewEmail.has(req)) {
      a.status = 200;
      a.json = { result: 'success', msg: '' };
    }
  },
};

const profileDataDropped: Rewrite = {
  request: (req) => {
    if (isUserUpdate(req)) for (const params of [req.form, req.query]) params.delete('profile_data');
  },
};

/** A dummy address user<id>@... names nobody. */
const dummyAddressRefused: Rewrite = {
  answer: (req, a) => {
    if (isUserUpdate(req) && /^\/users\/user\d+(@|%40)/.test(req.path)) {
      a.status = 400;
      a.json = { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' };
    }
  },
};

export const MUTANTS: Mutant[] = [
  {
    name: 'update-user-refuses-valid',
    kind: 'invalid-input',
    operations: [BY_ID, BY_EMAIL],
    rewrite: refuseUpdates,
    breaks: [
      'op10.full-name',
      'op10.profile-data.type',
      'op10.role.values',
      'op10.role.owner',
      'op10.role',
      'op10.new-email',
      'op9.same-as-10',
      'op9.real-email',
      'op9.dummy-address',
    ],
    kills: [
      'op10.full-name',
      'op10.ignored-params',
      'op10.profile-data',
      'op10.role.200',
      'op10.role.300',
      'op10.role.400',
      'op10.role.600',
      'op10.zulip.guest-never-admin',
      'op10.role.owner-by-owner',
      'op10.new-email.owner',
      'op9.owner.role-200',
      'op9.ignored-params',
      'op9.zulip.full-name',
      'op9.zulip.role',
      'op9.zulip.dummy-address',
    ],
  },
  {
    name: 'update-user-member-ok',
    kind: 'permission',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['update-user-member-ok'],
    breaks: ['op10.admin-only', 'op9.admin-only', 'auth.admin-operations'],
    kills: ['op10.denied.guest', 'op10.denied.member', 'op10.denied.moderator', 'op9.denied.guest', 'op9.denied.member', 'op9.denied.moderator'],
  },
  // Allowed by the document, not what Zulip answers (fact zulip.users.update-needs-admin).
  {
    name: 'update-user-admin-check-other-code',
    kind: 'error-code',
    operations: [BY_ID, BY_EMAIL],
    rewrite: adminCheckOtherCode,
    breaks: ['zulip.users.update-needs-admin'],
    kills: ['op10.denied.guest', 'op10.denied.member', 'op10.denied.moderator', 'op9.denied.guest', 'op9.denied.member', 'op9.denied.moderator'],
  },
  {
    // update-user-admin-sets-owner also breaks zulip.users.owner-role-owner-only: a non-owner's owner-role change is not refused with UNAUTHORIZED_PRINCIPAL
    name: 'update-user-admin-sets-owner',
    kind: 'permission',
    operations: [BY_ID],
    quirks: ['update-user-admin-sets-owner'],
    breaks: ['op10.role.owner', 'zulip.users.owner-role-owner-only'],
    kills: ['op10.role.owner-by-admin', 'op10.role.remove-owner-by-admin'],
  },
  {
    name: 'update-user-owner-check-code',
    kind: 'error-code',
    operations: [BY_ID],
    rewrite: ownerCheckCode,
    breaks: ['zulip.users.owner-role-owner-only'],
    kills: ['op10.role.owner-by-admin', 'op10.role.remove-owner-by-admin'],
  },
  {
    name: 'update-user-any-role',
    kind: 'invalid-input',
    operations: [BY_ID],
    quirks: ['update-user-any-role'],
    breaks: ['op10.role.values'],
    kills: ['op10.role.not-allowed'],
  },
  {
    name: 'update-user-role-text-accepted',
    kind: 'invalid-input',
    operations: [BY_ID],
    rewrite: acceptWhen((p) => p.get('role') === 'moderator'),
    breaks: ['op10.role.type'],
    kills: ['op10.role.not-integer'],
  },
  {
    name: 'update-user-ignores-role',
    kind: 'effect',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['update-user-ignores-role'],
    breaks: ['op10.role', 'op9.same-as-10'],
    kills: ['op10.role.200', 'op10.role.300', 'op10.role.600', 'op10.role.owner-by-owner', 'op9.owner.role-200', 'op9.zulip.role'],
  },
  {
    // update-user-role-codes-shifted also breaks op10.role: the role given is not the one its code names
    name: 'update-user-role-codes-shifted',
    kind: 'parameter',
    operations: [BY_ID],
    rewrite: roleCodesShifted,
    breaks: ['res.role-codes.owner', 'res.role-codes.admin', 'res.role-codes.moderator', 'res.role-codes.member', 'res.role-codes.guest', 'op10.role'],
    kills: ['op10.role.200', 'op10.role.300', 'op10.role.400', 'op10.role.600', 'op10.role.owner-by-owner'],
  },
  {
    // update-user-ignores-new-email also breaks op10.new-email, zulip.events.realm-user.delivery-email: new_email does not set the address, so neither the clause's effect nor the fact's realm_user event happens
    name: 'update-user-ignores-new-email',
    kind: 'effect',
    operations: [BY_ID],
    rewrite: newEmailIgnored,
    breaks: ['zulip.users.new-email-updates-address', 'op10.new-email', 'zulip.events.realm-user.delivery-email'],
    kills: ['op10.new-email.owner', 'op10.zulip.events.new-email'],
  },
  {
    name: 'update-user-ignores-profile-data',
    kind: 'effect',
    operations: [BY_ID],
    rewrite: profileDataDropped,
    breaks: ['op10.profile-data'],
    kills: ['op10.profile-data'],
  },
  {
    name: 'update-user-updates-caller',
    kind: 'effect',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['update-user-updates-caller'],
    // Through an address it updates another user than op 10 would (the caller): op 9 is not op 10's update.
    breaks: ['op10.user-id', 'op9.real-email', 'op9.same-as-10'],
    kills: ['op10.role.200', 'op10.full-name', 'op9.zulip.full-name'],
  },
  {
    name: 'update-user-unknown-field-ok',
    kind: 'invalid-input',
    operations: [BY_ID],
    quirks: ['update-user-unknown-field-ok'],
    breaks: ['zulip.users.profile-data'],
    kills: ['op10.zulip.unknown-field'],
  },
  {
    name: 'update-user-profile-object-accepted',
    kind: 'invalid-input',
    operations: [BY_ID],
    rewrite: acceptWhen((p) => (p.get('profile_data') ?? '').startsWith('{')),
    breaks: ['op10.profile-data.type'],
    kills: ['op10.profile-data.not-a-list'],
  },
  {
    name: 'update-user-long-name-accepted',
    kind: 'invalid-input',
    operations: [BY_ID],
    rewrite: acceptWhen((p) => [...(p.get('full_name') ?? '')].length > 100),
    breaks: ['zulip.users.full-name-max-100'],
    kills: ['op10.zulip.full-name-too-long'],
  },
  {
    name: 'update-user-unknown-user-ok',
    kind: 'invalid-input',
    operations: [BY_ID, BY_EMAIL],
    rewrite: acceptWhen((p) => (p.get('full_name') ?? '').endsWith('ghost')),
    breaks: ['zulip.users.unknown-user', 'zulip.users.lookup-by-email'],
    kills: ['op10.zulip.unknown-user', 'op9.zulip.unknown-email'],
  },
  {
    // update-user-email-no-permission-ok also breaks zulip.users.new-email-needs-permission: an administrator without can_change_user_emails changes an address, which the fact says is refused
    name: 'update-user-email-no-permission-ok',
    kind: 'permission',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['update-user-email-no-permission-ok'],
    breaks: ['op10.new-email.permission', 'zulip.users.new-email-needs-permission'],
    kills: ['op10.new-email.admin', 'op9.zulip.new-email-needs-permission'],
  },
  {
    // update-user-ignores-full-name also breaks op9.real-email: a user addressed by their real address is not renamed, as operation 10 would
    name: 'update-user-ignores-full-name',
    kind: 'effect',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['update-user-ignores-full-name'],
    breaks: ['op10.full-name.effect', 'op9.same-as-10', 'op9.dummy-address', 'op9.real-email'],
    kills: ['op10.full-name', 'op9.zulip.full-name', 'op9.zulip.dummy-address'],
  },
  {
    name: 'update-user-read-loses-fields',
    kind: 'field',
    operations: [BY_ID, BY_EMAIL],
    rewrite: readLosesFields,
    breaks: ['zulip.users.read-back-get-user'],
    kills: [
      'op10.profile-data',
      'op10.role.200',
      'op10.role.300',
      'op10.role.400',
      'op10.role.600',
      'op10.role.owner-by-admin',
      'op10.role.owner-by-owner',
      'op9.zulip.role',
    ],
  },
  {
    name: 'update-user-guest-admin',
    kind: 'field',
    operations: [BY_ID],
    rewrite: guestShownAsAdmin,
    breaks: ['op10.role.guest-admin'],
    kills: ['op10.zulip.guest-never-admin'],
  },
  {
    name: 'update-user-ignored-params-missing',
    kind: 'envelope',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op10.ignored-params', 'op9.ignored-params'],
  },
  {
    // update-user-email-ignores-visibility also breaks zulip.users.lookup-by-email: a real address resolves though its owner's email visibility hides it, which the fact says it does not
    name: 'update-user-email-ignores-visibility',
    kind: 'permission',
    operations: [BY_EMAIL],
    quirks: ['update-user-email-ignores-visibility'],
    breaks: ['op9.visibility', 'zulip.users.lookup-by-email'],
    kills: ['op9.zulip.hidden-email'],
  },
  {
    // update-user-dummy-address-refused also breaks zulip.users.lookup-by-email: the fact says the dummy address always resolves
    name: 'update-user-dummy-address-refused',
    kind: 'parameter',
    operations: [BY_EMAIL],
    rewrite: dummyAddressRefused,
    breaks: ['op9.dummy-address', 'zulip.users.lookup-by-email'],
    kills: ['op9.zulip.dummy-address'],
  },
  // Disputed: a server that follows the document (owner with can_change_user_emails only)
  // makes the spec profile's warning disappear.
  {
    name: 'update-by-email-owner-only-spec',
    kind: 'permission',
    operations: [BY_EMAIL],
    quirks: ['update-by-email-owner-only'],
    profile: 'spec',
    breaks: ['auth.change-user-emails'],
    kills: ['op9.admin-needs-owner'],
  },
  {
    name: 'update-user-demote-last-owner-ok',
    kind: 'permission',
    operations: [BY_ID],
    quirks: ['update-user-demote-last-owner-ok'],
    breaks: ['op10.role.last-owner'],
    kills: ['op10.role.only-owner-stays-owner'],
  },
];
