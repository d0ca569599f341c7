/// <reference types="vite/client" />
// Every property passes against the reference server, and fails against a server that breaks
// its invariant, with a shrunk counterexample and the seed to replay it in the message.
// A transport fault ends a property at once as errored.
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/common/vocabulary.js';
import type { PropertyCase } from '../../src/property/define.js';
import { runProperty } from '../../src/property/run-property.js';
import { withSession, type SuiteRun } from '../support/run-suite.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { caughtRules, proofMap, readProofs, updatingProofs, writeProofSection, type Catch } from '../support/proofs.js';
import { accept, isStatusWrite, paramsOf, refuse, statusRead } from '../support/mutant-helpers.js';
import type { Rewrite } from '../support/rewriting-proxy.js';
import { settingClauses } from '../../properties/support/settings-property.js';

/** The settings properties' rules: the type clauses, or the effect clauses, of an operation's settings. */
const settingTypes = (op: 'op2' | 'op5') => settingClauses(op).filter((c) => !c.endsWith('.effect'));
const settingEffects = (op: 'op2' | 'op5') => settingClauses(op).filter((c) => c.endsWith('.effect'));

const catches: Catch[] = [];
let breakersRun = 0;

const files = import.meta.glob<{ PROPERTY: PropertyCase<unknown, unknown> }>('../../properties/*.property.ts', { eager: true });
const PROPERTIES = new Map(Object.values(files).map((f) => [f.PROPERTY.id, f.PROPERTY]));

function run(id: string, options: SuiteRun & { seed?: number; path?: string } = {}) {
  const def = PROPERTIES.get(id);
  if (!def) throw new Error(`no property ${id}`);
  return withSession(options, (session) =>
    runProperty(def, session.ctx, session.redactor, {
      seed: options.seed ?? 42,
      path: options.path,
      runsFactor: 1,
      vars: session.globals,
      operations: loadSuite().specs.map((s) => s.operation),
    }),
  );
}

