// What a spec case touches that Zulip added (or removed) at a feature level, read from the
// reference server's level tables (src/reference/*/*.levels.ts): the endpoints it calls, the
// parameters and values it sends, the answer fields it reads or captures, the registration fields
// it interpolates, and the few behaviours a request shows by its data (the empty topic, a
// "(no topic)" topic, a time-limit refusal). tests/unit/case-levels.test.ts requires every case to
// say `since:` (and `until:`) accordingly.
import { LEVEL_TABLE } from '../../src/reference/realm/levels.js';
import { ROUTES } from '../../src/reference/core/routes.js';
import { matchRoute, routeKey } from '../../src/reference/core/router.js';
import { changedAt, type Level } from '../../src/reference/core/levels.js';
import { roleOf, type Case, type SpecFile, type Step } from '../../src/engine/load/types.js';
import { readFileSync } from 'node:fs';
import { projectPath } from '../../src/common/paths.js';

export interface Touch {
  /** The level the statement appeared at (or, for `removed`, the level that removed it). */
  level: number;
  /** The case relies on something Zulip removed at `level`: it needs `until` below it. */
  removed?: true;
  what: string;
}

/** The answer fields an endpoint's body holds, by object kind of the level tables. */
const ANSWER_KINDS: Record<string, string[]> = {
  'GET /streams': ['channel'],
  'GET /user_groups': ['user group'],
  'POST /user_groups/create': ['created group'],
  'POST /streams/{stream_id}/delete_topic': ['delete topic'],
  'PATCH /messages/{message_id}': ['edit message'],
};

/** POST /register's nested objects and their kinds. */
const REGISTER_OBJECTS: Record<string, string> = { user_settings: 'user settings', realm_user_settings_defaults: 'realm user settings defaults' };

const touch = (when: Level | undefined, what: string): Touch[] =>
  when === undefined ? [] : typeof when === 'number' ? [{ level: when, what }] : [{ level: changedAt(when), removed: true, what }];

/** The route a spec request reaches: its `${...}` placeholders read as an id (an email address where they name one), else as text. */
export function endpointOf(method: string, path: string): string | null {
  for (const filler of ['1', 'x']) {
    const match = matchRoute(
      ROUTES,
      method,
      path.replace(/\$\{([^}]+)\}/g, (_, inner: string) => (/email/i.test(inner) ? 'someone@example.test' : filler)),
    );
    if (match.kind === 'found') return routeKey(match.route);
  }
  return null;
}

const identifiers = (path: string): string[] => path.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];

/** The versioned fields a body path of an answer of `endpoint` names. */
function fieldTouches(endpoint: string, path: string): Touch[] {
  const fields = LEVEL_TABLE.fields;
  if (endpoint === 'POST /register') {
    const [first, second] = identifiers(path);
    const nested = REGISTER_OBJECTS[first];
    if (nested && second) return [...touch(fields.register[first], `${endpoint} ${first}`), ...touch(fields[nested][second], `${endpoint} ${first}.${second}`)];
    return [...touch(fields.register[first], `${endpoint} ${first}`), ...touch(fields['realm settings'][first], `${endpoint} ${first}`)];
  }
  return (ANSWER_KINDS[endpoint] ?? []).flatMap((kind) => identifiers(path).flatMap((name) => touch(fields[kind][name], `${endpoint} answer field ${name}`)));
}

/** The registration fields a step interpolates (`${register.<field>}`). */
function registerTouches(step: Step): Touch[] {
  const placeholders = [...JSON.stringify(step).matchAll(/\$\{[^}]*\}/g)].map(([p]) => p);
  return placeholders.flatMap((p) => [...p.matchAll(/\bregister\.([A-Za-z0-9_]+)/g)]).flatMap(([, name]) => fieldTouches('POST /register', name));
}

const TOPIC_SENDERS = new Set(['POST /messages', 'PATCH /messages/{message_id}', 'POST /typing']);

