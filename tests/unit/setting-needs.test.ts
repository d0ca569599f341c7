// The cases' `needs:`: the catalog they name (specs/organisation-settings.yaml) and how the
// loader resolves them, how a need judges a value read, the turns cases take on a setting, and
// every case declaring the settings its steps depend on.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import { loadOrganisationSettings, resolveNeeds } from '../../src/engine/load/organisation-settings.js';
import { describeNeed, describeValue, meets, needAt, restoringValue, valueToSet, type GroupNames } from '../../src/engine/run/setting-needs.js';
import { SettingTurns } from '../../src/runner/setting-turns.js';
import { SETTINGS as REFERENCE_SETTINGS, REPLACED_SETTINGS } from '../../src/reference/settings/organisation.js';
import { settingDependencies } from '../support/setting-dependencies.js';
import { projectPath } from '../../src/common/paths.js';

const CATALOG = loadOrganisationSettings();
const GROUPS: GroupNames = {
  nameOf: (id) => ({ 2: 'role:everyone', 3: 'role:members', 8: 'role:nobody' })[id],
  idOf: (name) => ({ 'role:everyone': 2, 'role:members': 3, 'role:nobody': 8 })[name],
};
const resolved = (needs: Parameters<typeof resolveNeeds>[1]) => {
  const out = resolveNeeds(CATALOG, needs);
  if (typeof out === 'string') throw new Error(out);
  return out;
};

describe('the catalog of organisation settings', () => {
  it('names each setting once, at the levels the reference server takes it (PATCH /realm) at', () => {
    for (const setting of CATALOG) {
      const reference = REFERENCE_SETTINGS.find((s) => s.param === setting.name);
      const replaced = REPLACED_SETTINGS.find((s) => s.param === setting.name);
      expect(reference ?? replaced, setting.name).toBeDefined();
      if (reference) expect(setting.since, setting.name).toBe(reference.since);
      if (replaced) expect(setting.until, setting.name).toBe(replaced.until);
    }
  });

  it('refuses a duplicate, a value the setting does not take, and a `before` not ending where the setting starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcc-settings-'));
    const write = (text: string) => {
      writeFileSync(join(dir, 's.yaml'), text);
      return () => loadOrganisationSettings(join(dir, 's.yaml'));
    };
    expect(write('settings:\n  - { name: a, clauses: [x], type: boolean }\n  - { name: a, clauses: [x], type: boolean }\n')).toThrow(/duplicate setting "a"/);
    expect(
      write(
        'settings:\n  - { name: a, clauses: [x], type: [p, q], since: 5, before: { name: b, values: { p: true } } }\n  - { name: b, clauses: [x], type: boolean, until: 3 }\n',
      ),
    ).toThrow(/"b" must be a setting of the catalog whose until is the level before a's since/);
    expect(
      write(
        'settings:\n  - { name: a, clauses: [x], type: [p, q], since: 5, before: { name: b, values: { r: true } } }\n  - { name: b, clauses: [x], type: boolean, until: 4 }\n',
      ),
    ).toThrow(/"r" is not a value of a: one of p, q/);
  });
});

describe('a case declaring what it needs', () => {
  it("resolves the file's needs and the case's, the case naming a setting overriding the file, in name order", () => {
    expect(resolved({ allow_message_editing: true })).toEqual([{ setting: 'allow_message_editing', type: 'boolean', accept: [true] }]);
    const both = resolveNeeds(CATALOG, { allow_message_editing: true, mandatory_topics: false }, { allow_message_editing: false });
    expect(both).toEqual([
      { setting: 'allow_message_editing', type: 'boolean', accept: [false] },
      { setting: 'mandatory_topics', type: 'boolean', accept: [false], until: 391 },
    ]);
  });

  it('carries the older setting standing for the values needed, for a target of an older level', () => {
    expect(resolved({ message_edit_history_visibility_policy: ['all', 'moves'] })).toEqual([
      {
        setting: 'message_edit_history_visibility_policy',
        type: 'enum',
        accept: ['all', 'moves'],
        since: 358,
        before: { setting: 'allow_edit_history', type: 'boolean', accept: [true], until: 357 },
      },
    ]);
  });

  it('names what is wrong: an unknown setting, a value it does not take, { atLeast } for what is no time limit', () => {
    expect(resolveNeeds(CATALOG, { allow_everything: true })).toBe('unknown organisation setting "allow_everything" (not in organisation-settings.yaml)');
    expect(resolveNeeds(CATALOG, { allow_message_editing: 'yes' })).toBe('"yes" is not a value of allow_message_editing: true or false');
    expect(resolveNeeds(CATALOG, { can_resolve_topics_group: 'members' })).toBe(
      '"members" is not a value of can_resolve_topics_group: a system group (role:members)',
    );
    expect(resolveNeeds(CATALOG, { allow_message_editing: { atLeast: 5 } })).toBe('allow_message_editing: { atLeast } is for a time limit');
    expect(resolveNeeds(CATALOG, { message_content_edit_limit_seconds: 0 })).toBe(
      '0 is not a value of message_content_edit_limit_seconds: a number of seconds',
    );
  });
});

