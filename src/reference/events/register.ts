// GET /server_settings, POST /register, and the routes of the event queue (queue.ts).
import { badRequest } from '../core/errors.js';
import { deleteQueue, getEvents, openQueue } from './queue.js';
import { registerRealmSettings } from '../settings/organisation.js';
import type { Context, PublicContext, Route } from '../core/router.js';
import { realmDefaultsObject } from '../settings/realm-defaults.js';
import { userSettingsObject } from '../settings/settings-table.js';
import { userTopicsOf } from '../channels/user-topics.js';
import { serverVersion } from '../realm/shortcuts.js';
import { statusObject } from '../users/status.js';

function serverSettings(ctx: PublicContext) {
  return {
    ...(ctx.realm.flavor.announcesFeatureLevel ? { zulip_feature_level: ctx.realm.level.claimed } : {}),
    zulip_version: serverVersion(ctx.realm),
    zulip_merge_base: serverVersion(ctx.realm),
    push_notifications_enabled: false,
    is_incompatible: false,
    email_auth_enabled: ctx.realm.passwordLogin,
    require_email_format_usernames: true,
    realm_url: ctx.realm.url,
    realm_uri: ctx.realm.url,
    realm_name: ctx.realm.name,
    realm_icon: '',
    realm_description: '',
    realm_web_public_access_enabled: ctx.realm.enableSpectatorAccess,
    authentication_methods: { password: ctx.realm.passwordLogin, dev: false, email: false, ldap: false },
    external_authentication_methods: [],
  };
}

const REGISTER_PARAMS = [
  'apply_markdown',
  'client_gravatar',
  'include_subscribers',
  'slim_presence',
  'presence_history_limit_days',
  'event_types',
  'all_public_streams',
  'client_capabilities',
  'fetch_event_types',
  'narrow',
  'queue_lifespan_secs',
  'user_avatar_url_field_optional',
  'user_settings_object',
  'include_streams',
];

function validateRegisterParams(ctx: Context): void {
  const p = ctx.params;
  for (const name of [
    'apply_markdown',
    'client_gravatar',
    'slim_presence',
    'all_public_streams',
    'user_avatar_url_field_optional',
    'user_settings_object',
    'include_streams',
  ]) {
    p.optBool(name);
  }
  p.optJson('include_subscribers'); // a boolean or "partial"
  p.optInt('presence_history_limit_days');
  p.optInt('queue_lifespan_secs');
  p.optList('event_types');
  p.optList('fetch_event_types');
  p.optList('narrow');
  // Zulip: an object sent without notification_settings_null is refused (the key was made
  // required by accident and stays so); omitting client_capabilities altogether is fine.
  const capabilities = p.optDict('client_capabilities');
  if (capabilities && !('notification_settings_null' in capabilities)) {
    throw badRequest('client_capabilities["notification_settings_null"] field is missing: Field required');
  }
}

function register(ctx: Context) {
  validateRegisterParams(ctx);
  const queueId = openQueue(ctx);
  const { flavor } = ctx.realm;
  const body = zulipRegister(ctx, queueId);
  // The variant answers only the fields it names (flavor.ts registerFields).
  const only = flavor.registerFields;
  return only ? Object.fromEntries(Object.entries(body).filter(([name]) => only.includes(name))) : body;
}

function zulipRegister(ctx: Context, queueId: string) {
  const { flavor } = ctx.realm;
  const { limits } = flavor;
  return ctx.realm.level.fields('register', {
    queue_id: queueId,
    last_event_id: -1,
    zulip_feature_level: ctx.realm.level.claimed,
    zulip_version: serverVersion(ctx.realm),
    max_topic_length: limits.topic,
    max_message_length: limits.message,
    max_stream_name_length: limits.channelName,
    max_stream_description_length: limits.channelDescription,
    max_channel_folder_name_length: limits.folderName,
    max_channel_folder_description_length: limits.folderDescription,
    server_typing_started_expiry_period_milliseconds: flavor.typing.startedExpiry,
    server_typing_stopped_wait_period_milliseconds: flavor.typing.stoppedWait,
    server_typing_started_wait_period_milliseconds: flavor.typing.startedWait,
    realm_empty_topic_display_name: flavor.emptyTopicDisplayName,
    realm_enable_spectator_access: ctx.realm.enableSpectatorAccess,
    ...registerRealmSettings(ctx.realm),
    user_id: ctx.user.id,
    email: ctx.user.email,
    user_settings: userSettingsObject(ctx.realm, ctx.user),
    realm_user_settings_defaults: realmDefaultsObject(ctx.realm),
    user_topics: userTopicsOf(ctx.realm, ctx.user, ctx.params.optDict('client_capabilities')?.empty_topic_name === true),
    // Zulip's user_status: the users with a status, by id (an empty status is left out).
    user_status: Object.fromEntries(ctx.realm.users.flatMap((u) => (Object.keys(statusObject(u)).length ? [[String(u.id), statusObject(u)]] : []))),
  });
}

export const registerRoutes: Route[] = [
  { method: 'GET', path: '/server_settings', params: [], public: true, handle: serverSettings },
  { method: 'POST', path: '/register', params: REGISTER_PARAMS, handle: register },
  { method: 'GET', path: '/events', params: ['queue_id', 'last_event_id', 'dont_block'], handle: getEvents },
  { method: 'DELETE', path: '/events', params: ['queue_id'], handle: deleteQueue },
];
