import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/common/paths.js';
import { schemaRegistry, schemaValidator } from '../../src/engine/judge/schemas.js';
import { META_SCHEMAS, SCHEMA_BASE } from '../../src/engine/load/schema-files.js';
import { sharedAjv } from '../../src/common/ajv.js';
import { loadCatalog, loadSuite } from '../../src/engine/load/load.js';

// Every schema, in schemas/ and its folders (events/typing.schema.json).
const names = (readdirSync(projectPath('schemas'), { recursive: true }) as string[])
  .map((n) => n.split('\\').join('/'))
  .filter((n) => n.endsWith('.schema.json'));

describe('schemas/', () => {
  it.each(names)('%s has the $id of its file name and declares draft 2020-12', (name) => {
    const schema = JSON.parse(readFileSync(projectPath('schemas', name), 'utf8'));
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${SCHEMA_BASE}${name}`);
  });

  it.each(names.map((n) => n.replace('.schema.json', '')).filter((n) => !META_SCHEMAS.has(`${n}.schema.json`)))('%s compiles in strict mode', (name) => {
    expect(() => schemaValidator(name)).not.toThrow();
  });

  it('every x-clause annotation names a clause of the catalog', () => {
    const known = new Set(loadSuite().clauses.map((c) => c.id));
    const named = names.flatMap((n) => [...readFileSync(projectPath('schemas', n), 'utf8').matchAll(/"x-clause": "([^"]+)"/g)].map((m) => `${n}: ${m[1]}`));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((entry) => !known.has(entry.split(': ')[1]))).toEqual([]);
  });

  it('every schema a spec names exists', () => {
    const named = loadSuite().specs.flatMap((s) => s.cases.flatMap((c) => c.steps.flatMap((st) => [st.expect?.schema, st.expect?.zulip?.schema])));
    for (const name of named.filter((n): n is string => Boolean(n))) expect(() => schemaValidator(name)).not.toThrow();
  });

  it('channel objects with extra fields are valid (the document says later fields exist)', () => {
    const validate = schemaValidator('channel');
    const channel = {
      stream_id: 1,
      name: 'a',
      is_archived: false,
      description: '',
      rendered_description: '',
      date_created: 1,
      creator_id: null,
      invite_only: false,
      is_web_public: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      first_message_id: null,
      is_recently_active: true,
      can_add_subscribers_group: 1,
      can_remove_subscribers_group: { direct_members: [1], direct_subgroups: [] },
      can_administer_channel_group: 1,
      can_delete_any_message_group: 1,
      can_delete_own_message_group: 1,
      can_move_messages_out_of_channel_group: 1,
      can_move_messages_within_channel_group: 1,
      some_future_field: 'x',
    };
    expect(validate(channel)).toBe(true);
    expect(validate({ ...channel, message_retention_days: 0 })).toBe(false);
    expect(validate({ ...channel, can_add_subscribers_group: { direct_members: [] } })).toBe(false);
  });

  it("response schemas and the data files' meta-schemas compile into the one Ajv instance of the process", () => {
    expect(schemaRegistry()).toBe(sharedAjv());
    loadCatalog();
    expect(sharedAjv().getSchema(`${SCHEMA_BASE}clause-catalog.schema.json`)).toBeTypeOf('function');
  });
});
