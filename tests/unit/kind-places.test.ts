// The generic checks past a success answer's own fields: timestamps in the events a case picked,
// and the values of an enumeration wherever answers and events carry them.
import { describe, expect, it } from 'vitest';
import { answerValueFindings, eventTimestampFindings, eventValueFindings, isPicked } from '../../src/engine/judge/kind-places.js';
import { pickedEvents } from '../../src/engine/judge/events-judge.js';
import { eventKindFindings } from '../../src/engine/run/kind-events.js';
import { kindContext } from '../../src/engine/run/kind-context.js';
import { kindChecksOf, kindProblems } from '../../src/engine/load/statement-kinds.js';
import { valueChecksOf, type ValueCheck } from '../../src/engine/load/set-members.js';
import { CLOCK_SLACK_MS } from '../../src/engine/judge/timestamps.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const clock = { startedAt: NOW - 60_000, now: NOW };
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('isPicked', () => {
  it('picks an event by its type, op and the values at the paths of where', () => {
    const event = { type: 'realm', op: 'update', property: 'x', data: { y: 1 } };
    expect(isPicked(event, { type: 'realm' })).toBe(true);
    expect(isPicked(event, { type: 'realm', op: 'update', where: { property: 'x', 'data.y': 1 } })).toBe(true);
    expect(isPicked(event, { type: 'realm', op: 'update_dict' })).toBe(false);
    expect(isPicked(event, { type: 'stream' })).toBe(false);
    expect(isPicked(event, { type: 'realm', where: { 'data.y': 2 } })).toBe(false);
    expect(isPicked(null, { type: 'realm' })).toBe(false);
    expect(isPicked('realm', { type: 'realm' })).toBe(false);
  });
});

describe('eventTimestampFindings', () => {
  const check = { clause: 'res.channel.date_created', scale: 'seconds' as const, event: { type: 'stream', op: 'create' }, path: 'streams[*].date_created' };
  const create = (date: number) => ({ type: 'stream', op: 'create', streams: [{ date_created: date }] });

  it('a timestamp of the run, in its unit, passes; one in milliseconds lies ahead, one from long before the run is no event of it', () => {
    expect(eventTimestampFindings([{ event: create(seconds(NOW)), at: 0 }], [check], clock)).toEqual([]);
    expect(eventTimestampFindings([{ event: create(seconds(clock.startedAt - CLOCK_SLACK_MS)), at: 0 }], [check], clock)).toEqual([]);
    const [ahead] = eventTimestampFindings([{ event: create(NOW), at: 3 }], [check], clock);
    expect(ahead).toMatchObject({
      clause: 'res.channel.date_created',
      clauses: ['res.channel.date_created'],
      check: 'unit',
      path: 'events[3].streams[0].date_created',
    });
    expect(ahead.actual).toBe(`${NOW}, ahead of now`);
    const [old] = eventTimestampFindings([{ event: create(seconds(NOW) - 86_400), at: 0 }], [check], clock);
    expect(old.actual).toBe(`${seconds(NOW) - 86_400}, before the run began`);
    expect(old.message).toBe(`events[0].streams[0].date_created: expected ${old.expected}, got ${old.actual}`);
  });

  it('judges only the events its place picks, and only numbers', () => {
    expect(eventTimestampFindings([{ event: { type: 'stream', op: 'update', streams: [{ date_created: NOW }] }, at: 0 }], [check], clock)).toEqual([]);
    expect(eventTimestampFindings([{ event: create('soon' as unknown as number), at: 0 }], [check], clock)).toEqual([]);
  });

  it('milliseconds are judged in milliseconds', () => {
    const ms = { ...check, scale: 'milliseconds' as const };
    expect(eventTimestampFindings([{ event: create(NOW), at: 0 }], [ms], clock)).toEqual([]);
    expect(eventTimestampFindings([{ event: create(seconds(NOW)), at: 0 }], [ms], clock)).toHaveLength(1);
  });
});

