// What a case's outcome depends on among the organisation's settings, read from its steps: the
// edit history it reads, the content it edits, the topics and channels it moves messages to or
// resolves, the empty topic it sends to. tests/unit/setting-needs.test.ts holds every case's
// `needs:` to cover these, so a new case reading a history without declaring it fails there.
import type { Case, SettingNeed, SettingValue, SpecFile, Step } from '../../src/engine/load/types.js';

/** A setting a case depends on, why, and whether a declared need covers it. */
export interface Dependency {
  setting: string;
  why: string;
  /** What the declaration should say, for a message. */
  suggest: string;
  covers(need: SettingNeed | undefined): boolean;
}

/** System groups from the widest; a role is in a group of its rank or lower (Zulip nests them so). */
const GROUP_RANK: Record<string, number> = { 'role:everyone': 0, 'role:members': 1, 'role:moderators': 2, 'role:administrators': 3, 'role:owners': 4 };
const ROLE_RANK: Record<string, number> = { guest: 0, member: 1, member2: 1, bot: 1, moderator: 2, admin: 3, owner: 4 };
const bound = (role: string) => ROLE_RANK[role] < 2;

const expectsSuccess = (step: Step) => !step.events && !step.queue && step.expect?.result !== 'error' && !step.expect?.notServed;
const roleOfStep = (step: Step, spec: SpecFile) => (typeof step.as === 'string' ? step.as : typeof step.as === 'object' ? 'member' : (spec.caller ?? 'member'));
const isEdit = (step: Step) => step.request.method === 'PATCH' && /^\/messages\/\$\{/.test(step.request.path);
const params = (step: Step) => step.request.params ?? {};
/** A parameter's value as text (a string, or nothing). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const EMPTY = ['', '(no topic)', '${register.realm_empty_topic_display_name}'];

const exactly =
  (...values: SettingValue[]) =>
  (need: SettingNeed | undefined) =>
    need?.accept !== undefined && need.accept.every((v) => values.includes(v));
/** A time limit the case names: at least so long, or the one it checks. */
const aTimeLimit = (need: SettingNeed | undefined) => need !== undefined;
/** A group need every accepted group of which holds the role. */
const groupHolding = (role: string) => (need: SettingNeed | undefined) =>
  need?.accept !== undefined && need.accept.every((g) => GROUP_RANK[String(g)] !== undefined && GROUP_RANK[String(g)] <= ROLE_RANK[role]);

function dependency(setting: string, why: string, suggest: string, covers: Dependency['covers']): Dependency {
  return { setting, why, suggest, covers };
}

/** The dependencies of a case: its steps, and its file's fixtures (the first case to run makes them). */
export function settingDependencies(spec: SpecFile, c: Case): Dependency[] {
  const steps = [...(spec.fixtures ?? []), ...(c.assume ?? []), ...c.steps].filter(expectsSuccess);
  const out: Dependency[] = [];
  const add = (d: Dependency) => {
    if (!out.some((o) => o.setting === d.setting && o.suggest === d.suggest)) out.push(d);
  };
  if (steps.some((s) => isEdit(s) && 'content' in params(s))) {
    add(dependency('allow_message_editing', 'it edits content', 'true', exactly(true)));
    add(dependency('message_content_edit_limit_seconds', 'it edits content', '{ atLeast: 600 }', aTimeLimit));
  }
  if (steps.some((s) => s.request.method === 'GET' && /^\/messages\/.*\/history$/.test(s.request.path))) {
    // Whether a content edit shows depends on the policy: a case sending one (taken or refused) reads one policy.
    const tried = [...(spec.fixtures ?? []), ...c.steps].some((s) => isEdit(s) && 'content' in params(s));
    add(
      tried
        ? dependency(
            'message_edit_history_visibility_policy',
            'it reads the history after a content edit',
            'all',
            (n) => exactly('all')(n) || exactly('moves')(n),
          )
        : dependency('message_edit_history_visibility_policy', 'it reads an edit history', '[all, moves]', exactly('all', 'moves')),
    );
  }
  for (const s of steps.filter(isEdit)) {
    const role = roleOfStep(s, spec);
    const topic = params(s).topic ?? params(s).subject;
    if (typeof topic === 'string' && (topic.startsWith('✔ ') || isUnresolve(s, steps))) {
      add(dependency('can_resolve_topics_group', `it resolves a topic as ${role}`, `a group holding ${role}`, groupHolding(role)));
    } else if (typeof topic === 'string') {
      add(dependency('can_move_messages_between_topics_group', `it changes a topic as ${role}`, `a group holding ${role}`, groupHolding(role)));
      if (bound(role)) add(dependency('move_messages_within_stream_limit_seconds', `it changes a topic as ${role}`, '{ atLeast: 600 }', aTimeLimit));
    }
    if ('stream_id' in params(s)) {
      add(
        dependency(
          'can_move_messages_between_channels_group',
          `it moves a message to another channel as ${role}`,
          `a group holding ${role}`,
          groupHolding(role),
        ),
      );
      if (bound(role))
        add(dependency('move_messages_between_streams_limit_seconds', `it moves a message to another channel as ${role}`, '{ atLeast: 600 }', aTimeLimit));
    }
  }
  const toEmpty = steps.some((s) => {
    const topic = params(s).topic ?? params(s).subject;
    return (isEdit(s) || (s.request.method === 'POST' && s.request.path === '/messages')) && typeof topic === 'string' && EMPTY.includes(topic);
  });
  if (toEmpty) {
    // Before feature level 392 the organisation's mandatory_topics decides; from it on, the
    // channel's topics_policy (set by the case or its fixtures), or inherit and the organisation's.
    if (!c.since || c.since < 392) add(dependency('mandatory_topics', 'it sends or moves a message to the empty topic', 'false', exactly(false)));
    if (!allowsEmptyTopic(spec, c))
      add(
        dependency(
          'topics_policy',
          'it sends or moves a message to the empty topic',
          'allow_empty_topic (or the channel allows it)',
          exactly('allow_empty_topic'),
        ),
      );
  }
  return out;
}

/** The case's channel allows the empty topic by its own topics_policy, or the case sets the organisation's. */
function allowsEmptyTopic(spec: SpecFile, c: Case): boolean {
  const steps = [...(spec.fixtures ?? []), ...c.steps];
  return (
    (c.settingChanges ?? []).includes('topics_policy') ||
    steps.some(
      (s) =>
        s.request.method === 'PATCH' &&
        /^\/streams\//.test(s.request.path) &&
        ['allow_empty_topic', 'empty_topic_only'].includes(text(params(s).topics_policy)),
    )
  );
}

/** Taking the "✔ " off a topic an earlier step resolved: resolving again, not a move. */
function isUnresolve(step: Step, steps: Step[]): boolean {
  const topic = text(params(step).topic);
  return steps.some((s) => isEdit(s) && params(s).topic === `✔ ${topic}` && steps.indexOf(s) < steps.indexOf(step));
}
