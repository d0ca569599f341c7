// The unit kind's timestamp check: values against the run's clock, in the unit the document gives.
import { describe, expect, it } from 'vitest';
import { CLOCK_SLACK_MS, placesOf, slotsOf, timestampFindings } from '../../src/engine/judge/timestamps.js';
import type { TimestampCheck } from '../../src/engine/load/statement-kinds.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const STARTED = NOW - 60_000;
const clock = { startedAt: STARTED, now: NOW };
const seconds = (ms: number) => Math.floor(ms / 1000);
const made = (kind: string, key: string) => (kind === 'channel' && key === 'ours') || (kind === 'message' && key === '7');

const channels: TimestampCheck = {
  clause: 'res.channel.date_created',
  scale: 'seconds',
  operation: 'GET /streams',
  path: 'streams[*].date_created',
  madeBy: { kind: 'channel', field: 'name' },
};
const history: TimestampCheck = {
  clause: 'res.snapshot.timestamp',
  scale: 'milliseconds',
  operation: 'GET /messages/{message_id}/history',
  path: 'message_history[*].timestamp',
  madeBy: { kind: 'message', slot: 'message_id' },
};

describe('placesOf', () => {
  it('reaches every value of a path with the object holding it and its concrete path', () => {
    const body = { list: [{ a: 1 }, { b: 2 }, { a: 3 }] };
    expect(placesOf(body, 'list[*].a')).toEqual([
      { value: 1, holder: { a: 1 }, at: 'list[0].a' },
      { value: 3, holder: { a: 3 }, at: 'list[2].a' },
    ]);
    expect(placesOf(body, 'list[1]')).toEqual([{ value: { b: 2 }, holder: body.list, at: 'list[1]' }]);
    expect(placesOf(body, 'list[5]')).toEqual([]);
    expect(placesOf(body, 'list.a')).toEqual([]);
    expect(placesOf({ x: { y: 0 } }, 'x.y')).toEqual([{ value: 0, holder: { y: 0 }, at: 'x.y' }]);
  });

  it('a key reaches into objects only: not a string, a list or null', () => {
    expect(placesOf({ a: 'text' }, 'a.length')).toEqual([]);
    expect(placesOf({ a: [1] }, 'a.length')).toEqual([]);
    expect(placesOf({ a: null }, 'a.b')).toEqual([]);
  });

  it('filters: the first element whose field equals, or every one with [*?]', () => {
    const body = { list: [{ k: 'a', v: 1 }, { k: 'b', v: 2 }, { k: 'a', v: 3 }, 'text'] };
    expect(placesOf(body, 'list[?k=a].v').map((p) => [p.at, p.value])).toEqual([['list[0].v', 1]]);
    expect(placesOf(body, 'list[*?k=a].v').map((p) => [p.at, p.value])).toEqual([
      ['list[0].v', 1],
      ['list[2].v', 3],
    ]);
    expect(placesOf({ list: 'no list' }, 'list[*]')).toEqual([]);
  });
});

describe('slotsOf', () => {
  it("fills an operation's {slots} from a concrete path, decoded, ignoring the query", () => {
    expect(slotsOf('GET /messages/{message_id}/history', '/messages/7/history?x=1')).toEqual({ message_id: '7' });
    expect(slotsOf('PATCH /users/{email}', '/users/a%40b.c')).toEqual({ email: 'a@b.c' });
    expect(slotsOf('GET /streams', '/streams')).toEqual({});
    expect(slotsOf('GET /a/{x}/b', '/a')).toEqual({});
    expect(slotsOf('GET /a/x{id}/{id2}x', '/a/x1/2x')).toEqual({});
  });
});

