// The shared shape of the two settings properties (PATCH /settings as member2, PATCH
// /realm/user_settings_defaults as the admin): for any setting and value, an allowed value is
// accepted and an invalid one is a BAD_REQUEST error; under the zulip profile the value is read
// back through POST /register, and a refused value changed nothing. Every setting the property
// touched is restored in teardown to the value read in setup (each on its own where the server
// refuses one of them).
import type { Role } from '../../src/common/vocabulary.js';
import type { PropertyApi } from '../../src/property/api.js';
import { show, defineProperty, violated, outcome } from '../../src/property/define.js';
import { SETTINGS, settingTries, settingTry, VALUE_LEVELS, type SettingTry } from '../arbitraries/setting-values.js';

/** The clauses of a setting: its type and values (op<N>.param.<name>), and its effect (.effect). */
const typeClause = (op: 'op2' | 'op5', name: string) => `${op}.param.${name.replace(/_/g, '-')}`;
const effectClause = (op: 'op2' | 'op5', name: string) => `${typeClause(op, name)}.effect`;

/** Every clause a settings property of `op` can name: its settings' type and effect clauses. */
export function settingClauses(op: 'op2' | 'op5'): string[] {
  const names = [...new Set(SETTINGS.filter((s) => s.ops.includes(op)).map((s) => s.name))];
  return [...names.map((n) => typeClause(op, n)), ...names.map((n) => effectClause(op, n))];
}

interface Target {
  op: 'op2' | 'op5';
  role: Role;
  path: string;
  field: string;
}
export interface State {
  originals: Record<string, unknown>;
  /** The feature level judged: the values it lacks are not tried. */
  level: number;
  current: Record<string, unknown>;
  touched: Set<string>;
}

async function read(api: PropertyApi, { role, field }: Target): Promise<Record<string, unknown>> {
  const body = await api.ok(role, 'POST', '/register', { fetch_event_types: [field] });
  if (typeof body.queue_id === 'string') await api.call(role, 'DELETE', '/events', { queue_id: body.queue_id });
  return (body[field] ?? {}) as Record<string, unknown>;
}

export function settingsProperty(
  target: Target,
  meta: {
    id: string;
    endpoint: string;
    title: string;
    clauses: string[];
    facts?: string[];
    runs: number;
    since: number;
    anyAdmins?: boolean;
    requestsPerRun?: number;
  },
) {
  return defineProperty<SettingTry, State>({
    ...meta,
    roles: [target.role],
    // A user's settings change what other cases see (typing notifications, presence): run while
    // only update-settings.yaml does, taking turns with its cases for the same account. Realm
    // defaults reach only users created later, which no other file creates: run beside the rest,
    // taking turns with update-realm-user-defaults.yaml.
    ...(target.op === 'op2' ? { exclusive: 'user-settings', lock: `user-settings#${target.role}` } : { lock: 'realm-user-defaults' }),
    async setup(api) {
      const originals = await read(api, target);
      if (!Object.keys(originals).length) throw new Error(`POST /register showed no ${target.field}: the settings cannot be read`);
      return { originals, level: Number(api.vars.featureLevel), current: { ...originals }, touched: new Set() };
    },
    async teardown(api, state) {
      if (!state?.touched.size) return;
      const params = Object.fromEntries([...state.touched].map((name) => [name, state.originals[name] as string | number | boolean]));
      const { body } = await api.call(target.role, 'PATCH', target.path, params);
      // One value the server will not take back (a time zone never set cannot be unset) refuses
      // the whole request: then each goes back on its own.
      if (body.result !== 'success') for (const [name, value] of Object.entries(params)) await api.call(target.role, 'PATCH', target.path, { [name]: value });
    },
    arbitrary: (state) => settingTry(target.op, true, state.originals, state.level),
    async check(api, { name, value, valid }, state) {
      if (api.profile !== 'zulip' && !isSpecTry(target.op, name, value, state)) return;
      state.touched.add(name);
      const { body, request } = await api.call(target.role, 'PATCH', target.path, { [name]: value });
      const clause = typeClause(target.op, name);
      // A value of a later level than the setting's (VALUE_LEVELS) is that level's check.
      const since = VALUE_LEVELS[name]?.[String(value)];
      if (valid)
        violated(body.result === 'success', () => `${name}=${show(value)} is allowed, got ${outcome(body)} (${request})`, {
          clause,
          ...(since ? { since } : {}),
        });
      else {
        violated(body.result === 'error', () => `${name}=${show(value)} is not allowed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`, {
          clause,
        });
        violated(body.code === 'BAD_REQUEST', () => `${name}=${show(value)} is not allowed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`, {
          clause: 'errors.bad-request',
        });
      }
      if (valid) state.current[name] = value;
      if (api.profile !== 'zulip') return;
      const now = (await read(api, target))[name];
      violated(
        show(now) === show(state.current[name]),
        () =>
          `after ${valid ? 'accepting' : 'refusing'} ${name}=${show(value)}, POST /register shows ${show(now)}, expected ${show(state.current[name])} [zulip profile]`,
        { clause: effectClause(target.op, name), zulip: true },
      );
    },
  });
}

// The arbitrary is the same under both profiles (so a seed replays the same values); under the
// spec profile a value whose verdict only Zulip decides passes without a request.
function isSpecTry(op: 'op2' | 'op5', name: string, value: unknown, state: State): boolean {
  return settingTries(op, false, state.originals, state.level).some((t) => t.name === name && show(t.value) === show(value));
}
