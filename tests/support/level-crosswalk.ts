// Zulip's API changelog against the reference server's level tables (specs/level-crosswalk.yaml):
// the crosswalk as data, the tables as rows named the way the crosswalk names them, and the levels
// whose changes the suite checks. tests/levels/level-crosswalk.test.ts holds the two together;
// `npm run levels` (level-proof.ts) proves each of those levels on both sides.
import { readFileSync } from 'node:fs';
import { CROSSWALK_FILE } from '../../src/engine/load/load.js';
import { validateSource } from '../../src/engine/load/validate.js';
import { parseYaml } from '../../src/engine/load/yaml-source.js';
import { projectPath } from '../../src/common/paths.js';
import { changedAt, type Level, type LevelTable } from '../../src/reference/core/levels.js';
import { LEVEL_TABLE } from '../../src/reference/levels.js';

/** The rows that model an entry: a level table's own shape, and two shorthands for settings. */
export interface CrosswalkModel {
  endpoints?: string[];
  parameters?: Record<string, string[]>;
  values?: Record<string, Record<string, string[]>>;
  fields?: Record<string, string[]>;
  behaviours?: string[];
  /** Personal settings: their rows of PATCH /settings, its aliases and the realm defaults, and their POST /register fields. */
  settings?: string[];
  /** Organisation settings: their PATCH /realm parameter and POST /register realm_<name>. */
  realm?: string[];
}

export interface CrosswalkEntry {
  quote: string;
  touches: string[];
  model?: CrosswalkModel;
  none?: string;
}

export interface CrosswalkLevel {
  level: number;
  untouched?: string;
  entries?: CrosswalkEntry[];
}

export interface Crosswalk {
  changelog: string;
  from: number;
  to: number;
  levels: CrosswalkLevel[];
}

export function loadCrosswalk(path = projectPath('specs', CROSSWALK_FILE)): Crosswalk {
  const source = parseYaml(CROSSWALK_FILE, readFileSync(path, 'utf8'));
  validateSource(source, 'level-crosswalk.schema.json');
  return source.data as Crosswalk;
}

/** One row of the merged level tables and the level it changed at. */
export interface TableRow {
  kind: 'endpoint' | 'parameter' | 'value' | 'field' | 'behaviour';
  /** The endpoint (parameter, value) or object kind (field) it belongs to. */
  scope?: string;
  /** The parameter a value is of. */
  param?: string;
  name: string;
  level: number;
}

export const rowText = (r: TableRow): string =>
  r.kind === 'value' ? `value ${r.scope} ${r.param}=${r.name}` : `${r.kind} ${r.scope ? `${r.scope} ` : ''}${r.name}`;

/** Every row of the tables, each with the level it changed at (a removal: the level after its last). */
export function tableRows(table: Required<LevelTable> = LEVEL_TABLE): TableRow[] {
  const row = (kind: TableRow['kind'], name: string, when: Level, scope?: string, param?: string): TableRow => ({
    kind,
    name,
    level: changedAt(when),
    ...(scope === undefined ? {} : { scope }),
    ...(param === undefined ? {} : { param }),
  });
  return [
    ...Object.entries(table.endpoints).map(([name, when]) => row('endpoint', name, when)),
    ...Object.entries(table.parameters).flatMap(([op, names]) => Object.entries(names).map(([name, when]) => row('parameter', name, when, op))),
    ...Object.entries(table.values).flatMap(([op, params]) =>
      Object.entries(params).flatMap(([param, values]) => Object.entries(values).map(([name, when]) => row('value', name, when, op, param))),
    ),
    ...Object.entries(table.fields).flatMap(([kind, names]) => Object.entries(names).map(([name, when]) => row('field', name, when, kind))),
    ...Object.entries(table.behaviours).map(([name, when]) => row('behaviour', name, when)),
  ];
}

/** Where a personal setting has rows: the operations of op 2 and op 5, and POST /register's two objects. */
const PERSONAL_SCOPES = new Set([
  'PATCH /settings',
  'PATCH /settings/display',
  'PATCH /settings/notifications',
  'PATCH /realm/user_settings_defaults',
  'user settings',
  'realm user settings defaults',
]);

/** Whether a model names a row, directly or through a settings shorthand. */
export function modelNames(model: CrosswalkModel, r: TableRow): boolean {
  const has = (list: string[] | undefined, name: string) => list?.includes(name) ?? false;
  switch (r.kind) {
    case 'endpoint':
      return has(model.endpoints, r.name);
    case 'behaviour':
      return has(model.behaviours, r.name);
    case 'value':
      return has(model.values?.[r.scope!]?.[r.param!], r.name);
    case 'parameter':
      return (
        has(model.parameters?.[r.scope!], r.name) ||
        (PERSONAL_SCOPES.has(r.scope!) && has(model.settings, r.name)) ||
        (r.scope === 'PATCH /realm' && has(model.realm, r.name))
      );
    case 'field':
      return (
        has(model.fields?.[r.scope!], r.name) ||
        (PERSONAL_SCOPES.has(r.scope!) && has(model.settings, r.name)) ||
        (r.scope === 'realm settings' && has(model.realm, r.name.replace(/^realm_/, '')))
      );
  }
}

/** The rows a model names on its own, and the shorthand names (each must reach some row). */
export function modelRows(model: CrosswalkModel, level: number): { rows: TableRow[]; shorthands: string[] } {
  const rows: TableRow[] = [
    ...(model.endpoints ?? []).map((name): TableRow => ({ kind: 'endpoint', name, level })),
    ...Object.entries(model.parameters ?? {}).flatMap(([scope, names]) => names.map((name): TableRow => ({ kind: 'parameter', scope, name, level }))),
    ...Object.entries(model.values ?? {}).flatMap(([scope, params]) =>
      Object.entries(params).flatMap(([param, values]) => values.map((name): TableRow => ({ kind: 'value', scope, param, name, level }))),
    ),
    ...Object.entries(model.fields ?? {}).flatMap(([scope, names]) => names.map((name): TableRow => ({ kind: 'field', scope, name, level }))),
    ...(model.behaviours ?? []).map((name): TableRow => ({ kind: 'behaviour', name, level })),
  ];
  return { rows, shorthands: [...(model.settings ?? []).map((s) => `settings ${s}`), ...(model.realm ?? []).map((s) => `realm ${s}`)] };
}

/** The levels the tables model (each changes what some case sends or checks): `npm run levels` proves each on both sides. */
export function modelledLevels(crosswalk: Crosswalk = loadCrosswalk()): number[] {
  return crosswalk.levels
    .filter((l) => l.entries?.some((e) => e.model))
    .map((l) => l.level)
    .sort((a, b) => a - b);
}
