// specs/created-resources.yaml: loaded with the suite (not as a spec file), and a malformed
// declaration is refused with its file, line and field, as the other data files are.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCreatedResources, loadNameParams, parseCreatedResources } from '../../src/engine/load/created-resources.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { specErrorOf } from '../support/spec-errors.js';

const GOOD = `resources:
  - kind: user-group
    by: { method: POST, path: /user_groups/create }
    key: { answer: group_id }
    undo: { method: POST, path: "/user_groups/{key}/deactivate" }
  - kind: channel
    by: { method: POST, path: /users/me/subscriptions }
    noted: before-sending
    key: { param: subscriptions, each: name }
    keyStartsWith: "cf \${run.id} "
    undo: { method: DELETE, path: "/streams/{stream_id}" }
    resolve: { method: GET, path: /get_stream_id, params: { stream: "{key}" } }
`;

const errorOf = (text: string) => specErrorOf(() => parseCreatedResources('specs/created-resources.yaml', text));

describe('created resources', () => {
  it("the project's declarations load, one per kind, and ride along with the suite", () => {
    const kinds = loadCreatedResources().map((r) => r.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['channel', 'user-group', 'saved-snippet', 'channel-folder', 'navigation-view', 'message', 'bot', 'custom-emoji']),
    );
    expect(loadSuite().resources.map((r) => r.kind)).toEqual(kinds);
    expect(loadSuite().specs.some((s) => s.file.endsWith('created-resources.yaml'))).toBe(false);
  });

  it('a good file loads as written', () => {
    expect(parseCreatedResources('x.yaml', GOOD)[1]).toMatchObject({ kind: 'channel', noted: 'before-sending', key: { param: 'subscriptions', each: 'name' } });
  });

  it.each([
    [
      'an unknown field',
      GOOD.replace('noted: before-sending', 'notd: before-sending'),
      8,
      /created-resources\.yaml:8: resources\[1\]\.notd: is not a known field/,
    ],
    [
      'a bad method',
      GOOD.replace('method: POST, path: /user_groups', 'method: SEND, path: /user_groups'),
      3,
      /:3: resources\[0\]\.by\.method: must be one of "GET"/,
    ],
    ['a missing undo', GOOD.replace('    undo: { method: POST, path: "/user_groups/{key}/deactivate" }\n', ''), 2, /:2: resources\[0\]\.undo: is required/],
    [
      'a key from nowhere',
      GOOD.replace('key: { answer: group_id }', 'key: { answer: group_id, param: name }'),
      4,
      /:4: resources\[0\]\.key: needs exactly one of answer, param and path/,
    ],
    [
      'a key from a path segment the creating path does not name',
      GOOD.replace('key: { answer: group_id }', 'key: { path: name }'),
      4,
      /:4: resources\[0\]\.key\.path: by\.path has no \{name\} segment/,
    ],
    [
      'entries of an array read from the answer',
      GOOD.replace('key: { answer: group_id }', 'key: { answer: group_id, each: name }'),
      4,
      /:4: resources\[0\]\.key\.each: needs param \(the JSON array whose entries it reads\)/,
    ],
    [
      'before-sending without a prefix',
      GOOD.replace('    keyStartsWith: "cf ${run.id} "\n', ''),
      8,
      /:8: resources\[1\]\.noted: noted before-sending needs keyStartsWith/,
    ],
    [
      'before-sending keyed by the answer',
      GOOD.replace('key: { param: subscriptions, each: name }', 'key: { answer: stream_id }'),
      9,
      /:9: resources\[1\]\.key: noted before-sending/,
    ],
    [
      'an undo path nothing fills',
      GOOD.replace('    resolve: { method: GET, path: /get_stream_id, params: { stream: "{key}" } }\n', ''),
      11,
      /:11: resources\[1\]\.undo\.path: \{stream_id\} is not \{key\}/,
    ],
    ['a duplicate kind', GOOD.replace('kind: channel', 'kind: user-group'), 6, /:6: resources\[1\]\.kind: duplicate kind "user-group"/],
  ])('refuses %s, naming file, line and field', (_, text, line, message) => {
    const error = errorOf(text);
    expect(error.message).toMatch(message);
    expect(error.file).toBe('specs/created-resources.yaml');
    expect(error.line).toBe(line);
  });
});

describe('the names a run gives', () => {
  it('a file without `names` declares none', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tcc-names-')), 'created-resources.yaml');
    const resources = 'resources:\n  - { kind: k, by: { method: POST, path: /k }, key: { answer: id }, undo: { method: DELETE, path: "/k/{key}" } }\n';
    writeFileSync(file, resources);
    expect(loadNameParams(file)).toEqual([]);
    writeFileSync(file, `${resources}names:\n  - { by: { method: POST, path: /k }, param: name }\n`);
    expect(loadNameParams(file)).toEqual([{ by: { method: 'POST', path: '/k' }, param: 'name' }]);
  });
});
