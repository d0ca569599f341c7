// Where the API document leaves a choice open, what this realm chooses. `zulip` chooses what the
// Zulip server does (specs/zulip-facts.yaml): the reference realm, which passes both profiles.
// `variant` obeys every statement of the document and chooses differently everywhere else, so a
// spec-profile case that assumes one of Zulip's choices fails against it: it is how the project
// proves it raises no false alarms, as the mutants prove it catches bugs. Every difference of the
// variant is in this file (VARIANT below), for a reader to scan.
import { randomBytes } from 'node:crypto';
import type { ApiError } from '../core/errors.js';
import { VARIANT_SYSTEM_GROUPS, ZULIP_SYSTEM_GROUPS, type SystemGroupIds } from './system-groups.js';

export type FlavorName = 'zulip' | 'variant';

export interface Limits {
  topic: number;
  message: number;
  channelName: number;
  channelDescription: number;
  folderName: number;
  folderDescription: number;
}

/**
 * What a flavor reads of a channel (model.ts's Channel has it all): declared here, as the model
 * itself names the Flavor, so that neither module imports the other round a loop.
 */
export interface ChannelView {
  id: number;
  name: string;
  description: string;
  isWebPublic: boolean;
  inviteOnly: boolean;
  historyPublicToSubscribers: boolean;
}

export type IdKind = 'channel' | 'message' | 'record';

/** Organisation settings the document names but does not fix (operation 1, rule 4; Limits). */
export interface OrganisationDefaults {
  messageContentEditLimitSeconds: number | null;
  moveMessagesWithinStreamLimitSeconds: number | null;
  moveMessagesBetweenStreamsLimitSeconds: number | null;
  /** System group names (role:...) of the permission settings. */
  canResolveTopicsGroup: string;
  canMoveMessagesBetweenChannelsGroup: string;
  canMoveMessagesBetweenTopicsGroup: string;
  canMentionManyUsersGroup: string;
}

