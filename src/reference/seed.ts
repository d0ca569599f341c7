// The deterministic starting realm: every server start gets the same users, channels,
// messages and push devices; only the API keys differ.
import { seedSystemGroups } from './realm/seed-groups.js';
import { FeatureLevel, NEWEST_FEATURE_LEVEL } from './core/levels.js';
import { LEVEL_TABLE } from './levels.js';
import { ZULIP, type Flavor } from './realm/flavor.js';
import { seedProfileFields } from './users/profile-fields.js';
import { defaultSettings } from './settings/settings-table.js';
import { seedRealmEmoji } from './users/emoji.js';
import { ROLE, SYSTEM_GROUPS, type Channel, type GroupSetting, type Message, type PushDevice, type Realm, type RelayState, type User } from './realm/model.js';
import { systemGroupName } from './realm/system-groups.js';
import { REALM_HOST, SEED_USER_IDS, seededUserId } from './realm/seed-ids.js';
import { newUser } from './users/new-user.js';
import { newChannelSettings } from './channels/permission-settings.js';

const SEED_TIME = 1_735_689_600; // 2025-01-01T00:00:00Z: fixed so answers are reproducible
const DAY = 86_400;

function user(id: number, local: string, fullName: string, role: number, extra: Partial<User> = {}): User {
  return { ...newUser(id, `${local}@${REALM_HOST}`, fullName, role, new Date((SEED_TIME + id * 60) * 1000)), ...extra };
}

function seedUsers(): User[] {
  const id = SEED_USER_IDS;
  return [
    // The owner holds the special permissions a server administrator grants outside the API.
    user(id.owner, 'owner', 'Olivia Owner', ROLE.owner, { canChangeUserEmails: true, canCreateUsers: true }),
    user(id.admin, 'admin', 'Adam Admin', ROLE.admin),
    user(id.moderator, 'moderator', 'Mona Moderator', ROLE.moderator),
    user(id.member, 'member', 'Max Member', ROLE.member),
    user(id.member2, 'member2', 'Mia Member', ROLE.member),
    user(id.guest, 'guest', 'Gus Guest', ROLE.guest),
    user(id.bot, 'bot', 'Reference Bot', ROLE.member, { isBot: true, botOwnerId: id.member }),
    user(id.former, 'former', 'Fred Former', ROLE.member, { isActive: false }),
    // Zulip's Notification Bot (a system bot there): the sender of move and resolve notices.
    user(id.notificationBot, 'notification-bot', 'Notification Bot', ROLE.member, { isBot: true }),
    ...crowdUsers(),
  ];
}

/** Members in no channel, enough for a channel of "many" subscribers (wildcard mentions, op1 rules 9-10). */
export const CROWD_SIZE = 11;
function crowdUsers(): User[] {
  return Array.from({ length: CROWD_SIZE }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return user(20 + i, `crowd${n}`, `Crowd Member ${n}`, ROLE.member);
  });
}

function channel(id: number, name: string, description: string, subscribers: number[], extra: Partial<Channel> = {}): Channel {
  return {
    id,
    name,
    description,
    dateCreated: SEED_TIME + id * DAY,
    creatorId: SEED_USER_IDS.owner,
    inviteOnly: false,
    isWebPublic: false,
    historyPublicToSubscribers: true,
    isArchived: false,
    isDefault: false,
    subscribers: new Set(subscribers),
    canAdministerChannelGroup: SYSTEM_GROUPS['role:nobody'],
    groupSettings: newChannelSettings(SYSTEM_GROUPS),
    ...extra,
  };
}

function seedChannels(): Channel[] {
  const { owner, admin, moderator, member, member2, guest } = SEED_USER_IDS;
  return [
    channel(1, 'general', 'Everyone is here. **Say hi!**', [owner, admin, moderator, member, member2], { isDefault: true }),
    channel(2, 'design', 'Sketches & <mockups>', [owner, admin]),
    channel(3, 'core team', 'Private planning', [owner, admin], { inviteOnly: true, historyPublicToSubscribers: false }),
    channel(4, 'announce', 'News for the world', [owner, guest], { isWebPublic: true }),
    // No recorded creator: exercises `creator_id: null`.
    channel(5, 'old-archive', 'Retired channel', [owner], { isArchived: true, creatorId: null }),
  ];
}

