// Every statement of the API document is catalogued: each table row, numbered rule, list item
// and sentence of a mapped section is cited by a clause's `source` (specs/clauses.yaml), or
// listed as editorial with the reason it states nothing a server can keep or break. The
// document's units come from the committed map (specs/document-map.json); where a copy of the
// document is at hand, the map must be the one made from it, so a later edit of the document
// that adds a row or a rule fails here until the map is rewritten and a clause covers it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectPath } from '../../src/common/paths.js';
import { committedMap, documentCopy, documentUnits, mapDocument, parseSource, resolveSource, type Unit } from '../support/document-map.js';

interface CatalogFile {
  clauses: { id: string; source?: string | string[] }[];
  editorial?: { source: string; why: string }[];
}

const catalog = parse(readFileSync(projectPath('specs', 'clauses.yaml'), 'utf8')) as CatalogFile;
const units = committedMap().units;
const sources = [
  ...catalog.clauses.flatMap((c) => [c.source ?? []].flat().map((source) => ({ owner: c.id, source }))),
  ...(catalog.editorial ?? []).map((e) => ({ owner: `editorial (${e.why})`, source: e.source })),
];

// The sections whose statements are all catalogued; each operation's is added when it is.
const MAPPED_SECTIONS: string[] = [
  'What the service does',
  'Group-setting value',
  'User roles (integer codes)',
  'Message edit snapshot (element of message_history)',
  'Detached upload (element of detached_uploads)',
  'Topic entry (GET topics in a channel)',
  'Channel object (element of streams in GET /streams)',
  'Other records',
  'States and transitions',
  'Endpoints',
  'Authentication',
  'Events',
  'Errors',
  'Limits',
  'Versioning',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
];

const cited = new Set<Unit>();
const dangling: string[] = [];
for (const { owner, source } of sources) {
  const ref = parseSource(source);
  const hits = ref ? resolveSource(ref, units) : [];
  if (!hits.length)
    dangling.push(`${owner}: "${source}" ${ref ? 'names nothing in the document' : 'is not of the form "§<section> row|rule|item|text <key>"'}`);
  for (const unit of hits) cited.add(unit);
}

describe('the document map', () => {
  const copy = documentCopy();
  it.runIf(copy)('is the one made from the copy of the API document at hand (npm run document-map rewrites it)', () => {
    const made = mapDocument(readFileSync(copy!, 'utf8'));
    expect(committedMap().document, `${copy} is not the document specs/document-map.json was made from`).toEqual(made.document);
    expect(committedMap().units).toEqual(made.units);
  });

  it('splits a document into rows, rules, items and sentences under their sections', () => {
    const text = [
      '# Title',
      '',
      '### 3. Do it',
      '',
      'First sentence. Second one.',
      '',
      '| Name | Type |',
      '|---|---|',
      '| a | int |',
      '',
      '1. rule one',
      '- item `x`',
    ].join('\n');
    expect(documentUnits(text).map(({ section, kind, key }) => `${section} ${kind} ${key}`)).toEqual([
      '3 text First sentence.',
      '3 text Second one.',
      '3 row a',
      '3 rule 1',
      '3 item item x',
    ]);
    expect(mapDocument(text).document).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), lines: 12 });
  });

  it("finds the document's units", () => {
    expect(units.length).toBeGreaterThan(300);
    expect(units.filter((u) => u.section === '13' && u.kind === 'item').map((u) => u.key)).toContain('no new values passed;');
  });

  it('every source of the catalog names a unit of the document', () => {
    expect(dangling).toEqual([]);
  });

  it.each(MAPPED_SECTIONS)('every statement of section %s is cited by a clause (or is editorial)', (section) => {
    const own = units.filter((u) => u.section === section);
    expect(own.length, `no section "${section}" in the document`).toBeGreaterThan(0);
    expect(own.filter((u) => !cited.has(u)).map((u) => `line ${u.line} ${u.kind} "${u.key.slice(0, 70)}"`)).toEqual([]);
  });
});
