// Who the seeded realm's users are, by number: what the seed makes (../seed.ts), and what the
// server's own parts (the shortcuts, a message's access) ask of a seeded user without the seed.
import type { Realm } from './model.js';

/** The seeded users' addresses end in it (owner@reference.test). */
export const REALM_HOST = 'reference.test';

/** The seeded users' numbers; a flavor turns each into the user's id (flavor.ts seedId). */
export const SEED_USER_IDS = {
  owner: 10,
  admin: 11,
  moderator: 12,
  member: 13,
  member2: 14,
  guest: 15,
  bot: 16,
  former: 17,
  notificationBot: 18,
} as const;

/** A seeded user's id in a realm. */
export const seededUserId = (realm: Pick<Realm, 'flavor'>, user: keyof typeof SEED_USER_IDS): number => realm.flavor.seedId('user', SEED_USER_IDS[user]);
