// The organisation settings the run's cases need (their `needs:`), made to hold for them. Before
// a case, the run reads each setting (POST /register, realm_<name>); where it does not hold, an
// administrator sets it (PATCH /realm) and the run reads it back; once no case still to run needs
// it, the run puts the value it first read back. Cases needing what the setting is share it, one
// read and at most one change for all of them (setting-turns.ts). Where it cannot be made to
// hold (no administrator, refused, not taken), the case is skipped on the target, naming the
// setting and its value. Every request goes through the run's client, as any step's does.
import type { Role } from '../common/vocabulary.js';
import type { Exchange } from '../http/client.js';
import type { TargetContext } from '../engine/run/run-steps.js';
import type { SettingNeed } from '../engine/load/types.js';
import { describeNeed, describeValue, meets, needAt, restoringValue, valueToSet, type GroupNames } from '../engine/run/setting-needs.js';
import { SettingTurns } from './setting-turns.js';

/** What a case asks of the organisation's settings: its needs, and the settings its own steps change. */
export interface SettingsAsked {
  id: string;
  settingNeeds?: SettingNeed[];
  settingChanges?: string[];
}

/** The settings a case holds until it ends; release() says what could not be put back. */
export interface HeldSettings {
  release(): Promise<string[]>;
}

interface State {
  turns: SettingTurns;
  /** The value the run first read (before changing it), and how to write it back. */
  original?: { value: unknown; need: SettingNeed };
  /** The value as last read or set; absent: read it before relying on it. */
  current?: { value: unknown };
  /** Changed by the run and not put back yet. */
  changed: boolean;
  /** Planned cases that need or change it and have not ended. */
  pending: number;
}

/** One setting a case takes a turn on: the need at the level judged, or a change its steps make. */
interface Turn {
  name: string;
  need?: SettingNeed;
}

const ADMINISTRATORS: Role[] = ['admin', 'owner'];

export class OrganisationSettings {
  private readonly states = new Map<string, State>();
  private readonly expected = new Map<string, Turn[]>();
  private groups: GroupNames | null = null;
  /** GET /user_groups, asked once for the run. */
  private groupsRead: Promise<GroupNames> | null = null;

  constructor(
    private readonly ctx: TargetContext,
    private readonly featureLevel: number,
    /** The level the target says it has (null: it says none), when the run judges it as another. */
    private readonly claimedLevel: number | null = null,
  ) {}

  /** A case the plan runs: the settings it needs stay as it needs them until it has ended. */
  expect(asked: SettingsAsked): void {
    const turns = this.turnsOf(asked);
    if (!turns.length || this.expected.has(asked.id)) return;
    this.expected.set(asked.id, turns);
    for (const turn of turns) this.state(turn.name).pending += 1;
  }

  /**
   * Takes the case's turns on its settings (in name order, so two cases never wait for each
   * other) and makes its needs hold; the reason to skip it where one cannot be made to hold.
   * `first`: the case is of the part of the run that goes first (setting-turns.ts).
   */
  async hold(asked: SettingsAsked, first = true): Promise<HeldSettings | { skip: string }> {
    const turns = this.turnsOf(asked);
    if (!turns.length) return { release: () => Promise.resolve([]) };
    // Judged as a level newer than the target says it has: a setting of a later level is not there to be made to hold.
    const later = turns.find((t) => t.need?.since !== undefined && this.claimedLevel !== null && this.claimedLevel < t.need.since);
    if (later) return { skip: `needs the organisation setting ${later.name}, of feature level ${later.need!.since}: the target has ${this.claimedLevel}` };
    const taken: (Turn & { state: State; lead: boolean })[] = [];
    for (const turn of turns) {
      const state = this.state(turn.name);
      const fits = () => turn.need !== undefined && state.current !== undefined && this.meets(turn.need, state.current.value);
      taken.push({ ...turn, state, lead: await state.turns.enter(fits, turn.need === undefined, first) });
    }
    const led = taken.filter((t) => t.lead && t.need) as (Turn & { state: State; need: SettingNeed })[];
    const problem = await this.makeHold(led).catch((error: unknown) => `could not read or set the organisation's settings: ${(error as Error).message}`);
    for (const t of taken) if (t.lead) t.state.turns.settled();
    const release = async () => {
      for (const t of taken) {
        t.state.turns.leave();
        // Changed by the case's own steps: read it again before relying on it.
        if (!t.need) delete t.state.current;
      }
      const ended = this.expected.get(asked.id);
      this.expected.delete(asked.id);
      for (const turn of ended ?? []) this.state(turn.name).pending -= 1;
      const problems: string[] = [];
      for (const t of taken) if (t.state.pending <= 0 && t.state.turns.idle) problems.push(...(await this.putBack(t.name)));
      return problems;
    };
    if (!problem) return { release };
    const notRestored = await release();
    return { skip: [problem, ...notRestored].join('; ') };
  }