describe('the values of an enumeration', () => {
  const inAnswers: ValueCheck = {
    clause: 'res.channel.topics_policy',
    members: ['inherit', 'allow_empty_topic'],
    place: { operation: 'GET /streams', path: 'streams[*].topics_policy' },
  };
  const inEvents: ValueCheck = {
    clause: 'op2.param.color-scheme',
    members: ['1', '2', '3'],
    place: { event: { type: 'user_settings', where: { property: 'color_scheme' } }, path: 'value', facts: ['zulip.settings'] },
  };

  it('a value that is no member fails naming the clause; members, null and absence pass', () => {
    const body = { streams: [{ topics_policy: 'inherit' }, { topics_policy: 'sometimes' }, { topics_policy: null }, {}] };
    expect(answerValueFindings(body, [inAnswers])).toEqual([
      {
        clause: 'res.channel.topics_policy',
        clauses: ['res.channel.topics_policy'],
        check: 'values',
        path: 'streams[1].topics_policy',
        expected: 'one of inherit, allow_empty_topic',
        actual: '"sometimes"',
        message: 'streams[1].topics_policy: expected one of inherit, allow_empty_topic, got "sometimes"',
      },
    ]);
  });

  it('numbers are members by their text; an object never is', () => {
    expect(answerValueFindings({ value: 2 }, [{ ...inEvents, place: { operation: 'X', path: 'value' } }])).toEqual([]);
    expect(answerValueFindings({ value: { n: 2 } }, [{ ...inEvents, place: { operation: 'X', path: 'value' } }])[0].actual).toBe('{"n":2}');
  });

  it("in events, only those its place picks, as the zulip profile's check resting on the place's facts", () => {
    const events = [
      { event: { type: 'user_settings', property: 'color_scheme', value: 9 }, at: 4 },
      { event: { type: 'user_settings', property: 'emojiset', value: 9 }, at: 5 },
    ];
    expect(eventValueFindings(events, [inEvents])).toEqual([
      {
        clause: 'op2.param.color-scheme',
        clauses: ['op2.param.color-scheme'],
        check: 'values',
        path: 'events[4].value',
        expected: 'one of 1, 2, 3',
        actual: '9',
        message: 'events[4].value: expected one of 1, 2, 3, got 9',
        profile: 'zulip',
        facts: ['zulip.settings'],
      },
    ]);
    expect(eventValueFindings(events, [inAnswers])).toEqual([]);
  });

  it('the catalog gives one check per place of a clause of values', () => {
    const clauses = [
      { id: 'v', endpoint: 'X', members: { of: 'value' as const, parameter: 'p', names: [1, 'b'], at: [inAnswers.place, inEvents.place] } },
      { id: 'f', endpoint: 'X', members: { of: 'field' as const, names: ['a', 'b'], at: [inAnswers.place] } },
    ];
    expect(valueChecksOf(clauses)).toEqual([
      { clause: 'v', members: ['1', 'b'], place: inAnswers.place },
      { clause: 'v', members: ['1', 'b'], place: inEvents.place },
    ]);
  });
});

describe('the checks on the events a step picked', () => {
  it('an events step picks the events its expectations name, wherever they came in the list', () => {
    const events = [
      { type: 'realm', op: 'update', property: 'a' },
      { type: 'stream', op: 'create' },
      { type: 'realm', op: 'update', property: 'b' },
    ];
    const spec = { queue: 'q', expect: [{ type: 'realm', where: { property: 'b' } }, { type: 'stream' }] };
    expect(pickedEvents(events, spec)).toEqual([
      { event: events[1], at: 1 },
      { event: events[2], at: 2 },
    ]);
    expect(pickedEvents(events, { queue: 'q' })).toEqual([]);
  });

  it("are the zulip profile's, resting on the place's facts or else the case's; none without the catalog's kinds", () => {
    const clauses = [
      {
        id: 't',
        endpoint: 'X',
        kind: 'unit' as const,
        unit: { of: 'timestamp' as const, scale: 'seconds' as const, at: [{ event: { type: 'stream' }, path: 'date' }] },
      },
      {
        id: 'v',
        endpoint: 'X',
        members: { of: 'value' as const, parameter: 'p', names: ['a'], at: [{ event: { type: 'stream' }, path: 'kind', facts: ['zulip.kind'] }] },
      },
    ];
    const kinds = kindContext(kindChecksOf(clauses, {}), Date.now(), () => false);
    const events = [{ type: 'stream', date: Date.now(), kind: 'b' }];
    const spec = { queue: 'q', expect: [{ type: 'stream' }] };
    const found = eventKindFindings(events, spec, kinds, ['zulip.case']);
    expect(found.map((f) => [f.clause, f.check, f.profile, f.facts])).toEqual([
      ['t', 'unit', 'zulip', ['zulip.case']],
      ['v', 'values', 'zulip', ['zulip.kind']],
    ]);
    expect(eventKindFindings(events, spec, undefined, [])).toEqual([]);
  });

  it('the kinds give the answers of an operation its value checks, and no event checks without places in events', () => {
    const clauses = [
      { id: 'v', endpoint: 'X', members: { of: 'value' as const, parameter: 'p', names: ['a'], at: [{ operation: 'GET /things', path: 'p' }] } },
    ];
    const kinds = kindContext(kindChecksOf(clauses, {}), 0, () => false);
    expect(kinds.values('GET /things').map((v) => v.clause)).toEqual(['v']);
    expect(kinds.operationOf('GET', '/things')).toBe('GET /things');
    expect(kinds.eventValues).toEqual([]);
    expect(kinds.eventTimestamps).toEqual([]);
  });
});

describe('a unit place in an event', () => {
  it('needs no madeBy (the events a case picks are its own), and makes no answer check', () => {
    const clause = {
      id: 't',
      endpoint: 'GET /things',
      kind: 'unit' as const,
      unit: { of: 'timestamp' as const, scale: 'seconds' as const, at: [{ event: { type: 'stream' }, path: 'date', madeBy: { kind: 'thing', field: 'id' } }] },
    };
    expect(kindProblems([clause], {}, new Set(['thing']), new Set())).toEqual(['t: a place in an event needs no madeBy (the events a case picks are its own)']);
    const checks = kindChecksOf([clause], {});
    expect(checks.timestamps).toEqual([]);
    expect(checks.eventTimestamps).toEqual([{ event: { type: 'stream' }, path: 'date', clause: 't', scale: 'seconds' }]);
  });
});
