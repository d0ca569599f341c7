// The rules the loader applies to what a case cites (citations.ts), one by one: a citation no
// check backs is a claim the report cannot keep, a check naming an uncited clause a hidden one.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationProblems, schemaClauses } from '../../src/engine/load/citations.js';
import type { Case, Step } from '../../src/engine/load/types.js';

const clauses = new Set(['op1.a', 'op1.b', 'op1.c', 'conv.ignored-params']);
const facts = new Set(['zulip.x', 'zulip.y']);
const strict = { facts: true, attribution: true };
const step = (expect?: Step['expect'], more: Partial<Step> = {}): Step => ({ request: { method: 'GET', path: '/x' }, ...(expect ? { expect } : {}), ...more });
const problems = (c: Partial<Case>, rules = strict) =>
  citationProblems({ id: 'c', title: 't', clauses: ['op1.a'], steps: [], ...c }, clauses, facts, rules).map((p) => `${p.at}: ${p.message}`);
const notEnforced = (id: string) =>
  `clauses: cites "${id}", but no check of the case enforces it (name it in a step's clause:, an assertion's clause:, or a schema's x-clause)`;
const whichClause = (i: number) =>
  `steps/${i}: which clause does this step check? The case cites several: add clause: (or clauses:) to its expect, or mark it setup: true`;

/** A fresh folder of schemas (fresh, so no cached answer of an earlier run is read). */
function schemaDir(files: Record<string, object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'clause-schemas-'));
  for (const [name, schema] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, `${name}.schema.json`), JSON.stringify(schema));
  }
  return dir;
}

describe('the clauses a schema annotates', () => {
  it('every x-clause (one or a list) at any depth, following $refs to other schemas, those in folders too', () => {
    const dir = schemaDir({
      top: {
        'x-clause': 'op1.top',
        properties: { a: { 'x-clause': ['op1.a', 'op1.b'] }, b: { $ref: 'part.schema.json' }, c: { $ref: 'events/ev.schema.json#/$defs/e' } },
      },
      part: { items: [{ 'x-clause': 'op1.part' }], default: null, const: 'not a ref: see other.schema.json' },
      'events/ev': { $defs: { e: { 'x-clause': 'op1.ev' } } },
      other: { 'x-clause': 'op1.other' },
    });
    expect([...schemaClauses('top', dir)].sort()).toEqual(['op1.a', 'op1.b', 'op1.ev', 'op1.part', 'op1.top']);
  });

  it('a field named $ref is a field, walked like any other', () => {
    const dir = schemaDir({ a: { properties: { $ref: { 'x-clause': 'op1.field' } } } });
    expect([...schemaClauses('a', dir)]).toEqual(['op1.field']);
  });

  it('a $ref cycle ends; a local $ref is no other schema', () => {
    const dir = schemaDir({
      a: { 'x-clause': 'op1.a', properties: { b: { $ref: 'b.schema.json' }, self: { $ref: '#/properties/b' } } },
      b: { 'x-clause': 'op1.b', items: { $ref: 'a.schema.json' } },
    });
    expect([...schemaClauses('b', dir)].sort()).toEqual(['op1.a', 'op1.b']);
  });

  it('are read once per schema', () => {
    const dir = schemaDir({ a: { 'x-clause': 'op1.a' } });
    expect(schemaClauses('a', dir)).toBe(schemaClauses('a', dir));
    expect(schemaClauses('a', schemaDir({ a: { 'x-clause': 'op1.other' } }))).toEqual(new Set(['op1.other']));
  });
});

describe("what a step's checks name", () => {
  it('an assertion without a clause names none', () => {
    expect(problems({ steps: [step({ body: [{ path: 'x', equals: 1 }] })] })).toEqual([]);
  });

  it('ignoredParams names the convention; a convention needs no citation', () => {
    expect(problems({ steps: [step({ ignoredParams: ['x'] })] })).toEqual([]);
    expect(problems({ clauses: ['op1.a', 'conv.ignored-params'], steps: [step({ clause: 'op1.a' }), step({ clause: 'op1.a', ignoredParams: [] })] })).toEqual(
      [],
    );
    expect(problems({ clauses: ['op1.a', 'conv.ignored-params'], steps: [step({ clause: 'op1.a' })] })).toEqual([notEnforced('conv.ignored-params')]);
  });

  it('a step without expectations checks nothing', () => {
    expect(problems({ clauses: ['op1.a', 'op1.b'], steps: [step(), step({ clause: 'op1.a' }), step({ clause: 'op1.b' })] })).toEqual([]);
  });
});

describe('which clause a step of a multi-clause case checks', () => {
  const two = (s: Step) => problems({ clauses: ['op1.a', 'op1.b'], steps: [s, step({ clauses: ['op1.a', 'op1.b'] })] });

  it('one its expect names, or every assertion names when the step checks nothing else', () => {
    expect(
      two(
        step({
          body: [
            { path: 'x', equals: 1, clause: 'op1.a' },
            { path: 'y', equals: 1, clause: 'op1.b' },
          ],
        }),
      ),
    ).toEqual([]);
    expect(
      two(
        step({
          body: [
            { path: 'x', equals: 1, clause: 'op1.a' },
            { path: 'y', equals: 1 },
          ],
        }),
      ),
    ).toEqual([whichClause(0)]);
    expect(two(step({ body: [] }))).toEqual([whichClause(0)]);
    expect(two(step({}))).toEqual([whichClause(0)]);
  });

  it('a step that also checks the outcome, the code, the status, a schema, zulip details or the ignored parameters must say which', () => {
    const assertion = { body: [{ path: 'x', equals: 1, clause: 'op1.a' }] };
    for (const more of [{ result: 'success' as const }, { code: 'X' }, { status: 400 }, { schema: 's' }, { zulip: { status: 400 } }, { ignoredParams: [] }]) {
      expect(two(step({ ...assertion, ...more })).filter((p) => p.startsWith('steps/0: which'))).toEqual([whichClause(0)]);
    }
  });
});