export interface Flavor {
  name: FlavorName;
  /** The `max_*` limits POST /register advertises and every operation enforces. */
  limits: Limits;
  /** Over-long topics and contents of PATCH /messages: truncated (Zulip), or refused. */
  truncatesOverLongEdits: boolean;
  /** `realm_empty_topic_display_name`. */
  emptyTopicDisplayName: string;
  /** The typing periods of POST /register, in milliseconds. */
  typing: { startedExpiry: number; stoppedWait: number; startedWait: number };
  /** The HTTP status of an error answer ("HTTP status codes of error responses: not shown"). */
  errorStatus(error: ApiError): number;
  /** The `msg` of an error answer (the document gives no texts). */
  errorMessage(error: ApiError): string;
  /** A field a later server version adds: on every success body and every resource object in it. */
  extraField: { name: string; value: unknown } | null;
  /** The n-th id (0-based) of a kind the realm hands out; messages' ids must increase. */
  id(kind: IdKind, n: number): number;
  /** The id of a seeded user, channel or message, from its number in seed.ts. */
  seedId(kind: 'user' | 'channel' | 'message', number: number): number;
  /** The ids of the system groups (role:everyone, ...): the document gives none. */
  systemGroupIds: SystemGroupIds;
  /** How many ids of each kind the seed used up. */
  seedIssued: Record<IdKind, number>;
  /** How many messages one batch of a topic deletion removes (operation 14: "in batches"). */
  deleteTopicBatchSize: number;
  /**
   * How many batches one delete_topic request gets through before it "times out" and answers
   * `complete: false` (operation 14: the client should repeat the request); Infinity: never.
   */
  deleteTopicBatchesPerRequest: number;
  /**
   * An update object whose `old` is not the current value ("not shown"): refused (Zulip's
   * EXPECTATION_MISMATCH), or applied as if `old` were not there.
   */
  oldMismatch: 'refuse' | 'apply';
  /** Which of the visibility policies 2 and 3 is unmuted and which followed ("not shown"). */
  visibilityPolicies: { unmuted: number; followed: number };
  /**
   * Whether GET /server_settings tells its feature level ("How a client learns the server's
   * current feature level: not shown"); without it a client judges the newest level it knows.
   */
  announcesFeatureLevel: boolean;
  /** A new API key ("How API keys are issued ...: not shown"). */
  apiKey(): string;
  /** The order of GET /streams (the document gives none). */
  compareChannels(a: ChannelView, b: ChannelView): number;
  /** The notice a new channel gets (Zulip posts one; the document allows it); null: none. */
  newChannelNotice: { topic: string; content(channel: ChannelView, creator: { fullName: string; id: number }): string } | null;
  organisation: OrganisationDefaults;
  /**
   * Seconds past an edit or move time limit that are still within it (the document states no
   * grace; Zulip allows 20, fact zulip.edit.time-limit-grace).
   */
  editLimitGraceSeconds: number;
  /** How long GET /events holds an empty queue's request before a heartbeat (the event queue is not shown). */
  heartbeatMs: number;
  /** How long an event queue lives without a client waiting on it before it is dropped (queue_lifespan_secs 0). */
  queueIdleMs: number;
  // --- typing and topics (operations 3, 14, 16, 17)
  /**
   * POST /mark_topic_as_read for a topic in which the caller has no message: the document is
   * silent; Zulip refuses it ("No such topic"), the variant marks nothing and succeeds.
   */
  refusesMarkingUnknownTopic: boolean;
  /**
   * POST /mark_topic_as_read of the empty topic (topic_name "" or the display name): Zulip drops
   * its topic filter for an empty name and marks the whole channel read; the variant marks the
   * empty topic only.
   */
  emptyTopicMarksWholeChannel: boolean;
  // --- status, push and the common conventions (operations 13 and 21, Authentication, Errors) ---
  /** The order of ignored_parameters_unsupported (the document gives none; Zulip sorts it). */
  ignoredParamsOrder: 'sorted' | 'reverse-sorted';
  /**
   * A success that ignored nothing: without ignored_parameters_unsupported (Zulip), or with it
   * empty (the document includes it "whenever" a parameter was unsupported, and says no more).
   */
  ignoredParamsWhenNone: 'absent' | 'empty';
  /**
   * The answer to missing or invalid credentials ("not shown"): its status, a WWW-Authenticate:
   * Basic challenge or not, and either the JSON error envelope with a code or a page that is no
   * JSON at all (what a front proxy answers).
   */
  credentialsRefusal: { status: number; challenge: boolean } & ({ code: string } | { page: { contentType: string; text: string } });
  /**
   * The fields of POST /register's answer (the document names only the limits, the empty topic's
   * display name and the typing periods): null, every field Zulip sends; else only these.
   */
  registerFields: readonly string[] | null;
  /** The HTTP statuses of operation 21's push relay errors (the document gives none). */
  pushRelayStatus: { adminActionRequired: number; bouncerUnreachable: number; bouncerFailing: number };
  // --- messages (operations 1 and 15) ---
  /** "Many" of op 1 rules 9 and 10: a wildcard mention reaching more subscribers or participants than this is refused (not shown). */
  wildcardMentionThreshold: number;
  /**
   * Whether the topic "✔ " + realm_empty_topic_display_name counts as marking the empty topic
   * resolved (rule 3). Zulip refuses it; under the document it is an ordinary topic name (only a
   * topic parameter equal to the display name means the empty topic).
   */
  resolvedDisplayNameIsEmptyTopic: boolean;
  /** Put before the text of the automated messages a move or resolve posts (op 1: their texts are not given). */
  noticePrefix: string;
  /**
   * How a channel's move groups (can_move_messages_within_channel_group and
   * can_move_messages_out_of_channel_group, "who may move messages within / out of the channel")
   * meet the organisation's settings that "govern" moving (op 1 rule 4); the document does not
   * say. `union`: either grants (Zulip, which also lets the channel's can_resolve_topics_group
   * grant resolving). `channel-first`: a channel group that names anyone decides alone for its
   * channel, one of role:nobody leaves it to the organisation; resolving is the organisation's
   * (the document's channel object has no resolve group).
   */
  channelMovePermission: 'union' | 'channel-first';
  // Channels (operations 4 and 20).
  /**
   * Where the document and the Zulip server disagree about channels (the disputed clauses of
   * operations 4 and 20), follow the document: include_default adds the default channels, guests
   * get public channels, include_all_active needs an administrator, is_archived=true unarchives,
   * message_retention_days is plain text and any administrator's, channel administrators are
   * refused, refusals are UNAUTHORIZED_PRINCIPAL.
   */
  channelsFollowDocument: boolean;
}

