// Mutants of the events of operations 2, 5, 8, 9, 10, 13 and 21 (zulip profile): for
// each event one that drops it and one that misshapes it (rewrites of the GET /events answers),
// and one that sends it to the wrong users or ignores a capability (quirks of the reference
// server, src/reference/users/events.quirks.ts).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const SETTINGS = 'PATCH /settings';
const DEFAULTS = 'PATCH /realm/user_settings_defaults';
const USER_TOPICS = 'POST /user_topics';
const BY_ID = 'PATCH /users/{user_id}';
const BY_EMAIL = 'PATCH /users/{email}';
const STATUS = 'POST /users/me/status';
const PUSH = 'POST /mobile_push/e2ee/test_notification';

const isEvents = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/events';
const person = (e: Json) => (e.type === 'realm_user' ? (e.person as Json | undefined) : undefined) ?? {};

/** GET /events answers without the events `drop` picks. */
function dropEvents(drop: (event: Json) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      const body = a.json as Json | undefined;
      if (isEvents(req) && Array.isArray(body?.events)) body.events = (body.events as Json[]).filter((e) => !drop(e));
    },
  };
}

/** GET /events answers with `fn` applied to every event. */
function eachEvent(fn: (event: Json) => void): Rewrite {
  return {
    answer: (req, a) => {
      if (isEvents(req)) ((a.json as Json | undefined)?.events as Json[] | undefined)?.forEach(fn);
    },
  };
}

