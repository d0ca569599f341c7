// Mutants for PATCH /settings (operation 2) and PATCH /realm/user_settings_defaults (operation 5).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const SETTINGS = 'PATCH /settings';
const DEFAULTS = 'PATCH /realm/user_settings_defaults';
const isSettingsWrite = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/settings(\/display|\/notifications)?$/.test(req.path);
const isDefaultsWrite = (req: ProxiedRequest) => req.method === 'PATCH' && req.path === '/realm/user_settings_defaults';
const isRegister = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/register';

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

export const MUTANTS: Mutant[] = [
  // Operation 2.
  { name: 'settings-refuses-valid', kind: 'invalid-input', operations: [SETTINGS], rewrite: refuseSuccess(isSettingsWrite), kills: [
      'op2.alias.display', 'op2.alias.notifications', 'op2.color-scheme', 'op2.default-language',
      'op2.demote-inactive-streams', 'op2.desktop-icon-count-display', 'op2.display-emoji-reaction-users',
      'op2.email-notifications-batching-period-seconds', 'op2.emojiset', 'op2.enable-desktop-notifications',
      'op2.enable-digest-emails', 'op2.enable-drafts-synchronization', 'op2.enable-followed-topic-audible-notifications',
      'op2.enable-followed-topic-desktop-notifications', 'op2.enable-followed-topic-email-notifications',
      'op2.enable-followed-topic-push-notifications', 'op2.enable-followed-topic-wildcard-mentions-notify',
      'op2.enable-login-emails', 'op2.enable-marketing-emails', 'op2.enable-offline-email-notifications',
      'op2.enable-offline-push-notifications', 'op2.enable-online-push-notifications', 'op2.enable-sounds',
      'op2.enable-stream-audible-notifications', 'op2.enable-stream-desktop-notifications',
      'op2.enable-stream-email-notifications', 'op2.enable-stream-push-notifications', 'op2.fluid-layout-width',
      'op2.full-name', 'op2.hide-ai-features', 'op2.high-contrast-mode', 'op2.ignored-params', 'op2.left-side-userlist',
      'op2.message-content-in-email-notifications', 'op2.pm-content-in-desktop-notifications',
      'op2.receives-typing-notifications', 'op2.starred-message-counts', 'op2.timezone', 'op2.translate-emoticons',
      'op2.twenty-four-hour-time', 'op2.user-list-style', 'op2.web-animate-image-previews', 'op2.web-channel-default-view',
      'op2.web-channel-default-view.4', 'op2.web-escape-navigates-to-home-view', 'op2.web-font-size-px', 'op2.web-home-view',
      'op2.web-line-height-percent', 'op2.web-stream-unreads-count-display-policy', 'op2.web-suggest-update-timezone',
      'op2.wildcard-mentions-notify', 'op2.zulip.batching-range', 'op2.zulip.notification-sound',
      'op2.zulip.web-channel-default-view.3'] },
  { name: 'settings-bool-lenient', kind: 'invalid-input', operations: [SETTINGS, DEFAULTS], quirks: ['settings-bool-lenient'], kills: [
      'op2.display-emoji-reaction-users', 'op2.enable-desktop-notifications', 'op2.enable-digest-emails',
      'op2.enable-drafts-synchronization', 'op2.enable-followed-topic-audible-notifications',
      'op2.enable-followed-topic-desktop-notifications', 'op2.enable-followed-topic-email-notifications',
      'op2.enable-followed-topic-push-notifications', 'op2.enable-followed-topic-wildcard-mentions-notify',
      'op2.enable-login-emails', 'op2.enable-marketing-emails', 'op2.enable-offline-email-notifications',
      'op2.enable-offline-push-notifications', 'op2.enable-online-push-notifications', 'op2.enable-sounds',
      'op2.enable-stream-audible-notifications', 'op2.enable-stream-desktop-notifications',
      'op2.enable-stream-email-notifications', 'op2.enable-stream-push-notifications', 'op2.fluid-layout-width',
      'op2.hide-ai-features', 'op2.high-contrast-mode', 'op2.left-side-userlist',
      'op2.message-content-in-email-notifications', 'op2.pm-content-in-desktop-notifications',
      'op2.receives-typing-notifications', 'op2.starred-message-counts', 'op2.translate-emoticons',
      'op2.twenty-four-hour-time', 'op2.web-escape-navigates-to-home-view', 'op2.web-suggest-update-timezone',
      'op2.wildcard-mentions-notify', 'op5.automatically-follow-topics-where-mentioned', 'op5.enter-sends',
      'op5.presence-enabled', 'op5.send-private-typing-notifications', 'op5.send-read-receipts',
      'op5.send-stream-typing-notifications', 'op5.twenty-four-hour-time', 'op5.web-left-sidebar-show-channel-folders',
      'op5.web-left-sidebar-unreads-count-summary', 'op5.web-navigate-to-sent-message'] },
  { name: 'settings-accepts-bad-enum', kind: 'invalid-input', operations: [SETTINGS, DEFAULTS], quirks: ['settings-accepts-bad-enum'], kills: [
      'op2.color-scheme', 'op2.demote-inactive-streams', 'op2.desktop-icon-count-display', 'op2.emojiset',
      'op2.user-list-style', 'op2.web-animate-image-previews', 'op2.web-channel-default-view', 'op2.web-home-view',
      'op2.web-stream-unreads-count-display-policy', 'op2.zulip.batching-range', 'op5.automatically-follow-topics-policy',
      'op5.automatically-unmute-topics-in-muted-streams-policy', 'op5.color-scheme', 'op5.email-address-visibility',
      'op5.emojiset', 'op5.realm-name-in-email-notifications-policy', 'op5.resolved-topic-notice-auto-read-policy',
      'op5.web-channel-default-view', 'op5.web-mark-read-on-scroll-policy'] },
  { name: 'settings-int-lenient', kind: 'invalid-input', operations: [SETTINGS, DEFAULTS], quirks: ['settings-int-lenient'], kills: [
      'op2.email-notifications-batching-period-seconds', 'op2.web-font-size-px', 'op2.web-line-height-percent',
      'op5.web-font-size-px'] },
  { name: 'settings-any-language', kind: 'invalid-input', operations: [SETTINGS], quirks: ['settings-any-language'], kills: ['op2.default-language'] },
  { name: 'settings-any-timezone', kind: 'invalid-input', operations: [SETTINGS], quirks: ['settings-any-timezone'], kills: ['op2.timezone'] },
  { name: 'settings-any-sound', kind: 'invalid-input', operations: [SETTINGS], quirks: ['settings-any-sound'], kills: ['op2.zulip.notification-sound'] },
  { name: 'settings-ignores-param', kind: 'effect', operations: [SETTINGS], quirks: ['settings-ignores-param'], kills: [
      'op2.alias.display', 'op2.alias.notifications', 'op2.color-scheme', 'op2.default-language',
      'op2.demote-inactive-streams', 'op2.desktop-icon-count-display', 'op2.display-emoji-reaction-users',
      'op2.email-notifications-batching-period-seconds', 'op2.emojiset', 'op2.enable-desktop-notifications',
      'op2.enable-digest-emails', 'op2.enable-followed-topic-audible-notifications',
      'op2.enable-followed-topic-desktop-notifications', 'op2.enable-followed-topic-email-notifications',
      'op2.enable-followed-topic-push-notifications', 'op2.enable-followed-topic-wildcard-mentions-notify',
      'op2.enable-login-emails', 'op2.enable-marketing-emails', 'op2.enable-offline-email-notifications',
      'op2.enable-offline-push-notifications', 'op2.enable-online-push-notifications', 'op2.enable-sounds',
      'op2.enable-stream-audible-notifications', 'op2.enable-stream-desktop-notifications',
      'op2.enable-stream-email-notifications', 'op2.enable-stream-push-notifications', 'op2.fluid-layout-width',
      'op2.hide-ai-features', 'op2.high-contrast-mode', 'op2.left-side-userlist',
      'op2.message-content-in-email-notifications', 'op2.pm-content-in-desktop-notifications',
      'op2.receives-typing-notifications', 'op2.starred-message-counts', 'op2.timezone', 'op2.translate-emoticons',
      'op2.twenty-four-hour-time', 'op2.user-list-style', 'op2.web-animate-image-previews', 'op2.web-channel-default-view',
      'op2.web-channel-default-view.4', 'op2.web-escape-navigates-to-home-view', 'op2.web-font-size-px', 'op2.web-home-view',
      'op2.web-line-height-percent', 'op2.web-stream-unreads-count-display-policy', 'op2.web-suggest-update-timezone',
      'op2.wildcard-mentions-notify', 'op2.zulip.batching-range', 'op2.zulip.notification-sound',
      'op2.zulip.web-channel-default-view.3'] },
  { name: 'settings-channel-view-3-refused', kind: 'parameter', operations: [SETTINGS], quirks: ['settings-channel-view-3-refused'], kills: ['op2.zulip.web-channel-default-view.3'] },
  { name: 'settings-password-without-old-ok', kind: 'permission', operations: [SETTINGS], quirks: ['settings-password-without-old-ok'], kills: ['op2.password.without-old'] },
  { name: 'settings-wrong-old-password-ok', kind: 'permission', operations: [SETTINGS], quirks: ['settings-wrong-old-password-ok'], kills: ['op2.password.wrong-old'] },
  { name: 'settings-email-immediate', kind: 'effect', operations: [SETTINGS], quirks: ['settings-email-immediate'], kills: ['op2.password.without-old', 'op2.password.wrong-old', 'op2.zulip.email-needs-confirmation'] },
  { name: 'settings-aliases-gone', kind: 'parameter', operations: [SETTINGS], rewrite: aliasesGone, kills: ['op2.alias.display', 'op2.alias.notifications'] },
  { name: 'settings-read-as-strings', kind: 'field', operations: [SETTINGS], rewrite: settingsAsStrings, kills: [
      'op2.color-scheme', 'op2.demote-inactive-streams', 'op2.desktop-icon-count-display',
      'op2.email-notifications-batching-period-seconds', 'op2.user-list-style', 'op2.web-channel-default-view',
      'op2.web-channel-default-view.4', 'op2.web-font-size-px', 'op2.web-line-height-percent',
      'op2.web-stream-unreads-count-display-policy', 'op2.zulip.batching-range', 'op2.zulip.register-user-settings',
      'op2.zulip.web-channel-default-view.3'] },
  { name: 'settings-ignored-params-missing', kind: 'envelope', operations: [SETTINGS, DEFAULTS], quirks: ['ignored-params-missing'], kills: ['op2.ignored-params', 'op5.user-only-ignored'] },
  { name: 'settings-long-name-accepted', kind: 'invalid-input', operations: [SETTINGS], rewrite: longNameAccepted, kills: ['op2.zulip.full-name-too-long'] },
  // Operation 5.
  { name: 'defaults-refuses-valid', kind: 'invalid-input', operations: [DEFAULTS], rewrite: refuseSuccess(isDefaultsWrite), kills: [
      'op5.automatically-follow-topics-policy', 'op5.automatically-follow-topics-where-mentioned',
      'op5.automatically-unmute-topics-in-muted-streams-policy', 'op5.color-scheme', 'op5.email-address-visibility',
      'op5.emojiset', 'op5.enter-sends', 'op5.owner', 'op5.presence-enabled', 'op5.realm-name-in-email-notifications-policy',
      'op5.resolved-topic-notice-auto-read-policy', 'op5.send-private-typing-notifications', 'op5.send-read-receipts',
      'op5.send-stream-typing-notifications', 'op5.twenty-four-hour-time', 'op5.user-only-ignored',
      'op5.web-channel-default-view', 'op5.web-font-size-px', 'op5.web-left-sidebar-show-channel-folders',
      'op5.web-left-sidebar-unreads-count-summary', 'op5.web-mark-read-on-scroll-policy', 'op5.web-navigate-to-sent-message',
      'op5.zulip.existing-users-unchanged'] },
  { name: 'defaults-member-ok', kind: 'permission', operations: [DEFAULTS], quirks: ['defaults-member-ok'], kills: ['op5.denied.guest', 'op5.denied.member', 'op5.denied.moderator'] },
  { name: 'defaults-admin-check-answers-success', kind: 'error-code', operations: [DEFAULTS], rewrite: adminCheckGone, kills: ['op5.denied.guest', 'op5.denied.member', 'op5.denied.moderator'] },
  { name: 'defaults-ignores-param', kind: 'effect', operations: [DEFAULTS], quirks: ['defaults-ignores-param'], kills: [
      'op5.automatically-follow-topics-policy', 'op5.automatically-follow-topics-where-mentioned',
      'op5.automatically-unmute-topics-in-muted-streams-policy', 'op5.color-scheme', 'op5.email-address-visibility',
      'op5.emojiset', 'op5.enter-sends', 'op5.presence-enabled', 'op5.realm-name-in-email-notifications-policy',
      'op5.resolved-topic-notice-auto-read-policy', 'op5.send-private-typing-notifications', 'op5.send-read-receipts',
      'op5.send-stream-typing-notifications', 'op5.twenty-four-hour-time', 'op5.web-channel-default-view',
      'op5.web-font-size-px', 'op5.web-left-sidebar-show-channel-folders', 'op5.web-left-sidebar-unreads-count-summary',
      'op5.web-mark-read-on-scroll-policy', 'op5.web-navigate-to-sent-message'] },
  { name: 'defaults-apply-to-existing', kind: 'effect', operations: [DEFAULTS], quirks: ['defaults-apply-to-existing'], kills: ['op5.zulip.existing-users-unchanged'] },
  { name: 'defaults-channel-view-3-refused', kind: 'parameter', operations: [DEFAULTS], quirks: ['defaults-channel-view-3-refused'], kills: ['op5.web-channel-default-view'] },
];