/** How Zulip's creation notice names a channel's privacy. */
const privacyLabel = (c: ChannelView) =>
  c.isWebPublic ? 'Web-public' : !c.inviteOnly ? 'Public' : c.historyPublicToSubscribers ? 'Private, shared history' : 'Private, protected history';

const byName = (a: ChannelView, b: ChannelView) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** How many messages seed.ts numbers (1 to this): the ids handed out after the seed start above. */
const SEEDED_MESSAGES = 28;

export const ZULIP: Flavor = {
  name: 'zulip',
  limits: { topic: 60, message: 10000, channelName: 60, channelDescription: 1024, folderName: 60, folderDescription: 1024 },
  truncatesOverLongEdits: true,
  emptyTopicDisplayName: 'general chat',
  typing: { startedExpiry: 45000, stoppedWait: 12000, startedWait: 30000 },
  errorStatus: (error) => error.status,
  errorMessage: (error) => error.message,
  extraField: null,
  // Small, sequential ids after the seeded ones (seed.ts numbers its own).
  id: (kind, n) => ({ channel: 6, message: SEEDED_MESSAGES + 1, record: 100 })[kind] + n,
  seedId: (_kind, number) => number,
  systemGroupIds: ZULIP_SYSTEM_GROUPS,
  seedIssued: { channel: 0, message: 0, record: 0 },
  // Zulip deletes 100 at a time (zerver/lib/retention.py STREAM_MESSAGE_BATCH_SIZE); the
  // batch-order case sends 101 messages to see two batches.
  deleteTopicBatchSize: 100,
  // Zulip's request has a time budget no test topic comes near: it completes in one request.
  deleteTopicBatchesPerRequest: Infinity,
  announcesFeatureLevel: true,
  // Zulip's generate_api_key: 32 characters of base64url.
  apiKey: () => randomBytes(24).toString('base64url'),
  // zerver/models/user_topics.py UserTopic.VisibilityPolicy (fact zulip.user-topics.policy-values).
  visibilityPolicies: { unmuted: 2, followed: 3 },
  // PreviousSettingValueMismatchedError (facts zulip.channel.old-mismatch, zulip.groups.old-mismatch).
  oldMismatch: 'refuse',
  compareChannels: byName,
  // Zulip: zerver/views/streams.py send_messages_for_new_subscribers (fact zulip.channel.creation-notice).
  newChannelNotice: {
    topic: 'channel events',
    content: (channel, creator) =>
      `**${privacyLabel(channel)}** channel created by @_**${creator.fullName}|${creator.id}**. **Description:**\n\`\`\` quote\n${channel.description || '*No description.*'}\n\`\`\``,
  },
  organisation: {
    messageContentEditLimitSeconds: 600,
    moveMessagesWithinStreamLimitSeconds: 7 * 86_400,
    moveMessagesBetweenStreamsLimitSeconds: 7 * 86_400,
    canResolveTopicsGroup: 'role:everyone',
    canMoveMessagesBetweenChannelsGroup: 'role:members',
    canMoveMessagesBetweenTopicsGroup: 'role:everyone',
    canMentionManyUsersGroup: 'role:administrators',
  },
  // zerver/actions/message_edit.py: edit_limit_buffer = 20, message_move_limit_buffer = 20.
  editLimitGraceSeconds: 20,
  // Zulip: 45 s plus up to 10 s (zerver/tornado/event_queue.py HEARTBEAT_MIN_FREQ_SECS).
  heartbeatMs: 45_000,
  // Zulip: DEFAULT_EVENT_QUEUE_TIMEOUT_SECS, ten minutes (fact zulip.events.queue.idle-expiry).
  queueIdleMs: 600_000,
  // --- typing and topics (operations 3, 14, 16, 17)
  refusesMarkingUnknownTopic: true,
  emptyTopicMarksWholeChannel: true,
  // status, push and the common conventions: Zulip's choices (zulip.conv.ignored-params-sorted-success-only,
  // zulip.auth.invalid-basic-401, zulip.push.e2ee-test-error-codes)
  ignoredParamsOrder: 'sorted',
  ignoredParamsWhenNone: 'absent',
  credentialsRefusal: { status: 401, code: 'UNAUTHORIZED', challenge: true },
  registerFields: null,
  pushRelayStatus: { adminActionRequired: 403, bouncerUnreachable: 502, bouncerFailing: 502 },
  // messages: Realm.WILDCARD_MENTION_THRESHOLD (fact zulip.edit.wildcard-mention-threshold);
  // "✔ general chat" refused (fact zulip.edit.general-chat-not-resolvable).
  wildcardMentionThreshold: 15,
  resolvedDisplayNameIsEmptyTopic: true,
  noticePrefix: '',
  // zerver/lib/message.py can_move_messages_within_channel / can_resolve_topics (fact zulip.edit.move-and-resolve-permissions).
  channelMovePermission: 'union',
  // Channels (operations 4 and 20).
  channelsFollowDocument: false,
};