  /** Puts back every setting the run changed (at the run's end). */
  async restoreAll(): Promise<string[]> {
    const problems: string[] = [];
    for (const name of this.states.keys()) problems.push(...(await this.putBack(name)));
    return problems;
  }

  private state(name: string): State {
    let state = this.states.get(name);
    if (!state) this.states.set(name, (state = { turns: new SettingTurns(), changed: false, pending: 0 }));
    return state;
  }

  /** The case's needs as the level judged has them, and the settings its steps change, by name. */
  private turnsOf(asked: SettingsAsked): Turn[] {
    const byName = new Map<string, Turn>();
    for (const declared of asked.settingNeeds ?? []) {
      const need = needAt(declared, this.featureLevel);
      if (need && !byName.has(need.setting)) byName.set(need.setting, { name: need.setting, need });
    }
    for (const name of asked.settingChanges ?? []) byName.set(name, { name });
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  private meets(need: SettingNeed, value: unknown): boolean {
    // A setting the target does not show cannot be judged: the case runs as the target is.
    if (value === undefined) return true;
    return need.type === 'group' && !this.groups ? false : meets(need, value, this.groups ?? NO_GROUPS);
  }

  /** Reads what the leader does not know, sets what does not hold, reads it back; the skip reason, or null. */
  private async makeHold(led: (Turn & { state: State; need: SettingNeed })[]): Promise<string | null> {
    if (!led.length) return null;
    const unread = led.filter((t) => !t.state.current);
    if (unread.length) {
      const shown = await this.read();
      for (const t of unread) t.state.current = { value: shown[`realm_${t.name}`] };
      // The same read tells what the settings other cases will need are, while nobody relies on
      // them (nor changes them): one read for the run, unless something changes them.
      for (const [name, state] of this.states) {
        if (!state.current && !state.original && state.turns.idle && `realm_${name}` in shown) state.current = { value: shown[`realm_${name}`] };
      }
    }
    // The value before the run changed anything: what it puts back.
    for (const t of led) t.state.original ??= { value: t.state.current!.value, need: t.need };
    if (led.some((t) => t.need.type === 'group')) this.groups = await (this.groupsRead ??= this.readGroups());
    const unmet = led.filter((t) => !this.meets(t.need, t.state.current!.value));
    if (!unmet.length) return null;
    const setter = ADMINISTRATORS.find((role) => this.ctx.accounts[role]);
    for (const t of unmet) {
      const why = (reason: string) => this.unmet(t.need, t.state.current!.value, reason);
      if (!setter) return why('no administrator account is configured to change it');
      // The value the organisation had, where it will do (a change of the run's own undone), else the need's.
      const original = t.state.original!;
      const value = this.meets(t.need, original.value) ? restoringValue(original.need, original.value) : valueToSet(t.need, this.groups ?? NO_GROUPS);
      if (value === undefined) return why(`the target has no group ${String(t.need.accept![0])} to set`);
      const exchange = await this.send(setter, 'PATCH', '/realm', { [t.name]: value }, 'fixture');
      const body = exchange.response?.json as { result?: string } | undefined;
      if (body?.result !== 'success') return why(`PATCH /realm refused the change (${answerOf(exchange)})`);
      t.state.changed = true;
      delete t.state.current;
    }
    const shown = await this.read();
    for (const t of unmet) {
      const value = shown[`realm_${t.name}`];
      t.state.current = { value };
      // Back at the organisation's own value: nothing to put back for it.
      if (JSON.stringify(value) === JSON.stringify(t.state.original!.value)) t.state.changed = false;
      if (value !== undefined && !this.meets(t.need, value))
        return this.unmet(
          t.need,
          t.state.original!.value,
          `the change did not take (PATCH /realm answered success, POST /register shows ${describeValue(t.need, value, this.groups ?? NO_GROUPS)})`,
        );
    }
    return null;
  }

  private unmet(need: SettingNeed, value: unknown, reason: string): string {
    return `needs the organisation setting ${need.setting} ${describeNeed(need)}; it is ${describeValue(need, value, this.groups ?? NO_GROUPS)} here, and ${reason}`;
  }

  /** Writes back the value first read, once nobody relies on the setting; what failed, if anything. */
  private async putBack(name: string): Promise<string[]> {
    const state = this.states.get(name)!;
    if (!state.changed || !state.original) return [];
    const setter = ADMINISTRATORS.find((role) => this.ctx.accounts[role])!;
    const { value, need } = state.original;
    state.changed = false;
    delete state.current;
    const exchange = await this.send(setter, 'PATCH', '/realm', { [name]: restoringValue(need, value) }, 'cleanup');
    const body = exchange.response?.json as { result?: string } | undefined;
    if (body?.result === 'success') return [];
    return [`could not put the organisation setting ${name} back to ${describeValue(need, value, this.groups ?? NO_GROUPS)} (${answerOf(exchange)})`];
  }

  /** The realm_* fields of POST /register, its event queue deleted again. */
  private async read(): Promise<Record<string, unknown>> {
    const role = this.reader();
    if (!role) return {};
    const exchange = await this.send(role, 'POST', '/register', { fetch_event_types: ['realm'], event_types: ['message'] }, 'fixture');
    const body = (exchange.response?.json ?? {}) as Record<string, unknown>;
    if (typeof body.queue_id === 'string') await this.send(role, 'DELETE', '/events', { queue_id: body.queue_id }, 'fixture');
    if (body.result !== 'success') throw new Error(`POST /register: ${answerOf(exchange)}`);
    return body;
  }

  /** The organisation's groups by id and name (GET /user_groups), for needs naming system groups. */
  private async readGroups(): Promise<GroupNames> {
    const role = this.reader();
    const exchange = role ? await this.send(role, 'GET', '/user_groups', {}, 'fixture') : null;
    const groups = ((exchange?.response?.json as { user_groups?: { id: number; name: string }[] } | undefined)?.user_groups ?? []).filter(
      (g) => typeof g.id === 'number' && typeof g.name === 'string',
    );
    return {
      nameOf: (id) => groups.find((g) => g.id === id)?.name,
      idOf: (name) => groups.find((g) => g.name === name)?.id,
    };
  }

  private reader(): Role | undefined {
    return [...ADMINISTRATORS, ...(Object.keys(this.ctx.accounts) as Role[])].find((role) => this.ctx.accounts[role]);
  }

  private send(role: Role, method: string, path: string, params: Record<string, unknown>, purpose: 'fixture' | 'cleanup'): Promise<Exchange> {
    const account = this.ctx.accounts[role]!;
    return this.ctx.client.send({ method, path, params: params as never, auth: { ...account, role }, purpose });
  }
}

const NO_GROUPS: GroupNames = { nameOf: () => undefined, idOf: () => undefined };

/** `BAD_REQUEST "msg"`, or the transport fault. */
function answerOf(exchange: Exchange): string {
  if (exchange.error) return `${exchange.error.kind}: ${exchange.error.message}`;
  const body = exchange.response?.json as { code?: string; msg?: string } | undefined;
  return body ? `${body.code ?? `HTTP ${exchange.response?.status}`} ${JSON.stringify(body.msg ?? '')}` : `HTTP ${exchange.response?.status}`;
}
