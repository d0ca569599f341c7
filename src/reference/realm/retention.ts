// What runs archive stays readable (archived channels in GET /streams, deactivated groups,
// archived folders), but not forever. A reference server that serves run after run all day
// would otherwise hold every channel every run made, with its messages, and walk them on every
// request: its memory and its answers would grow with each run. The Zulip server keeps them in
// its database; this server keeps the newest RETIRED_KEPT of each kind (by when they were
// archived) and forgets older ones, a channel with what hangs on it (its messages, with their
// edit histories, and the topic preferences in it). Only what was archived through the API is
// ever forgotten: the seeded realm stays as it is.
import type { Channel, ChannelFolder, Realm, UserGroup } from './model.js';

/** Enough for several runs at once to read back what they archived themselves. */
export const RETIRED_KEPT = 300;
/** Forgetting waits for this many more, so that it happens once in a while, not on every archive. */
export const RETIRED_SLACK = 50;

const retiredAt = new WeakMap<Channel | UserGroup | ChannelFolder, number>();
const sequence = new WeakMap<Realm, number>();

/** Archived now: counted among the retired, the oldest of which are forgotten. */
export function retire(realm: Realm, thing: Channel | UserGroup | ChannelFolder): void {
  const next = (sequence.get(realm) ?? 0) + 1;
  sequence.set(realm, next);
  retiredAt.set(thing, next);
  forgetOldest(realm);
}

/** The retired things of a list, still retired (not unarchived since), oldest first, beyond the kept number. */
function beyondKept<T extends Channel | UserGroup | ChannelFolder>(list: T[], stillRetired: (t: T) => boolean): Set<T> {
  const retired = list.filter((t) => retiredAt.has(t) && stillRetired(t));
  if (retired.length <= RETIRED_KEPT + RETIRED_SLACK) return new Set();
  retired.sort((a, b) => retiredAt.get(a)! - retiredAt.get(b)!);
  return new Set(retired.slice(0, retired.length - RETIRED_KEPT));
}

export function forgetOldest(realm: Realm): void {
  const channels = beyondKept(realm.channels, (c) => c.isArchived);
  if (channels.size) {
    const ids = new Set([...channels].map((c) => c.id));
    realm.channels = realm.channels.filter((c) => !channels.has(c));
    realm.messages = realm.messages.filter((m) => m.channelId === null || !ids.has(m.channelId));
    realm.userTopics = realm.userTopics.filter((t) => !ids.has(t.channelId));
  }
  const groups = beyondKept(realm.userGroups, (g) => g.deactivated);
  // A group another (active) group still names as a subgroup stays, so no list names a group that is gone.
  const named = new Set(realm.userGroups.filter((g) => !groups.has(g)).flatMap((g) => [...g.subgroups]));
  for (const old of groups) if (named.has(old.id)) groups.delete(old);
  if (groups.size) realm.userGroups = realm.userGroups.filter((g) => !groups.has(g));
  const folders = beyondKept(realm.channelFolders, (f) => f.isArchived);
  if (folders.size) realm.channelFolders = realm.channelFolders.filter((f) => !folders.has(f));
}
