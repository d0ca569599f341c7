// Mutants for PATCH /settings (operation 2) and PATCH /realm/user_settings_defaults (operation 5).
// The per-setting cases (op2.<setting>, op5.<setting>) and the clauses they break are read from
// the catalog: a setting's type clause (op2.param.<setting>, "is a boolean", "is an integer, one
// of ...") says which lenient server it catches, its .effect clause which read-back.
import { loadSuite } from '../../src/engine/load/load.js';
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const SETTINGS = 'PATCH /settings';
const DEFAULTS = 'PATCH /realm/user_settings_defaults';
const isSettingsWrite = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/settings(\/display|\/notifications)?$/.test(req.path);
const isDefaultsWrite = (req: ProxiedRequest) => req.method === 'PATCH' && req.path === '/realm/user_settings_defaults';
const isRegister = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/register';

/** Whether the request's Basic credentials are a bot the run made (cf-<run id>-...-bot@). */
const madeBotCalls = (req: ProxiedRequest) => /^cf-[^@]+-bot@/.test(Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString());

const suite = loadSuite();
const caseIds = new Set(suite.specs.flatMap((s) => s.cases.map((c) => c.id)));

/** The settings of an operation whose type clause says `kind`, as [type clause, effect clause, case id]. */
function settings(op: 'op2' | 'op5', kind: RegExp): { type: string; effect: string; caseId: string }[] {
  return suite.clauses
    .filter((c) => c.id.startsWith(`${op}.param.`) && !c.id.endsWith('.effect') && c.id.split('.').length === 3 && kind.test(c.text))
    .map((c) => ({ type: c.id, effect: `${c.id}.effect`, caseId: `${op}.${c.id.split('.')[2]}` }))
    .filter((s) => caseIds.has(s.caseId) && s.type !== 'op2.param.full-name');
}
const ANY = /./;
const BOOL = /is (accepted, with the type and allowed values of operation 2: )?a boolean/;
const CHOICE = /one of|allowing/;
const INT_CHOICE = /an integer, (one of|allowing)/;
const FREE_INT = /(is|2:) an integer\.$/;
const types = (list: { type: string }[]) => list.map((s) => s.type);
const effects = (list: { effect: string }[]) => list.map((s) => s.effect);
const cases = (list: { caseId: string }[]) => list.map((s) => s.caseId);

/** Turns the successful answers of matching requests into BAD_REQUEST refusals. */
function refuseSuccess(when: (req: ProxiedRequest) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (when(req) && (a.json as Json | undefined)?.result === 'success') {
        a.status = 400;
        a.json = { result: 'error', msg: 'Refused by mutant', code: 'BAD_REQUEST' };
      }
    },
  };
}

/** The deprecated aliases answer 404, as if they had been removed. */
const aliasesGone: Rewrite = {
  answer: (req, a) => {
    if (/^\/settings\/(display|notifications)$/.test(req.path)) {
      a.status = 404;
      a.json = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' };
    }
  },
};

/**
 * The deprecated aliases are another view than PATCH /settings: they refuse what it refuses, but
 * a valid boolean is answered with success and not stored.
 */
const aliasesNotStored = new WeakSet<ProxiedRequest>();
const aliasesStoreNothing: Rewrite = {
  request: (req) => {
    if (!/^\/settings\/(display|notifications)$/.test(req.path)) return;
    const params = paramsOf(req);
    if (![...params.values()].every((v) => v === 'true' || v === 'false')) return;
    aliasesNotStored.add(req);
    for (const p of [req.form, req.query]) for (const k of [...p.keys()]) p.delete(k);
  },
  answer: (req, a) => {
    if (aliasesNotStored.has(req)) {
      a.status = 200;
      a.json = { result: 'success', msg: '' };
    }
  },
};

/** POST /register reports integer settings as strings ("3" instead of 3). */
const settingsAsStrings: Rewrite = {
  answer: (req, a) => {
    const s = isRegister(req) ? ((a.json as Json).user_settings as Json | undefined) : undefined;
    for (const [k, v] of Object.entries(s ?? {})) if (typeof v === 'number') s![k] = String(v);
  },
};

