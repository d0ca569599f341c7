// Op 21, POST /mobile_push/e2ee/test_notification, and registering a device for it
// (POST /mobile_push/register, Zulip 11's E2EE registration, accepted as given). The push
// relay ("bouncer") is not modelled: reference-only quirks stand in for its failures.
import { badRequest, ApiError } from './errors.js';
import type { User } from './model.js';
import type { Context, Route } from './router.js';

const TOKEN_KINDS = ['fcm', 'apns'];

function humanOnly(user: User): void {
  if (user.isBot) throw badRequest('This endpoint does not accept bot requests.');
}

function registerDevice(ctx: Context) {
  const { params, realm, user } = ctx;
  humanOnly(user);
  const tokenKind = params.string('token_kind');
  if (!TOKEN_KINDS.includes(tokenKind)) throw badRequest('Invalid token_kind');
  const pushAccountId = params.int('push_account_id');
  for (const name of ['push_public_key', 'bouncer_public_key', 'encrypted_push_registration']) params.string(name);
  realm.pushDevices = realm.pushDevices.filter((d) => !(d.userId === user.id && d.pushAccountId === pushAccountId));
  realm.pushDevices.push({ userId: user.id, pushAccountId, tokenKind });
  return {};
}

/** What the relay would answer; only the quirks make it fail. */
function bouncerFailure(ctx: Context): ApiError | undefined {
  const q = ctx.quirks;
  if (q.has('push-admin-action-required')) {
    return new ApiError(403, 'ADMIN_ACTION_REQUIRED', 'Push notification configuration issue on server, contact the server administrator or retry later.');
  }
  if (q.has('push-bouncer-unreachable')) {
    return new ApiError(502, 'FAILED_TO_CONNECT_BOUNCER', 'Network error while connecting to Zulip push notification service.');
  }
  if (q.has('push-bouncer-5xx')) {
    return new ApiError(502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'Internal server error on Zulip push notification service, retry later.');
  }
  return undefined;
}

function testNotification(ctx: Context) {
  const { params, quirks, realm, user } = ctx;
  humanOnly(user);
  const pushAccountId = params.optInt('push_account_id');
  const devices = realm.pushDevices.filter((d) =>
    (d.userId === user.id || quirks.has('push-ignores-owner')) && (pushAccountId === undefined || d.pushAccountId === pushAccountId));
  if (devices.length === 0 && !quirks.has('push-no-device-success')) {
    throw new ApiError(400, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
  }
  const failure = bouncerFailure(ctx);
  if (failure) throw failure;
  return {};
}

export const pushRoutes: Route[] = [
  {
    method: 'POST', path: '/mobile_push/register',
    params: ['token_kind', 'push_account_id', 'push_public_key', 'bouncer_public_key', 'encrypted_push_registration'],
    handle: registerDevice,
  },
  { method: 'POST', path: '/mobile_push/e2ee/test_notification', params: ['push_account_id'], handle: testNotification },
];
