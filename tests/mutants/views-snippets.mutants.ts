// Mutants for POST /navigation_views (operation 18) and PATCH /saved_snippets/{saved_snippet_id}
// (operation 19).
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';

const VIEWS = 'POST /navigation_views';
const SNIPPETS = 'PATCH /saved_snippets/{saved_snippet_id}';
const isAdd = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/navigation_views';
const isEdit = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/saved_snippets\/\d+$/.test(req.path);

export const MUTANTS: Mutant[] = [
  { name: 'nav-blank-fragment-ok', kind: 'invalid-input', operations: [VIEWS], quirks: ['nav-blank-fragment-ok'], kills: ['op18.blank-fragment', 'op18.empty-fragment'] },
  { name: 'nav-custom-without-name-ok', kind: 'invalid-input', operations: [VIEWS], quirks: ['nav-custom-without-name-ok'], kills: ['op18.zulip.custom-without-name'] },
  { name: 'nav-duplicate-ok', kind: 'invalid-input', operations: [VIEWS], quirks: ['nav-duplicate-ok'], kills: ['op18.zulip.duplicate-refused'] },
  { name: 'nav-refuses-unpinned', kind: 'invalid-input', operations: [VIEWS], rewrite: refuse((req) => isAdd(req) && paramsOf(req).get('is_pinned') === 'false'),
    kills: ['op18.add.unpinned', 'op18.zulip.read-back'] },
  { name: 'nav-refuses-pinned', kind: 'invalid-input', operations: [VIEWS], rewrite: refuse((req) => isAdd(req) && paramsOf(req).get('is_pinned') === 'true'),
    kills: ['op18.add.pinned', 'op18.zulip.duplicate-refused'] },
  { name: 'nav-accepts-anything', kind: 'invalid-input', operations: [VIEWS], rewrite: accept(isAdd),
    kills: ['op18.fragment-missing', 'op18.is-pinned-missing', 'op18.is-pinned-not-boolean', 'op18.zulip.built-in-named', 'op18.blank-fragment'] },
  { name: 'nav-list-loses-pin', kind: 'field', operations: [VIEWS],
    rewrite: { answer: (req, a) => { if (req.method === 'GET' && req.path === '/navigation_views') ((a.json as { navigation_views?: Record<string, unknown>[] }).navigation_views ?? []).forEach((v) => { v.is_pinned = !v.is_pinned; }); } },
    kills: ['op18.zulip.read-back'] },
  { name: 'nav-missing-400', kind: 'error-code', operations: [VIEWS],
    rewrite: { answer: (req, a) => { if (req.method === 'DELETE' && a.status === 404) a.status = 400; } }, kills: ['op18.zulip.remove-missing'] },
  { name: 'nav-body-extra', kind: 'envelope', operations: [VIEWS],
    rewrite: { answer: (req, a) => { if (isAdd(req) && a.status === 200) Object.assign(a.json as object, { navigation_view: {} }); } }, kills: ['op18.add.pinned'] },
  { name: 'snippet-missing-ok', kind: 'invalid-input', operations: [SNIPPETS], quirks: ['snippet-missing-ok'], kills: ['op19.missing', 'op19.deleted'] },
  { name: 'snippet-empty-edit-checks', kind: 'effect', operations: [SNIPPETS], quirks: ['snippet-empty-edit-checks'], kills: ['op19.zulip.no-values'] },
  { name: 'snippet-empty-edit-checks-spec', kind: 'effect', operations: [SNIPPETS], quirks: ['snippet-empty-edit-checks'], profile: 'spec', kills: ['op19.missing.no-values'] },
  { name: 'snippet-edit-ignores-content', kind: 'effect', operations: [SNIPPETS], quirks: ['snippet-edit-ignores-content'], kills: ['op19.zulip.read-back'] },
  { name: 'snippet-refuses-title', kind: 'invalid-input', operations: [SNIPPETS], rewrite: refuse((req) => isEdit(req) && paramsOf(req).has('title')),
    kills: ['op19.edit.title', 'op19.edit.both', 'op19.zulip.read-back'] },
  { name: 'snippet-refuses-content', kind: 'invalid-input', operations: [SNIPPETS], rewrite: refuse((req) => isEdit(req) && paramsOf(req).has('content') && paramsOf(req).get('content') !== 'Too late'),
    kills: ['op19.edit.content'] },
  { name: 'snippet-accepts-anything', kind: 'invalid-input', operations: [SNIPPETS], rewrite: accept(isEdit),
    kills: ['op19.zulip.other-users-snippet', 'op19.zulip.blank-title', 'op19.missing'] },
  { name: 'snippet-missing-400', kind: 'error-code', operations: [SNIPPETS],
    rewrite: { answer: (req, a) => { if (isEdit(req) && a.status === 404) a.status = 400; } }, kills: ['op19.missing', 'op19.zulip.other-users-snippet'] },
  { name: 'snippet-body-extra', kind: 'envelope', operations: [SNIPPETS],
    rewrite: { answer: (req, a) => { if (isEdit(req) && a.status === 200) Object.assign(a.json as object, { saved_snippet: {} }); } }, kills: ['op19.edit.title'] },
];
