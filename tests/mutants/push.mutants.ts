// Mutants for POST /mobile_push/e2ee/test_notification (operation 21).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const OP = 'POST /mobile_push/e2ee/test_notification';
const isTest = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/mobile_push/e2ee/test_notification';
const RELAY_CODES = new Set(['ADMIN_ACTION_REQUIRED', 'FAILED_TO_CONNECT_BOUNCER', 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'NO_ACTIVE_PUSH_DEVICE']);

/** NO_ACTIVE_PUSH_DEVICE becomes a generic BAD_REQUEST. */
const genericCode: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json | undefined;
    if (isTest(req) && body?.code === 'NO_ACTIVE_PUSH_DEVICE') body.code = 'BAD_REQUEST';
  },
};

/** A push_account_id that is not an integer is answered with success. */
const textIdAccepted: Rewrite = {
  answer: (req, a) => {
    if (isTest(req) && paramsOf(req).get('push_account_id') === 'phone') {
      a.status = 200;
      a.json = { result: 'success', msg: '' };
    }
  },
};

/** The server never sees push_account_id: it tests all of the caller's devices. */
const accountIdIgnored: Rewrite = {
  request: (req) => {
    if (isTest(req)) {
      req.form.delete('push_account_id');
      req.query.delete('push_account_id');
    }
  },
};

/** Answers a test request without push_account_id with `answer` instead of testing the devices. */
function withoutAccountId(answer: { status: number; json: Json }): Rewrite {
  return {
    answer: (req, a) => {
      if (isTest(req) && !paramsOf(req).has('push_account_id')) Object.assign(a, structuredClone(answer));
    },
  };
}

/** A server without the operation (below feature level 420): a JSON 404. */
const noSuchEndpoint: Rewrite = {
  answer: (req, a) => {
    if (isTest(req)) {
      a.status = 404;
      a.json = { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' };
    }
  },
};

/** The push errors with a status other than Zulip's (400, 403, 502). */
const otherStatuses: Rewrite = {
  answer: (req, a) => {
    if (isTest(req) && RELAY_CODES.has((a.json as Json | undefined)?.code as string)) a.status = 422;
  },
};

export const MUTANTS: Mutant[] = [
  {
    // push-no-device-success also breaks zulip.push.e2ee-test-error-codes: no device is a success, not NO_ACTIVE_PUSH_DEVICE
    name: 'push-no-device-success',
    breaks: ['op21.no-active-device', 'zulip.push.e2ee-test-error-codes'],
    kind: 'effect',
    operations: [OP],
    quirks: ['push-no-device-success'],
    kills: ['op21.account-id-zero', 'op21.no-devices.guest', 'op21.no-devices.member2', 'op21.unknown-account-id', 'op21.zulip.no-device-message'],
  },
  {
    // push-generic-error-code also breaks zulip.push.e2ee-test-error-codes: no device gets BAD_REQUEST, not NO_ACTIVE_PUSH_DEVICE
    name: 'push-generic-error-code',
    breaks: ['op21.no-active-device', 'zulip.push.e2ee-test-error-codes'],
    kind: 'error-code',
    operations: [OP],
    rewrite: genericCode,
    kills: ['op21.account-id-zero', 'op21.no-devices.guest', 'op21.no-devices.member2', 'op21.unknown-account-id', 'op21.zulip.no-device-message'],
  },
  // Other users' devices counted as the caller's: the member2 and the guest reach the moderator's.
  {
    name: 'push-ignores-owner',
    breaks: ['op21.no-active-device'],
    kind: 'permission',
    operations: [OP],
    quirks: ['push-ignores-owner'],
    kills: ['op21.no-devices.guest', 'op21.no-devices.member2'],
  },
  {
    name: 'push-account-id-required',
    breaks: ['op21.push-account-id.optional'],
    kind: 'optional',
    operations: [OP],
    rewrite: withoutAccountId({ status: 400, json: { result: 'error', msg: "Missing 'push_account_id' argument", code: 'REQUEST_VARIABLE_MISSING' } }),
    kills: ['op21.no-devices.guest', 'op21.no-devices.member2'],
  },
  {
    name: 'push-text-id-accepted',
    breaks: ['op21.push-account-id.type'],
    kind: 'invalid-input',
    operations: [OP],
    rewrite: textIdAccepted,
    kills: ['op21.account-id-not-integer'],
  },
  {
    name: 'push-ignores-account-id',
    breaks: ['op21.push-account-id.target'],
    kind: 'parameter',
    operations: [OP],
    rewrite: accountIdIgnored,
    kills: ['op21.seeded.relay-ok'],
  },
  {
    name: 'push-omitted-tests-none',
    breaks: ['op21.push-account-id.omitted'],
    kind: 'effect',
    operations: [OP],
    rewrite: withoutAccountId({ status: 400, json: { result: 'error', msg: 'No active registered push device', code: 'NO_ACTIVE_PUSH_DEVICE' } }),
    kills: ['op21.seeded.all-devices'],
  },
  {
    // push-endpoint-missing also breaks op21.push-account-id.target: without the operation no test reaches the device named
    name: 'push-endpoint-missing',
    breaks: ['op21.endpoint', 'op21.push-account-id.target'],
    kind: 'effect',
    operations: [OP],
    rewrite: noSuchEndpoint,
    kills: ['op21.seeded.relay-ok'],
  },
  // The relay's failures reported as another one: each code is caught where it should come.
  {
    name: 'push-relay-always-misconfigured',
    breaks: ['op21.failed-to-connect-bouncer', 'op21.bouncer-5xx'],
    kind: 'error-code',
    operations: [OP],
    quirks: ['push-admin-action-required'],
    kills: ['op21.seeded.bouncer-unreachable', 'op21.seeded.bouncer-5xx'],
  },
  {
    name: 'push-relay-always-unreachable',
    breaks: ['op21.admin-action-required', 'op21.bouncer-5xx'],
    kind: 'error-code',
    operations: [OP],
    quirks: ['push-bouncer-unreachable'],
    kills: ['op21.seeded.admin-action-required', 'op21.seeded.bouncer-5xx'],
  },
  {
    name: 'push-relay-always-5xx',
    breaks: ['op21.admin-action-required', 'op21.failed-to-connect-bouncer'],
    kind: 'error-code',
    operations: [OP],
    quirks: ['push-bouncer-5xx'],
    kills: ['op21.seeded.admin-action-required', 'op21.seeded.bouncer-unreachable'],
  },
  {
    name: 'push-statuses-not-zulip',
    breaks: ['zulip.push.e2ee-test-error-codes'],
    kind: 'error-code',
    operations: [OP],
    rewrite: otherStatuses,
    kills: [
      'op21.zulip.no-device-message',
      'op21.unknown-account-id',
      'op21.seeded.admin-action-required',
      'op21.seeded.bouncer-unreachable',
      'op21.seeded.bouncer-5xx',
      'op21.seeded.all-devices',
    ],
  },
];
