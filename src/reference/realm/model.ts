// The in-memory state of one reference realm. Plain data; behaviour lives in the area modules.

import type { Flavor, IdKind } from './flavor.js';
import type { FeatureLevel } from '../core/levels.js';
import { ZULIP_SYSTEM_GROUPS } from './system-groups.js';
export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

/** System group ids, fixed so that group-setting values are predictable. */
/** Zulip's ids of the system groups (the zulip flavor's); the variant has its own (system-groups.ts). */
export const SYSTEM_GROUPS = ZULIP_SYSTEM_GROUPS;

/** A group-setting value: a group id, or an anonymous group of users and subgroups. */
export type GroupSetting = number | { direct_members: number[]; direct_subgroups: number[] };

export interface UserStatus {
  statusText: string;
  emojiName: string;
  emojiCode: string;
  reactionType: string;
}

export interface User {
  id: number;
  email: string;
  fullName: string;
  role: number;
  isBot: boolean;
  botOwnerId: number | null;
  isActive: boolean;
  apiKey: string;
  dateJoined: string;
  presenceEnabled: boolean;
  status: UserStatus;
  /** Typing settings (PATCH /settings): receive others' typing events, send one's own. */
  receivesTypingNotifications: boolean;
  sendPrivateTypingNotifications: boolean;
  sendStreamTypingNotifications: boolean;
  /** The other personal settings (settings/settings-table.ts lists them all). */
  settings: Record<string, boolean | number | string>;
  /** Custom profile field values, by field id. */
  profileData: Map<number, string>;
  /** Special permissions a server administrator grants outside the API. */
  canChangeUserEmails?: boolean;
  canCreateUsers?: boolean;
}

/** A personal topic preference (POST /user_topics); policy 0 is never stored. */
export interface UserTopic {
  userId: number;
  channelId: number;
  topic: string;
  visibilityPolicy: number;
  lastUpdated: number;
}

export interface ProfileField {
  id: number;
  name: string;
  type: number; // 1 short text, 2 long text
  order: number;
}

/** A mobile device registered for end-to-end encrypted push notifications. */
/** How the push relay answers for a device: only the seed makes anything but `ok`. */
export type RelayState = 'ok' | 'misconfigured' | 'unreachable' | 'failing';

export interface PushDevice {
  userId: number;
  pushAccountId: number;
  tokenKind: string;
  relay?: RelayState;
}

export interface Channel {
  id: number;
  name: string;
  description: string;
  dateCreated: number;
  creatorId: number | null;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  isArchived: boolean;
  isDefault: boolean;
  subscribers: Set<number>;
  canAdministerChannelGroup: GroupSetting;
  /** Set by PATCH /streams/{stream_id} (channels/update.ts); absent means Zulip's default. */
  folderId?: number | null;
  topicsPolicy?: TopicsPolicy;
  messageRetentionDays?: number | null;
  /** Other permission settings by API name, e.g. can_add_subscribers_group (channels/permission-settings.ts). */
  groupSettings: Record<string, GroupSetting>;
}

export type TopicsPolicy = 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

/** A user group; system groups carry no stored members (they follow the roles). */
export interface UserGroup {
  id: number;
  name: string;
  description: string;
  members: Set<number>;
  subgroups: Set<number>;
  isSystem: boolean;
  deactivated: boolean;
  creatorId: number | null;
  dateCreated: number | null;
  settings: Record<string, GroupSetting>;
}

export interface ChannelFolder {
  id: number;
  name: string;
  description: string;
  isArchived: boolean;
  order: number;
  creatorId: number;
  dateCreated: number;
}

export interface NavigationView {
  userId: number;
  fragment: string;
  isPinned: boolean;
  name: string | null;
}

export interface SavedSnippet {
  id: number;
  userId: number;
  title: string;
  content: string;
  dateCreated: number;
}

export interface Message {
  id: number;
  senderId: number;
  channelId: number | null; // null for a direct message
  recipientIds: number[]; // direct messages only
  topic: string;
  content: string;
  timestamp: number;
  /** Users with a copy of the message (Zulip's UserMessage rows): the sender and the recipients when it was sent. */
  holders: Set<number>;
  /** Users who have read it. */
  readBy: Set<number>;
}

export interface QueuedEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface EventQueue {
  userId: number;
  /** apply_markdown of the registration: message events carry rendered content (default true). */
  applyMarkdown: boolean;
  lastEventId: number;
  /** null: every type. */
  eventTypes: string[] | null;
  capabilities: Record<string, unknown>;
  events: QueuedEvent[];
  /** When a client last waited on the queue (or opened it), in ms: an idle queue expires. */
  lastConnection: number;
  /** How long it may stay idle (queue_lifespan_secs, else the flavor's default). */
  lifespanMs: number;
}

export interface Realm {
  host: string;
  /**
   * The reference server offers its shortcuts (realm/shortcuts.ts): it names itself "reference",
   * so a run may use the seeded realm, and lets a run age messages instead of waiting. Without
   * them a run judges it as any other server.
   */
  shortcuts: boolean;
  /**
   * Users may sign in with a password (POST /fetch_api_key); false: the organisation allows only
   * other methods, as GET /server_settings then says (authentication_methods.password).
   */
  passwordLogin: boolean;
  name: string;
  url: string; // known once the server listens
  enableSpectatorAccess: boolean;
  users: User[];
  channels: Channel[];
  messages: Message[];
  queues: Map<string, EventQueue>;
  userGroups: UserGroup[];
  channelFolders: ChannelFolder[];
  navigationViews: NavigationView[];
  savedSnippets: SavedSnippet[];
  /** Settings new users start with (PATCH /realm/user_settings_defaults). */
  userSettingsDefaults: Record<string, boolean | number | string>;
  userTopics: UserTopic[];
  profileFields: ProfileField[];
  pushDevices: PushDevice[];
  /** Custom emoji (POST /realm/emoji/{emoji_name}); deleted ones stay, deactivated. */
  realmEmoji: RealmEmoji[];
  /** Where the document leaves a choice open, what this realm chooses (flavor.ts). */
  flavor: Flavor;
  /** The feature level the server answers as, and what it has at that level (core/levels.ts). */
  level: FeatureLevel;
  /** How many ids of each kind the realm has handed out (flavor.ts allocate() turns them into ids). */
  issued: Record<IdKind, number>;
}

export function emptyStatus(): UserStatus {
  return { statusText: '', emojiName: '', emojiCode: '', reactionType: '' };
}

/** A custom emoji of the realm (Zulip's RealmEmoji): deleting one deactivates it. */
export interface RealmEmoji {
  id: string;
  name: string;
  deactivated: boolean;
  authorId: number | null;
}