/** The variant's kind of an error, for its status and text: the document names only codes. */
function kindOf(error: ApiError): 'permission' | 'not-found' | 'invalid' | 'other' {
  if (error.status !== 400) return 'other';
  if (error.code === 'UNAUTHORIZED_PRINCIPAL') return 'permission';
  if (/permission|not authorized|must be|not allowed|cannot (administer|edit|move|delete)|only .* may|access is required/i.test(error.message))
    return 'permission';
  if (/^invalid .*\bid\b|^no such|not found|does not exist|^invalid message/i.test(error.message)) return 'not-found';
  return 'invalid';
}

const VARIANT_STATUS = { permission: 403, 'not-found': 404, invalid: 422 } as const;

// Large and spread out; message ids still increase, as "messages are displayed sorted by ID".
function VARIANT_ID(kind: IdKind, n: number): number {
  if (kind === 'message') return 7_000_000_000 + n * 1_009 + ((n * 7_919) % 1_000);
  if (kind === 'channel') return 2_000_000 + ((n * 7_919) % 99_991) * 13;
  return 5_000_000 + ((n * 104_729) % 999_983) * 3;
}

const VARIANT_REGISTER_FIELDS = [
  // named by the document
  'max_topic_length',
  'max_message_length',
  'max_stream_name_length',
  'max_stream_description_length',
  'max_channel_folder_name_length',
  'max_channel_folder_description_length',
  'realm_empty_topic_display_name',
  'server_typing_started_wait_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_expiry_period_milliseconds',
  // the event queue (zulip profile)
  'queue_id',
  'last_event_id',
  // organisation settings the exclusive files change and restore
  'realm_allow_message_editing',
  'realm_can_add_subscribers_group',
  'realm_can_delete_any_message_group',
  'realm_can_delete_own_message_group',
  'realm_can_move_messages_between_channels_group',
  'realm_can_move_messages_between_topics_group',
  'realm_can_resolve_topics_group',
  'realm_enable_spectator_access',
  'realm_message_content_edit_limit_seconds',
  'realm_message_edit_history_visibility_policy',
  'realm_move_messages_between_streams_limit_seconds',
  'realm_move_messages_within_stream_limit_seconds',
  'realm_topics_policy',
  // what the wildcard cases assume of the organisation
  'realm_can_mention_many_users_group',
  // what the settings and topic cases read back
  'user_settings',
  'realm_user_settings_defaults',
  'user_topics',
] as const;

