// Quirk probes for settings (op 2), realm defaults (op 5), user topics (op 8), user updates
// (ops 9, 10) and the E2EE test notification (op 21).
import type { ReferenceServer, RoleName } from '../../src/reference/server.js';
import { call } from './helpers.js';
import type { QuirkProbe } from './quirk-probe.js';

type Form = Record<string, string>;
const result = async (s: ReferenceServer, method: string, path: string, form: Form, who: RoleName = 'member') =>
  (await call(s, method, path, { as: s.accounts[who], form })).body.result;
const settings = (s: ReferenceServer, form: Form) => result(s, 'PATCH', '/settings', form);
const defaults = (s: ReferenceServer, form: Form, who: RoleName = 'admin') => result(s, 'PATCH', '/realm/user_settings_defaults', form, who);
const register = async (s: ReferenceServer, who: RoleName = 'member') => (await call(s, 'POST', '/register', { as: s.accounts[who] })).body;
const topic = (s: ReferenceServer, form: Form) => result(s, 'POST', '/user_topics', { stream_id: '1', topic: 'probe', visibility_policy: '1', ...form });
const member2 = (s: ReferenceServer) => s.accounts.member2.userId;
const updateUser = (s: ReferenceServer, form: Form, who: RoleName = 'admin', target: string | number = member2(s)) =>
  result(s, 'PATCH', `/users/${target}`, form, who);
const testPush = async (s: ReferenceServer) => {
  await call(s, 'POST', '/mobile_push/register', {
    as: s.accounts.member,
    form: { token_kind: 'fcm', push_account_id: '7', push_public_key: 'k', bouncer_public_key: 'b', encrypted_push_registration: 'e' },
  });
  const a = await call(s, 'POST', '/mobile_push/e2ee/test_notification', { as: s.accounts.member, form: { push_account_id: '7' } });
  return [a.status, a.body.code ?? a.body.result];
};

