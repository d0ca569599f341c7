// Mutants of the clauses about a set (specs/clauses.yaml `members`), one family per clause: each
// server of a family breaks one member alone (one setting's event, one value refused, one field
// dropped, one parameter ignored), so a case that checks one member and not the others lets the
// others' servers through. The families are made from the catalog, and each mutant's case is one
// that exercises its member (tests/support/member-coverage.ts): a new member gets its mutant by
// itself. The families of the statement kinds (a unit, an optional parameter) are in
// statement-kinds.mutants.ts.
import { loadSuite, parametersByOperation } from '../../src/engine/load/load.js';
import { memberKey } from '../../src/engine/load/set-members.js';
import { operationMatcher } from '../../src/engine/judge/operation-of.js';
import { placesOf } from '../../src/engine/judge/timestamps.js';
import type { Clause } from '../../src/engine/load/load.js';
import type { SpecFile, Step } from '../../src/engine/load/types.js';
import { eachPickedEvent, isEvents, refuse, type Json, type Kind, type Mutant } from '../support/mutant-helpers.js';
import { memberCoverage } from '../support/member-coverage.js';
import { operationOfStep } from '../support/kind-coverage.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const suite = loadSuite();
const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
const clauseOf = new Map(suite.clauses.map((c) => [c.id, c] as const));
const coverage = new Map(memberCoverage(suite, {}).map((k) => [k.clause.id, k] as const));
const specOf = new Map(suite.specs.flatMap((s) => s.cases.map((c) => [c.id, s] as const)));
const caseOf = new Map(suite.specs.flatMap((s) => s.cases.map((c) => [c.id, c] as const)));
const operationOf = operationOfStep(suite);
const documented = parametersByOperation(suite.specs);

/** The cases exercising a member, the ones `fits` keeps, first one only: each mutant runs one case. */
const killsOf = (clause: string, member: string, fits: (spec: SpecFile, caseId: string) => boolean = () => true) =>
  (coverage.get(clause)?.exercised.get(member) ?? []).filter((id) => fits(specOf.get(id)!, id)).slice(0, 1);
/** The operations whose spec files hold these cases: the mutant runs those files only. */
const operationsOf = (kills: string[]) => [...new Set(kills.map((id) => specOf.get(id)!.operation))];

/** A family: for each member of the clause, a server breaking it alone, caught by a case exercising it. */
function family(clause: string, kind: Kind, server: (member: string) => Partial<Mutant> & { rewrite?: Rewrite; kills?: string[]; also?: string[] }): Mutant[] {
  const c = clauseOf.get(clause)!;
  return c.members!.names.map(memberKey).flatMap((member) => {
    const { kills = killsOf(clause, member), also = [], ...rest } = server(member);
    if (!kills.length) return [];
    const own = c.members!.clauses?.[member];
    return [
      {
        name: `member-${slug(clause)}-${slug(member)}`,
        kind,
        operations: operationsOf(kills),
        // The Zulip facts that restate the clause are broken too (a zulip case's failure names them first).
        breaks: [clause, ...(own ? [own] : []), ...(c.facts ?? []), ...also],
        member: { clause, name: member },
        kills,
        ...rest,
      },
    ];
  });
}

