// What a spec case touches that Zulip added (or removed) at a feature level, read from the
// reference server's level tables (src/reference/*/*.levels.ts): the endpoints it calls, the
// parameters and values it sends, the answer fields it reads or captures, the registration fields
// it interpolates, and the few behaviours a request shows by its data (the empty topic, a
// "(no topic)" topic, a time-limit refusal). tests/unit/case-levels.test.ts requires every case to
// say `since:` (and `until:`) accordingly.
import { LEVEL_TABLE } from '../../src/reference/levels.js';
import { ROUTES } from '../../src/reference/routes.js';
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
  'GET /messages/{message_id}/history': ['edit snapshot'],
  'GET /channel_folders': ['channel folder'],
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

const absent = (a: object) => (a as { exists?: unknown }).exists === false;

function stepTouches(step: Step): Touch[] {
  const endpoint = endpointOf(step.request.method, step.request.path);
  if (!endpoint) return [];
  const t = LEVEL_TABLE;
  const params = Object.entries(step.request.params ?? {});
  const paths = [
    ...Object.values(step.capture ?? {}),
    // A check that a field is absent holds at the levels before it too.
    ...[...(step.expect?.body ?? []), ...(step.expect?.zulip?.body ?? [])].filter((a) => !absent(a)).flatMap((a) => [a.path, ...(a.when ? [a.when.path] : [])]),
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

const ADMINS = ['owner', 'admin'];
const endpointOfStep = (s: Step) => endpointOf(s.request.method, s.request.path);
const expectedEvents = (steps: Step[]) => steps.flatMap((s) => s.events?.expect ?? []);
const succeeds = (s: Step) => s.expect?.result === 'success';
const narrowTerms = (s: Step): Record<string, unknown>[] =>
  endpointOfStep(s) === 'GET /messages' && Array.isArray(s.request.params?.narrow) ? (s.request.params.narrow as Record<string, unknown>[]) : [];

/** A move within a channel asking for a notice, in a case that then reads the channel's topics, messages or message events. */
function moveNoticeTouches(steps: Step[]): Touch[] {
  const asks = steps.findIndex((s) => {
    const p = s.request.params ?? {};
    const topicMove = (p.topic !== undefined || p.subject !== undefined) && p.stream_id === undefined;
    return (
      endpointOfStep(s) === 'PATCH /messages/{message_id}' &&
      topicMove &&
      (p.send_notification_to_new_thread !== false || p.send_notification_to_old_thread === true)
    );
  });
  if (asks < 0) return [];
  const reads = steps
    .slice(asks + 1)
    .some(
      (s) => ['GET /users/me/{stream_id}/topics', 'GET /messages'].includes(endpointOfStep(s) ?? '') || s.events?.expect?.some((e) => e.type === 'message'),
    );
  return reads ? touch(LEVEL_TABLE.behaviours['topic moves within a channel send notices'], 'the notices of a move within a channel') : [];
}

/** The steps that change a group an earlier step deactivated (POST /user_groups/${x}/deactivate), and succeed. */
function onDeactivatedGroups(steps: Step[], method: string, tail: string): boolean {
  const dead = new Set<string>();
  return steps.some((s) => {
    const path = s.request.path;
    const group = /^\/user_groups\/(\$\{[^}]+\})/.exec(path)?.[1];
    if (s.request.method === 'POST' && group && path === `/user_groups/${group}/deactivate`) dead.add(group);
    return s.request.method === method && group !== undefined && dead.has(group) && path === `/user_groups/${group}${tail}` && succeeds(s);
  });
}

/** What a case shows only through several of its steps, or through the events it expects, of a behaviour the level tables name. */
function caseBehaviourTouches(steps: Step[]): Touch[] {
  const b = LEVEL_TABLE.behaviours;
  const events = expectedEvents(steps);
  const text = JSON.stringify(steps);
  const out: Touch[] = [...moveNoticeTouches(steps)];
  const terms = steps.flatMap(narrowTerms);
  if (terms.some((t) => t.operator === 'channel')) out.push(...touch(b['channel narrow operator'], 'the narrow operator channel'));
  if (terms.some((t) => t.operator === 'id' && typeof t.operand !== 'string'))
    out.push(...touch(b['narrow id operand as an integer'], 'an integer id operand'));
  const manyIds = (v: unknown) => Array.isArray(v) && v.length > 1;
  const orderedIds = events.some(
    (e) =>
      ['update_message', 'delete_message'].includes(e.type) &&
      (manyIds(e.where?.message_ids) || (e.body ?? []).some((a) => a.path === 'message_ids' && manyIds((a as { equals?: unknown }).equals))),
  );
  if (orderedIds) out.push(...touch(b['event message_ids sorted'], "the order of an event's message_ids"));
  const status = steps.some((s) => endpointOfStep(s) === 'POST /users/me/status' && s.request.params?.away !== undefined);
  if (status && text.includes('presence_enabled')) out.push(...touch(b['away is presence_enabled'], 'away read as presence_enabled'));
  // A name refused before 106 is refused as BAD_REQUEST all the same: only an answer judged further tells the levels apart.
  const judgedFurther = (s: Step) => succeeds(s) || (s.expect?.body ?? s.expect?.zulip?.body) !== undefined;
  const namesUser = (s: Step) => ['PATCH /users/{user_id}', 'PATCH /users/{email:path}'].includes(endpointOfStep(s) ?? '');
  if (steps.some((s) => namesUser(s) && s.request.params?.full_name !== undefined && judgedFurther(s)))
    out.push(...touch(b['full_name as plain text'], 'full_name of PATCH /users'));
  const madePublic = steps.some((s) => endpointOfStep(s) === 'PATCH /streams/{stream_id}' && s.request.params?.is_private === false);
  if (madePublic && events.some((e) => e.type === 'stream' && e.op === 'create'))
    out.push(...touch(b['stream create events for a channel made public'], 'stream create for a channel made public'));
  const channelAdmin = steps.some((s) => {
    if (endpointOfStep(s) !== 'PATCH /streams/{stream_id}' || ADMINS.includes(roleOf(s) ?? 'member')) return false;
    const code = s.expect?.zulip?.code ?? s.expect?.code;
    return succeeds(s) || (code !== undefined && !['UNAUTHORIZED_PRINCIPAL', 'BAD_REQUEST'].includes(code));
  });
  if (channelAdmin) out.push(...touch(b['channel administrators'], 'a channel updated, or refused, by one of its own administrators'));
  if (events.some((e) => e.type === 'default_streams')) out.push(...touch(b['default_streams events carry IDs'], 'a default_streams event'));
  const deletesTopic = steps.some((s) => endpointOfStep(s) === 'POST /streams/{stream_id}/delete_topic');
  const readsFirst = text.includes('first_message_id');
  if (deletesTopic && readsFirst) out.push(...touch(b['first_message_id follows deletions'], 'first_message_id after a deletion'));
  if (onDeactivatedGroups(steps, 'PATCH', '')) out.push(...touch(b['deactivated groups editable'], 'a deactivated group updated'));
  if (onDeactivatedGroups(steps, 'POST', '/members'))
    out.push(...touch(b['members of deactivated groups editable'], 'the members of a deactivated group changed'));
  const eventFields = events
    .filter((e) => e.type === 'update_message')
    .flatMap((e) => [...Object.keys(e.where ?? {}), ...(e.body ?? []).filter((a) => !absent(a)).map((a) => a.path)])
    .flatMap(identifiers);
  out.push(...[...new Set(eventFields)].flatMap((name) => touch(LEVEL_TABLE.fields['update_message event'][name], `update_message event field ${name}`)));
  return out;
}

/** An optional fixture counts for the cases that use what it captures (the others run without it). */
function usedBy(c: Case, fixture: Step): boolean {
  const text = JSON.stringify([c.assume ?? [], c.steps, c.cleanup ?? []]);
  return Object.keys(fixture.capture ?? {}).some((name) => new RegExp(`\\$\\{${name}\\b`).test(text));
}

/** Everything a case touches that has a level: what it assumes, its steps, its cleanup and its file's fixtures (an optional one only when the case uses what it captures). */
export function touchesOf(spec: SpecFile, c: Case): Touch[] {
  const steps = [...(spec.fixtures ?? []).filter((f) => !f.optional || usedBy(c, f)), ...(c.assume ?? []), ...c.steps, ...(c.cleanup ?? [])];
  return [...steps.flatMap(stepTouches), ...typingEventTouches(steps), ...caseBehaviourTouches(steps)];
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