/** Administrator-only refusals turn into success for everyone else (the change is not made). */
const adminCheckGone: Rewrite = {
  answer: (req, a) => {
    if (isDefaultsWrite(req) && (a.json as Json | undefined)?.code === 'UNAUTHORIZED_PRINCIPAL') {
      a.status = 200;
      a.json = { result: 'success', msg: '' };
    }
  },
};

/** A full_name over Zulip's 100 characters is answered with success. */
const longNameAccepted: Rewrite = {
  answer: (req, a) => {
    if (isSettingsWrite(req) && [...(paramsOf(req).get('full_name') ?? '')].length > 100) {
      a.status = 200;
      a.json = { result: 'success', msg: '' };
    }
  },
};

const op2All = settings('op2', ANY);
const op2Bool = settings('op2', BOOL);
const op2Choice = settings('op2', CHOICE);
const op2Int = settings('op2', FREE_INT);
const op2IntChoice = settings('op2', INT_CHOICE);
const op5All = settings('op5', ANY);
const op5Bool = settings('op5', BOOL);
const op5Choice = settings('op5', CHOICE);
const op5Int = settings('op5', FREE_INT);

export const MUTANTS: Mutant[] = [
  // Operation 2.
  {
    // settings-refuses-valid also breaks zulip.settings.batching-range, zulip.settings.default-language, zulip.settings.drafts-deleted-when-sync-disabled: the valid values these facts accept are refused
    name: 'settings-refuses-valid',
    kind: 'invalid-input',
    operations: [SETTINGS],
    rewrite: refuseSuccess(isSettingsWrite),
    breaks: [
      'op2.optional',
      'op2.aliases',
      'op2.param.full-name',
      'op2.web-channel-default-view.3',
      ...types(op2All),
      'op2.param.notification-sound',
      'zulip.settings.batching-range',
      'zulip.settings.default-language',
      'zulip.settings.drafts-deleted-when-sync-disabled',
      // the valid values these facts name (web_channel_default_view 3, a notification sound) are refused too
      'zulip.settings.web-channel-default-view-3',
      'zulip.settings.notification-sound',
    ],
    kills: [
      ...cases(op2All),
      'op2.alias.display',
      'op2.alias.notifications',
      'op2.full-name',
      'op2.ignored-params',
      'op2.web-channel-default-view.4',
      'op2.zulip.web-channel-default-view.3',
      'op2.zulip.batching-range',
      'op2.zulip.notification-sound',
      'op2.zulip.drafts-deleted',
    ],
  },
  {
    name: 'settings-bool-lenient',
    kind: 'invalid-input',
    operations: [SETTINGS, DEFAULTS],
    quirks: ['settings-bool-lenient'],
    breaks: ['conv.booleans', ...types(op2Bool), ...types(op5Bool)],
    kills: [...cases(op2Bool), ...cases(op5Bool), 'op2.merged.display-and-notifications'],
  },
  {
    name: 'settings-accepts-bad-enum',
    kind: 'invalid-input',
    operations: [SETTINGS, DEFAULTS],
    quirks: ['settings-accepts-bad-enum'],
    breaks: [...types(op2Choice), ...types(op5Choice), 'zulip.settings.batching-range'],
    kills: [...cases(op2Choice), ...cases(op5Choice), 'op2.zulip.batching-range'],
  },
  {
    name: 'settings-int-lenient',
    kind: 'invalid-input',
    operations: [SETTINGS, DEFAULTS],
    quirks: ['settings-int-lenient'],
    breaks: [...types(op2Int), ...types(op5Int)],
    kills: [...cases(op2Int), ...cases(op5Int)],
  },
  {
    name: 'settings-any-language',
    kind: 'invalid-input',
    operations: [SETTINGS],
    quirks: ['settings-any-language'],
    breaks: ['op2.param.default-language'],
    kills: ['op2.default-language'],
  },
  {
    name: 'settings-any-timezone',
    kind: 'invalid-input',
    operations: [SETTINGS],
    quirks: ['settings-any-timezone'],
    breaks: ['op2.param.timezone'],
    kills: ['op2.timezone'],
  },
  {
    name: 'settings-any-sound',
    kind: 'invalid-input',
    operations: [SETTINGS],
    quirks: ['settings-any-sound'],
    breaks: ['zulip.settings.notification-sound'],
    kills: ['op2.zulip.notification-sound'],
  },
  {
    name: 'settings-ignores-param',
    kind: 'effect',
    operations: [SETTINGS],
    quirks: ['settings-ignores-param'],
    breaks: ['op2.aliases', ...effects(op2All), 'op2.param.notification-sound.effect'],
    kills: [
      ...cases(op2All).filter((id) => id !== 'op2.enable-drafts-synchronization'),
      'op2.alias.display',
      'op2.alias.notifications',
      'op2.web-channel-default-view.4',
      'op2.zulip.web-channel-default-view.3',
      'op2.zulip.batching-range',
      'op2.zulip.notification-sound',
      'op2.zulip.drafts-deleted',
    ],
  },
  {
    name: 'settings-ignores-full-name',
    kind: 'effect',
    operations: [SETTINGS],
    quirks: ['settings-ignores-full-name'],
    breaks: ['op2.param.full-name.effect', 'zulip.settings.full-name-silently-ignored'],
    kills: ['op2.full-name'],
  },
  {
    name: 'settings-keeps-drafts',
    kind: 'effect',
    operations: [SETTINGS],
    quirks: ['settings-keeps-drafts'],
    breaks: ['op2.param.enable-drafts-synchronization.drafts-deleted', 'zulip.settings.drafts-deleted-when-sync-disabled'],
    kills: ['op2.zulip.drafts-deleted'],
  },
  {
    name: 'settings-channel-view-3-refused',
    kind: 'parameter',
    operations: [SETTINGS],
    quirks: ['settings-channel-view-3-refused'],
    breaks: ['zulip.settings.web-channel-default-view-3'],
    kills: ['op2.zulip.web-channel-default-view.3'],
  },
  {
    name: 'settings-password-without-old-ok',
    kind: 'permission',
    operations: [SETTINGS],
    quirks: ['settings-password-without-old-ok'],
    breaks: ['op2.password'],
    kills: ['op2.password.without-old'],
  },
  {
    name: 'settings-wrong-old-password-ok',
    kind: 'permission',
    operations: [SETTINGS],
    quirks: ['settings-wrong-old-password-ok'],
    breaks: ['zulip.settings.password-check'],
    kills: ['op2.zulip.password.wrong-old'],
  },
  {
    name: 'settings-email-immediate',
    kind: 'effect',
    operations: [SETTINGS],
    quirks: ['settings-email-immediate'],
    breaks: ['op2.email-confirmation', 'zulip.settings.email-change-needs-confirmation'],
    kills: ['op2.zulip.email-needs-confirmation'],
  },
  {
    name: 'settings-aliases-gone',
    kind: 'parameter',
    operations: [SETTINGS],
    rewrite: aliasesGone,
    breaks: ['op2.aliases'],
    kills: ['op2.alias.display', 'op2.alias.notifications'],
  },
  {
    name: 'settings-aliases-store-nothing',
    kind: 'effect',
    operations: [SETTINGS],
    rewrite: aliasesStoreNothing,
    breaks: ['zulip.settings.legacy-aliases'],
    kills: ['op2.alias.display', 'op2.alias.notifications'],
  },
  // POST /register insists on client_capabilities, which Zulip lets a client leave out.
  {
    name: 'register-needs-capabilities',
    kind: 'parameter',
    operations: [SETTINGS],
    rewrite: {
      answer: (req, a) => {
        if (isRegister(req) && !paramsOf(req).has('client_capabilities')) {
          a.status = 400;
          a.json = { result: 'error', msg: 'client_capabilities is missing', code: 'BAD_REQUEST' };
        }
      },
    },
    breaks: ['zulip.settings.register-needs-no-capabilities'],
    kills: ['op2.zulip.register-user-settings'],
  },
  {
    name: 'settings-read-as-strings',
    kind: 'field',
    operations: [SETTINGS],
    rewrite: settingsAsStrings,
    breaks: ['zulip.settings.read-back-register'],
    kills: [
      ...cases(op2IntChoice),
      ...cases(op2Int),
      'op2.web-channel-default-view.4',
      'op2.zulip.batching-range',
      'op2.zulip.register-user-settings',
      'op2.zulip.web-channel-default-view.3',
    ],
  },
  // Nothing ignored, answered with an empty list: the document allows it, Zulip leaves the field out.
  {
    name: 'settings-ignored-params-empty-list',
    kind: 'envelope',
    operations: [SETTINGS],
    profile: 'zulip',
    rewrite: {
      answer: (req, a) => {
        const body = a.json as Json;
        if (isSettingsWrite(req) && a.status === 200 && !('ignored_parameters_unsupported' in body)) body.ignored_parameters_unsupported = [];
      },
    },
    breaks: ['zulip.api.ignored-parameters-on-success'],
    kills: ['op2.ignored-params'],
  },
  {
    name: 'settings-ignored-params-missing',
    kind: 'envelope',
    operations: [SETTINGS, DEFAULTS],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op2.ignored-params', 'op5.not-accepted'],
  },
  {
    name: 'settings-long-name-accepted',
    kind: 'invalid-input',
    operations: [SETTINGS],
    rewrite: longNameAccepted,
    breaks: ['zulip.users.full-name-max-100'],
    kills: ['op2.zulip.full-name-too-long'],
  },
  // A bot the run made reads false: a server whose default is not true.
  {
    name: 'settings-typing-default-off',
    kind: 'default',
    operations: [SETTINGS],
    rewrite: {
      answer: (req, a) => {
        const s = isRegister(req) && madeBotCalls(req) ? ((a.json as Json).user_settings as Json | undefined) : undefined;
        if (s) s.receives_typing_notifications = false;
      },
    },
    breaks: ['op2.param.receives-typing-notifications.default', 'zulip.settings.receives-typing-default-true'],
    kills: ['op2.zulip.receives-typing-default'],
  },
  // Operation 5.
  {
    name: 'defaults-refuses-valid',
    kind: 'invalid-input',
    operations: [DEFAULTS],
    rewrite: refuseSuccess(isDefaultsWrite),
    breaks: ['op5.admin-only', 'op5.optional', 'op5.not-accepted', 'op5.param.notification-sound', ...types(op5All)],
    kills: [...cases(op5All), 'op5.owner', 'op5.not-accepted', 'op5.zulip.existing-users-unchanged', 'op5.zulip.notification-sound'],
  },
  {
    name: 'defaults-member-ok',
    kind: 'permission',
    operations: [DEFAULTS],
    quirks: ['defaults-member-ok'],
    breaks: ['op5.admin-only', 'auth.admin-operations'],
    kills: ['op5.denied.guest', 'op5.denied.member', 'op5.denied.moderator'],
  },
  {
    name: 'defaults-admin-check-answers-success',
    kind: 'error-code',
    operations: [DEFAULTS],
    rewrite: adminCheckGone,
    breaks: ['op5.admin-only', 'auth.admin-operations'],
    kills: ['op5.denied.guest', 'op5.denied.member', 'op5.denied.moderator'],
  },
  {
    name: 'defaults-ignores-param',
    kind: 'effect',
    operations: [DEFAULTS],
    quirks: ['defaults-ignores-param'],
    breaks: [...effects(op5All), 'op5.param.notification-sound.effect'],
    kills: [...cases(op5All), 'op5.zulip.notification-sound'],
  },
  {
    name: 'defaults-apply-to-existing',
    kind: 'not-affected',
    operations: [DEFAULTS],
    quirks: ['defaults-apply-to-existing'],
    breaks: ['op5.existing-users-unchanged', 'zulip.realm-defaults.existing-users-unchanged'],
    kills: ['op5.zulip.existing-users-unchanged'],
  },
  {
    name: 'defaults-channel-view-3-refused',
    kind: 'parameter',
    operations: [DEFAULTS],
    quirks: ['defaults-channel-view-3-refused'],
    breaks: ['op5.param.web-channel-default-view'],
    kills: ['op5.web-channel-default-view'],
  },
];