/** What a request's data shows of a behaviour the level tables name. */
function behaviourTouches(endpoint: string, step: Step): Touch[] {
  const b = LEVEL_TABLE.behaviours;
  const params = step.request.params ?? {};
  const topic = params.topic ?? params.subject;
  const out: Touch[] = [];
  if (TOPIC_SENDERS.has(endpoint) && topic === '') out.push(...touch(b['empty topic'], `${endpoint} with the empty topic`));
  if (topic === '(no topic)' && endpoint === 'POST /messages')
    out.push(...touch(b['(no topic) is the empty topic when sending'], `${endpoint} topic "(no topic)"`));
  if (topic === '(no topic)' && endpoint === 'POST /typing')
    out.push(...touch(b['(no topic) is the empty topic when typing'], `${endpoint} topic "(no topic)"`));
  const asMember = !['owner', 'admin'].includes(roleOf(step) ?? 'member');
  if (endpoint === 'GET /streams' && params.include_all_active === true && asMember && step.expect?.result === 'success') {
    out.push(...touch(b['include_all_active for everyone'], `${endpoint} include_all_active for a non-administrator`));
  }
  const codes = [step.expect?.code, step.expect?.zulip?.code];
  if (codes.includes('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'))
    out.push(...touch(b.MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, 'the MOVE_MESSAGES_TIME_LIMIT_EXCEEDED refusal'));
  return out;
}

/** The fields a schema requires at its top that are of a feature level ("x-since"): the shape of that level's answer. */
function schemaTouches(name: string | undefined): Touch[] {
  if (!name) return [];
  const schema = JSON.parse(readFileSync(projectPath('schemas', `${name}.schema.json`), 'utf8')) as {
    required?: string[];
    properties?: Record<string, { 'x-since'?: number }>;
  };
  return (schema.required ?? []).flatMap((field) => touch(schema.properties?.[field]?.['x-since'], `schema ${name} field ${field}`));
}

function stepTouches(step: Step): Touch[] {
  const endpoint = endpointOf(step.request.method, step.request.path);
  if (!endpoint) return [];
  const t = LEVEL_TABLE;
  const params = Object.entries(step.request.params ?? {});
  const paths = [
    ...Object.values(step.capture ?? {}),
    ...[...(step.expect?.body ?? []), ...(step.expect?.zulip?.body ?? [])].flatMap((a) => [a.path, ...(a.when ? [a.when.path] : [])]),
  ];
  return [
    ...touch(t.endpoints[endpoint], endpoint),
    ...params.flatMap(([name]) => touch(t.parameters[endpoint]?.[name], `${endpoint} parameter ${name}`)),
    ...params.flatMap(([name, value]) =>
      typeof value === 'object' ? [] : touch(t.values[endpoint]?.[name]?.[String(value)], `${endpoint} ${name}=${String(value)}`),
    ),
    ...paths.flatMap((path) => fieldTouches(endpoint, path)),
    ...registerTouches(step),
    ...behaviourTouches(endpoint, step),
    ...schemaTouches(step.expect?.schema),
    ...schemaTouches(step.expect?.zulip?.schema),
  ];
}

/** A direct message's typing event, expected after a direct typing notification, names the message type "direct". */
function typingEventTouches(steps: Step[]): Touch[] {
  const directTyping = steps.some(
    (s) => s.request.method === 'POST' && s.request.path === '/typing' && !['stream', 'channel'].includes(s.request.params?.type as string),
  );
  const typingEvent = steps.some((s) => s.events?.expect?.some((e) => e.type === 'typing'));
  return directTyping && typingEvent ? touch(LEVEL_TABLE.behaviours['typing events say direct'], 'a direct typing event') : [];
}

/** An optional fixture counts for the cases that use what it captures (the others run without it). */
function usedBy(c: Case, fixture: Step): boolean {
  const text = JSON.stringify([c.assume ?? [], c.steps, c.cleanup ?? []]);
  return Object.keys(fixture.capture ?? {}).some((name) => new RegExp(`\\$\\{${name}\\b`).test(text));
}

/** Everything a case touches that has a level: what it assumes, its steps, its cleanup and its file's fixtures (an optional one only when the case uses what it captures). */
export function touchesOf(spec: SpecFile, c: Case): Touch[] {
  const steps = [...(spec.fixtures ?? []).filter((f) => !f.optional || usedBy(c, f)), ...(c.assume ?? []), ...c.steps, ...(c.cleanup ?? [])];
  return [...steps.flatMap(stepTouches), ...typingEventTouches(steps)];
}

/** The level a case needs (the highest it touches), and the first level it cannot run at (a removal it relies on). */
export function levelsNeeded(spec: SpecFile, c: Case): { since: number; until: number | null; why: Touch[] } {
  const touches = touchesOf(spec, c);
  const added = touches.filter((x) => !x.removed);
  const removed = touches.filter((x) => x.removed);
  return {
    since: Math.max(0, ...added.map((x) => x.level)),
    until: removed.length ? Math.min(...removed.map((x) => x.level)) - 1 : null,
    why: touches,
  };
}
