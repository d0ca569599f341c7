import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpecFile, loadSuite } from '../../src/engine/load/load.js';
import { specErrorOf } from '../support/spec-errors.js';

const GOOD = `operation: GET /streams
title: Get all channels
cases:
  - id: op20.example
    title: lists channels
    clauses: [op20.success-body]
    steps:
      - as: member
        request: { method: GET, path: /streams }
        expect: { result: success }
`;

const errorOf = (text: string) => specErrorOf(() => loadSpecFile('/tmp/example.yaml', text));

describe('spec loader', () => {
  it('loads a good file', () => {
    const spec = loadSpecFile('/tmp/example.yaml', GOOD);
    expect(spec.operation).toBe('GET /streams');
    expect(spec.cases[0].steps[0].request).toEqual({ method: 'GET', path: '/streams' });
  });

  it.each([
    ['a YAML syntax error', GOOD.replace('title: lists channels', 'title: [lists'), /example\.yaml:\d+: YAML syntax/, null],
    ['an unknown field', GOOD.replace('        expect:', '        expct:'), /example\.yaml:10: cases\[0\]\.steps\[0\]\.expct: is not a known field/, 10],
    [
      'a bad enum value',
      GOOD.replace('method: GET, path', 'method: FETCH, path'),
      /example\.yaml:9: cases\[0\]\.steps\[0\]\.request\.method: must be one of "GET"/,
      9,
    ],
    ['a missing required field', GOOD.replace('    clauses: [op20.success-body]\n', ''), /example\.yaml:4: cases\[0\]\.clauses: is required/, 4],
    ['a title with "should"', GOOD.replace('lists channels', 'should list channels'), /example\.yaml:5: cases\[0\]\.title/, 5],
    ['a duplicate key', GOOD.replace('title: Get all channels', 'title: Get all channels\ntitle: again'), /YAML syntax/, null],
  ])('reports %s with file, line and field', (_, text, message, line) => {
    const error = errorOf(text);
    expect(error.message).toMatch(message);
    if (line !== null) expect(error.line).toBe(line);
  });

  it("calls as the file's caller where a step names no account: events as their queue's, an explicit as kept", () => {
    const text = `operation: GET /streams
title: Get all channels
caller: member2
fixtures:
  - request: { method: GET, path: /streams }
cases:
  - id: op20.caller
    title: lists channels
    clauses: [op20.success-body]
    assume:
      - { note: a channel exists, request: { method: GET, path: /streams } }
    steps:
      - queue: { name: q, eventTypes: [stream] }
      - { as: member, queue: { name: other, eventTypes: [stream] } }
      - request: { method: GET, path: /streams }
        expect: { result: success }
      - events: { queue: other, expect: [] }
      - { as: admin, request: { method: GET, path: /streams } }
    cleanup:
      - request: { method: GET, path: /streams }
`;
    const spec = loadSpecFile('/tmp/example.yaml', text);
    const c = spec.cases[0];
    expect([...spec.fixtures!, ...c.assume!, ...c.steps, ...c.cleanup!].map((s) => s.as)).toEqual([
      'member2',
      'member2',
      'member2',
      'member',
      'member2',
      'member',
      'admin',
      'member2',
    ]);
    expect(loadSpecFile('/tmp/example.yaml', GOOD).cases[0].steps[0].as).toBe('member');
    expect(errorOf(text.replace('caller: member2', 'caller: admin')).message).toMatch(/example\.yaml:3: caller: must be one of "member", "member2"/);
  });

  it('loads the project suite: every spec valid, case ids unique, every cited clause in the catalog', () => {
    const suite = loadSuite();
    expect(suite.specs.length).toBeGreaterThanOrEqual(2);
    expect(suite.clauses.length).toBeGreaterThan(10);
  });

  it('refuses a case citing a clause the catalog lacks, and duplicate case ids', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specs-'));
    writeFileSync(join(dir, 'clauses.yaml'), 'clauses:\n  - { id: op20.success-body, endpoint: GET /streams, text: body }\n');
    writeFileSync(join(dir, 'a.yaml'), GOOD.replace('[op20.success-body]', '[op20.nope]'));
    expect(() => loadSuite(dir)).toThrow(/a\.yaml:6: cases\[0\]\.clauses\[0\]: unknown clause "op20\.nope"/);
    writeFileSync(join(dir, 'a.yaml'), GOOD);
    writeFileSync(join(dir, 'b.yaml'), GOOD);
    expect(() => loadSuite(dir)).toThrow(/b\.yaml:4: cases\[0\]\.id: duplicate case id "op20\.example" \(also in .*a\.yaml\)/);
  });
});

describe("event steps name the case's own events", () => {
  const withEvents = (events: string) =>
    GOOD.replace(
      '        expect: { result: success }',
      `        expect: { result: success }\n      - queue: { name: q }\n      - events:\n          queue: q\n${events}`,
    );

  it('an expectation without where is refused: a queue also hears of other cases', () => {
    expect(errorOf(withEvents('          expect: [{ type: typing }]')).message).toMatch(
      /example\.yaml:\d+: cases\[0\]\.steps\[2\]\.events\.expect\[0\]\.where: is required/,
    );
    expect(errorOf(withEvents('          expect: [{ type: typing, where: {} }]')).message).toMatch(
      /events\.expect\[0\]\.where: must NOT have fewer than 1 properties/,
    );
  });

  it('a forbidden event is a type with a where, never a bare type', () => {
    expect(errorOf(withEvents('          none: [typing]')).message).toMatch(/events\.none\[0\]: must be object/);
    expect(errorOf(withEvents('          none: [{ type: typing }]')).message).toMatch(/events\.none\[0\]\.where: is required/);
    expect(() =>
      loadSpecFile('/tmp/example.yaml', withEvents('          none: [{ type: typing, where: { sender.user_id: 3 }, whereMatches: { topic: "^a" } }]')),
    ).not.toThrow();
  });
});
