// The run's organisation settings: a case's needs read first, set where they differ, checked,
// put back once no planned case needs them; shared by the cases needing one value (one read,
// one change); a case skipped on the target, naming the setting and its value, where it cannot.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ApiRequest } from '../../src/http/client.js';
import type { SettingNeed } from '../../src/engine/load/types.js';
import { OrganisationSettings, type SettingsAsked } from '../../src/runner/organisation-settings.js';
import { ACCOUNTS, failure, fakeTarget, success, type Reply } from './fake-target.js';

const GROUPS = [
  { id: 2, name: 'role:everyone' },
  { id: 3, name: 'role:members' },
  { id: 6, name: 'role:administrators' },
  { id: 8, name: 'role:nobody' },
];

/** A fake organisation: POST /register shows its settings, an administrator's PATCH /realm changes them. */
function organisation(settings: Record<string, unknown>, options: { refuse?: string; ignore?: boolean } = {}) {
  return (req: ApiRequest): Reply => {
    const params = (req.params ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && req.path === '/register')
      return success({ queue_id: 'q1', ...Object.fromEntries(Object.entries(settings).map(([k, v]) => [`realm_${k}`, v])) });
    if (req.method === 'GET' && req.path === '/user_groups') return success({ user_groups: GROUPS });
    if (req.method === 'PATCH' && req.path === '/realm') {
      if (req.auth?.role !== 'admin' && req.auth?.role !== 'owner') return failure('UNAUTHORIZED_PRINCIPAL');
      if (options.refuse && options.refuse in params) return failure('BAD_REQUEST', 'Invalid setting');
      if (!options.ignore)
        for (const [k, v] of Object.entries(params))
          settings[k] = v === 'unlimited' ? null : typeof v === 'object' && v !== null ? (v as { new: unknown }).new : v;
      return success();
    }
    return success();
  };
}

const history = (...accept: string[]): SettingNeed => ({
  setting: 'message_edit_history_visibility_policy',
  type: 'enum',
  accept,
  since: 358,
  before: { setting: 'allow_edit_history', type: 'boolean', accept: accept.includes('all') ? [true] : [], until: 357 },
});
const editing: SettingNeed = { setting: 'allow_message_editing', type: 'boolean', accept: [true] };
const asked = (id: string, ...settingNeeds: SettingNeed[]): SettingsAsked => ({ id, settingNeeds });
const writes = (sent: ApiRequest[]) => sent.filter((r) => r.method === 'PATCH').map((r) => r.params);

