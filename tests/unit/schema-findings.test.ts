// The glue between ajv and a failure: which schemas are response schemas, how the registry reads
// them, and how each ajv error becomes one finding (where, expected, got, the clause its schema
// annotates). A finding lost here is a schema violation that passes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pointerToPath, schemaErrors, schemaFindings, schemaRegistry, schemaValidator } from '../../src/engine/judge/schemas.js';
import { responseSchemaFiles } from '../../src/engine/load/schema-files.js';
import { newAjv } from '../../src/common/ajv.js';
import { unitSchema } from './unit-schemas.js';

/** The findings of one body against one of the tests' schemas. */
function findings(name: string, schema: Record<string, unknown>, body: unknown, limit?: number) {
  const validate = schemaValidator(unitSchema(`unit-findings-${name}`, schema));
  expect(validate(body)).toBe(false);
  return schemaFindings(validate.errors, body, limit);
}
const row = (f: { path?: string; expected?: string; actual?: string; clause?: string }) => [f.path, f.expected, f.actual, f.clause];

describe('the response schemas', () => {
  it('are the *.schema.json files of the folder and its subfolders, sorted, without the meta-schemas', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    mkdirSync(join(dir, 'events'));
    for (const name of [
      'b.schema.json',
      'a.schema.json',
      'z.schema.json',
      'events/typing.schema.json',
      'notes.json',
      'readme.md',
      'spec-file.schema.json',
      'clause-catalog.schema.json',
      'expectations.schema.json',
      'zulip-facts.schema.json',
    ])
      writeFileSync(join(dir, name), '{}');
    expect(responseSchemaFiles(dir)).toEqual(['a.schema.json', 'b.schema.json', 'events/typing.schema.json', 'z.schema.json']);
  });

  it('are named with / between folders, whatever separator the platform gives (Windows: \\)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    writeFileSync(join(dir, 'events\\typing.schema.json'), '{}'); // on POSIX, a name holding the separator Windows gives
    expect(responseSchemaFiles(dir)).toEqual(['events/typing.schema.json']);
  });

  it('are those of schemas/ unless told another folder', () => {
    expect(responseSchemaFiles()).toEqual(expect.arrayContaining(['envelope.schema.json', 'events/typing.schema.json']));
    expect(responseSchemaFiles()).not.toContain('spec-file.schema.json');
  });

  it('are compiled once, by one registry', () => {
    expect(schemaRegistry()).toBe(schemaRegistry());
    expect(schemaValidator('envelope')).toBe(schemaValidator('envelope'));
  });

  it('an unknown schema name is an error naming the file it looked for', () => {
    expect(() => schemaValidator('no-such')).toThrow('unknown schema "no-such" (no no-such.schema.json in schemas/)');
  });
});

describe('the registry', () => {
  // The response schemas compile into the process's one Ajv (src/common/ajv.ts): these tests compile
  // their own schemas in a new instance with the same options, so what they check is those options.
  const own = (schema: Record<string, unknown>) => {
    const ajv = newAjv();
    return () => ajv.compile(schema);
  };

  it('reads the response schemas of schemas/, and no data file schema', () => {
    expect(schemaValidator('envelope')({ result: 'success', msg: '' })).toBe(true);
    expect(responseSchemaFiles()).not.toContain('spec-file.schema.json');
  });

  it('is strict: an unknown keyword is refused', () => {
    expect(own({ type: 'object', 'x-other': 1 })).toThrow(/unknown keyword/);
  });

  it('knows x-clause, a name or a list of names, and nothing else', () => {
    expect(own({ type: 'object', 'x-clause': ['a', 'b'] })).not.toThrow();
    expect(own({ type: 'object', 'x-clause': 5 })).toThrow(/x-clause/);
  });

  it('allows union types, and a required field the schema does not describe', () => {
    const validate = own({ type: 'object', required: ['x'], properties: { n: { type: ['integer', 'null'] }, s: { type: ['integer', 'string'] } } })();
    expect(validate({ x: 1, n: null, s: 'a' })).toBe(true);
    expect(validate({ x: 1, n: 'a' })).toBe(false);
  });

  it('reports every error, each with the schema it failed in (where x-clause is)', () => {
    const check = own({ type: 'object', properties: { a: { type: 'string', 'x-clause': 'op1.a' }, b: { type: 'string' } } })();
    check({ a: 1, b: 2 });
    expect(schemaFindings(check.errors, { a: 1, b: 2 }).map((f) => [f.path, f.clause])).toEqual([
      ['a', 'op1.a'],
      ['b', undefined],
    ]);
  });
});

describe('pointerToPath', () => {
  it('writes a JSON pointer as a body path', () => {
    expect(pointerToPath('/streams/3/creator_id')).toBe('streams[3].creator_id');
    expect(pointerToPath('/0/a')).toBe('[0].a');
    expect(pointerToPath('/a~1b/c~0d/12/x3/3x')).toBe('a/b.c~d[12].x3.3x');
    expect(pointerToPath('')).toBe('');
  });
});

