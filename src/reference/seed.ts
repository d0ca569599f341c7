// The deterministic starting realm: every server start gets the same users, channels and
// messages; only the API keys differ.
import { randomBytes } from 'node:crypto';
import { ROLE, SYSTEM_GROUPS, emptyStatus, type Channel, type Message, type Realm, type User } from './model.js';

export const REALM_HOST = 'reference.test';
const SEED_TIME = 1_735_689_600; // 2025-01-01T00:00:00Z: fixed so answers are reproducible
const DAY = 86_400;

export function newApiKey(): string {
  return randomBytes(24).toString('base64url'); // 32 characters
}

function user(id: number, local: string, fullName: string, role: number, extra: Partial<User> = {}): User {
  return {
    id,
    email: `${local}@${REALM_HOST}`,
    fullName,
    role,
    isBot: false,
    botOwnerId: null,
    isActive: true,
    apiKey: newApiKey(),
    dateJoined: new Date((SEED_TIME + id * 60) * 1000).toISOString().replace('.000Z', '+00:00'), // Python's isoformat()
    presenceEnabled: true,
    status: emptyStatus(),
    ...extra,
  };
}

export const SEED_USER_IDS = {
  owner: 10,
  admin: 11,
  moderator: 12,
  member: 13,
  member2: 14,
  guest: 15,
  bot: 16,
  former: 17,
} as const;

function seedUsers(): User[] {
  const id = SEED_USER_IDS;
  return [
    user(id.owner, 'owner', 'Olivia Owner', ROLE.owner),
    user(id.admin, 'admin', 'Adam Admin', ROLE.admin),
    user(id.moderator, 'moderator', 'Mona Moderator', ROLE.moderator),
    user(id.member, 'member', 'Max Member', ROLE.member),
    user(id.member2, 'member2', 'Mia Member', ROLE.member),
    user(id.guest, 'guest', 'Gus Guest', ROLE.guest),
    user(id.bot, 'bot', 'Reference Bot', ROLE.member, { isBot: true, botOwnerId: id.member }),
    user(id.former, 'former', 'Fred Former', ROLE.member, { isActive: false }),
  ];
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
  const { owner, admin, member } = SEED_USER_IDS;
  const at = (n: number) => SEED_TIME + 10 * DAY + n * 60;
  const msg = (id: number, senderId: number, channelId: number, topic: string, content: string): Message => ({
    id, senderId, channelId, recipientIds: [], topic, content, timestamp: at(id),
  });
  return [
    msg(1, owner, 1, 'greetings', 'Welcome to the reference realm.'),
    msg(2, member, 1, 'greetings', 'Hello everyone!'),
    msg(3, member, 1, '', 'A message in the empty topic.'),
    msg(4, admin, 2, 'plans', 'First draft of the plans.'),
    msg(5, owner, 2, 'plans', 'Looks good.'),
  ];
}

export function createSeededRealm(): Realm {
  return {
    host: REALM_HOST,
    name: 'Reference realm',
    url: '',
    enableSpectatorAccess: true,
    users: seedUsers(),
    channels: seedChannels(),
    messages: seedMessages(),
    queues: new Map(),
    nextChannelId: 6,
    nextMessageId: 6,
  };
}