/** Property -> a server that breaks it, what the message must show, and the rules that server breaks. */
const BREAKERS: [string, SuiteRun, RegExp, string[]][] = [
  ['prop.conv.ignored-params-exact', { quirks: ['ignored-params-wrong'] }, /counterexample .*"include_public"/, ['conv.ignored-params']],
  ['prop.conv.ignored-params-exact', { quirks: ['ignored-params-missing'] }, /counterexample \[\{"unknown":\["zz_[a-z0-9_]*"\]/, ['conv.ignored-params']],
  [
    'prop.op13.status-text-limit',
    { quirks: ['status-length-utf16'] },
    /counterexample \["[^"]*"\]: \d+ characters: expected success/,
    ['op13.status-text.limit'],
  ],
  [
    'prop.op13.status-text-limit',
    { quirks: ['status-no-length-limit'] },
    /counterexample \[".{61}"\]: 61 characters: expected a BAD_REQUEST error/u,
    ['op13.bad-request.too-long'],
  ],
  // A server that stores a status text cut to 50 characters (read back under the zulip profile).
  [
    'prop.op13.status-text-limit',
    {
      profile: 'zulip',
      rewrite: statusRead((s) => {
        if (typeof s.status_text === 'string') s.status_text = [...s.status_text].slice(0, 50).join('');
      }),
    },
    /counterexample \["[^"]{51,60}"\]: read back "[^"]{50}", expected "[^"]{51,60}" after an accepted update \[zulip profile\]/u,
    ['res.user-status', 'zulip.status.read-shape'],
  ],
  ['prop.conv.malformed-boolean', { quirks: ['streams-bad-boolean-accepted'] }, /counterexample \[\{"param":\["GET","include_/, ['conv.booleans']],
  [
    'prop.op15.history-any-edits',
    { quirks: ['edit-history-extra-fields'] },
    /counterexample \[\[.*\]\]: snapshot \d has fields \[[^\]]*"prev_topic"[^\]]*\], expected \[[^\]]*\]/,
    ['res.snapshot.topic-edit-fields'],
  ],
  [
    'prop.op15.history-any-edits',
    { quirks: ['edit-history-unsorted'] },
    /counterexample \[\[\{[^}]*\}\]\]: the original snapshot is at index 1, not first: not chronological/,
    ['op15.chronological'],
  ],
  [
    'prop.op1.propagate-mode-moves',
    { quirks: ['edit-change-all-moves-one'] },
    /counterexample \[\{"size":2,"target":\d,"mode":"change_all"\}\]: change_all with target \d of 2 moved messages \[\d\], expected \[0,1\]/,
    ['op1.propagate-mode.change-all'],
  ],
  [
    'prop.op1.propagate-mode-moves',
    { quirks: ['edit-change-later-moves-all'] },
    /counterexample \[\{"size":\d,"target":[1-4],"mode":"change_later"\}\]: change_later with target [1-4] of \d moved messages \[0,[\d,]*\], expected \[[1-4][\d,]*\]/,
    ['op1.propagate-mode.change-later'],
  ],
  [
    'prop.op1.propagate-mode-moves',
    { quirks: ['edit-ids-change-on-move'] },
    /counterexample \[\{"size":2,"target":0,"mode":"change_one"\}\]: message 0 \(ID \d+\) has no history after the move/,
    ['op1.keeps-ids'],
  ],
  ['prop.op17.topics-by-recency', { quirks: ['topics-oldest-first'] }, /counterexample .*: topics not most recent first/, ['op17.order']],
  [
    'prop.op17.topics-by-recency',
    { quirks: ['topics-max-id-first-message'] },
    /counterexample .*: topic .* has max_id \d+, its last message is \d+/,
    ['res.topic-entry.max-id'],
  ],
  [
    'prop.op17.topics-by-recency',
    { quirks: ['topics-empty-name-raw'] },
    /counterexample \[\{"sends":\[\{"topic":0,"as":"member"\}\],"allowEmpty":false\}\]: topic "" is not listed as/,
    ['op17.allow-empty.default'],
  ],
  [
    'prop.op17.topics-by-recency',
    { quirks: ['topics-ignore-allow-empty'] },
    /counterexample \[\{"sends":\[\{"topic":0,"as":"member"\}\],"allowEmpty":true\}\]: topic "" is not listed as ""/,
    ['op17.allow-empty.true'],
  ],
  [
    'prop.op2.settings-values',
    { quirks: ['settings-accepts-bad-enum'] },
    /counterexample \[\{"name":"\w+","value":[^,]+,"valid":false\}\]: \w+=\S+ is not allowed: expected a BAD_REQUEST error, got "success"/,
    settingTypes('op2'),
  ],
  [
    'prop.op2.settings-values',
    { profile: 'zulip', quirks: ['settings-ignores-param'] },
    /counterexample \[\{"name":"\w+","value":[^,]+,"valid":true\}\]: after accepting .*POST \/register shows/,
    settingEffects('op2'),
  ],
  [
    'prop.op5.defaults-values',
    { quirks: ['settings-bool-lenient'] },
    /counterexample \[\{"name":"\w+","value":"[^"]*","valid":false\}\]: .* is not allowed/,
    settingTypes('op5'),
  ],
  [
    'prop.op5.defaults-values',
    { profile: 'zulip', quirks: ['defaults-ignores-param'] },
    /counterexample .*"valid":true\}\]: after accepting .*POST \/register shows/,
    settingEffects('op5'),
  ],
  [
    'prop.op7.membership-is-a-set',
    { profile: 'zulip', quirks: ['group-members-duplicates'] },
    /counterexample \[add\((\w+)\) [^\]]*\]: add\(\1\) on members \["\1"\] subgroups \[\]: expected an error, got success/,
    ['zulip.group-members.no-duplicates'],
  ],
  // A server that answers delete_subgroups with success but keeps the subgroups (the proxy drops the
  // parameter): caught as a kept subgroup, or as a success where the model expects "not a subgroup".
  [
    'prop.op7.membership-is-a-set',
    { profile: 'zulip', rewrite: ignoredAsSuccess('delete_subgroups') },
    /counterexample \[[^\]]*delete_subgroups\(s\d\)[^\]]*\]: (after )?delete_subgroups\(s\d\)/,
    ['op7.delete-subgroups.effect', 'op7.membership-rules'],
  ],
  [
    'prop.op8.visibility-policy-values',
    { quirks: ['user-topics-accepts-bad-policy'] },
    /counterexample \[\{"policy":\{"value":-?\d+,"valid":false\},"topic":"[^"]+"\}\]: visibility_policy -?\d+ is not allowed: expected a BAD_REQUEST error, got "success"/,
    ['op8.visibility-policy.values'],
  ],
  [
    'prop.op8.visibility-policy-values',
    { quirks: ['user-topics-rejects-policy-3'] },
    /counterexample \[\{"policy":\{"value":3,"valid":true\}.*visibility_policy 3 is allowed: expected success, got error "BAD_REQUEST"/,
    ['op8.visibility-policy.values'],
  ],
  // A server whose real topic limit is below the max_topic_length it advertises (60 on the reference).
  [
    'prop.op8.visibility-policy-values',
    { rewrite: refuse((req) => req.path === '/user_topics' && [...(paramsOf(req).get('topic') ?? '')].length >= 60) },
    /counterexample \[\{"policy":\{"value":\d,"valid":true\},"topic":"(.)\1{59}"\}\]: visibility_policy \d is allowed and the topic is 60 characters, max_topic_length: expected success/u,
    ['op8.topic.max-length'],
  ],
  [
    'prop.op18.fragment-blank-or-not',
    { quirks: ['nav-blank-fragment-ok'] },
    /counterexample \[\{"text":"","blank":true\}\]: fragment "" is blank: expected a BAD_REQUEST error, got "success"/,
    ['op18.fragment.blank'],
  ],
  // A server that refuses slashes past the search term: caught on a non-blank fragment.
  [
    'prop.op18.fragment-blank-or-not',
    { rewrite: refuse((req) => req.method === 'POST' && req.path === '/navigation_views' && /cf-[^/]*\/.*\//.test(paramsOf(req).get('fragment') ?? '')) },
    /counterexample \[\{"text":"\w[\w-]*\/\w[\w-]*","blank":false\}\]: fragment "[^"]+" is not blank: expected success/,
    ['op18.fragment'],
  ],
  [
    'prop.op13.status-emoji-rules',
    { quirks: ['status-unknown-emoji-ok'] },
    /counterexample \[\{"emoji_name":"\w+","valid":false,"clause":"op13\.bad-request\.emoji-not-exist"\}\]: \{"emoji_name":"\w+"\} is not allowed: expected a BAD_REQUEST error, got "success"/,
    ['op13.bad-request.emoji-not-exist'],
  ],
  [
    'prop.op13.status-emoji-rules',
    { quirks: ['status-emoji-code-without-name-ok'] },
    /counterexample \[\{"status_text":"cf emoji","(emoji_code|reaction_type)":"\w+","valid":false,"clause":"[\w.-]+"\}\]: .* is not allowed: expected a BAD_REQUEST error, got "success"/,
    ['op13.bad-request.code-without-name', 'op13.bad-request.type-without-name'],
  ],
  [
    'prop.op13.status-emoji-rules',
    { quirks: ['status-name-code-mismatch-ok'] },
    /counterexample \[\{"emoji_name":"\w+","emoji_code":"[0-9a-f]+","reaction_type":"unicode_emoji","valid":false,"clause":"op13\.bad-request\.invalid-emoji-name"\}\]/,
    ['op13.bad-request.invalid-emoji-name'],
  ],
  // A server that refuses an emoji given by its name alone.
  [
    'prop.op13.status-emoji-rules',
    { rewrite: refuse((req) => isStatusWrite(req) && paramsOf(req).has('emoji_name') && !paramsOf(req).has('emoji_code')) },
    /counterexample \[\{"emoji_name":"\w+","valid":true,"clause":"op13\.emoji-name\.type"\}\]: .* is allowed: expected success/,
    ['op13.emoji-name.type'],
  ],
  [
    'prop.op6.group-setting-updates',
    { profile: 'zulip', quirks: ['group-update-old-mismatch-ok'] },
    /counterexample \[\{"kind":"old-mismatch","value":\d+,"old":\d+\}\]: can_mention_group=.* has an old value that is not the current \d+ \[zulip profile\]: expected an error, got "success"/,
    ['zulip.groups.old-mismatch'],
  ],
  // A server that answers success to any can_mention_group without a "new" member (no validation).
  [
    'prop.op6.group-setting-updates',
    {
      rewrite: accept(
        (req) => req.method === 'PATCH' && /^\/user_groups\/\d+$/.test(req.path) && !(paramsOf(req).get('can_mention_group') ?? '"new"').includes('"new"'),
      ),
    },
    /counterexample \[\{"kind":"malformed","raw":"[^"]*"\}\]: can_mention_group=\S* is malformed: expected a BAD_REQUEST error, got "success"/,
    ['res.group-setting-update'],
  ],
  // A server whose update_message event lists only the target in message_ids: a client never learns that the others moved.
  [
    'prop.op1.events-replay-list',
    { profile: 'zulip', quirks: ['edit-event-target-only-ids'] },
    /counterexample \[move_(topic|channel)\(\d,[^)]*change_(all|later)[^)]*\)[^\]]*\]: after move_\w+\([^)]*\): applying the events to the list fetched before gives .* GET \/messages shows .* \[zulip profile\]/,
    ['zulip.events.update-message.topic', 'zulip.events.update-message.channel-move'],
  ],
  // A server whose update_message event of a channel move lacks new_stream_id.
  [
    'prop.op1.events-replay-list',
    {
      profile: 'zulip',
      rewrite: {
        answer: (req, a) => {
          if (req.path === '/events') for (const e of (a.json as { events?: Record<string, unknown>[] }).events ?? []) delete e.new_stream_id;
        },
      },
    },
    /counterexample \[move_channel\(\d,[^)]*\)[^\]]*\]: after move_channel\([^)]*\): applying the events to the list fetched before gives .* GET \/messages shows/,
    ['zulip.events.update-message.channel-move'],
  ],
  [
    'prop.conv.malformed-any-operation',
    { quirks: ['settings-int-lenient'] },
    /counterexample \[\{"method":"PATCH","path":"\/settings".*expected an error, got "success"/,
    ['errors.bad-request'],
  ],
  // A server that crashes (HTTP 500 with an error envelope) on a history request for an unknown message.
  [
    'prop.conv.malformed-any-operation',
    {
      profile: 'zulip',
      rewrite: {
        answer: (req, a) => {
          if (/^\/messages\/21\d{8}\/history$/.test(req.path)) a.status = 500;
        },
      },
    },
    /counterexample \[\{"method":"GET","path":"\/messages\/\d+\/history".*expected a 4xx status, got HTTP 500/,
    ['op15.nonexistent'],
  ],
  // A server that takes a list parameter that is not JSON (it answers success without reading it).
  [
    'prop.conv.malformed-any-operation',
    { rewrite: accept((req) => req.method === 'POST' && /^\/user_groups\/\d+\/members$/.test(req.path) && !isJson(paramsOf(req).get('add'))) },
    /counterexample \[\{"method":"POST","path":"\/user_groups\/\{group\}\/members".*"clause":"conv\.json-params"\}\]: expected an error, got "success"/,
    ['conv.json-params'],
  ],
];

/** Text that parses as JSON (absent counts as JSON: the rewrite is about sent lists). */
function isJson(text: string | null): boolean {
  if (text === null) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The parameter never reaches the server, yet the answer is success. */
function ignoredAsSuccess(name: string): Rewrite {
  const dropped = new WeakSet<object>();
  return {
    request: (req) => {
      if (req.form.has(name) || req.query.has(name)) {
        req.form.delete(name);
        req.query.delete(name);
        dropped.add(req);
      }
    },
    answer: (req, a) => {
      if (dropped.has(req)) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}

describe('properties', () => {
  it.each([...PROPERTIES.keys()].flatMap((id) => (['spec', 'zulip'] as Profile[]).map((p) => [id, p])))(
    '%s passes on the reference server (%s)',
    async (id, profile) => {
      const result = await run(id, { profile: profile as Profile });
      expect(result.message ?? '').toBe('');
      expect(result.status).toBe('passed');
    },
  );

  it.each(BREAKERS.map(([id, options, message, breaks]) => [id, options.quirks?.join(',') ?? 'a rewriting proxy', options, message, breaks] as const))(
    '%s fails against %s with a shrunk counterexample',
    async (id, _, options, message, breaks) => {
      const result = await run(id, options);
      expect(result.status).toBe('failed');
      expect(result.message).toMatch(message);
      expect(result.message).toMatch(/shrunk \d+ time\(s\)/);
      expect(result.message).toMatch(/replay: --seed 42 --grep /);
      expect(result.replay).toMatchObject({ seed: 42, grep: id });
      const caught = caughtRules(result, undefined, breaks);
      expect(caught.rules, `${id} fails naming ${result.failures?.[0]?.clauses.join(', ')}, the server breaks ${breaks.join(', ')}`).not.toEqual([]);
      catches.push({ caseId: id, caseProfile: PROPERTIES.get(id)!.profile, profile: options.profile ?? 'zulip', ...caught });
      breakersRun += 1;
    },
  );

  it('the printed seed and path replay just the shrunk counterexample', async () => {
    const broken = { quirks: ['status-no-length-limit'] };
    const first = await run('prop.op13.status-text-limit', { ...broken, seed: 7 });
    const [, seed, path] = /--seed (-?\d+) --grep prop\.op13\.status-text-limit --replay-path ([\d:]+)/.exec(first.message!)!;
    const replayed = await run('prop.op13.status-text-limit', { ...broken, seed: Number(seed), path });
    expect(replayed.message).toMatch(/property failed after 1 run\(s\), shrunk 0 time\(s\)/);
    const counterexample = (message: string) => /counterexample (\[.*?\]):/.exec(message)![1];
    expect(counterexample(replayed.message!)).toBe(counterexample(first.message!));
  });

  // Last: what the breakers were seen to catch is the properties' part of specs/proven-cases.json.
  it('specs/proven-cases.json holds what the property breakers prove (npm run proofs writes it)', () => {
    if (breakersRun < BREAKERS.length) return; // a filtered run proves only part
    const proven = proofMap(catches);
    if (updatingProofs()) writeProofSection('properties', proven);
    else expect(readProofs().properties, 'run `npm run proofs` and commit specs/proven-cases.json').toEqual(proven);
  });

  it('every property is broken by some server in the table', () => {
    expect([...PROPERTIES.keys()].filter((id) => !BREAKERS.some(([b]) => b === id))).toEqual([]);
  });

  it('a transport fault ends the property as errored, without shrinking', async () => {
    let calls = 0;
    const result = await run('prop.op13.status-text-limit', {
      rewrite: {
        answer: (req, a) => {
          if (isStatusWrite(req) && (calls += 1) >= 3) {
            a.raw = '<html>oops</html>';
            a.status = 502;
          }
        },
      },
    });
    expect(result.status).toBe('errored');
    expect(result.message).toMatch(/could not judge: answer \(HTTP 502\) is not JSON/);
    expect(calls).toBeLessThan(6);
  });

  it("files a failure under the operation of its counterexample, with that call's request, answer and replay", async () => {
    // Only POST /users/me/status takes a malformed boolean: the counterexample is that call, not GET /streams.
    const acceptsAnyAway = accept((req) => isStatusWrite(req) && paramsOf(req).has('away'));
    const result = await run('prop.conv.malformed-boolean', { rewrite: acceptsAnyAway });
    expect(result.status).toBe('failed');
    expect(result.endpoint).toBe('POST /users/me/status');
    expect(result.exchange?.request.url).toMatch(/\/api\/v1\/users\/me\/status$/);
    expect(result.exchange?.response?.body).toBe('{"result":"success","msg":""}');
    expect(result.failures?.[0]).toMatchObject({ check: 'property', clauses: ['conv.booleans'] });
    expect(result.replay).toEqual({ seed: 42, path: expect.stringMatching(/^\d+(:\d+)*$/), grep: 'prop.conv.malformed-boolean' });
  });

  it('every fact a property rests on is in specs/zulip-facts.yaml', () => {
    const known = new Set(loadSuite().facts.map((f) => f.id));
    expect([...PROPERTIES.values()].flatMap((p) => (p.facts ?? []).filter((f) => !known.has(f)).map((f) => `${p.id}: ${f}`))).toEqual([]);
  });

  it('a refusing server is a counterexample, not a fault', async () => {
    const result = await run('prop.op13.status-text-limit', { rewrite: refuse(isStatusWrite) });
    expect(result.status).toBe('failed');
  });
});
