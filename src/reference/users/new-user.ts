// A new human account, as Zulip makes one (seeded, or created through the API): its key, the
// date it joined in Zulip's form, and Zulip's defaults for a new user's settings.
import { randomBytes } from 'node:crypto';
import { emptyStatus, type User } from '../realm/model.js';
import { defaultSettings } from '../settings/settings-table.js';

export function newApiKey(): string {
  return randomBytes(24).toString('base64url'); // 32 characters
}

/** A date as Python's isoformat() writes it: seconds, and +00:00 for UTC. */
export const isoformatUtc = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** An active human account with Zulip's defaults for a new user (seeded or created through the API). */
export function newUser(id: number, email: string, fullName: string, role: number, dateJoined: Date): User {
  return {
    id,
    email,
    fullName,
    role,
    isBot: false,
    botOwnerId: null,
    isActive: true,
    apiKey: newApiKey(),
    dateJoined: isoformatUtc(dateJoined),
    presenceEnabled: true,
    status: emptyStatus(),
    receivesTypingNotifications: true,
    sendPrivateTypingNotifications: true,
    sendStreamTypingNotifications: true,
    settings: defaultSettings(),
    profileData: new Map(),
  };
}
