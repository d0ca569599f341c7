// GET /server_settings, POST /register, and the routes of the event queue (events.ts).
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from './channel-create.js';
import { deleteQueue, getEvents, openQueue } from './events.js';
import { EMPTY_TOPIC_DISPLAY_NAME, MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from './messages.js';
import { registerRealmSettings } from './realm-settings.js';
import type { Context, PublicContext, Route } from './router.js';
import { realmDefaultsObject } from './realm-defaults.js';
import { userSettingsObject } from './user-settings.js';
import { userTopicsOf } from './user-topics.js';

export const FEATURE_LEVEL = 420;

function serverSettings(ctx: PublicContext) {
  return {
    zulip_feature_level: FEATURE_LEVEL,
    zulip_version: 'reference',
    zulip_merge_base: 'reference',
    push_notifications_enabled: false,
    is_incompatible: false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
    realm_url: ctx.realm.url,
    realm_uri: ctx.realm.url,
    realm_name: ctx.realm.name,
    realm_icon: '',
    realm_description: '',
    realm_web_public_access_enabled: ctx.realm.enableSpectatorAccess,
    authentication_methods: { password: true, dev: false, email: false, ldap: false },
    external_authentication_methods: [],
  };
}

const REGISTER_PARAMS = [
  'apply_markdown', 'client_gravatar', 'include_subscribers', 'slim_presence', 'presence_history_limit_days',
  'event_types', 'all_public_streams', 'client_capabilities', 'fetch_event_types', 'narrow',
  'queue_lifespan_secs', 'user_avatar_url_field_optional', 'user_settings_object', 'include_streams',
];

function validateRegisterParams(ctx: Context): void {
  const p = ctx.params;
  for (const name of ['apply_markdown', 'client_gravatar', 'slim_presence', 'all_public_streams',
    'user_avatar_url_field_optional', 'user_settings_object', 'include_streams']) {
    p.optBool(name);
  }
  p.optJson('include_subscribers'); // a boolean or "partial"
  p.optInt('presence_history_limit_days');
  p.optInt('queue_lifespan_secs');
  p.optList('event_types');
  p.optList('fetch_event_types');
  p.optList('narrow');
  p.optDict('client_capabilities');
}

function register(ctx: Context) {
  validateRegisterParams(ctx);
  const queueId = openQueue(ctx);
  return {
    queue_id: queueId,
    last_event_id: -1,
    zulip_feature_level: FEATURE_LEVEL,
    zulip_version: 'reference',
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
    max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
    max_channel_folder_name_length: 60,
    max_channel_folder_description_length: 1024,
    server_typing_started_expiry_period_milliseconds: 45000,
    server_typing_stopped_wait_period_milliseconds: 12000,
    server_typing_started_wait_period_milliseconds: 30000,
    realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
    realm_enable_spectator_access: ctx.realm.enableSpectatorAccess,
    ...registerRealmSettings(ctx.realm),
    user_id: ctx.user.id,
    email: ctx.user.email,
    user_settings: userSettingsObject(ctx.user),
    realm_user_settings_defaults: realmDefaultsObject(ctx.realm),
    user_topics: userTopicsOf(ctx.realm, ctx.user, ctx.params.optDict('client_capabilities')?.empty_topic_name === true),
  };
}

export const registerRoutes: Route[] = [
  { method: 'GET', path: '/server_settings', params: [], public: true, handle: serverSettings },
  { method: 'POST', path: '/register', params: REGISTER_PARAMS, handle: register },
  { method: 'GET', path: '/events', params: ['queue_id', 'last_event_id', 'dont_block'], handle: getEvents },
  { method: 'DELETE', path: '/events', params: ['queue_id'], handle: deleteQueue },
];
