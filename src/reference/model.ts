// The in-memory state of one reference realm. Plain data; behaviour lives in the area modules.

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

/** System group ids, fixed so that group-setting values are predictable. */
export const SYSTEM_GROUPS = {
  'role:internet': 1,
  'role:everyone': 2,
  'role:members': 3,
  'role:fullmembers': 4,
  'role:moderators': 5,
  'role:administrators': 6,
  'role:owners': 7,
  'role:nobody': 8,
} as const;

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
}

export interface Message {
  id: number;
  senderId: number;
  channelId: number | null; // null for a direct message
  recipientIds: number[]; // direct messages only
  topic: string;
  content: string;
  timestamp: number;
}

export interface EventQueue {
  userId: number;
  lastEventId: number;
}

export interface Realm {
  host: string;
  name: string;
  url: string; // known once the server listens
  enableSpectatorAccess: boolean;
  users: User[];
  channels: Channel[];
  messages: Message[];
  queues: Map<string, EventQueue>;
  nextChannelId: number;
  nextMessageId: number;
}

export function emptyStatus(): UserStatus {
  return { statusText: '', emojiName: '', emojiCode: '', reactionType: '' };
}