export const MUTANTS: Mutant[] = [
  // --- user_settings (ops 2 and 13) ---
  {
    name: 'user-settings-event-dropped',
    kind: 'effect',
    operations: [SETTINGS, STATUS],
    rewrite: dropEvents((e) => e.type === 'user_settings'),
    breaks: ['zulip.events.user-settings.update'],
    kills: [
      'op2.zulip.events.setting-to-user-only',
      'op2.zulip.events.unchanged-setting',
      'op2.zulip.events.order-language-timezone',
      'op2.zulip.events.legacy-without-capability',
      'op13.zulip.events.away',
    ],
  },
  {
    name: 'user-settings-event-value-as-text',
    kind: 'field',
    operations: [SETTINGS, STATUS],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_settings') e.value = String(e.value);
    }),
    breaks: ['zulip.events.user-settings.update'],
    kills: ['op2.zulip.events.setting-to-user-only', 'op2.zulip.events.unchanged-setting', 'op13.zulip.events.away'],
  },
  {
    name: 'user-settings-event-without-language-name',
    kind: 'field',
    operations: [SETTINGS],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_settings') delete e.language_name;
    }),
    breaks: ['zulip.events.user-settings.update'],
    kills: ['op2.zulip.events.order-language-timezone'],
  },
  {
    name: 'user-settings-event-to-everyone',
    kind: 'permission',
    operations: [SETTINGS, STATUS],
    quirks: ['settings-event-to-everyone'],
    breaks: ['zulip.events.user-settings.update', 'zulip.events.user-status'],
    kills: ['op2.zulip.events.setting-to-user-only', 'op13.zulip.events.away'],
  },
  {
    name: 'user-settings-event-for-unchanged-value',
    kind: 'effect',
    operations: [SETTINGS],
    quirks: ['settings-event-unchanged-sent'],
    breaks: ['zulip.events.user-settings.update'],
    kills: ['op2.zulip.events.unchanged-setting'],
  },
  {
    name: 'user-settings-events-out-of-order',
    kind: 'order',
    operations: [SETTINGS],
    rewrite: {
      answer: (req, a) => {
        const body = a.json as Json | undefined;
        if (!isEvents(req) || !Array.isArray(body?.events)) return;
        // The server's order of the settings reversed (within one answer).
        const events = body.events as Json[];
        const at = events.map((e, i) => (e.type === 'user_settings' ? i : -1)).filter((i) => i >= 0);
        const reversed = at.map((i) => events[i]).reverse();
        at.forEach((i, k) => {
          events[i] = reversed[k];
        });
      },
    },
    breaks: ['zulip.events.user-settings.update'],
    kills: ['op2.zulip.events.order-language-timezone'],
  },
  // --- the legacy update_display_settings / update_global_notifications (op 2) ---
  {
    name: 'legacy-settings-events-dropped',
    kind: 'effect',
    operations: [SETTINGS],
    rewrite: dropEvents((e) => e.type === 'update_display_settings' || e.type === 'update_global_notifications'),
    breaks: ['zulip.events.user-settings.legacy'],
    kills: ['op2.zulip.events.legacy-without-capability'],
  },
  {
    name: 'legacy-settings-events-renamed-fields',
    kind: 'field',
    operations: [SETTINGS],
    rewrite: eachEvent((e) => {
      if (e.type === 'update_display_settings') {
        e.property = e.setting_name;
        delete e.setting_name;
      }
      if (e.type === 'update_global_notifications') {
        e.value = e.setting;
        delete e.setting;
      }
    }),
    breaks: ['zulip.events.user-settings.legacy'],
    kills: ['op2.zulip.events.legacy-without-capability'],
  },
  {
    name: 'legacy-settings-events-to-capable-queues',
    kind: 'effect',
    operations: [SETTINGS],
    quirks: ['settings-legacy-event-to-capable-queues'],
    breaks: ['zulip.events.user-settings.legacy'],
    kills: ['op2.zulip.events.legacy-without-capability'],
  },
  // --- realm_user full_name (ops 2, 9, 10) ---
  {
    // full-name-event-dropped also breaks zulip.events.realm-user.update-order: the full-name event of the role, name, profile sequence is missing
    name: 'full-name-event-dropped',
    kind: 'effect',
    operations: [SETTINGS, BY_ID, BY_EMAIL],
    rewrite: dropEvents((e) => 'full_name' in person(e)),
    breaks: ['zulip.events.user-settings.full-name', 'zulip.events.realm-user.full-name', 'zulip.events.realm-user.update-order'],
    kills: [
      'op2.zulip.events.setting-to-user-only',
      'op2.zulip.events.order-language-timezone',
      'op10.zulip.events.full-name',
      'op10.zulip.events.order',
      'op9.zulip.events.full-name',
    ],
  },
  {
    name: 'full-name-event-user-id-as-text',
    kind: 'field',
    operations: [SETTINGS, BY_ID, BY_EMAIL],
    rewrite: eachEvent((e) => {
      const p = person(e);
      if ('full_name' in p) p.user_id = String(p.user_id);
    }),
    breaks: ['zulip.events.user-settings.full-name', 'zulip.events.realm-user.full-name'],
    kills: ['op2.zulip.events.setting-to-user-only', 'op10.zulip.events.full-name', 'op9.zulip.events.full-name'],
  },
  {
    // full-name-event-self-only also breaks zulip.events.realm-user.update-order: the others' queues miss the full-name event of the role, name, profile sequence
    name: 'full-name-event-self-only',
    kind: 'permission',
    operations: [SETTINGS, BY_ID, BY_EMAIL],
    quirks: ['full-name-event-self-only'],
    breaks: ['zulip.events.user-settings.full-name', 'zulip.events.realm-user.full-name', 'zulip.events.realm-user.update-order'],
    kills: ['op2.zulip.events.setting-to-user-only', 'op10.zulip.events.full-name', 'op10.zulip.events.order', 'op9.zulip.events.full-name'],
  },
  // --- realm_user timezone (op 2) ---
  {
    name: 'timezone-event-dropped',
    kind: 'effect',
    operations: [SETTINGS],
    rewrite: dropEvents((e) => 'timezone' in person(e)),
    breaks: ['zulip.events.user-settings.timezone'],
    kills: ['op2.zulip.events.order-language-timezone'],
  },
  {
    name: 'timezone-event-without-email',
    kind: 'field',
    operations: [SETTINGS],
    rewrite: eachEvent((e) => {
      const p = person(e);
      if ('timezone' in p) delete p.email;
    }),
    breaks: ['zulip.events.user-settings.timezone'],
    kills: ['op2.zulip.events.order-language-timezone'],
  },
  {
    name: 'timezone-event-self-only',
    kind: 'permission',
    operations: [SETTINGS],
    quirks: ['timezone-event-self-only'],
    breaks: ['zulip.events.user-settings.timezone'],
    kills: ['op2.zulip.events.order-language-timezone'],
  },
  // --- realm_user delivery_email on a visibility change (op 2) ---
  {
    name: 'visibility-delivery-email-event-dropped',
    kind: 'effect',
    operations: [SETTINGS],
    rewrite: dropEvents((e) => 'delivery_email' in person(e)),
    breaks: ['zulip.events.user-settings.visibility-delivery-email'],
    kills: ['op2.zulip.events.visibility-delivery-email'],
  },
  {
    name: 'visibility-delivery-email-as-empty-text',
    kind: 'field',
    operations: [SETTINGS],
    rewrite: eachEvent((e) => {
      const p = person(e);
      if (p.delivery_email === null) p.delivery_email = '';
    }),
    breaks: ['zulip.events.user-settings.visibility-delivery-email'],
    kills: ['op2.zulip.events.visibility-delivery-email'],
  },
  {
    name: 'visibility-new-email-event-dropped',
    kind: 'effect',
    operations: [SETTINGS],
    rewrite: dropEvents((e) => 'new_email' in person(e)),
    breaks: ['zulip.events.user-settings.visibility-delivery-email'],
    kills: ['op2.zulip.events.visibility-delivery-email'],
  },
  // --- realm_user_settings_defaults (op 5) ---
  {
    name: 'defaults-event-dropped',
    kind: 'effect',
    operations: [DEFAULTS],
    rewrite: dropEvents((e) => e.type === 'realm_user_settings_defaults'),
    breaks: ['zulip.events.realm-user-settings-defaults.update'],
    kills: ['op5.zulip.events.every-active-user', 'op5.zulip.events.unchanged-default', 'op5.zulip.events.enum-name'],
  },
  {
    name: 'defaults-event-without-op',
    kind: 'field',
    operations: [DEFAULTS],
    rewrite: eachEvent((e) => {
      if (e.type === 'realm_user_settings_defaults') delete e.op;
    }),
    breaks: ['zulip.events.realm-user-settings-defaults.update'],
    kills: ['op5.zulip.events.every-active-user', 'op5.zulip.events.enum-name'],
  },
  {
    name: 'defaults-event-enum-by-number',
    kind: 'field',
    operations: [DEFAULTS],
    rewrite: eachEvent((e) => {
      if (e.type === 'realm_user_settings_defaults' && typeof e.value === 'string') e.value = ['always', 'except_followed', 'never'].indexOf(e.value) + 1;
    }),
    breaks: ['zulip.events.realm-user-settings-defaults.update'],
    kills: ['op5.zulip.events.enum-name'],
  },
  {
    name: 'defaults-event-admins-only',
    kind: 'permission',
    operations: [DEFAULTS],
    quirks: ['defaults-event-admins-only'],
    breaks: ['zulip.events.realm-user-settings-defaults.update'],
    kills: ['op5.zulip.events.every-active-user', 'op5.zulip.events.unchanged-default', 'op5.zulip.events.enum-name'],
  },
  {
    name: 'defaults-event-for-unchanged-value',
    kind: 'effect',
    operations: [DEFAULTS],
    quirks: ['defaults-event-unchanged-sent'],
    breaks: ['zulip.events.realm-user-settings-defaults.update'],
    kills: ['op5.zulip.events.unchanged-default'],
  },
  // --- muted_topics and user_topic (op 8) ---
  {
    name: 'user-topic-event-dropped',
    kind: 'effect',
    operations: [USER_TOPICS],
    rewrite: dropEvents((e) => e.type === 'user_topic'),
    breaks: ['zulip.events.user-topic', 'zulip.events.user-topic.empty-topic'],
    kills: ['op8.zulip.events.user-topic', 'op8.zulip.events.muted-topics-first', 'op8.zulip.events.unchanged-policy', 'op8.zulip.events.empty-topic'],
  },
  {
    name: 'user-topic-event-last-updated-as-text',
    kind: 'field',
    operations: [USER_TOPICS],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_topic') e.last_updated = String(e.last_updated);
    }),
    breaks: ['zulip.events.user-topic'],
    kills: ['op8.zulip.events.user-topic', 'op8.zulip.events.unchanged-policy'],
  },
  {
    name: 'user-topic-event-to-everyone',
    kind: 'permission',
    operations: [USER_TOPICS],
    quirks: ['user-topic-event-to-everyone'],
    breaks: ['zulip.events.user-topic'],
    kills: ['op8.zulip.events.user-topic'],
  },
  {
    name: 'user-topic-event-for-unchanged-policy',
    kind: 'effect',
    operations: [USER_TOPICS],
    quirks: ['user-topic-unchanged-sent'],
    breaks: ['zulip.events.user-topic'],
    kills: ['op8.zulip.events.unchanged-policy'],
  },
  {
    name: 'user-topic-event-empty-topic-literal',
    kind: 'field',
    operations: [USER_TOPICS],
    quirks: ['user-topic-empty-topic-literal'],
    breaks: ['zulip.events.user-topic.empty-topic'],
    kills: ['op8.zulip.events.empty-topic'],
  },
  {
    name: 'user-topic-event-empty-topic-ignores-capability',
    kind: 'field',
    operations: [USER_TOPICS],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_topic' && e.topic_name === '') e.topic_name = 'general chat';
    }),
    breaks: ['zulip.events.user-topic.empty-topic'],
    kills: ['op8.zulip.events.empty-topic'],
  },
  {
    name: 'muted-topics-event-dropped',
    kind: 'effect',
    operations: [USER_TOPICS],
    rewrite: dropEvents((e) => e.type === 'muted_topics'),
    breaks: ['zulip.events.user-topic'],
    kills: ['op8.zulip.events.muted-topics-first'],
  },
  {
    name: 'muted-topics-event-as-objects',
    kind: 'field',
    operations: [USER_TOPICS],
    rewrite: eachEvent((e) => {
      if (e.type === 'muted_topics')
        e.muted_topics = (e.muted_topics as unknown[][]).map(([stream_name, topic_name, last_updated]) => ({ stream_name, topic_name, last_updated }));
    }),
    breaks: ['zulip.events.user-topic'],
    kills: ['op8.zulip.events.muted-topics-first'],
  },
  {
    name: 'muted-topics-event-not-suppressed',
    kind: 'effect',
    operations: [USER_TOPICS],
    quirks: ['muted-topics-event-not-suppressed'],
    breaks: ['zulip.events.user-topic', 'zulip.events.queue.event-types-filter'],
    kills: ['op8.zulip.events.muted-topics-first'],
  },
  // --- realm_user role and the system groups (ops 9, 10) ---
  {
    // role-event-dropped also breaks zulip.events.realm-user.update-order: the role event of the role, name, profile sequence is missing
    name: 'role-event-dropped',
    kind: 'effect',
    operations: [BY_ID, BY_EMAIL],
    rewrite: dropEvents((e) => 'role' in person(e)),
    breaks: ['zulip.events.realm-user.role', 'zulip.events.realm-user.update-order'],
    kills: ['op10.zulip.events.role', 'op10.zulip.events.order', 'op9.zulip.events.role'],
  },
  {
    // role-event-role-as-name also breaks zulip.events.realm-user.update-order: the role event of the sequence carries no role code
    name: 'role-event-role-as-name',
    kind: 'field',
    operations: [BY_ID, BY_EMAIL],
    rewrite: eachEvent((e) => {
      const p = person(e);
      if (p.role === 300) p.role = 'moderator';
    }),
    breaks: ['zulip.events.realm-user.role', 'zulip.events.realm-user.update-order'],
    kills: ['op10.zulip.events.role', 'op10.zulip.events.order', 'op9.zulip.events.role'],
  },
  {
    // role-event-target-only also breaks zulip.events.realm-user.update-order: the others' queues miss the role event of the role, name, profile sequence
    name: 'role-event-target-only',
    kind: 'permission',
    operations: [BY_ID, BY_EMAIL],
    quirks: ['role-event-target-only'],
    breaks: ['zulip.events.realm-user.role', 'zulip.events.realm-user.update-order'],
    kills: ['op10.zulip.events.role', 'op10.zulip.events.order', 'op9.zulip.events.role'],
  },
  {
    name: 'role-group-membership-events-dropped',
    kind: 'effect',
    operations: [BY_ID],
    rewrite: dropEvents((e) => e.type === 'user_group' && (e.op === 'add_members' || e.op === 'remove_members')),
    breaks: ['zulip.events.realm-user.role'],
    kills: ['op10.zulip.events.role'],
  },
  {
    name: 'role-group-membership-events-swapped',
    kind: 'field',
    operations: [BY_ID],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_group' && e.op === 'add_members') e.op = 'remove_members';
      else if (e.type === 'user_group' && e.op === 'remove_members') e.op = 'add_members';
    }),
    breaks: ['zulip.events.realm-user.role'],
    kills: ['op10.zulip.events.role'],
  },
  // One request's realm_user updates in the reverse of the order the server applies them
  // (profile field, full_name, role instead of role, full_name, profile field); the ids stay
  // ascending, as a server that pushed them in that order would number them.
  {
    name: 'realm-user-events-out-of-order',
    kind: 'order',
    operations: [BY_ID],
    rewrite: {
      answer: (req, a) => {
        const body = a.json as Json | undefined;
        if (!isEvents(req) || !Array.isArray(body?.events)) return;
        const events = body.events as Json[];
        const at = events.map((e, i) => (e.type === 'realm_user' && e.op === 'update' ? i : -1)).filter((i) => i >= 0);
        const reversed = at.map((i) => events[i]).reverse();
        at.forEach((i, k) => {
          events[i] = { ...reversed[k], id: events[i].id };
        });
      },
    },
    breaks: ['zulip.events.realm-user.update-order'],
    kills: ['op10.zulip.events.order'],
  },
  // --- realm_user custom_profile_field (op 10) ---
  {
    // profile-field-event-dropped also breaks zulip.events.realm-user.update-order: the profile-field event of the role, name, profile sequence is missing
    name: 'profile-field-event-dropped',
    kind: 'effect',
    operations: [BY_ID],
    rewrite: dropEvents((e) => 'custom_profile_field' in person(e)),
    breaks: ['zulip.events.realm-user.custom-profile-field', 'zulip.events.realm-user.update-order'],
    kills: ['op10.zulip.events.profile-field', 'op10.zulip.events.order'],
  },
  {
    name: 'profile-field-event-removal-as-empty-text',
    kind: 'field',
    operations: [BY_ID],
    rewrite: eachEvent((e) => {
      const f = person(e).custom_profile_field as Json | undefined;
      if (f && f.value === null) f.value = '';
    }),
    breaks: ['zulip.events.realm-user.custom-profile-field'],
    kills: ['op10.zulip.events.profile-field'],
  },
  {
    // profile-field-event-self-only also breaks zulip.events.realm-user.update-order: the others' queues miss the profile-field event of the sequence
    name: 'profile-field-event-self-only',
    kind: 'permission',
    operations: [BY_ID],
    quirks: ['profile-field-event-self-only'],
    breaks: ['zulip.events.realm-user.custom-profile-field', 'zulip.events.realm-user.update-order'],
    kills: ['op10.zulip.events.profile-field', 'op10.zulip.events.order'],
  },
  // --- realm_user delivery_email / new_email (op 10) ---
  {
    name: 'email-events-dropped',
    kind: 'effect',
    operations: [BY_ID],
    rewrite: dropEvents((e) => 'delivery_email' in person(e) || 'new_email' in person(e)),
    breaks: ['zulip.events.realm-user.delivery-email'],
    kills: ['op10.zulip.events.new-email'],
  },
  {
    name: 'email-event-delivery-email-as-number',
    kind: 'field',
    operations: [BY_ID],
    rewrite: eachEvent((e) => {
      const p = person(e);
      if (typeof p.delivery_email === 'string') p.delivery_email = 1;
    }),
    breaks: ['zulip.events.realm-user.delivery-email'],
    kills: ['op10.zulip.events.new-email'],
  },
  {
    name: 'email-events-actor-only',
    kind: 'permission',
    operations: [BY_ID],
    quirks: ['email-event-actor-only'],
    breaks: ['zulip.events.realm-user.delivery-email'],
    kills: ['op10.zulip.events.new-email'],
  },
  // --- user_status (op 13) ---
  {
    name: 'user-status-event-dropped',
    kind: 'effect',
    operations: [STATUS],
    rewrite: dropEvents((e) => e.type === 'user_status'),
    breaks: ['zulip.events.user-status'],
    kills: ['op13.zulip.events.text-only', 'op13.zulip.events.emoji', 'op13.zulip.events.away'],
  },
  {
    name: 'user-status-event-user-id-as-text',
    kind: 'field',
    operations: [STATUS],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_status') e.user_id = String(e.user_id);
    }),
    breaks: ['zulip.events.user-status'],
    kills: ['op13.zulip.events.text-only', 'op13.zulip.events.emoji', 'op13.zulip.events.away'],
  },
  {
    name: 'user-status-event-without-emoji-code',
    kind: 'field',
    operations: [STATUS],
    rewrite: eachEvent((e) => {
      if (e.type === 'user_status') delete e.emoji_code;
    }),
    breaks: ['zulip.events.user-status'],
    kills: ['op13.zulip.events.emoji'],
  },
  {
    name: 'user-status-event-self-only',
    kind: 'permission',
    operations: [STATUS],
    quirks: ['status-event-self-only'],
    breaks: ['zulip.events.user-status'],
    kills: ['op13.zulip.events.text-only', 'op13.zulip.events.emoji', 'op13.zulip.events.away'],
  },
  {
    name: 'user-status-event-all-fields',
    kind: 'field',
    operations: [STATUS],
    quirks: ['status-event-all-fields'],
    breaks: ['zulip.events.user-status'],
    kills: ['op13.zulip.events.text-only', 'op13.zulip.events.emoji'],
  },
  // --- the push test (op 21) ---
  {
    name: 'push-test-sends-event',
    kind: 'effect',
    operations: [PUSH],
    quirks: ['push-test-sends-event'],
    breaks: ['zulip.events.push-test.no-event'],
    kills: ['op21.zulip.events.none-on-error', 'op21.zulip.events.none-on-success'],
  },
];
