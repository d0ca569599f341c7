// For any status text: at most 60 characters (code points) is accepted, more is BAD_REQUEST;
// under the zulip profile the text is read back as sent, and a rejected one changes nothing.
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
    const before = api.profile === 'zulip' ? await readText(api) : undefined;
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
    if (api.profile !== 'zulip') return;
    const after = await readText(api);
    const want = fits ? text : before;
    violated(after === want, () => `read back ${show(after)}, expected ${show(want)} after ${fits ? 'an accepted' : 'a rejected'} update [zulip profile]`, {
      clause: fits ? 'res.user-status' : 'op13.bad-request.too-long',
      zulip: true,
    });
  },
});

async function readText(api: import('../src/property/api.js').PropertyApi): Promise<string> {
  const body = await api.ok('member2', 'GET', `/users/${api.userIds.member2}/status`);
  return ((body.status as Record<string, unknown>)?.status_text as string | undefined) ?? '';
}