export const VARIANT: Flavor = {
  name: 'variant',
  limits: { topic: 40, message: 5000, channelName: 30, channelDescription: 500, folderName: 40, folderDescription: 500 },
  truncatesOverLongEdits: false,
  emptyTopicDisplayName: '(unnamed topic)',
  typing: { startedExpiry: 20000, stoppedWait: 4000, startedWait: 9000 },
  errorStatus: (error) => {
    const kind = kindOf(error);
    return kind === 'other' ? error.status : VARIANT_STATUS[kind];
  },
  // The document gives one text: UNAUTHORIZED_PRINCIPAL's "must be an organization administrator".
  errorMessage: (error) =>
    error.code === 'UNAUTHORIZED_PRINCIPAL'
      ? 'Refused: the caller must be an organization administrator.'
      : `Refused by the variant realm (${kindOf(error)}): ${error.code}`,
  extraField: { name: 'variant_extension', value: { since: 999 } },
  id: (kind, n) => VARIANT_ID(kind, n),
  // Seeded messages take the first message ids; seeded channels numbers no created one reaches;
  // users large and spread out, apart from every other id (a created user takes the next one up).
  seedId: (kind, number) =>
    kind === 'message' ? VARIANT_ID('message', number - 1) : kind === 'channel' ? VARIANT_ID('channel', 50_000 + number) : 1_200_000 + number * 4_099,
  systemGroupIds: VARIANT_SYSTEM_GROUPS,
  seedIssued: { channel: 0, message: SEEDED_MESSAGES, record: 0 },
  // One message a batch, one batch a request: the first request of any topic of two messages or
  // more answers complete: false, and the client repeats it.
  deleteTopicBatchSize: 1,
  deleteTopicBatchesPerRequest: 1,
  announcesFeatureLevel: false,
  apiKey: () => `vk.${randomBytes(30).toString('hex')}`,
  visibilityPolicies: { unmuted: 3, followed: 2 },
  oldMismatch: 'apply',
  compareChannels: (a, b) => b.id - a.id,
  newChannelNotice: {
    topic: 'welcome',
    content: (channel, creator) => `${creator.fullName} opened #${channel.name}.`,
  },
  organisation: {
    messageContentEditLimitSeconds: 3_600,
    moveMessagesWithinStreamLimitSeconds: 2 * 86_400,
    moveMessagesBetweenStreamsLimitSeconds: 86_400,
    canResolveTopicsGroup: 'role:members',
    canMoveMessagesBetweenChannelsGroup: 'role:moderators',
    canMoveMessagesBetweenTopicsGroup: 'role:moderators',
    canMentionManyUsersGroup: 'role:moderators',
  },
  editLimitGraceSeconds: 0,
  heartbeatMs: 20_000,
  queueIdleMs: 300_000,
  // --- typing and topics (operations 3, 14, 16, 17)
  refusesMarkingUnknownTopic: false,
  emptyTopicMarksWholeChannel: false,
  // status, push and the common conventions
  ignoredParamsOrder: 'reverse-sorted',
  ignoredParamsWhenNone: 'empty',
  // A front proxy's answer: a 401 page in HTML, no envelope, no challenge.
  credentialsRefusal: {
    status: 401,
    challenge: false,
    page: {
      contentType: 'text/html; charset=utf-8',
      text: '<html><head><title>401 Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>\n',
    },
  },
  // Only what the suite reads: the document's fields, the queue, and what the cases read back
  // (the organisation settings they restore, the user's settings and topic policies under zulip).
  // A case that comes to rely on another field fails here until it is named.
  registerFields: VARIANT_REGISTER_FIELDS,
  pushRelayStatus: { adminActionRequired: 409, bouncerUnreachable: 503, bouncerFailing: 504 },
  // messages: "many" is more than 20 (no seeded channel or topic reaches it), and
  // "✔ (unnamed topic)" is an ordinary topic; the move and resolve notices read differently.
  wildcardMentionThreshold: 20,
  resolvedDisplayNameIsEmptyTopic: false,
  noticePrefix: 'Moderation note: ',
  channelMovePermission: 'channel-first',
  // Channels (operations 4 and 20).
  channelsFollowDocument: true,
};

export const FLAVORS: Record<FlavorName, Flavor> = { zulip: ZULIP, variant: VARIANT };

/** The next id of a kind, from the realm's counter of that kind. */
export function allocate(realm: { flavor: Flavor; issued: Record<IdKind, number> }, kind: IdKind): number {
  return realm.flavor.id(kind, realm.issued[kind]++);
}

/** Adds the flavor's extra field to a body and to every resource object in it, except where the document says "only". */
export function withExtraField(body: Record<string, unknown>, flavor: Flavor): Record<string, unknown> {
  const extra = flavor.extraField;
  if (!extra) return body;
  const visit = (value: unknown, key: string | null): unknown => {
    if (Array.isArray(value)) return key === 'message_history' ? value : value.map((v) => visit(v, null));
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>);
    // A group-setting value's object form has exactly two fields ("An object with two fields").
    if (entries.length === 2 && 'direct_members' in value && 'direct_subgroups' in value) return value;
    return { ...Object.fromEntries(entries.map(([k, v]) => [k, visit(v, k)])), [extra.name]: extra.value };
  };
  return visit(body, null) as Record<string, unknown>;
}
