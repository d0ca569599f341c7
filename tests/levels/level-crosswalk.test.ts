// The reference server's level tables held to Zulip's changelog (specs/level-crosswalk.yaml):
// the crosswalk reads every level from 80 to 420, every row of the tables is named there at the
// level it changed at, and every row the crosswalk names is in the tables at that level. A row
// added without its changelog entry, or an entry naming a row nobody added, fails here.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { OLDEST_FEATURE_LEVEL, NEWEST_FEATURE_LEVEL } from '../../src/reference/core/levels.js';
import { loadSuite } from '../../src/engine/load/load.js';
import type { PropertyCase } from '../../src/property/define.js';
import { loadCrosswalk, modelNames, modelRows, modelledLevels, rowText, tableRows, type TableRow } from '../support/level-crosswalk.js';
import { BOUNDARIES, lastLevelAsAt, PROOF_LEVELS, proofShards } from '../support/level-proof.js';

const crosswalk = loadCrosswalk();
const rows = tableRows();
const models = crosswalk.levels.flatMap((l) => (l.entries ?? []).flatMap((e) => (e.model ? [{ level: l.level, model: e.model }] : [])));

describe("the crosswalk of Zulip's changelog", () => {
  it('reads every level from the oldest the tables tell apart to the newest the document describes, once each, newest first', () => {
    expect([crosswalk.from, crosswalk.to]).toEqual([OLDEST_FEATURE_LEVEL + 1, NEWEST_FEATURE_LEVEL]);
    const levels = crosswalk.levels.map((l) => l.level);
    const all = Array.from({ length: crosswalk.to - crosswalk.from + 1 }, (_, i) => crosswalk.to - i);
    expect(levels).toEqual(all);
  });

  it('names every row of the level tables at the level it changed at', () => {
    const missing = rows.filter((r) => !models.some((m) => m.level === r.level && modelNames(m.model, r))).map((r) => `${rowText(r)} (${r.level})`);
    expect(missing).toEqual([]);
  });

  it('names only rows the level tables hold, each at its level', () => {
    const same = (a: TableRow, b: TableRow) => a.kind === b.kind && a.scope === b.scope && a.param === b.param && a.name === b.name && a.level === b.level;
    const unknown = models.flatMap(({ level, model }) => {
      const { rows: named, shorthands } = modelRows(model, level);
      const atLevel = rows.filter((r) => r.level === level);
      return [
        ...named.filter((n) => !rows.some((r) => same(r, n))).map((n) => `${rowText(n)} (${level})`),
        ...shorthands
          .filter((s) => !atLevel.some((r) => modelNames(s.startsWith('settings ') ? { settings: [s.slice(9)] } : { realm: [s.slice(6)] }, r)))
          .map((s) => `${s} (${level})`),
      ];
    });
    expect(unknown).toEqual([]);
  });

  it('gives a level without a row of the tables no model, and every level with rows an entry', () => {
    expect(modelledLevels(crosswalk)).toEqual([...new Set(rows.map((r) => r.level))].sort((a, b) => a - b));
  });

  it('leaves no level of a case, spec file, clause, fact or property between two levels the tables model', () => {
    const modelled = new Set(modelledLevels(crosswalk));
    const suite = loadSuite();
    const properties = Object.values(import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true })).map(
      (f) => f.PROPERTY,
    );
    const named = [
      ...suite.specs.flatMap((f) => [
        { what: f.file, level: f.since },
        ...f.cases.flatMap((c) => [
          { what: c.id, level: c.since },
          { what: `${c.id} until`, level: c.until === undefined ? undefined : c.until + 1 },
        ]),
      ]),
      ...suite.clauses.map((c) => ({ what: c.id, level: c.since })),
      ...suite.facts.map((f) => ({ what: `${f.id} until`, level: f.until === undefined ? undefined : f.until + 1 })),
      ...properties.map((p) => ({ what: p.id, level: p.since })),
    ];
    const between = named.filter((n) => n.level !== undefined && n.level > 0 && !modelled.has(n.level)).map((n) => `${n.what}: ${n.level}`);
    expect(between).toEqual([]);
  });
});

describe('the levels `npm run levels` proves', () => {
  it('are both sides of every level the tables model: the level before it, and the last level answered as at it', () => {
    expect(BOUNDARIES).toEqual(modelledLevels(crosswalk));
    for (const b of BOUNDARIES) expect(PROOF_LEVELS).toEqual(expect.arrayContaining([b - 1, lastLevelAsAt(b)]));
    expect(lastLevelAsAt(151)).toBe(151);
    expect(lastLevelAsAt(152)).toBe(161);
    expect(lastLevelAsAt(NEWEST_FEATURE_LEVEL)).toBe(NEWEST_FEATURE_LEVEL);
    expect(PROOF_LEVELS).toEqual([...new Set(PROOF_LEVELS)].sort((a, b) => a - b));
  });

  it('split in stretches that cover them all, each sharing its first level with the one before', () => {
    const shards = proofShards(2);
    expect(shards).toHaveLength(2);
    expect(shards[1][0]).toBe(shards[0].at(-1));
    expect([...new Set(shards.flat())]).toEqual(PROOF_LEVELS);
    for (const b of BOUNDARIES) expect(shards.some((s) => s.includes(b - 1) && s.includes(lastLevelAsAt(b)))).toBe(true);
  });
});