describe('facts', () => {
  it('a zulip check resting on a fact the case lists is fine', () => {
    expect(problems({ facts: ['zulip.x'], steps: [step({ clause: 'op1.a', zulip: { status: 400, facts: ['zulip.x'] } })] })).toEqual([]);
  });

  it('a zulip check resting on a fact the case does not list is named', () => {
    expect(problems({ steps: [step({ clause: 'op1.a', zulip: { facts: ['zulip.x'] } })] }, { facts: false, attribution: true })).toEqual([
      'steps/0/expect/zulip/facts: rests on fact "zulip.x", which the case does not list in facts:',
    ]);
  });

  it('an unknown fact in a zulip check is named', () => {
    expect(problems({ facts: ['zulip.x'], steps: [step({ zulip: { facts: ['zulip.nope'] } })] })).toEqual([
      'steps/0/expect/zulip/facts: unknown fact "zulip.nope" (not in zulip-facts.yaml)',
    ]);
  });

  it("zulip checks in any step need the case's facts; without the facts rule they do not", () => {
    const c = { steps: [step({ clause: 'op1.a' }), step({ zulip: { status: 400 } })] };
    expect(problems(c)).toEqual([': has zulip-profile checks but names no facts: list the Zulip facts they rest on in facts: [...]']);
    expect(problems(c, { facts: false, attribution: true })).toEqual([]);
    expect(problems({ ...c, facts: [] })).toHaveLength(1);
  });
});

describe('event queues', () => {
  const events = (e: NonNullable<Step['events']>['expect']): Step => ({ request: { method: 'GET', path: '/events' }, events: { queue: 'q', expect: e } });

  it("reading or opening a queue makes the case the zulip profile's", () => {
    const msg = 'reads the event queue, which the document does not show: the case must be profile: zulip';
    expect(problems({ steps: [step({ clause: 'op1.a' }), events([])] })).toEqual([`steps/1: ${msg}`]);
    expect(problems({ steps: [step(undefined, { queue: { name: 'q' } })] })).toEqual([`steps/0: ${msg}`]);
    expect(problems({ profile: 'zulip', facts: ['zulip.x'], steps: [events([])] })).toEqual([]);
  });

  it('an expected event names clauses the case cites and facts it lists', () => {
    const z = { profile: 'zulip' as const, facts: ['zulip.x'], clauses: ['op1.a'] };
    expect(problems({ ...z, steps: [events([{ type: 't', clause: 'op1.a', facts: ['zulip.x'] }])] })).toEqual([]);
    expect(problems({ ...z, steps: [events([{ type: 't', clause: 'op1.b', facts: ['zulip.y'] }, { type: 'u' }])] })).toEqual([
      'steps/0/events: checks clause "op1.b", which the case does not cite',
      'steps/0/events: rests on fact "zulip.y", which the case does not list in facts:',
    ]);
    expect(problems({ ...z, facts: undefined, steps: [events([{ type: 't', facts: ['zulip.x'] }])] }, { facts: false, attribution: true })).toEqual([
      'steps/0/events: rests on fact "zulip.x", which the case does not list in facts:',
    ]);
  });

  it("an expected event enforces its clause, its assertions' clauses and its schema's", () => {
    const z = { profile: 'zulip' as const, facts: ['zulip.x'] };
    expect(
      problems({
        ...z,
        clauses: ['op1.a', 'op1.b'],
        steps: [
          events([
            {
              type: 't',
              clause: 'op1.a',
              body: [
                { path: 'x', equals: 1, clause: 'op1.b' },
                { path: 'y', equals: 2 },
              ],
            },
          ]),
        ],
      }),
    ).toEqual([]);
    expect(problems({ ...z, clauses: ['op1.a', 'op1.b'], steps: [events([{ type: 't', clause: 'op1.a' }])] })).toEqual([notEnforced('op1.b')]);
    expect(
      problems({ ...z, clauses: ['op1.a', 'res.channel.name'], steps: [events([{ type: 't', clause: 'op1.a', schema: 'channel' }])] }).filter((p) =>
        p.startsWith('clauses'),
      ),
    ).toEqual([]);
  });
});

describe('what enforces a cited clause', () => {
  it('a one-clause case enforces its clause with any check; a setup step enforces nothing', () => {
    expect(problems({ steps: [step({ result: 'success' }, { setup: true })] })).toEqual([]);
    expect(problems({ clauses: ['op1.a', 'op1.b'], steps: [step({ clause: 'op1.a' }), step({ clause: 'op1.b' }, { setup: true })] })).toEqual([
      notEnforced('op1.b'),
    ]);
  });

  it("the zulip details' clauses and schema count", () => {
    expect(
      problems({ facts: ['zulip.x'], clauses: ['op1.a', 'op1.b'], steps: [step({ clause: 'op1.a', zulip: { clause: 'op1.b', facts: ['zulip.x'] } })] }),
    ).toEqual([]);
    expect(
      problems({
        facts: ['zulip.x'],
        clauses: ['op1.a', 'res.channel.name'],
        steps: [step({ clause: 'op1.a', zulip: { schema: 'channel', facts: ['zulip.x'] } })],
      }),
    ).toEqual([]);
    expect(problems({ clauses: ['op1.a', 'res.channel.name'], steps: [step({ clause: 'op1.a', schema: 'channel' })] })).toEqual([]);
    expect(problems({ clauses: ['op1.a', 'res.channel.name'], steps: [step({ clause: 'op1.a' })] })).toEqual([notEnforced('res.channel.name')]);
  });
});