describe('a need judging the value read', () => {
  const [history] = resolved({ message_edit_history_visibility_policy: ['all', 'moves'] });
  const [limit] = resolved({ message_content_edit_limit_seconds: { atLeast: 600 } });
  const [group] = resolved({ can_resolve_topics_group: ['role:everyone', 'role:members'] });

  it('is the setting itself at its levels, the one it replaced below, nothing where the level has neither', () => {
    expect(needAt(history, 358)?.setting).toBe('message_edit_history_visibility_policy');
    expect(needAt(history, 357)?.setting).toBe('allow_edit_history');
    const [resolve] = resolved({ can_resolve_topics_group: 'role:members' });
    expect(needAt(resolve, 366)).toBeNull();
    expect(needAt(resolve, 367)).toBe(resolve);
  });

  it('holds for a value it accepts, a time limit of no limit or long enough, a group id or a group object of that group alone', () => {
    expect([meets(history, 'moves', GROUPS), meets(history, 'none', GROUPS)]).toEqual([true, false]);
    expect([null, 0, 600, 599, 'x'].map((v) => meets(limit, v, GROUPS))).toEqual([true, true, true, false, false]);
    expect(meets(group, 3, GROUPS)).toBe(true);
    expect(meets(group, 8, GROUPS)).toBe(false);
    expect(meets(group, { direct_members: [], direct_subgroups: [2] }, GROUPS)).toBe(true);
    expect(meets(group, { direct_members: [11], direct_subgroups: [2] }, GROUPS)).toBe(false);
  });

  it('sets the first value accepted (a group by its id, a time limit at its least) and puts back the value read', () => {
    expect(valueToSet(history, GROUPS)).toBe('all');
    expect(valueToSet(limit, GROUPS)).toBe(600);
    expect(valueToSet(group, GROUPS)).toEqual({ new: 2 });
    expect(valueToSet(group, { nameOf: () => undefined, idOf: () => undefined })).toBeUndefined();
    expect(restoringValue(limit, null)).toBe('unlimited');
    expect(restoringValue(limit, 60)).toBe(60);
    expect(restoringValue(group, { direct_members: [11], direct_subgroups: [] })).toEqual({ new: { direct_members: [11], direct_subgroups: [] } });
  });

  it('reads in a skip reason as the setting and its value', () => {
    expect([describeNeed(history), describeNeed(limit), describeNeed(group)]).toEqual([
      '"all" or "moves"',
      'no limit or at least 600 seconds',
      '"role:everyone" or "role:members"',
    ]);
    expect([
      describeValue(history, 'none', GROUPS),
      describeValue(limit, null, GROUPS),
      describeValue(group, 8, GROUPS),
      describeValue(group, undefined, GROUPS),
    ]).toEqual(['"none"', 'no limit', 'role:nobody (8)', 'not shown']);
  });
});

describe('turns on one setting', () => {
  it('the first leads; cases its value fits share it; another value waits for all of them, then leads', async () => {
    const turns = new SettingTurns();
    let value = 'a';
    const order: string[] = [];
    expect(await turns.enter(() => value === 'a')).toBe(true);
    turns.settled();
    expect(await turns.enter(() => value === 'a')).toBe(false);
    const other = turns.enter(() => value === 'b').then((lead) => order.push(`b leads: ${lead}`));
    // A case fitting the current value still joins: cases of one value run together.
    expect(await turns.enter(() => value === 'a')).toBe(false);
    turns.leave();
    turns.leave();
    expect(order).toEqual([]);
    turns.leave();
    await other;
    expect(order).toEqual(['b leads: true']);
    value = 'b';
    const waiting = turns.enter(() => value === 'b').then((lead) => order.push(`joins: ${!lead}`));
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['b leads: true']);
    turns.settled();
    await waiting;
    expect(order).toEqual(['b leads: true', 'joins: true']);
    turns.leave();
    turns.leave();
    expect(turns.idle).toBe(true);
  });

  it('a case changing the setting itself holds it alone', async () => {
    const turns = new SettingTurns();
    expect(await turns.enter(() => false, true)).toBe(true);
    turns.settled();
    let joined = false;
    const sharer = turns.enter(() => true).then(() => (joined = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(joined).toBe(false);
    turns.leave();
    await sharer;
    expect(joined).toBe(true);
  });
});

describe('every case declares the organisation settings its steps depend on', () => {
  it('reading a history, editing content, moving or resolving, the empty topic: each has its need', () => {
    const missing: string[] = [];
    for (const spec of loadSuite().specs) {
      for (const c of spec.cases) {
        for (const dependency of settingDependencies(spec, c)) {
          const need = c.settingNeeds?.find((n) => n.setting === dependency.setting);
          // A case naming a group decides who holds the permission (its channel may grant the rest).
          if (dependency.covers(need) || (need && need.type === 'group')) continue;
          missing.push(`${spec.file} ${c.id}: ${dependency.why}: needs: { ${dependency.setting}: ${dependency.suggest} }`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('a fixture changing a setting of the catalog is refused: a case declares it, or changes and restores it itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcc-needs-'));
    for (const name of ['clauses.yaml', 'zulip-facts.yaml', 'organisation-settings.yaml'])
      writeFileSync(join(dir, name), readFileSync(projectPath('specs', name), 'utf8'));
    writeFileSync(
      join(dir, 'x.yaml'),
      [
        'operation: PATCH /realm',
        'title: x',
        'fixtures:',
        '  - { as: admin, request: { method: PATCH, path: /realm, params: { allow_message_editing: false } } }',
        'cases:',
        '  - { id: x.one, title: one, clauses: [op1.rule4.allow-message-editing], steps: [{ request: { method: GET, path: /x }, expect: { result: success } }] }',
        '',
      ].join('\n'),
    );
    expect(() => loadSuite(dir, { facts: false, attribution: false })).toThrow(
      /changes the organisation setting allow_message_editing: declare it as a case's need/,
    );
  });
});
