// For any status text: at most 60 characters (code points) is accepted, more is BAD_REQUEST;
// under the zulip profile the text is read back as sent, and a rejected one changes nothing
// (through GET /users/{user_id}/status, of feature level 262: not at an older level judged).
// Runs as member2 so it never meets the member's status cases.
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { codePoints, statusText } from './arbitraries/status-text.js';

export const PROPERTY = defineProperty({
  id: 'prop.op13.status-text-limit',
  endpoint: 'POST /users/me/status',
  title: 'a status text is accepted exactly when it has at most 60 characters',
  clauses: ['op13.status-text.limit', 'op13.bad-request.too-long', 'res.user-status'],
  facts: ['zulip.status.read-shape', 'zulip.status.text-max-60'],
  roles: ['member2'],
  runs: 30,
  arbitrary: () => statusText,
  async teardown(api) {
    await api.call('member2', 'POST', '/users/me/status', { status_text: '' });
  },
  async check(api, text) {
    const readBack = api.profile === 'zulip' && Number(api.vars.featureLevel) >= STATUS_READ_LEVEL;
    const before = readBack ? await readText(api) : undefined;
    const { body, request } = await api.call('member2', 'POST', '/users/me/status', { status_text: text });
    const fits = codePoints(text) <= 60;
    if (fits)
      violated(body.result === 'success', () => `${codePoints(text)} characters: expected success, got ${outcome(body)} (${request})`, {
        clause: 'op13.status-text.limit',
      });
    else
      violated(
        body.result === 'error' && body.code === 'BAD_REQUEST',
        () => `${codePoints(text)} characters: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`,
        { clause: 'op13.bad-request.too-long' },
      );
    if (!readBack) return;
    const after = await readText(api);
    const want = fits ? text : before;
    violated(after === want, () => `read back ${show(after)}, expected ${show(want)} after ${fits ? 'an accepted' : 'a rejected'} update [zulip profile]`, {
      clause: fits ? 'res.user-status' : 'op13.bad-request.too-long',
      zulip: true,
    });
  },
});

/** GET /users/{user_id}/status appeared at feature level 262 (fact zulip.level.262). */
const STATUS_READ_LEVEL = 262;

async function readText(api: import('../src/property/api.js').PropertyApi): Promise<string> {
  const { body, request } = await api.call('member2', 'GET', `/users/${api.userIds.member2}/status`);
  violated(body.result === 'success', () => `the read-back failed: ${outcome(body)} (${request}) [zulip profile]`, {
    clause: 'res.user-status',
    zulip: true,
    since: STATUS_READ_LEVEL,
  });
  return ((body.status as Record<string, unknown>)?.status_text as string | undefined) ?? '';
}
