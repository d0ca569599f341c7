// A reference server that serves run after run keeps what the runs archived, but only the newest
// RETIRED_KEPT of each kind (forgetting the rest once RETIRED_SLACK more have piled up): an older archived channel is forgotten with its messages and the
// topic preferences in it, an older deactivated group (unless an active group still names it as
// a subgroup) and an older archived folder likewise. What the seed made is never forgotten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { createSeededRealm } from '../../src/reference/seed.js';
import { RETIRED_KEPT, RETIRED_SLACK, retire } from '../../src/reference/realm/retention.js';
import type { Channel, ChannelFolder, Realm, UserGroup } from '../../src/reference/realm/model.js';
import { call, expectSuccess } from './helpers.js';

/** One more than the bound lets pile up: the last of them makes the oldest go. */
const OVER = RETIRED_KEPT + RETIRED_SLACK + 1;

function channel(realm: Realm, id: number): Channel {
  const c = { ...realm.channels[0], id, name: `c${id}`, isArchived: true, subscribers: new Set<number>() };
  realm.channels.push(c);
  realm.messages.push({ ...realm.messages[0], id: id * 10, channelId: id });
  realm.userTopics.push({ userId: 13, channelId: id, topic: 't', visibilityPolicy: 1, lastUpdated: 0 });
  return c;
}
function group(realm: Realm, id: number, subgroups: number[] = []): UserGroup {
  const g: UserGroup = { ...realm.userGroups[0], id, name: `g${id}`, isSystem: false, deactivated: true, members: new Set(), subgroups: new Set(subgroups) };
  realm.userGroups.push(g);
  return g;
}
function folder(realm: Realm, id: number): ChannelFolder {
  const f: ChannelFolder = { id, name: `f${id}`, description: '', isArchived: true, order: id, creatorId: 10, dateCreated: 0 };
  realm.channelFolders.push(f);
  return f;
}

describe('reference server: what runs archive is kept, the newest of it', () => {
  it('past the bound, the channels archived longest ago go, with their messages and topic preferences; the seed stays', () => {
    const realm = createSeededRealm();
    const seeded = realm.channels.map((c) => c.id);
    const seededMessages = realm.messages.length;
    const made = Array.from({ length: OVER }, (_, i) => channel(realm, 100_000 + i));
    // Archived in another order than made: the first made is archived last, so it stays.
    for (const c of [...made.slice(1), made[0]]) retire(realm, c);
    const left = new Set(realm.channels.map((c) => c.id));
    expect(seeded.every((id) => left.has(id))).toBe(true);
    expect(made.filter((c) => left.has(c.id)).length).toBe(RETIRED_KEPT);
    expect(left.has(made[0].id)).toBe(true);
    expect(left.has(made[1].id)).toBe(false);
    expect(realm.messages.length).toBe(seededMessages + RETIRED_KEPT);
    expect(realm.messages.some((m) => m.channelId === made[1].id)).toBe(false);
    expect(realm.userTopics.map((t) => t.channelId).sort()).toEqual(
      made
        .filter((c) => left.has(c.id))
        .map((c) => c.id)
        .sort(),
    );
  });

  it('nothing is forgotten below the bound, nor what was unarchived since', () => {
    const realm = createSeededRealm();
    const made = Array.from({ length: RETIRED_KEPT + RETIRED_SLACK }, (_, i) => channel(realm, 100_000 + i));
    for (const c of made) retire(realm, c);
    expect(realm.channels.filter((c) => c.id >= 100_000).length).toBe(RETIRED_KEPT + RETIRED_SLACK);
    // One unarchived: two more archived make one more than the bound allows.
    made[0].isArchived = false;
    for (const c of Array.from({ length: 2 }, (_, i) => channel(realm, 200_000 + i))) retire(realm, c);
    const left = new Set(realm.channels.map((c) => c.id));
    expect(left.has(made[0].id)).toBe(true);
    expect(left.has(made[1].id)).toBe(false);
  });

  it('a deactivated group an active group names as a subgroup stays; old archived folders go', () => {
    const realm = createSeededRealm();
    const groups = Array.from({ length: OVER }, (_, i) => group(realm, 100_000 + i));
    const named = groups[0];
    const active = group(realm, 99_999, [named.id]);
    active.deactivated = false;
    for (const g of groups) retire(realm, g);
    const leftGroups = new Set(realm.userGroups.map((g) => g.id));
    expect(leftGroups.has(named.id)).toBe(true);
    expect(leftGroups.has(groups[1].id)).toBe(false);
    expect(realm.userGroups.some((g) => g.isSystem && g.id === 1)).toBe(true);
    const folders = Array.from({ length: OVER }, (_, i) => folder(realm, i + 1));
    for (const f of folders) retire(realm, f);
    expect(realm.channelFolders.length).toBe(RETIRED_KEPT);
    expect(realm.channelFolders[0].id).toBe(OVER - RETIRED_KEPT + 1);
  });
});

describe('reference server: archiving through the API counts', () => {
  let s: ReferenceServer;
  beforeAll(async () => {
    s = await startReferenceServer({ channelNotices: false });
  });
  afterAll(() => s.close());

  it('the channels archived with DELETE /streams/{id} longest ago are gone from GET /streams; the seeded archived one stays', async () => {
    const names = Array.from({ length: OVER }, (_, i) => `kept ${i}`);
    expectSuccess(
      await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts.owner, form: { subscriptions: JSON.stringify(names.map((name) => ({ name }))) } }),
    );
    const listed = async () =>
      (await call(s, 'GET', '/streams', { as: s.accounts.owner, query: { include_all: 'true', exclude_archived: 'false' } })).body.streams as {
        stream_id: number;
        name: string;
      }[];
    const ids = new Map((await listed()).map((c) => [c.name, c.stream_id]));
    for (const name of names) expectSuccess(await call(s, 'DELETE', `/streams/${ids.get(name)}`, { as: s.accounts.owner }));
    const after = new Set((await listed()).map((c) => c.name));
    expect(names.filter((n) => after.has(n)).length).toBe(RETIRED_KEPT);
    expect(after.has(names[0])).toBe(false);
    expect(after.has(names.at(-1)!)).toBe(true);
    expect(after.has('old-archive')).toBe(true);
  });
});