/** Another value of the same kind: a wrong value a server could carry for the one sent. */
export function wrongValue(value: unknown): unknown {
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}x`;
  if (value === null) return 1;
  return { direct_members: [], direct_subgroups: [] };
}

/** The text a form carries for a value: a string as it is, anything else as JSON. */
const asSent = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
/** A parameter's text read back as the value it stands for. */
function asValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
const forOperation = (operation: string) => {
  const match = operationMatcher([operation]);
  return (req: ProxiedRequest) => match(req.method, req.path) !== null;
};
const callerEmail = (req: ProxiedRequest) => Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();

/** Whether a step sends the parameter with that value to the operation. */
const sendsValue = (step: Step, operation: string, p: string, value: string) =>
  operationOf(step) === operation && step.request.params?.[p] !== undefined && asSent(step.request.params[p]) === value;
/** A case a refusal of p=value can judge: its file's fixtures and its setup steps never send it (they would err the case instead). */
const judgesRefusal = (operation: string, p: string, value: string) => (spec: SpecFile, caseId: string) =>
  ![...(spec.fixtures ?? []), ...caseOf.get(caseId)!.steps.filter((s) => s.setup)].some((s) => sendsValue(s, operation, p, value));

// --- values: each value of an enumeration refused alone (a parameter), or shown as another (an answer's field) ---
/** What else a value refused, or shown as another, breaks: the clause saying what setting that value does. */
const VALUE_ALSO_BREAKS: Record<string, (value: string) => string[]> = {
  // topics_policy "sets the channel's topics policy to" each value: refused, or read back as another, it no longer does.
  'op4.topics-policy.values': () => ['op4.topics-policy'],
  'res.channel.topics_policy': () => ['op4.topics-policy'],
  // Owners may give the owner role (op10.role.owner): with role=100 refused, an owner no longer can.
  'op10.role.values': (value) => (value === '100' ? ['op10.role.owner'] : []),
};

function valueFamily(c: Clause): Mutant[] {
  const also = VALUE_ALSO_BREAKS[c.id] ?? (() => []);
  const p = c.members!.parameter!;
  const names = c.members!.names.map(memberKey);
  if ((documented[c.endpoint] ?? []).includes(p)) {
    const sent = forOperation(c.endpoint);
    return family(c.id, 'parameter', (value) => ({
      // As Zulip refuses a value its parameter does not take (typed_endpoint.py's literal_error).
      rewrite: refuse((req) => sent(req) && paramsOf(req).get(p) === value, `Invalid ${p}`),
      kills: killsOf(c.id, value, judgesRefusal(c.endpoint, p, value)),
      also: also(value),
    }));
  }
  const place = c.members!.at!.find((at) => at.operation)!;
  const answers = forOperation(place.operation!);
  const key = place.path.split('.').at(-1)!;
  return family(c.id, 'field', (value) => ({
    also: also(value),
    rewrite: {
      answer: (req, a) => {
        if (!answers(req)) return;
        for (const { value: got, holder } of placesOf(a.json, place.path)) if (got === value) (holder as Json)[key] = names.find((n) => n !== value);
      },
    },
  }));
}

// --- parameters ---
/** A server ignoring one parameter of an operation: it never reaches the server, the answer stays. */
const ignores = (operation: string, name: string): Rewrite => {
  const sent = forOperation(operation);
  return {
    request: (req) => {
      if (!sent(req)) return;
      req.form.delete(name);
      req.query.delete(name);
    },
  };
};

/** A server applying one new default to the existing users too: their settings read back as the default sent. */
function defaultReachesUsers(name: string): Rewrite {
  const defaults = forOperation('PATCH /realm/user_settings_defaults');
  let applied: unknown;
  return {
    answer: (req, a) => {
      const json = a.json as Json | undefined;
      if (defaults(req) && json?.result === 'success' && paramsOf(req).has(name)) applied = asValue(paramsOf(req).get(name)!);
      const settings = req.method === 'POST' && req.path === '/register' ? (json?.user_settings as Json | undefined) : undefined;
      if (settings && applied !== undefined && name in settings) settings[name] = applied;
    },
  };
}

/** A server accepting an unsupported parameter silently: it is no longer listed in ignored_parameters_unsupported. */
const notListedAsIgnored = (operation: string, name: string): Rewrite => {
  const sent = forOperation(operation);
  return {
    answer: (req, a) => {
      const listed = (a.json as Json | undefined)?.ignored_parameters_unsupported;
      if (sent(req) && Array.isArray(listed)) (a.json as Json).ignored_parameters_unsupported = listed.filter((n) => n !== name);
    },
  };
};

/** A status update that does not pass the field (nor its group) clears it: the status read no longer shows it. */
function statusFieldCleared(name: string, together: readonly string[][]): Rewrite {
  const group = together.find((g) => g.includes(name)) ?? [name];
  let cleared = false;
  return {
    answer: (req, a) => {
      const ok = (a.json as Json | undefined)?.result === 'success';
      if (req.method === 'POST' && req.path === '/users/me/status' && ok) cleared = !group.some((n) => paramsOf(req).has(n));
      const status = req.method === 'GET' && /^\/users\/\d+\/status$/.test(req.path) ? ((a.json as Json).status as Json | undefined) : undefined;
      if (status && cleared) delete status[name];
    },
  };
}

/** A permission parameter given a bare group-setting value is taken as if it were an update object. */
const bareTakenAsUpdate = (operation: string, name: string): Rewrite => {
  const sent = forOperation(operation);
  return {
    request: (req) => {
      const text = req.form.get(name);
      if (!sent(req) || text === null) return;
      const value = asValue(text);
      if (typeof value !== 'object' || value === null || !('new' in value)) req.form.set(name, JSON.stringify({ new: value }));
    },
  };
};

/** A parameter that is neither true nor false is taken as true. */
const lenientBoolean = (operation: string, name: string): Rewrite => {
  const sent = forOperation(operation);
  return {
    request: (req) => {
      for (const params of [req.query, req.form]) {
        const text = params.get(name);
        if (sent(req) && text !== null && text !== 'true' && text !== 'false') params.set(name, 'true');
      }
    },
  };
};

// --- fields, operations, events ---
/** A field dropped from the objects at `path` of an operation's success answers (a field set's `at`). */
const dropsField = (operation: string, path: string, field: string): Rewrite => {
  const answers = forOperation(operation);
  return {
    answer: (req, a) => {
      if (!answers(req) || (a.json as Json | undefined)?.result !== 'success') return;
      for (const { value } of placesOf(a.json, path)) if (typeof value === 'object' && value !== null) delete (value as Json)[field];
    },
  };
};

/** An operation open to every caller: a refusal of someone who is no administrator (nor owner) is answered with success. */
const openTo = (operation: string): Rewrite => {
  const answers = forOperation(operation);
  return {
    answer: (req, a) => {
      if (answers(req) && (a.json as Json | undefined)?.result === 'error' && !/^(admin|owner)@/.test(callerEmail(req))) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
};

/** A path the server no longer serves: a JSON 404. */
const gone = (method: string, path: string): Rewrite => ({
  answer: (req, a) => {
    if (req.method === method && req.path === path) {
      a.status = 404;
      a.json = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' };
    }
  },
});

/** Events of one kind ("typing stop") are never delivered. */
const dropsEvents = (kind: string): Rewrite => {
  const [type, op] = kind.split(' ');
  return {
    answer: (req, a) => {
      const json = a.json as Json | undefined;
      if (isEvents(req) && Array.isArray(json?.events))
        json.events = (json.events as Json[]).filter((e) => !(e.type === type && (op === undefined || e.op === op)));
    },
  };
};

/** Realm events carry a wrong value for one setting: in update_dict's data, or as an update's value. */
const realmEventWrong = (setting: string): Rewrite =>
  eachPickedEvent({ type: 'realm' }, (e) => {
    const data = e.data as Json | undefined;
    if (data && setting in data) data[setting] = wrongValue(data[setting]);
    if (e.property === setting) e.value = wrongValue(e.value);
  });

/** An operation's own clause restating Authentication 2 for it ("op10.admin-only", "op4.non-administrators-refused"). */
const adminOnlyClausesOf = (operation: string) =>
  suite.clauses.filter((c) => c.endpoint === operation && /\.(admin-only|non-administrators-refused)$/.test(c.id)).map((c) => c.id);

const STATUS_KILLS: Record<string, string> = {
  status_text: 'op13.zulip.emoji-keeps-text',
  emoji_name: 'op13.zulip.text-keeps-emoji',
  emoji_code: 'op13.zulip.text-keeps-emoji',
  reaction_type: 'op13.zulip.text-keeps-emoji',
  away: 'op13.zulip.text-keeps-away',
};

/** The family of a clause about a set that is not of a statement kind's (optional, unit: statement-kinds.mutants.ts). */
function familyOf(c: Clause): Mutant[] {
  const m = c.members!;
  if (m.of === 'value') return valueFamily(c);
  if (c.kind === 'optional' || c.kind === 'unit') return [];
  const objects = m.of === 'field' ? m.at?.find((at) => at.operation) : undefined;
  if (objects) return family(c.id, 'field', (field) => ({ rewrite: dropsField(objects.operation!, objects.path, field) }));
  switch (c.id) {
    case 'events.realm-update-dict':
      return family(c.id, 'field', (setting) => ({
        rewrite: realmEventWrong(setting),
        // The Zulip server's event for the setting: op update for the move time limits, update_dict for the others.
        breaks: [c.id, /^move_messages_/.test(setting) ? 'zulip.events.realm.move-time-limits-update' : 'zulip.events.realm.update-dict-message-editing'],
      }));
    case 'op5.existing-users-unchanged':
      return family(c.id, 'not-affected', (name) => ({
        rewrite: defaultReachesUsers(name),
        // Read through Zulip's POST /register (a zulip case): its fact restating the clause breaks first.
        breaks: [c.id, 'zulip.realm-defaults.existing-users-unchanged'],
        kills: killsOf(c.id, name).includes('op5.zulip.existing-users-unchanged.every-default')
          ? ['op5.zulip.existing-users-unchanged.every-default']
          : killsOf(c.id, name),
      }));
    case 'op5.not-accepted':
      return family(c.id, 'envelope', (name) => ({
        rewrite: notListedAsIgnored(c.endpoint, name),
        // The parameter is still ignored, and no longer listed: the convention of listing what was ignored breaks too.
        breaks: [c.id, 'conv.ignored-params'],
      }));
    case 'op13.only-passed-change':
      return family(c.id, 'not-affected', (name) => ({
        rewrite: statusFieldCleared(name, c.readBack?.together ?? []),
        kills: [STATUS_KILLS[name]],
        // Read through Zulip's GET /users/{user_id}/status (a zulip case): its fact restating the clause breaks first.
        breaks: [c.id, 'zulip.status.only-passed-change'],
      }));
    case 'op6.settings.effect':
    case 'op9.same-as-10':
      return family(c.id, 'effect', (name) => ({ rewrite: ignores(c.endpoint, name) }));
    case 'op4.update-objects':
      return family(c.id, 'invalid-input', (name) => ({ rewrite: bareTakenAsUpdate(c.endpoint, name) }));
    case 'op20.params-boolean':
      return family(c.id, 'invalid-input', (name) => ({ rewrite: lenientBoolean(c.endpoint, name) }));
    case 'auth.admin-operations':
      return family(c.id, 'permission', (operation) => ({
        rewrite: openTo(operation),
        // The operation's own "administrators only" clause says the same of it: opened to everyone, it breaks too.
        breaks: [c.id, ...adminOnlyClausesOf(operation)],
      }));
    case 'op2.aliases':
      return family(c.id, 'parameter', (alias) => ({ rewrite: gone(alias.split(' ')[0], alias.split(' ')[1]) }));
    case 'events.typing':
      return family(c.id, 'effect', (kind) => ({
        rewrite: dropsEvents(kind),
        // Seen through Zulip's events (a zulip case): the fact describing the direct typing events breaks first.
        breaks: [c.id, 'zulip.events.typing.direct'],
      }));
    default:
      throw new Error(`${c.id}: a clause about a set with no family of mutants in set-members.mutants.ts`);
  }
}

/**
 * The generic check of an enumeration's values reaches POST /register's fields and the events a
 * case picks, not only the fields a case reads back: a value no member of the enumeration, where
 * the case checks something else, fails naming the enumeration's clause.
 */
const STRANGERS: Mutant[] = [
  {
    name: 'values-stranger-in-register',
    kind: 'field',
    operations: ['PATCH /realm/user_settings_defaults'],
    rewrite: {
      answer: (req, a) => {
        const defaults = req.method === 'POST' && req.path === '/register' ? ((a.json as Json).realm_user_settings_defaults as Json | undefined) : undefined;
        if (defaults && 'emojiset' in defaults) defaults.emojiset = 'comic-sans';
      },
    },
    // Zulip's POST /register shows the defaults' stored values (its fact): a value no emojiset has is none of them.
    breaks: ['op5.param.emojiset', 'zulip.realm-defaults.read-back-register'],
    kills: ['op5.twenty-four-hour-time'],
  },
  {
    name: 'values-stranger-in-events',
    kind: 'field',
    operations: ['PATCH /realm/user_settings_defaults'],
    rewrite: eachPickedEvent({ type: 'realm_user_settings_defaults', where: { property: 'resolved_topic_notice_auto_read_policy' } }, (e) => {
      e.value = 'sometimes';
    }),
    // Zulip's update event carries an enum setting's name (its fact): "sometimes" is no name of the setting.
    breaks: ['op5.param.resolved-topic-notice-auto-read-policy', 'zulip.events.realm-user-settings-defaults.update'],
    kills: ['op5.zulip.events.enum-name'],
  },
];

export const MUTANTS: Mutant[] = [...suite.clauses.filter((c) => c.members && c.status !== 'unspecified').flatMap(familyOf), ...STRANGERS];