function seedMessages(): Message[] {
  const { owner, admin, member, member2 } = SEED_USER_IDS;
  const at = (n: number) => SEED_TIME + 10 * DAY + n * 60;
  // Every subscriber of the seeded channels holds the seeded messages, already read.
  const subscribers = new Map(seedChannels().map((c) => [c.id, c.subscribers]));
  // `formerly`: users who were subscribed when the message was sent and have left since (they keep
  // their copy, as Zulip keeps their UserMessage rows).
  const msg = (id: number, senderId: number, channelId: number, topic: string, content: string, formerly: number[] = []): Message => ({
    id,
    senderId,
    channelId,
    recipientIds: [],
    topic,
    content,
    timestamp: at(id),
    holders: new Set([senderId, ...subscribers.get(channelId)!, ...formerly]),
    readBy: new Set([senderId, ...subscribers.get(channelId)!, ...formerly]),
  });
  return [
    msg(1, owner, 1, 'greetings', 'Welcome to the reference realm.'),
    msg(2, member, 1, 'greetings', 'Hello everyone!'),
    msg(3, member, 1, '', 'A message in the empty topic.'),
    msg(4, admin, 2, 'plans', 'First draft of the plans.'),
    msg(5, owner, 2, 'plans', 'Looks good.'),
    // An old topic, past every default move and edit time limit (op1 rules 4 and 6).
    msg(6, member, 1, 'ancient history', 'Long ago.'),
    msg(7, member2, 1, 'ancient history', 'Very long ago.'),
    msg(8, member, 1, 'ancient history', 'Older than the limits.'),
    // A topic of many (16) participants, for topic wildcard mentions (op1 rule 10).
    ...[owner, admin, SEED_USER_IDS.moderator, member, member2, ...Array.from({ length: CROWD_SIZE }, (_, i) => 20 + i)].map((sender, i) =>
      msg(9 + i, sender, 1, 'town hall', `Present (${i + 1}).`),
    ),
    // An old topic of "core team" (private, protected history), past every default move limit:
    // two messages from before the member joined, two from while the member was subscribed
    // (the member has left since). Op 1 rule 8: the member, subscribed again, may access only
    // the latter two.
    msg(25, owner, 3, 'old plans', 'Before the member came.'),
    msg(26, admin, 3, 'old plans', 'Still before the member.'),
    msg(27, owner, 3, 'old plans', 'The member is here.', [member]),
    msg(28, admin, 3, 'old plans', 'The member is still here.', [member]),
  ];
}

/** The push account ids of the moderator's seeded devices, by the state of the relay behind each. */
export const SEEDED_PUSH_ACCOUNTS = { ok: 7001, misconfigured: 7002, unreachable: 7003, failing: 7004 } as const;

/** The owner's only seeded device, behind an unreachable relay: a test of all the owner's devices reaches it. */
export const SEEDED_OWNER_PUSH_ACCOUNT = 7005;

/** Devices of the moderator behind a working relay and behind one in each failing state; the owner's one. */
function seedPushDevices(): PushDevice[] {
  return [
    ...Object.entries(SEEDED_PUSH_ACCOUNTS).map(([relay, pushAccountId]): PushDevice => ({
      userId: SEED_USER_IDS.moderator,
      pushAccountId,
      tokenKind: 'fcm',
      relay: relay as RelayState,
    })),
    { userId: SEED_USER_IDS.owner, pushAccountId: SEEDED_OWNER_PUSH_ACCOUNT, tokenKind: 'apns', relay: 'unreachable' },
  ];
}

/**
 * `count` more users of a role (plain members, administrators or owners), as `serve
 * --extra-members N` (`--extra-admins`, `--extra-owners`) offers them to a run that spreads its
 * work (a server's rate limit counts each account apart): each in the channel everyone is in.
 * Their ids follow the realm's users; their emails are pool01@..., pool-admin01@...,
 * pool-owner01@....
 */
