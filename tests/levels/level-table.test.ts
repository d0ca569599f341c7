// The feature levels the suite knows, kept in one place: the reference server's level tables
// (src/reference/*/*.levels.ts), each level a fact with Zulip's changelog as evidence. The specs
// must agree with them: a case touching a versioned endpoint, parameter, value, field or behaviour
// says `since:` (or `until:`), a spec file lists its versioned parameters with their level, and a
// schema field of a later level says so with "x-since" (the judge then excuses its absence when a
// target is judged as an older level).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import { projectPath } from '../../src/common/paths.js';
import { LEVEL_TABLE } from '../../src/reference/levels.js';
import { changedAt, factOfLevel, type Level } from '../../src/reference/core/levels.js';
import { endpointOf, levelsNeeded } from '../support/case-levels.js';

const suite = () => loadSuite();
const clauseSince = () => new Map(suite().clauses.map((c) => [c.id, c.since ?? 0]));

describe('every case says the level of what it touches', () => {
  it('since: at least the newest endpoint, parameter, value, field or behaviour it touches', () => {
    const wrong = suite().specs.flatMap((s) =>
      s.cases.flatMap((c) => {
        const need = levelsNeeded(s, c);
        if ((c.since ?? 0) >= need.since) return [];
        const why = [...new Set(need.why.filter((t) => t.level > (c.since ?? 0) && !t.removed).map((t) => `${t.what} (${t.level})`))];
        return [`${s.file} ${c.id}: since ${c.since ?? '-'}, needs ${need.since}: ${why.join('; ')}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('until: below the level that removed what it relies on', () => {
    const wrong = suite().specs.flatMap((s) =>
      s.cases.flatMap((c) => {
        const { until, why } = levelsNeeded(s, c);
        return until !== null && (c.until === undefined || c.until > until)
          ? [
              `${s.file} ${c.id}: until ${c.until ?? '-'}, needs ${until}: ${why
                .filter((t) => t.removed)
                .map((t) => t.what)
                .join('; ')}`,
            ]
          : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('since: at least the level of every clause it cites', () => {
    const since = clauseSince();
    const wrong = suite().specs.flatMap((s) =>
      s.cases.flatMap((c) =>
        c.clauses.filter((id) => (since.get(id) ?? 0) > (c.since ?? 0)).map((id) => `${c.id}: since ${c.since ?? '-'}, cites ${id} (${since.get(id)})`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the spec files and the schemas know the levels', () => {
  it('every spec file of a versioned operation says since: with its level', () => {
    const wrong = suite().specs.flatMap((s) => {
      const [method, path] = s.operation.split(' ');
      const endpoint = endpointOf(method, path.replace(/\{(\w+)\}/g, '$${$1}'));
      const level = endpoint ? LEVEL_TABLE.endpoints[endpoint] : undefined;
      return s.since === level ? [] : [`${s.file}: since ${s.since ?? '-'}, ${s.operation} is of level ${JSON.stringify(level) ?? '-'}`];
    });
    expect(wrong).toEqual([]);
  });

  it("every spec file lists its operation's versioned parameters with their level", () => {
    const wrong = suite().specs.flatMap((s) => {
      const [method, path] = s.operation.split(' ');
      const endpoint = endpointOf(method, path.replace(/\{(\w+)\}/g, '$${$1}'));
      if (!endpoint) return [`${s.file}: ${s.operation} is no route of the reference server`];
      const table = LEVEL_TABLE.parameters[endpoint] ?? {};
      const endpointLevel = LEVEL_TABLE.endpoints[endpoint];
      return (s.parameters ?? []).flatMap((p) => {
        const name = typeof p === 'string' ? p : p.name;
        const listed = typeof p === 'string' ? undefined : p.since;
        const known = table[name];
        // A parameter as old as its endpoint may say the endpoint's level, or nothing.
        const fine = listed === known || (known === undefined && listed === endpointLevel);
        return fine ? [] : [`${s.file} ${name}: listed since ${listed ?? '-'}, the level tables say ${JSON.stringify(known) ?? '-'}`];
      });
    });
    expect(wrong).toEqual([]);
  });

  it("every clause's read-back says since: at least the level of the endpoint and the field it reads", () => {
    const wrong = suite().clauses.flatMap((c) => {
      const read = c.readBack;
      if (!read) return [];
      const endpoint = endpointOf(read.request.method, read.request.path);
      if (!endpoint) return [`${c.id}: the read-back ${read.request.method} ${read.request.path} is no route of the reference server`];
      const field = endpoint === 'POST /register' ? LEVEL_TABLE.fields.register[read.value.split('.')[0]] : undefined;
      const need = Math.max(...[LEVEL_TABLE.endpoints[endpoint], field].map((l) => (typeof l === 'number' ? l : 0)));
      return (read.since ?? 0) === need ? [] : [`${c.id}: read-back since ${read.since ?? '-'}, it reads what appeared at ${need}`];
    });
    expect(wrong).toEqual([]);
  });

  // The schemas of answers and events holding the objects the level tables know, and where in them.
  const SCHEMA_KINDS: [string, string, string][] = [
    ['channel', '', 'channel'],
    ['events/stream-create', '/properties/streams/items', 'channel'],
    ['register-user-settings', '/properties/user_settings', 'user settings'],
    ['user-groups', '/properties/user_groups/items', 'user group'],
    ['events/user-group', '/properties/group', 'user group'],
    ['delete-topic', '', 'delete topic'],
    ['edit-message', '', 'edit message'],
    ['edit-snapshot', '', 'edit snapshot'],
    ['events/update-message', '', 'update_message event'],
    ['channel-folders', '/properties/channel_folders/items', 'channel folder'],
    ['events/channel-folder', '/properties/channel_folder', 'channel folder'],
  ];

  it.each(SCHEMA_KINDS)('schemas/%s.schema.json marks the fields of level tables kind "%s"... with x-since', (file, pointer, kind) => {
    let node = JSON.parse(readFileSync(projectPath('schemas', `${file}.schema.json`), 'utf8')) as Record<string, unknown>;
    for (const part of pointer.split('/').slice(1)) node = node[part] as Record<string, unknown>;
    const properties = node.properties as Record<string, { 'x-since'?: number }>;
    const fields = LEVEL_TABLE.fields[kind];
    const wrong = Object.entries(properties).flatMap(([name, p]) => {
      const want = typeof fields[name] === 'number' ? fields[name] : undefined;
      return p['x-since'] === want ? [] : [`${name}: x-since ${p['x-since'] ?? '-'}, the level tables say ${want ?? '-'}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe('every level is a fact', () => {
  const entries = (): { level: Level; names: string[]; where: string }[] => [
    ...Object.entries(LEVEL_TABLE.endpoints).map(([k, level]) => ({ level, names: [k.replace(/:path\}/g, '}').split(' ')[1]], where: `endpoint ${k}` })),
    ...Object.entries(LEVEL_TABLE.parameters).flatMap(([op, names]) =>
      Object.entries(names).map(([name, level]) => ({ level, names: [name], where: `${op} ${name}` })),
    ),
    ...Object.entries(LEVEL_TABLE.values).flatMap(([op, params]) =>
      Object.entries(params).flatMap(([name, values]) =>
        Object.entries(values).map(([value, level]) => ({ level, names: [value], where: `${op} ${name}=${value}` })),
      ),
    ),
    ...Object.entries(LEVEL_TABLE.fields).flatMap(([kind, names]) =>
      Object.entries(names).map(([name, level]) => ({ level, names: [name], where: `${kind} field ${name}` })),
    ),
    ...Object.entries(LEVEL_TABLE.behaviours).map(([name, level]) => ({ level, names: [], where: `behaviour "${name}"` })),
  ];

  it("each level a table names is the fact zulip.level.<N>, from Zulip's changelog, naming what it changed", () => {
    const facts = new Map(suite().facts.map((f) => [f.id, f]));
    const wrong = entries().flatMap(({ level, names, where }) => {
      const fact = facts.get(factOfLevel(changedAt(level)));
      if (!fact) return [`${where}: no fact ${factOfLevel(changedAt(level))}`];
      if (!fact.evidence.some((e) => e.path === 'api_docs/changelog.md' && e.symbol === `Feature level ${changedAt(level)}`))
        return [`${fact.id}: no changelog evidence`];
      return names.filter((n) => !fact.statement.includes(n)).map((n) => `${fact.id} does not name ${n} (${where})`);
    });
    expect(wrong).toEqual([]);
  });

  it('each zulip.level.<N> fact is a level some table names', () => {
    const named = new Set(entries().map((e) => factOfLevel(changedAt(e.level))));
    const orphans = suite()
      .facts.filter((f) => f.id.startsWith('zulip.level.'))
      .map((f) => f.id)
      .filter((id) => !named.has(id));
    expect(orphans).toEqual([]);
  });

  it('each behaviour a table names is asked for by the reference server', () => {
    const dir = projectPath('src', 'reference');
    const code = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.levels.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const unused = Object.keys(LEVEL_TABLE.behaviours).filter((name) => !code.includes(`'${name}'`));
    expect(unused).toEqual([]);
  });
});