describe('organisation settings a case needs', () => {
  it('a setting that holds is read once and left alone', async () => {
    const { ctx, sent } = fakeTarget(organisation({ message_edit_history_visibility_policy: 'all', allow_message_editing: true }));
    const org = new OrganisationSettings(ctx, 420);
    const held = await org.hold(asked('a', history('all', 'moves'), editing));
    expect(held).not.toHaveProperty('skip');
    expect(await (held as { release(): Promise<string[]> }).release()).toEqual([]);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /register', 'DELETE /events']);
  });

  it('one that differs is set by an administrator, read back, and put back once no planned case needs it', async () => {
    const realm = { message_edit_history_visibility_policy: 'none' };
    const { ctx, sent } = fakeTarget(organisation(realm));
    const org = new OrganisationSettings(ctx, 420);
    org.expect(asked('a', history('all')));
    org.expect(asked('b', history('all')));
    const a = await org.hold(asked('a', history('all')));
    const b = await org.hold(asked('b', history('all')));
    expect(realm.message_edit_history_visibility_policy).toBe('all');
    expect(sent.filter((r) => r.auth?.role === 'admin' && r.method === 'PATCH')).toHaveLength(1);
    await (a as { release(): Promise<string[]> }).release();
    expect(realm.message_edit_history_visibility_policy).toBe('all');
    await (b as { release(): Promise<string[]> }).release();
    expect(realm.message_edit_history_visibility_policy).toBe('none');
    expect(writes(sent)).toEqual([{ message_edit_history_visibility_policy: 'all' }, { message_edit_history_visibility_policy: 'none' }]);
    expect(sent.filter((r) => r.path === '/register')).toHaveLength(2);
  });

  it('a case needing another value waits for the cases relying on the current one, then the setting changes once for it', async () => {
    const realm = { message_edit_history_visibility_policy: 'all' };
    const { ctx } = fakeTarget(organisation(realm));
    const org = new OrganisationSettings(ctx, 420);
    const first = (await org.hold(asked('a', history('all')))) as { release(): Promise<string[]> };
    let second: unknown;
    const waiting = org.hold(asked('b', history('none'))).then((h) => (second = h));
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBeUndefined();
    expect(realm.message_edit_history_visibility_policy).toBe('all');
    await first.release();
    await waiting;
    expect(realm.message_edit_history_visibility_policy).toBe('none');
    await (second as { release(): Promise<string[]> }).release();
    expect(realm.message_edit_history_visibility_policy).toBe('all');
  });

  it('of the cases waiting for another value, one of the part of the run that goes first leads first', async () => {
    const realm = { message_edit_history_visibility_policy: 'all' };
    const { ctx } = fakeTarget(organisation(realm));
    const org = new OrganisationSettings(ctx, 420);
    const holding = (await org.hold(asked('a', history('all')))) as { release(): Promise<string[]> };
    const led: string[] = [];
    // A case of an exclusive group (late: it runs once the others are done) asks before one that can run now.
    const late = org.hold(asked('group case', history('none')), false).then((h) => (led.push('group case'), h));
    const now = org.hold(asked('case', history('moves')), true).then((h) => (led.push('case'), h));
    await new Promise((r) => setTimeout(r, 10));
    await holding.release();
    const nowHeld = (await now) as { release(): Promise<string[]> };
    expect(led).toEqual(['case']);
    expect(realm.message_edit_history_visibility_policy).toBe('moves');
    await nowHeld.release();
    await ((await late) as { release(): Promise<string[]> }).release();
    expect(led).toEqual(['case', 'group case']);
  });

  it('without an administrator account the case is skipped on the target, naming the setting and its value', async () => {
    const { ctx, sent } = fakeTarget(organisation({ allow_message_editing: false }), { accounts: { member: ACCOUNTS.member } });
    const held = await new OrganisationSettings(ctx, 420).hold(asked('a', editing));
    expect(held).toEqual({
      skip: 'needs the organisation setting allow_message_editing true; it is false here, and no administrator account is configured to change it',
    });
    expect(writes(sent)).toEqual([]);
  });

  it('a change the target refuses, or does not take, skips the case and saying so', async () => {
    const refused = fakeTarget(organisation({ allow_message_editing: false }, { refuse: 'allow_message_editing' }));
    expect(await new OrganisationSettings(refused.ctx, 420).hold(asked('a', editing))).toEqual({
      skip: 'needs the organisation setting allow_message_editing true; it is false here, and PATCH /realm refused the change (BAD_REQUEST "Invalid setting")',
    });
    const ignored = fakeTarget(organisation({ allow_message_editing: false }, { ignore: true }));
    const skip = ((await new OrganisationSettings(ignored.ctx, 420).hold(asked('a', editing))) as { skip: string }).skip;
    expect(skip).toMatch(
      /^needs the organisation setting allow_message_editing true; it is false here, and the change did not take \(PATCH \/realm answered success, POST \/register shows false\)/,
    );
  });

  it('a group need names system groups; the value set is the group id, the old value put back as it was', async () => {
    const realm: Record<string, unknown> = { can_move_messages_between_topics_group: { direct_members: [11], direct_subgroups: [] } };
    const { ctx, sent } = fakeTarget(organisation(realm));
    const org = new OrganisationSettings(ctx, 420);
    const need: SettingNeed = { setting: 'can_move_messages_between_topics_group', type: 'group', accept: ['role:everyone', 'role:members'] };
    const held = (await org.hold(asked('a', need))) as { release(): Promise<string[]> };
    expect(realm.can_move_messages_between_topics_group).toBe(2);
    await held.release();
    expect(writes(sent)).toEqual([
      { can_move_messages_between_topics_group: { new: 2 } },
      { can_move_messages_between_topics_group: { new: { direct_members: [11], direct_subgroups: [] } } },
    ]);
  });

  it('a time limit of at least N seconds holds with no limit; one below is raised to N and put back', async () => {
    const realm: Record<string, unknown> = { message_content_edit_limit_seconds: null };
    const need: SettingNeed = { setting: 'message_content_edit_limit_seconds', type: 'time-limit', atLeast: 600 };
    const none = fakeTarget(organisation(realm));
    await ((await new OrganisationSettings(none.ctx, 420).hold(asked('a', need))) as { release(): Promise<string[]> }).release();
    expect(writes(none.sent)).toEqual([]);
    realm.message_content_edit_limit_seconds = 60;
    const short = fakeTarget(organisation(realm));
    const held = (await new OrganisationSettings(short.ctx, 420).hold(asked('a', need))) as { release(): Promise<string[]> };
    expect(realm.message_content_edit_limit_seconds).toBe(600);
    await held.release();
    expect(realm.message_content_edit_limit_seconds).toBe(60);
  });

  it('below the level a setting appeared at, the run reads and sets the one it replaced', async () => {
    const realm: Record<string, unknown> = { allow_edit_history: false };
    const { ctx, sent } = fakeTarget(organisation(realm));
    const held = (await new OrganisationSettings(ctx, 357).hold(asked('a', history('all', 'moves')))) as { release(): Promise<string[]> };
    expect(realm.allow_edit_history).toBe(true);
    await held.release();
    expect(writes(sent)).toEqual([{ allow_edit_history: true }, { allow_edit_history: false }]);
  });

  it('judged as a level newer than the target says it has, a setting of a later level skips the case on the target, sending nothing', async () => {
    const { ctx, sent } = fakeTarget(organisation({ allow_edit_history: true }));
    const held = await new OrganisationSettings(ctx, 420, 357).hold(asked('a', history('all', 'moves')));
    expect(held).toEqual({ skip: 'needs the organisation setting message_edit_history_visibility_policy, of feature level 358: the target has 357' });
    expect(sent).toEqual([]);
  });

  it('a case changing a setting in its own steps holds it alone, and it is read again after', async () => {
    const realm: Record<string, unknown> = { allow_message_editing: true };
    const { ctx, sent } = fakeTarget(organisation(realm));
    const org = new OrganisationSettings(ctx, 420);
    const changer = (await org.hold({ id: 'c', settingChanges: ['allow_message_editing'] })) as { release(): Promise<string[]> };
    let joined = false;
    const waiting = org.hold(asked('a', editing)).then((h) => {
      joined = true;
      return h as { release(): Promise<string[]> };
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(joined).toBe(false);
    await changer.release();
    await (await waiting).release();
    expect(sent.filter((r) => r.path === '/register')).toHaveLength(1);
  });

  it('at the end of the run, what cases never started still needed is put back', async () => {
    const realm: Record<string, unknown> = { allow_message_editing: false };
    const { ctx } = fakeTarget(organisation(realm));
    const org = new OrganisationSettings(ctx, 420);
    org.expect(asked('a', editing));
    org.expect(asked('never-started', editing));
    await ((await org.hold(asked('a', editing))) as { release(): Promise<string[]> }).release();
    expect(realm.allow_message_editing).toBe(true);
    expect(await org.restoreAll()).toEqual([]);
    expect(realm.allow_message_editing).toBe(false);
  });
});

describe("a property's needs in the worker", () => {
  it('resolve against the catalog the CLI handed over, not a file read again', async () => {
    const { planPropertyShape, useOrganisationSettings } = await import('../../src/runner/plan-property.js');
    const { loadOrganisationSettings } = await import('../../src/engine/load/organisation-settings.js');
    // A setting only the handed-over catalog has: found there, so the file was not read for it.
    useOrganisationSettings([{ name: 'handed_over_only', clauses: ['op1.rule4'], type: 'boolean' }]);
    // The test files share their modules (isolate: false): the real catalog goes back after.
    onTestFinished(() => useOrganisationSettings(loadOrganisationSettings()));
    const { c } = planPropertyShape({
      id: 'prop.x',
      endpoint: 'GET /x',
      title: 'x',
      clauses: [],
      roles: ['member'],
      runs: 1,
      needs: { handed_over_only: true },
      arbitrary: () => {
        throw new Error('not run');
      },
      check: () => Promise.resolve(),
    });
    expect(c.settingNeeds).toEqual([expect.objectContaining({ setting: 'handed_over_only', accept: [true] })]);
  });
});
