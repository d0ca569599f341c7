// For any fragment, POST /navigation_views answers a blank one (empty, or only whitespace) with
// BAD_REQUEST and accepts a non-blank one. Non-blank fragments and names are run-unique (and
// unique per run: Zulip refuses a fragment or name the user already has); each view added is
// deleted again at once, and any the deletion missed in teardown.
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import type { PropertyApi } from '../src/property/api.js';
import { navigationFragment, type FragmentValue } from './arbitraries/navigation-fragment.js';
import { runId } from './support/channels.js';

interface State {
  count: number;
  left: Set<string>;
}

async function remove(api: PropertyApi, state: State, fragment: string): Promise<void> {
  const { body } = await api.call('member', 'DELETE', `/navigation_views/${fragment}`);
  if (body.result === 'success') state.left.delete(fragment);
}

export const PROPERTY = defineProperty<FragmentValue, State>({
  id: 'prop.op18.fragment-blank-or-not',
  endpoint: 'POST /navigation_views',
  title: 'a navigation view fragment is refused exactly when it is blank',
  clauses: ['op18.fragment', 'op18.fragment.blank', 'errors.bad-request'],
  facts: ['zulip.navigation-views.fragment-rules', 'zulip.navigation-views.no-duplicates'],
  since: 390,
  roles: ['member'],
  runs: 12,
  anyMembers: true,
  requestsPerRun: 1,
  setup: () => Promise.resolve({ count: 0, left: new Set<string>() }),
  async teardown(api, state) {
    for (const fragment of [...(state?.left ?? [])]) await remove(api, state, fragment);
  },
  arbitrary: () => navigationFragment,
  async check(api, value, state) {
    const n = (state.count += 1);
    const fragment = value.blank ? value.text : `narrow/search/cf-${runId(api)}-p${n}/${value.text}`;
    const answer = await api.call('member', 'POST', '/navigation_views', { fragment, is_pinned: false, name: `cf ${runId(api)} view ${n}` });
    const { body, request } = answer;
    if (body.result === 'success' && !value.blank) {
      state.left.add(fragment);
      await remove(api, state, fragment);
    }
    if (value.blank) {
      violated(body.result === 'error', () => `fragment ${show(fragment)} is blank: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`, {
        clause: 'op18.fragment.blank',
        answer,
      });
      violated(body.code === 'BAD_REQUEST', () => `fragment ${show(fragment)} is blank: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`, {
        clause: 'errors.bad-request',
        answer,
      });
    } else {
      violated(body.result === 'success', () => `fragment ${show(fragment)} is not blank: expected success, got ${outcome(body)} (${request})`, {
        clause: 'op18.fragment',
        answer,
      });
    }
  },
});