export const settingsProbes: QuirkProbe[] = [
  { quirk: 'settings-bool-lenient', probe: (s) => settings(s, { high_contrast_mode: 'maybe' }), normal: 'error', quirked: 'success' },
  { quirk: 'settings-int-lenient', probe: (s) => settings(s, { web_font_size_px: 'large' }), normal: 'error', quirked: 'success' },
  { quirk: 'settings-accepts-bad-enum', probe: (s) => settings(s, { color_scheme: '4' }), normal: 'error', quirked: 'success' },
  { quirk: 'settings-any-language', probe: (s) => settings(s, { default_language: 'xx' }), normal: 'error', quirked: 'success' },
  { quirk: 'settings-any-timezone', probe: (s) => settings(s, { timezone: 'Mars/Olympus' }), normal: 'error', quirked: 'success' },
  { quirk: 'settings-any-sound', probe: (s) => settings(s, { notification_sound: 'honk' }), normal: 'error', quirked: 'success' },
  {
    quirk: 'settings-ignores-param',
    probe: async (s) => {
      await settings(s, { color_scheme: '3' });
      return (await register(s)).user_settings.color_scheme;
    },
    normal: 3,
    quirked: 1,
  },
  {
    quirk: 'settings-ignores-full-name',
    probe: async (s) => {
      await settings(s, { full_name: 'Probe Name' });
      return (await call(s, 'GET', '/users/me', { as: s.accounts.member })).body.full_name;
    },
    normal: 'Probe Name',
    quirked: 'Max Member',
  },
  {
    quirk: 'settings-keeps-drafts',
    probe: async (s) => {
      await call(s, 'POST', '/drafts', { as: s.accounts.member, form: { drafts: '[{"type": "", "to": [], "topic": "", "content": "probe"}]' } });
      await settings(s, { enable_drafts_synchronization: 'false' });
      await settings(s, { enable_drafts_synchronization: 'true' });
      return (await call(s, 'GET', '/drafts', { as: s.accounts.member })).body.count;
    },
    normal: 0,
    quirked: 1,
  },
  { quirk: 'settings-channel-view-3-refused', probe: (s) => settings(s, { web_channel_default_view: '3' }), normal: 'success', quirked: 'error' },
  { quirk: 'settings-password-without-old-ok', probe: (s) => settings(s, { new_password: 'x-Passw0rd' }), normal: 'error', quirked: 'success' },
  {
    quirk: 'settings-wrong-old-password-ok',
    probe: (s) => settings(s, { new_password: 'x-Passw0rd', old_password: 'guess' }),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'settings-email-immediate',
    probe: async (s) => {
      await settings(s, { email: 'moved@reference.test' });
      return (await call(s, 'GET', `/users/${s.accounts.member.userId}`, { as: s.accounts.owner })).body.user.email;
    },
    normal: 'member@reference.test',
    quirked: 'moved@reference.test',
  },
  { quirk: 'defaults-member-ok', probe: (s) => defaults(s, { color_scheme: '2' }, 'member'), normal: 'error', quirked: 'success' },
  {
    quirk: 'defaults-ignores-param',
    probe: async (s) => {
      await defaults(s, { color_scheme: '3' });
      return (await register(s)).realm_user_settings_defaults.color_scheme;
    },
    normal: 3,
    quirked: 1,
  },
  {
    quirk: 'defaults-apply-to-existing',
    probe: async (s) => {
      await defaults(s, { color_scheme: '3' });
      return (await register(s)).user_settings.color_scheme;
    },
    normal: 1,
    quirked: 3,
  },
  {
    quirk: 'defaults-apply-to-caller',
    probe: async (s) => {
      await defaults(s, { color_scheme: '3' });
      return [(await register(s, 'admin')).user_settings.color_scheme, (await register(s)).user_settings.color_scheme];
    },
    normal: [1, 1],
    quirked: [3, 1],
  },
  { quirk: 'defaults-channel-view-3-refused', probe: (s) => defaults(s, { web_channel_default_view: '3' }), normal: 'success', quirked: 'error' },
  { quirk: 'user-topics-rejects-policy-3', probe: (s) => topic(s, { visibility_policy: '3' }), normal: 'success', quirked: 'error' },
  { quirk: 'user-topics-accepts-bad-policy', probe: (s) => topic(s, { visibility_policy: '4' }), normal: 'error', quirked: 'success' },
  { quirk: 'user-topics-no-length-limit', probe: (s) => topic(s, { topic: 'x'.repeat(61) }), normal: 'error', quirked: 'success' },
  { quirk: 'user-topics-needs-messages', probe: (s) => topic(s, { topic: 'no messages here' }), normal: 'success', quirked: 'error' },
  {
    quirk: 'user-topics-unmuted-mutes',
    probe: async (s) => {
      await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'stream', to: '1', topic: 'probe', content: 'x' } });
      await topic(s, { visibility_policy: '2' });
      const narrow = JSON.stringify([
        { operator: 'channel', operand: 1 },
        { operator: 'topic', operand: 'probe' },
        { operator: 'in', operand: 'home' },
      ]);
      return (await call(s, 'GET', '/messages', { as: s.accounts.member, query: { anchor: 'newest', num_before: '5', num_after: '0', narrow } })).body.messages
        .length;
    },
    normal: 1,
    quirked: 0,
  },
  {
    quirk: 'user-topics-zero-ignored',
    probe: async (s) => {
      await topic(s, {});
      await topic(s, { visibility_policy: '0' });
      return (await register(s)).user_topics.length;
    },
    normal: 0,
    quirked: 1,
  },
  {
    quirk: 'user-topics-first-policy-sticks',
    probe: async (s) => {
      await topic(s, {});
      await topic(s, { visibility_policy: '3' });
      return (await register(s)).user_topics[0].visibility_policy;
    },
    normal: 3,
    quirked: 1,
  },
  {
    quirk: 'update-user-ignores-role',
    probe: async (s) => {
      await updateUser(s, { role: '300' });
      return (await call(s, 'GET', `/users/${member2(s)}`, { as: s.accounts.admin })).body.user.role;
    },
    normal: 300,
    quirked: 400,
  },
  {
    quirk: 'update-user-updates-caller',
    probe: async (s) => {
      await updateUser(s, { full_name: 'Renamed' });
      return (await call(s, 'GET', `/users/${member2(s)}`, { as: s.accounts.admin })).body.user.full_name;
    },
    normal: 'Renamed',
    quirked: 'Mia Member',
  },
  { quirk: 'update-user-member-ok', probe: (s) => updateUser(s, { full_name: 'Mia Member' }, 'member'), normal: 'error', quirked: 'success' },
  { quirk: 'update-user-admin-sets-owner', probe: (s) => updateUser(s, { role: '100' }), normal: 'error', quirked: 'success' },
  {
    quirk: 'update-user-demote-last-owner-ok',
    probe: (s) => updateUser(s, { role: '200' }, 'owner', s.accounts.owner.userId),
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'update-user-any-role', probe: (s) => updateUser(s, { role: '500' }), normal: 'error', quirked: 'success' },
  { quirk: 'update-user-unknown-field-ok', probe: (s) => updateUser(s, { profile_data: '[{"id": 999, "value": "x"}]' }), normal: 'error', quirked: 'success' },
  { quirk: 'update-user-email-no-permission-ok', probe: (s) => updateUser(s, { new_email: 'mia@reference.test' }), normal: 'error', quirked: 'success' },
  {
    quirk: 'update-user-ignores-full-name',
    probe: async (s) => {
      await updateUser(s, { full_name: 'Renamed' });
      return (await call(s, 'GET', `/users/${member2(s)}`, { as: s.accounts.admin })).body.user.full_name;
    },
    normal: 'Renamed',
    quirked: 'Mia Member',
  },
  {
    quirk: 'update-user-email-ignores-visibility',
    probe: async (s) => {
      await call(s, 'PATCH', '/settings', { as: s.accounts.member2, form: { email_address_visibility: '4' } });
      return updateUser(s, { full_name: 'X Y' }, 'admin', 'member2@reference.test');
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'update-by-email-owner-only',
    probe: (s) => updateUser(s, { full_name: 'Mia Member' }, 'admin', 'member2@reference.test'),
    normal: 'success',
    quirked: 'error',
  },
  { quirk: 'push-no-device-success', probe: (s) => result(s, 'POST', '/mobile_push/e2ee/test_notification', {}), normal: 'error', quirked: 'success' },
  {
    quirk: 'push-ignores-owner',
    probe: async (s) => {
      await testPush(s);
      return result(s, 'POST', '/mobile_push/e2ee/test_notification', { push_account_id: '7' }, 'member2');
    },
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'push-admin-action-required', probe: testPush, normal: [200, 'success'], quirked: [403, 'ADMIN_ACTION_REQUIRED'] },
  { quirk: 'push-bouncer-unreachable', probe: testPush, normal: [200, 'success'], quirked: [502, 'FAILED_TO_CONNECT_BOUNCER'] },
  { quirk: 'push-bouncer-5xx', probe: testPush, normal: [200, 'success'], quirked: [502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER'] },
];
