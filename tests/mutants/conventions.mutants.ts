// Mutants for the common conventions, authentication and errors (What the service does,
// Authentication, Errors). The envelope checks run on every answer and name their clause
// themselves (src/engine/envelope-checks.ts), so the cases of other areas listed here fail naming
// it whatever their own attribution; the zulip-profile auth cases of GET /streams fail naming
// their facts.
import type { Mutant } from '../support/mutant-helpers.js';
import { isStatusWrite, isStreams, type Json } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const STREAMS = 'GET /streams';
const STATUS = 'POST /users/me/status';

const isDeleteTopic = (req: ProxiedRequest) => req.method === 'POST' && /^\/streams\/\d+\/delete_topic$/.test(req.path);

/** The API answers under another prefix: at /api/v1 the operation is a JSON 404. */
const otherPrefix: Rewrite = {
  answer: (req, a) => {
    if (isStreams(req)) {
      a.status = 404;
      a.json = { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' };
    }
  },
};

/** A server that reads no query string on GET: it never sees include_all. */
const queryIgnored: Rewrite = {
  request: (req) => {
    if (isStreams(req)) for (const name of [...req.query.keys()]) req.query.delete(name);
  },
};

/** A server that reads no form-urlencoded body: the status update passes no values. */
const formIgnored: Rewrite = {
  request: (req) => {
    if (isStatusWrite(req)) for (const name of [...req.form.keys()]) req.form.delete(name);
  },
};

/** Serves a request without credentials: GET /streams answers an empty list. */
const servesAnonymous: Rewrite = {
  answer: (req, a) => {
    if (isStreams(req) && !req.headers.authorization) {
      a.status = 200;
      a.json = { result: 'success', msg: '', streams: [] };
    }
  },
};

/** The writes whose success the zulip profile holds to HTTP 200 (Zulip's json_success). */
const SUCCESS_200_WRITES: [string, RegExp][] = [
  ['PATCH', /^\/streams\/\d+$/],
  ['PATCH', /^\/channel_folders\/\d+$/],
  ['POST', /^\/typing$/],
  ['PATCH', /^\/user_groups\/\d+$/],
  ['POST', /^\/user_groups\/\d+\/members$/],
  ['POST', /^\/navigation_views$/],
  ['PATCH', /^\/saved_snippets\/\d+$/],
  ['POST', /^\/users\/me\/status$/],
  ['POST', /^\/mobile_push\/e2ee\/test_notification$/],
];

/** Answers those writes' successes with 201 Created, the body as it was. */
const success201: Rewrite = {
  answer: (req, a) => {
    const write = SUCCESS_200_WRITES.some(([method, path]) => req.method === method && path.test(req.path));
    if (write && a.status === 200 && (a.json as Json | undefined)?.result === 'success') a.status = 201;
  },
};

/** Rewrites the answer of a member's call of an administrator-only operation (operation 14). */
function adminOnlyAnswer(fn: (body: Json) => void): Rewrite {
  return {
    answer: (req, a) => {
      if (isDeleteTopic(req) && (a.json as Json | undefined)?.code === 'UNAUTHORIZED_PRINCIPAL') fn(a.json as Json);
    },
  };
}

export const MUTANTS: Mutant[] = [
  // --- the envelope ------------------------------------------------------------------------------
  // Fixtures are judged too: a server without msg anywhere errors every case of a spec file with
  // fixtures ("could not judge"), so the op20 cases are shown failing by a proxy touching GET /streams only.
  {
    name: 'envelope-no-msg',
    breaks: ['conv.json-envelope'],
    kind: 'envelope',
    operations: [STATUS],
    quirks: ['envelope-no-msg'],
    kills: ['op13.text.set', 'op13.away.boolean'],
  },
  {
    name: 'streams-envelope-no-msg',
    breaks: ['conv.json-envelope'],
    kind: 'envelope',
    operations: [STREAMS],
    rewrite: {
      answer: (req, a) => {
        if (isStreams(req)) delete (a.json as Json).msg;
      },
    },
    kills: ['op20.body.schema', 'op20.base-path', 'conv.base-path.api-v1'],
  },
  {
    // error-without-code also breaks errors.bad-request, op13.bad-request.no-values, op13.bad-request.too-long: these errors come without their BAD_REQUEST code
    name: 'error-without-code',
    breaks: ['conv.error-code', 'errors.bad-request', 'op13.bad-request.no-values', 'op13.bad-request.too-long'],
    kind: 'envelope',
    operations: [STREAMS, STATUS],
    quirks: ['error-without-code'],
    kills: ['op20.bad-boolean', 'op13.bad-request.no-values', 'op13.bad-request.61-characters'],
  },
  {
    name: 'html-error-pages',
    breaks: ['conv.json-envelope'],
    kind: 'envelope',
    operations: [STREAMS],
    rewrite: {
      answer: (req, a) => {
        if (isStreams(req)) {
          a.status = 502;
          a.raw = '<html><body>Bad gateway</body></html>';
          a.headers['content-type'] = 'text/html';
        }
      },
    },
    kills: ['op20.base-path', 'op20.body.schema', 'conv.base-path.api-v1'],
  },
  {
    name: 'api-under-another-prefix',
    breaks: ['conv.base-path'],
    kind: 'envelope',
    operations: [STREAMS],
    rewrite: otherPrefix,
    kills: ['conv.base-path.api-v1'],
  },
  // --- how parameters are sent -------------------------------------------------------------
  {
    name: 'get-query-ignored',
    breaks: ['conv.get-query'],
    kind: 'parameter',
    operations: [STREAMS],
    rewrite: queryIgnored,
    kills: ['conv.get-query.include-all'],
  },
  { name: 'form-body-ignored', breaks: ['conv.form-encoding'], kind: 'parameter', operations: [STATUS], rewrite: formIgnored, kills: ['op13.form-body'] },
  // --- ignored_parameters_unsupported, both ways ---------------------------------------------------
  {
    name: 'ignored-params-missing',
    breaks: ['conv.ignored-params'],
    kind: 'parameter',
    operations: [STREAMS, STATUS],
    quirks: ['ignored-params-missing'],
    kills: ['op20.ignored-params', 'op13.ignored-params'],
  },
  // Lists the supported parameters too: caught on every answer that has one (run-steps.ts).
  {
    name: 'ignored-params-wrong',
    breaks: ['conv.ignored-params'],
    kind: 'parameter',
    operations: [STREAMS, STATUS],
    quirks: ['ignored-params-wrong'],
    kills: ['op20.ignored-params', 'op13.ignored-params', 'op13.text.set'],
  },
  // --- credentials ----------------------------------------------------------------------------------
  {
    name: 'auth-accepts-bad-key',
    breaks: ['auth.basic', 'zulip.auth.invalid-basic-401'],
    kind: 'permission',
    operations: [STREAMS],
    quirks: ['auth-accepts-bad-key'],
    kills: ['op20.zulip.wrong-key', 'auth.wrong-key'],
  },
  {
    name: 'auth-serves-anonymous',
    breaks: ['auth.basic', 'zulip.auth.no-credentials-401'],
    kind: 'permission',
    operations: [STREAMS],
    rewrite: servesAnonymous,
    kills: ['op20.zulip.no-credentials', 'auth.no-credentials'],
  },
  {
    name: 'auth-200-on-bad-key',
    breaks: ['zulip.auth.invalid-basic-401'],
    kind: 'error-code',
    operations: [STREAMS],
    quirks: ['auth-200-on-bad-key'],
    kills: ['op20.zulip.wrong-key', 'auth.wrong-key'],
  },
  {
    name: 'auth-400-not-401',
    breaks: ['zulip.auth.no-credentials-401', 'zulip.auth.invalid-basic-401'],
    kind: 'error-code',
    operations: [STREAMS],
    rewrite: {
      answer: (_, a) => {
        if (a.status === 401) a.status = 400;
      },
    },
    kills: ['op20.zulip.no-credentials', 'op20.zulip.wrong-key', 'auth.no-credentials', 'auth.wrong-key'],
  },
  // --- administrator-only operations -----------------------------------------------------------
  {
    name: 'admin-only-open',
    breaks: ['auth.admin-operations'],
    kind: 'permission',
    operations: [STREAMS],
    rewrite: {
      answer: (req, a) => {
        if (isDeleteTopic(req) && (a.json as Json | undefined)?.code === 'UNAUTHORIZED_PRINCIPAL') {
          a.status = 200;
          a.json = { result: 'success', msg: '', complete: true };
        }
      },
    },
    kills: ['errors.unauthorized-principal.delete-topic'],
  },
  {
    name: 'admin-only-bad-request',
    breaks: ['errors.unauthorized-principal'],
    kind: 'error-code',
    operations: [STREAMS],
    rewrite: adminOnlyAnswer((body) => {
      body.code = 'BAD_REQUEST';
    }),
    kills: ['errors.unauthorized-principal.delete-topic'],
  },
  // What Zulip sends on success is held to "at least" (a later level may add fields), but its
  // status is 200: another success status breaks the facts of the zulip: { status: 200 } checks.
  {
    name: 'success-201',
    breaks: [
      'zulip.success.plain-envelope-200',
      'zulip.groups.plain-success-body',
      'zulip.navigation-views.plain-success',
      'zulip.saved-snippets.plain-success',
      'zulip.status.plain-success',
      'zulip.push.e2ee-test-targets',
    ],
    kind: 'envelope',
    operations: [
      'PATCH /streams/{stream_id}',
      'PATCH /channel_folders/{channel_folder_id}',
      'POST /typing',
      'PATCH /user_groups/{user_group_id}',
      'POST /user_groups/{user_group_id}/members',
      'POST /navigation_views',
      'PATCH /saved_snippets/{saved_snippet_id}',
      STATUS,
      'POST /mobile_push/e2ee/test_notification',
    ],
    rewrite: success201,
    kills: [
      'op4.description.set',
      'op12.name.set',
      'op3.direct.start',
      'op6.name.accepted',
      'op7.add.accepted',
      'op18.add.pinned',
      'op19.edit.title',
      'op13.text.set',
      'op21.seeded.relay-ok',
    ],
  },
  {
    name: 'admin-only-other-message',
    breaks: ['auth.admin-message'],
    kind: 'field',
    operations: [STREAMS],
    rewrite: adminOnlyAnswer((body) => {
      body.msg = 'Forbidden';
    }),
    kills: ['errors.unauthorized-principal.delete-topic'],
  },
];
