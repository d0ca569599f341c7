// Mutants for POST /mobile_push/e2ee/test_notification (operation 21).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type Rewrite } from '../support/rewriting-proxy.js';

const OP = 'POST /mobile_push/e2ee/test_notification';
const isTest = (path: string) => path === '/mobile_push/e2ee/test_notification';

/** NO_ACTIVE_PUSH_DEVICE becomes a generic BAD_REQUEST. */
const genericCode: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json | undefined;
    if (isTest(req.path) && body?.code === 'NO_ACTIVE_PUSH_DEVICE') body.code = 'BAD_REQUEST';
  },
};

/** A push_account_id that is not an integer is answered with success. */
const textIdAccepted: Rewrite = {
  answer: (req, a) => {
    if (isTest(req.path) && paramsOf(req).get('push_account_id') === 'phone') {
      a.status = 200;
      a.json = { result: 'success', msg: '' };
    }
  },
};

export const MUTANTS: Mutant[] = [
  { name: 'push-no-device-success', kind: 'effect', operations: [OP], quirks: ['push-no-device-success'], kills: [
      'op21.account-id-zero', 'op21.no-devices.guest', 'op21.no-devices.member2', 'op21.unknown-account-id',
      'op21.zulip.no-device-message'] },
  { name: 'push-generic-error-code', kind: 'error-code', operations: [OP], rewrite: genericCode, kills: [
      'op21.account-id-zero', 'op21.no-devices.guest', 'op21.no-devices.member2', 'op21.unknown-account-id',
      'op21.zulip.no-device-message'] },
  { name: 'push-relay-always-misconfigured', kind: 'effect', operations: [OP], quirks: ['push-admin-action-required'], kills: [
      'op21.seeded.relay-ok', 'op21.seeded.bouncer-unreachable', 'op21.seeded.bouncer-5xx'] },
  { name: 'push-relay-always-unreachable', kind: 'error-code', operations: [OP], quirks: ['push-bouncer-unreachable'], kills: ['op21.seeded.admin-action-required'] },
  { name: 'push-text-id-accepted', kind: 'invalid-input', operations: [OP], rewrite: textIdAccepted, kills: ['op21.account-id-not-integer'] },
];
