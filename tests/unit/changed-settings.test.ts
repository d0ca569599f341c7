// specs/changed-settings.yaml: loaded with the suite (not as a spec file), and a malformed
// declaration is refused with its file, line and field, as the other data files are.
import { describe, expect, it } from 'vitest';
import { loadChangeDeclarations, parseChangeDeclarations } from '../../src/engine/load/changed-settings.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { specErrorOf } from '../support/spec-errors.js';

const REALM = `changes:
  - kind: organisation-setting
    by: [{ method: PATCH, path: /realm }]
    read: { method: POST, path: /register }
    field: "realm_{param}"
    restore: { method: PATCH, path: /realm, params: { "{param}": "{old}" } }
`;

const errorOf = (text: string, kinds = new Set(['channel'])) => specErrorOf(() => parseChangeDeclarations('specs/changed-settings.yaml', text, kinds));

describe('changed settings', () => {
  it("the project's declarations load, one per kind, and ride along with the suite", () => {
    const kinds = loadChangeDeclarations().map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(['organisation-setting', 'default-setting', 'own-setting', 'own-status', 'user', 'channel-setting']));
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(loadSuite().changes.map((c) => c.kind)).toEqual(kinds);
  });

  it('refuses a malformed declaration with its line and field', () => {
    expect(parseChangeDeclarations('x.yaml', REALM)).toHaveLength(1);
    const twice = errorOf(`${REALM}${REALM.replace('changes:\n', '')}`);
    expect([twice.line, twice.field, twice.message]).toEqual([
      7,
      'changes[1].kind',
      'specs/changed-settings.yaml:7: changes[1].kind: duplicate kind "organisation-setting"',
    ]);
    expect(errorOf(REALM.replace('    field: "realm_{param}"\n', '')).message).toMatch(/^specs\/changed-settings\.yaml:2: changes\[0\]/);
    expect(errorOf(`${REALM}    scope: { path: stream_id }\n`).message).toBe(
      'specs/changed-settings.yaml:7: changes[0].scope.path: no path of by has a {stream_id} segment',
    );
    expect(errorOf(`${REALM}    unlessMade: { kind: folder, param: id }\n`).message).toBe(
      'specs/changed-settings.yaml:7: changes[0].unlessMade.kind: unknown kind "folder" (not in created-resources.yaml)',
    );
    expect(errorOf(`${REALM}    unlessMade: { kind: channel }\n`).message).toMatch(/unlessMade: needs exactly one of path, param and each/);
  });
});