describe('one finding per schema error', () => {
  it('a missing field names the clause of its property, else of the object', () => {
    const schema = { type: 'object', required: ['a', 'b'], 'x-clause': 'op1.object', properties: { a: { 'x-clause': 'op1.a' } } };
    expect(findings('required', schema, {}).map(row)).toEqual([
      ['a', 'the field (required)', 'nothing (the field is missing)', 'op1.a'],
      ['b', 'the field (required)', 'nothing (the field is missing)', 'op1.object'],
    ]);
    expect(findings('required-bare', { type: 'object', required: ['a'] }, {}).map(row)).toEqual([
      ['a', 'the field (required)', 'nothing (the field is missing)', undefined],
    ]);
  });

  it('a field of a nested object is at its path', () => {
    const schema = {
      type: 'object',
      properties: { s: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
    };
    expect(findings('nested', schema, { s: [{ id: 1 }, {}] }).map(row)).toEqual([
      ['s[1].id', 'the field (required)', 'nothing (the field is missing)', undefined],
    ]);
  });

  it('a field the schema does not list shows its value, whatever its name', () => {
    const schema = { type: 'object', additionalProperties: false, 'x-clause': 'op1.only', properties: { a: {} } };
    expect(findings('additional', schema, { a: 1, 'b/c': 2, 'd~e': 3, 'f~1g': 4 }).map((f) => f.check)).toEqual(['schema', 'schema', 'schema']);
    expect(findings('additional', schema, { a: 1, 'b/c': 2, 'd~e': 3, 'f~1g': 4 }).map(row)).toEqual([
      ['b/c', 'no such field (only the listed fields)', '2', 'op1.only'],
      ['d~e', 'no such field (only the listed fields)', '3', 'op1.only'],
      ['f~1g', 'no such field (only the listed fields)', '4', 'op1.only'],
    ]);
  });

  it('a const shows its value, an enum its values, a type its name; integer,null reads "integer or null"', () => {
    const schema = {
      type: 'object',
      properties: {
        c: { const: { k: 1 } },
        e: { enum: ['a', 'b'] },
        n: { type: ['integer', 'null'], 'x-clause': ['op1.n', 'op1.other'] },
        s: { type: ['integer', 'null', 'string'] },
        t: { type: ['string', 'integer', 'null'] },
        m: { type: 'string', maxLength: 1 },
      },
    };
    expect(findings('values', schema, { c: 2, e: 'z', n: 'x', s: true, t: true, m: 'ab' }, 10).map(row)).toEqual([
      ['c', '{"k":1}', '2', undefined],
      ['e', 'one of ["a","b"]', '"z"', undefined],
      ['n', 'integer or null', '"x"', 'op1.n'],
      ['s', 'integer,null,string', 'true', undefined],
      ['t', 'string,integer,null', 'true', undefined],
      ['m', 'NOT have more than 1 characters', '"ab"', undefined],
    ]);
  });

  it('ajv\'s text is kept where it does not start with "must"', () => {
    expect(findings('names', { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, { A: 1 }).map(row)).toEqual([
      ['', 'match pattern "^[a-z]+$"', '{"A":1}', undefined],
      ['', 'property name must be valid', '{"A":1}', undefined],
    ]);
  });

  it('an if, anyOf or oneOf error says nothing the errors of its branches do not', () => {
    const ifThen = { type: 'object', if: { properties: { k: { const: 1 } }, required: ['k'] }, then: { required: ['x'] } };
    expect(findings('if', ifThen, { k: 1 }).map((f) => f.path)).toEqual(['x']);
    const branches = (keyword: string) => ({ type: 'object', properties: { v: { [keyword]: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(findings('any-of', branches('anyOf'), { v: true }).map((f) => f.expected)).toEqual(['string', 'integer']);
    expect(findings('one-of', branches('oneOf'), { v: true }).map((f) => f.expected)).toEqual(['string', 'integer']);
  });

  it('the same error twice is one finding', () => {
    expect(findings('twice', { type: 'object', allOf: [{ required: ['x'] }, { required: ['x'] }] }, {})).toHaveLength(1);
  });

  it('shows at most `limit` findings, then how many more', () => {
    const schema = { type: 'object', properties: Object.fromEntries('abc'.split('').map((k) => [k, { type: 'string' }])) };
    expect(findings('limit', schema, { a: 1, b: 1, c: 1 }, 3)).toHaveLength(3);
    expect(findings('limit', schema, { a: 1, b: 1, c: 1 }, 2)).toEqual([
      expect.objectContaining({ path: 'a' }),
      expect.objectContaining({ path: 'b' }),
      { check: 'schema', message: '... and 1 more schema errors' },
    ]);
    expect(findings('limit', schema, { a: 1, b: 1, c: 1 }).map((f) => f.path)).toEqual(['a', 'b', 'c']);
  });

  it('no errors, no findings', () => {
    expect(schemaFindings(null, {})).toEqual([]);
    expect(schemaFindings(undefined, {})).toEqual([]);
  });
});

describe('schemaErrors: the findings as lines (validate-response)', () => {
  it('"[clause] path: expected X, got Y", the root as (body), and the count of the rest as it is', () => {
    const schema = { type: 'object', maxProperties: 1, properties: { a: { type: 'string', 'x-clause': 'op1.a' }, b: { type: 'string' } } };
    const validate = schemaValidator(unitSchema('unit-findings-lines', schema));
    const body = { a: 1, b: 2 };
    validate(body);
    expect(schemaErrors(validate.errors, body)).toEqual([
      '(body): expected NOT have more than 1 properties, got {"a":1,"b":2}',
      '[op1.a] a: expected string, got 1',
      'b: expected string, got 2',
    ]);
    expect(schemaErrors(validate.errors, body, 1)).toEqual([
      '(body): expected NOT have more than 1 properties, got {"a":1,"b":2}',
      '... and 2 more schema errors',
    ]);
  });
});
