// Mutants for the common conventions and authentication.
import type { Mutant } from '../support/mutant-helpers.js';
import { isStreams, type Json } from '../support/mutant-helpers.js';

const STREAMS = 'GET /streams';
const STATUS = 'POST /users/me/status';

export const MUTANTS: Mutant[] = [
  // Fixtures are judged too: a server without msg anywhere errors every case of a spec file with
  // fixtures ("could not judge"), so the op20 cases are shown failing by a proxy touching GET /streams only.
  { name: 'envelope-no-msg', kind: 'envelope', operations: [STATUS], quirks: ['envelope-no-msg'],
    kills: ['op13.text.set', 'op13.away.boolean'] },
  { name: 'streams-envelope-no-msg', kind: 'envelope', operations: [STREAMS],
    rewrite: { answer: (req, a) => { if (isStreams(req)) delete (a.json as Json).msg; } },
    kills: ['op20.body.schema', 'op20.base-path'] },
  { name: 'error-without-code', kind: 'envelope', operations: [STREAMS, STATUS], quirks: ['error-without-code'],
    kills: ['op20.bad-boolean', 'op13.bad-request.no-values', 'op13.bad-request.61-characters'] },
  { name: 'html-error-pages', kind: 'envelope', operations: [STREAMS],
    rewrite: { answer: (req, a) => { if (isStreams(req)) { a.status = 502; a.raw = '<html><body>Bad gateway</body></html>'; a.headers['content-type'] = 'text/html'; } } },
    kills: ['op20.base-path', 'op20.body.schema'] },
  { name: 'ignored-params-missing', kind: 'parameter', operations: [STREAMS, STATUS], quirks: ['ignored-params-missing'],
    kills: ['op20.ignored-params', 'op13.ignored-params'] },
  { name: 'ignored-params-wrong', kind: 'parameter', operations: [STREAMS, STATUS], quirks: ['ignored-params-wrong'],
    kills: ['op20.ignored-params', 'op13.ignored-params'] },
  { name: 'auth-accepts-bad-key', kind: 'permission', operations: [STREAMS], quirks: ['auth-accepts-bad-key'], kills: ['op20.zulip.wrong-key'] },
  { name: 'auth-200-on-bad-key', kind: 'error-code', operations: [STREAMS], quirks: ['auth-200-on-bad-key'], kills: ['op20.zulip.wrong-key'] },
  { name: 'auth-400-not-401', kind: 'error-code', operations: [STREAMS],
    rewrite: { answer: (_, a) => { if (a.status === 401) a.status = 400; } },
    kills: ['op20.zulip.no-credentials', 'op20.zulip.wrong-key'] },
];