export function addPoolMembers(realm: Realm, count: number, role: 'member' | 'admin' | 'owner' = 'member'): User[] {
  const general = realm.channels.find((c) => c.isDefault);
  const added: User[] = [];
  const [prefix, title] = role === 'member' ? ['pool', 'Pool Member'] : [`pool-${role}`, `Pool ${role === 'admin' ? 'Administrator' : 'Owner'}`];
  for (let i = 1; i <= count; i += 1) {
    const n = String(i).padStart(2, '0');
    const id = Math.max(...realm.users.map((u) => u.id)) + 1;
    const user = { ...newUser(id, `${prefix}${n}@${REALM_HOST}`, `${title} ${n}`, ROLE[role], new Date(SEED_TIME * 1000)), apiKey: realm.flavor.apiKey() };
    realm.users.push(user);
    general?.subscribers.add(id);
    added.push(user);
  }
  return added;
}

/**
 * The seeded realm of a flavor: the same users and data; the variant's user, channel, message and
 * system group ids its own. The seed above is written in Zulip's numbering (the numbers of the
 * users, channels and messages, Zulip's system group ids); this turns it into the flavor's.
 */
export function createSeededRealm(flavor: Flavor = ZULIP, featureLevel = NEWEST_FEATURE_LEVEL): Realm {
  const userId = (n: number) => flavor.seedId('user', n);
  const users = (ids: Iterable<number>) => new Set([...ids].map(userId));
  const group = (value: GroupSetting): GroupSetting => {
    const name = systemGroupName(value);
    return name ? flavor.systemGroupIds[name] : value;
  };
  const channels = seedChannels().map((c) => ({
    ...c,
    id: flavor.seedId('channel', c.id),
    creatorId: c.creatorId === null ? null : userId(c.creatorId),
    subscribers: users(c.subscribers),
    canAdministerChannelGroup: group(c.canAdministerChannelGroup),
    groupSettings: Object.fromEntries(Object.entries(c.groupSettings).map(([name, value]) => [name, group(value)])),
  }));
  const messages = seedMessages().map((m) => ({
    ...m,
    id: flavor.seedId('message', m.id),
    senderId: userId(m.senderId),
    channelId: m.channelId === null ? null : flavor.seedId('channel', m.channelId),
    recipientIds: m.recipientIds.map(userId),
    holders: users(m.holders),
    readBy: users(m.readBy),
  }));
  return {
    host: REALM_HOST,
    shortcuts: true,
    passwordLogin: true,
    name: 'Reference realm',
    url: '',
    enableSpectatorAccess: true,
    users: seedUsers().map((u) => ({ ...u, id: userId(u.id), botOwnerId: u.botOwnerId === null ? null : userId(u.botOwnerId), apiKey: flavor.apiKey() })),
    channels,
    messages,
    queues: new Map(),
    userGroups: seedSystemGroups(flavor.systemGroupIds),
    channelFolders: [],
    navigationViews: [],
    savedSnippets: [],
    userSettingsDefaults: defaultSettings(),
    userTopics: [],
    profileFields: seedProfileFields(),
    pushDevices: seedPushDevices().map((d) => ({ ...d, userId: userId(d.userId) })),
    realmEmoji: seedRealmEmoji(),
    flavor,
    level: new FeatureLevel(featureLevel, LEVEL_TABLE),
    issued: { ...flavor.seedIssued },
  };
}

/**
 * The realm as a new organisation has it: its owner (and Notification Bot, the server's own) and
 * no other account; the seeded channels keep only them, the messages only theirs. What a run
 * needs, `setup` makes through the API (`serve --no-seed-accounts`).
 */
export function keepOnlyOwner(realm: Realm): void {
  const keep = new Set([seededUserId(realm, 'owner'), seededUserId(realm, 'notificationBot')]);
  const kept = (ids: Set<number>) => new Set([...ids].filter((id) => keep.has(id)));
  realm.users = realm.users.filter((u) => keep.has(u.id));
  for (const channel of realm.channels) channel.subscribers = kept(channel.subscribers);
  realm.messages = realm.messages
    .filter((m) => keep.has(m.senderId))
    .map((m) => ({ ...m, recipientIds: m.recipientIds.filter((id) => keep.has(id)), holders: kept(m.holders), readBy: kept(m.readBy) }));
  realm.pushDevices = realm.pushDevices.filter((d) => keep.has(d.userId));
}