describe('timestampFindings', () => {
  it('a channel the run made, created now in seconds, passes; in milliseconds it lies ahead of now', () => {
    const body = (at: number) => ({ streams: [{ name: 'ours', date_created: at }] });
    expect(timestampFindings(body(seconds(NOW)), '/streams', [channels], clock, made)).toEqual([]);
    const [finding] = timestampFindings(body(NOW), '/streams', [channels], clock, made);
    const latest = seconds(NOW + CLOCK_SLACK_MS);
    expect(finding).toEqual({
      clause: 'res.channel.date_created',
      clauses: ['res.channel.date_created'],
      check: 'unit',
      path: 'streams[0].date_created',
      expected: `UNIX time in seconds, not after now (at most ${latest})`,
      actual: `${NOW} (in seconds: +057972-07-09T00:00:00Z), ahead of now`,
      message: `streams[0].date_created: expected UNIX time in seconds, not after now (at most ${latest}), got ${NOW} (in seconds: +057972-07-09T00:00:00Z), ahead of now`,
    });
    expect(timestampFindings(body(1e20), '/streams', [channels], clock, made)[0].actual).toBe('100000000000000000000 (in seconds: no date), ahead of now');
  });

  it('the bounds are the run start less the slack and now plus the slack, both kept', () => {
    const body = (at: number) => ({ streams: [{ name: 'ours', date_created: at }] });
    const earliest = seconds(STARTED - CLOCK_SLACK_MS);
    const latest = seconds(NOW + CLOCK_SLACK_MS);
    expect(timestampFindings(body(earliest), '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings(body(latest), '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings(body(latest + 1), '/streams', [channels], clock, made)).toHaveLength(1);
    const [early] = timestampFindings(body(earliest - 1), '/streams', [channels], clock, made);
    expect(early.expected).toBe(`UNIX time in seconds within minutes of this run, which caused it (at least ${earliest})`);
    expect(early.actual).toBe(`${earliest - 1} (in seconds: ${new Date((earliest - 1) * 1000).toISOString().replace('.000Z', 'Z')}), before the run began`);
  });

  it('the slack is minutes: four past now pass, six do not; six before the run began do not either', () => {
    const body = (at: number) => ({ streams: [{ name: 'ours', date_created: at }] });
    expect(timestampFindings(body(seconds(NOW + 4 * 60_000)), '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings(body(seconds(NOW + 6 * 60_000)), '/streams', [channels], clock, made)).toHaveLength(1);
    expect(timestampFindings(body(seconds(STARTED - 4 * 60_000)), '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings(body(seconds(STARTED - 6 * 60_000)), '/streams', [channels], clock, made)).toHaveLength(1);
  });

  it('a value that is no number is left to the schema', () => {
    const body = (at: unknown) => ({ streams: [{ name: 'ours', date_created: at }] });
    expect(timestampFindings(body(true), '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings(body(null), '/streams', [channels], clock, made)).toEqual([]);
  });

  it('a value the run did not cause may be old, never ahead of now', () => {
    const old = { streams: [{ name: 'seeded', date_created: 1_000_000_000 }] };
    expect(timestampFindings(old, '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings({ streams: [{ name: 'seeded', date_created: NOW }] }, '/streams', [channels], clock, made)).toHaveLength(1);
    // hours off (local time for UTC) only shows on what the run caused
    const local = seconds(STARTED) - 3 * 3600;
    expect(timestampFindings({ streams: [{ name: 'seeded', date_created: local }] }, '/streams', [channels], clock, made)).toEqual([]);
    expect(timestampFindings({ streams: [{ name: 'ours', date_created: local }] }, '/streams', [channels], clock, made)).toHaveLength(1);
  });

  it('a slot names what the whole answer is about: a message the run made, in milliseconds', () => {
    const body = (at: number) => ({ message_history: [{ timestamp: at }] });
    expect(timestampFindings(body(NOW), '/messages/7/history', [history], clock, made)).toEqual([]);
    const [seconds1970] = timestampFindings(body(seconds(NOW)), '/messages/7/history', [history], clock, made);
    expect(seconds1970.path).toBe('message_history[0].timestamp');
    expect(seconds1970.actual).toBe(`${seconds(NOW)} (in milliseconds: 1970-01-21T10:54:28Z), before the run began`);
    // the same answer about a message the run did not make
    expect(timestampFindings(body(seconds(NOW)), '/messages/8/history', [history], clock, made)).toEqual([]);
  });

  it('judges numbers only, and every check given', () => {
    const body = { streams: [{ name: 'ours', date_created: 'soon' }], message_history: [{ timestamp: NOW * 1000 }] };
    const found = timestampFindings(body, '/messages/7/history', [channels, history], clock, made);
    expect(found.map((f) => f.clause)).toEqual(['res.snapshot.timestamp']);
    expect(timestampFindings(body, '/streams', [], clock, made)).toEqual([]);
    expect(timestampFindings({ streams: [{ date_created: NOW }] }, '/streams', [{ ...channels, madeBy: undefined }], clock, made)).toHaveLength(1);
  });
});
