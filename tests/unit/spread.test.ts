// Spreading plain-member work (src/runner/spread.ts): files and properties marked anyMembers are
// cast over every plain member, the heaviest first, each part to the least loaded account.
import { describe, expect, it } from 'vitest';
import { castUnits, expectedRequests, extrasFor, partsOf, POOL_PARTS, poolsOf } from '../../src/runner/spread.js';
import { loadSpecFile } from '../../src/engine/load/load.js';

describe('castUnits', () => {
  it('gives the heaviest unit the least loaded accounts, its two parts always two accounts, the same every time', () => {
    const units = [
      { key: 'a', load: { member: 50, member2: 10 } },
      { key: 'b', load: { member: 40, member2: 0 } },
      { key: 'c', load: { member: 5, member2: 30 } },
    ];
    const pool = ['member', 'member2', 'extra1', 'extra2'];
    // The files that are not cast keep the member busy already.
    const casts = castUnits(units, pool, { member: 100 });
    expect(Object.fromEntries(casts)).toEqual({
      a: { member: 'member2', member2: 'extra1' },
      b: { member: 'extra2', member2: 'extra1' },
      c: { member2: 'extra1', member: 'extra2' },
    });
    expect(castUnits([...units].reverse(), pool, { member: 100 })).toEqual(casts);
  });

  it("casts an administrator's or an owner's part over its own pool alone, one account a unit", () => {
    const units = [
      { key: 'a', load: { admin: 60 } },
      { key: 'b', load: { admin: 30 } },
      { key: 'c', load: { admin: 25 } },
    ];
    const casts = castUnits(units, ['admin', 'extra-admin1'], { admin: 40 }, POOL_PARTS.admin);
    expect(Object.fromEntries(casts)).toEqual({ a: { admin: 'extra-admin1' }, b: { admin: 'admin' }, c: { admin: 'extra-admin1' } });
    expect(partsOf({ owner: 7, admin: 3, member: 1 }, 'owner')).toEqual({ owner: 7 });
    expect(poolsOf({ anyMembers: true, anyOwners: true })).toEqual(['member', 'owner']);
  });

  it('casts what the pool allows when it is too small for both parts', () => {
    expect(castUnits([{ key: 'a', load: { member: 1, member2: 1 } }], ['member'])).toEqual(new Map([['a', { member: 'member' }]]));
  });
});

describe('expectedRequests', () => {
  it('counts a step a request, an event queue two (it is deleted after), and skips under spec what only the zulip profile sends', () => {
    const spec = loadSpecFile(
      '/tmp/spread.yaml',
      `operation: GET /streams
title: Get all channels
anyMembers: true
fixtures:
  - { as: owner, request: { method: GET, path: /streams } }
cases:
  - id: op20.spread-a
    title: lists channels
    clauses: [op20.success-body]
    steps:
      - queue: { name: q, eventTypes: [stream] }
      - request: { method: GET, path: /streams }
        expect: { result: success }
      - { as: member2, request: { method: GET, path: /streams }, expect: { zulip: { status: 200 } } }
      - events: { queue: q, expect: [] }
  - id: op20.spread-b
    title: lists channels (zulip)
    clauses: [op20.success-body]
    profile: zulip
    facts: [zulip.errors.http-400-default]
    steps:
      - request: { method: GET, path: /streams }
        expect: { result: success }
`,
    );
    expect(spec.anyMembers).toBe(true);
    expect(expectedRequests(spec, 'spec')).toEqual({ owner: 1, member: 4 });
    expect(expectedRequests(spec, 'zulip')).toEqual({ owner: 1, member: 5, member2: 1 });
    expect(partsOf({ owner: 1, member: 4 })).toEqual({ member: 4, member2: 0 });
  });
});

describe('extrasFor', () => {
  it("sizes each pool so that no account of it sends more than a window's worth: for Zulip's 200, eight members, four administrators, three owners; none without a limit", () => {
    const limits = [null, { requests: 200 }, { requests: 1000 }, { requests: 5000 }, { requests: 10 }];
    expect(limits.map((l) => extrasFor(l, 'member'))).toEqual([0, 8, 0, 0, 20]);
    expect(limits.map((l) => extrasFor(l, 'admin'))).toEqual([0, 4, 0, 0, 20]);
    expect(limits.map((l) => extrasFor(l, 'owner'))).toEqual([0, 3, 0, 0, 20]);
  });
});
