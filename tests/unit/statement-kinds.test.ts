// The statement kinds' data: what each kind's generic check takes from a clause of the catalog,
// and what the loader refuses in it.
import { describe, expect, it } from 'vitest';
import { kindChecksOf, kindProblems, type KindedClause } from '../../src/engine/load/statement-kinds.js';

const DOCUMENTED = { 'GET /things': ['a', 'b'], 'PATCH /things/{thing_id}': ['thing_id', 'name', 'colour'] };

describe('kindChecksOf', () => {
  it('a timestamp becomes one check per place, with its clause and scale; a quantity none', () => {
    const clauses: KindedClause[] = [
      {
        id: 't',
        endpoint: 'GET /things',
        kind: 'unit',
        unit: { of: 'timestamp', scale: 'milliseconds', at: [{ operation: 'GET /things', path: 'things[*].at', madeBy: { kind: 'thing', field: 'name' } }] },
      },
      { id: 'q', endpoint: 'GET /things', kind: 'unit', unit: { of: 'quantity', scale: 'bytes', at: [{ operation: 'GET /things', path: 'size' }] } },
    ];
    expect(kindChecksOf(clauses, DOCUMENTED)).toEqual({
      timestamps: [{ operation: 'GET /things', path: 'things[*].at', madeBy: { kind: 'thing', field: 'name' }, clause: 't', scale: 'milliseconds' }],
      optional: [],
      defaults: [],
      notAffected: [],
    });
  });

  it('"all" optional parameters are the documented ones less the path slots; named ones stay as named', () => {
    const clauses: KindedClause[] = [
      { id: 'all', endpoint: 'PATCH /things/{thing_id}', kind: 'optional', parameters: 'all' },
      { id: 'one', endpoint: 'GET /things', kind: 'optional', parameters: ['b'] },
      { id: 'none', endpoint: 'GET /nothing', kind: 'optional', parameters: 'all' },
    ];
    expect(kindChecksOf(clauses, DOCUMENTED).optional).toEqual([
      { clause: 'all', operation: 'PATCH /things/{thing_id}', parameters: ['name', 'colour'] },
      { clause: 'one', operation: 'GET /things', parameters: ['b'] },
      { clause: 'none', operation: 'GET /nothing', parameters: [] },
    ]);
  });

  it("a parameter's default is a default check and makes it optional; a setting's starting value is neither", () => {
    const clauses: KindedClause[] = [
      { id: 'd', endpoint: 'GET /things', kind: 'default', default: { parameter: 'a', value: false } },
      { id: 's', endpoint: 'GET /things', kind: 'default', default: { parameter: 'b', value: true, of: 'setting' } },
    ];
    const checks = kindChecksOf(clauses, DOCUMENTED);
    expect(checks.defaults).toEqual([{ clause: 'd', operation: 'GET /things', parameter: 'a', value: false }]);
    expect(checks.optional).toEqual([{ clause: 'd', operation: 'GET /things', parameters: ['a'] }]);
  });

  it("a not-affected clause's check carries its read and the operation's parameters (less the path slots)", () => {
    const readBack = { request: { method: 'GET', path: '/r' }, value: 'x.{parameter}', accounts: 'every' as const, parameters: 'passed' as const };
    const checks = kindChecksOf([{ id: 'n', endpoint: 'PATCH /things/{thing_id}', kind: 'not-affected', readBack }], DOCUMENTED);
    expect(checks.notAffected).toEqual([{ clause: 'n', operation: 'PATCH /things/{thing_id}', readBack, parameters: ['name', 'colour'] }]);
  });
});

describe('kindProblems', () => {
  const problems = (c: KindedClause) => kindProblems([c], DOCUMENTED, new Set(['thing']), new Set(['zulip.known']));

  it('names an optional or defaulted parameter the spec files do not list', () => {
    expect(problems({ id: 'o', endpoint: 'GET /things', parameters: ['c'] })).toEqual(['o: "c" is not a parameter the spec files of GET /things list']);
    expect(problems({ id: 'd', endpoint: 'GET /things', default: { parameter: 'z', value: 1 } })).toEqual([
      'd: "z" is not a parameter the spec files of GET /things list',
    ]);
    expect(problems({ id: 'd', endpoint: 'GET /things', default: { parameter: 'z', value: 1, of: 'setting' } })).toEqual([]);
    expect(problems({ id: 'a', endpoint: 'GET /nothing', parameters: 'all' })).toEqual([
      'a: parameters: all, but no spec file of GET /nothing lists its parameters',
    ]);
    expect(problems({ id: 'ok', endpoint: 'GET /things', parameters: ['a', 'b'] })).toEqual([]);
    expect(problems({ id: 'x', endpoint: 'GET /nothing', parameters: ['a'] })).toEqual(['x: "a" is not a parameter the spec files of GET /nothing list']);
  });

  it('names a timestamp in another scale, an undeclared created kind, a madeBy with neither or both, a slot not in the path', () => {
    const unit = (scale: 'days' | 'seconds', madeBy?: { kind: string; field?: string; slot?: string }): KindedClause => ({
      id: 'u',
      endpoint: 'GET /things',
      unit: { of: 'timestamp', scale, at: [{ operation: 'GET /things/{thing_id}', path: 'at', ...(madeBy ? { madeBy } : {}) }] },
    });
    expect(problems(unit('days'))).toEqual(['u: a timestamp is in seconds or milliseconds, not days']);
    expect(problems(unit('seconds', { kind: 'other', field: 'name' }))).toEqual(['u: madeBy kind "other" is not declared in created-resources.yaml']);
    expect(problems(unit('seconds', { kind: 'thing' }))).toEqual(['u: madeBy needs exactly one of field and slot']);
    expect(problems(unit('seconds', { kind: 'thing', field: 'a', slot: 'thing_id' }))).toEqual(['u: madeBy needs exactly one of field and slot']);
    expect(problems(unit('seconds', { kind: 'thing', slot: 'other_id' }))).toEqual(['u: madeBy slot {other_id} is not in GET /things/{thing_id}']);
    expect(problems(unit('seconds', { kind: 'thing', slot: 'thing_id' }))).toEqual([]);
    const ms: KindedClause = {
      id: 'm',
      endpoint: 'GET /things',
      unit: { of: 'timestamp', scale: 'milliseconds', at: [{ operation: 'GET /things', path: 'at' }] },
    };
    expect(problems(ms)).toEqual([]);
    expect(problems({ id: 'q', endpoint: 'GET /things', unit: { of: 'quantity', scale: 'days', at: [{ operation: 'GET /things', path: 'n' }] } })).toEqual([]);
  });

  it('names an unknown fact of a read-back and a value path without {parameter}', () => {
    const readBack = (value: string, facts?: string[]) => ({
      id: 'n',
      endpoint: 'GET /things',
      readBack: { request: { method: 'GET', path: '/r' }, value, accounts: 'caller' as const, parameters: 'others' as const, ...(facts ? { facts } : {}) },
    });
    expect(problems(readBack('x.{parameter}', ['zulip.unknown', 'zulip.known']))).toEqual(['n: readBack rests on unknown fact "zulip.unknown"']);
    expect(problems(readBack('x.y'))).toEqual(['n: readBack value must name {parameter}']);
    expect(problems(readBack('x.{parameter}', ['zulip.known']))).toEqual([]);
  });
});
