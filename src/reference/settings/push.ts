// Op 21, POST /mobile_push/e2ee/test_notification, and registering a device for it
// (POST /mobile_push/register, Zulip 11's E2EE registration, accepted as given). The push
// relay ("bouncer") is a state per device: registered devices reach a working relay, the seed
// adds devices behind relays in each failing state (a set-up no client can arrange), and the
// push-* quirks make every relay fail.
import { badRequest, ApiError } from '../core/errors.js';
import { sendEvent } from '../events/queue.js';
import type { PushDevice, RelayState, User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';

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

/** The relay's failures, with the statuses the realm's flavor gives them (Zulip: 403, 502, 502). */
function relayError(ctx: Context, state: Exclude<RelayState, 'ok'>): ApiError {
  const status = ctx.realm.flavor.pushRelayStatus;
  if (state === 'misconfigured') {
    return new ApiError(
      status.adminActionRequired,
      'ADMIN_ACTION_REQUIRED',
      'Push notification configuration issue on server, contact the server administrator or retry later.',
    );
  }
  if (state === 'unreachable')
    return new ApiError(status.bouncerUnreachable, 'FAILED_TO_CONNECT_BOUNCER', 'Network error while connecting to Zulip push notification service.');
  return new ApiError(status.bouncerFailing, 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'Internal server error on Zulip push notification service, retry later.');
}

/** What the relay answers for these devices: the first failure, or nothing. */
function bouncerFailure(ctx: Context, devices: PushDevice[]): ApiError | undefined {
  const q = ctx.quirks;
  if (q.has('push-admin-action-required')) return relayError(ctx, 'misconfigured');
  if (q.has('push-bouncer-unreachable')) return relayError(ctx, 'unreachable');
  if (q.has('push-bouncer-5xx')) return relayError(ctx, 'failing');
  const failing = devices.find((d) => d.relay && d.relay !== 'ok');
  return failing ? relayError(ctx, failing.relay as Exclude<RelayState, 'ok'>) : undefined;
}

function testNotification(ctx: Context) {
  const { params, quirks, realm, user } = ctx;
  // Zulip's view sends pushes through the relay and no event (fact zulip.events.push-test.no-event).
  if (quirks.has('push-test-sends-event'))
    sendEvent(realm, [user.id], { type: 'push_device', push_account_id: params.optInt('push_account_id') ?? null, status: 'active' });
  humanOnly(user);
  const pushAccountId = params.optInt('push_account_id');
  const devices = realm.pushDevices.filter(
    (d) => (d.userId === user.id || quirks.has('push-ignores-owner')) && (pushAccountId === undefined || d.pushAccountId === pushAccountId),
  );
  if (devices.length === 0 && !quirks.has('push-no-device-success')) {
    throw new ApiError(400, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
  }
  const failure = bouncerFailure(ctx, devices);
  if (failure) throw failure;
  return {};
}

export const pushRoutes: Route[] = [
  {
    method: 'POST',
    path: '/mobile_push/register',
    params: ['token_kind', 'push_account_id', 'push_public_key', 'bouncer_public_key', 'encrypted_push_registration'],
    handle: registerDevice,
  },
  { method: 'POST', path: '/mobile_push/e2ee/test_notification', params: ['push_account_id'], handle: testNotification },
];
