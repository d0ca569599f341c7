// Every name a run gives what it creates or renames carries the run id, including a name built
// to a length limit (${padRunId(...)}): an interrupted run cannot leave a name (a folder renamed
// to sixty "m"s) that fails every later run, and two runs at once cannot take the same one. The
// parameters that name things are declared in specs/created-resources.yaml (`names`); this walks
// every step of every spec file (fixtures, cases, cleanups) for a value of one without the run id.
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import { loadNameParams, type NameParam } from '../../src/engine/load/created-resources.js';
import type { Step } from '../../src/engine/load/types.js';

/**
 * Values that cannot carry it, by case: each is refused by a server that keeps the document, and
 * is the value the case is about.
 */
const EXEMPT: Record<string, string> = {
  'op18.zulip.built-in-named': 'the fragment of a built-in view ("recent"), which the server must refuse to take',
  'op18.zulip.built-in-unnamed': 'the fragment of a built-in view ("feed"), added only where the account has none (assume) and deleted after',
};

const pathPattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );

/** The values a step sends for a declared name parameter. */
function namesSent(step: Step, declared: NameParam): unknown[] {
  if (step.request.method !== declared.by.method || !pathPattern(declared.by.path).test(step.request.path)) return [];
  const params = step.request.params ?? {};
  if (declared.when && !Object.entries(declared.when).every(([k, v]) => params[k] === v)) return [];
  const value = params[declared.param];
  if (!declared.each) return [value];
  return Array.isArray(value) ? value.map((entry) => (entry as Record<string, unknown> | null)?.[declared.each!]) : [];
}

/** A value that needs no run id: not text (a type check), blank (refused as such), or a value the run read or made before. */
const needsNoRunId = (value: unknown) => typeof value !== 'string' || value.trim() === '' || /^\$\{\s*[A-Za-z_][\w.]*\s*\}$/.test(value);
const carriesRunId = (value: string) => /\$\{\s*run\.id\s*\}/.test(value) || /\$\{\s*padRunId\(/.test(value);

describe('the run id in every name', () => {
  it('specs/created-resources.yaml declares the parameters that name what a run creates or renames', () => {
    const declared = loadNameParams();
    expect(declared.map((d) => `${d.by.method} ${d.by.path} ${d.param}`)).toEqual(
      expect.arrayContaining([
        'POST /users/me/subscriptions subscriptions',
        'PATCH /channel_folders/{channel_folder_id} name',
        'POST /user_groups/create name',
      ]),
    );
  });

  it('every value a spec file sends for one carries ${run.id}, or is ${padRunId(...)} at a length limit', () => {
    const declared = loadNameParams();
    const lacking: string[] = [];
    let checked = 0;
    for (const spec of loadSuite().specs) {
      const steps: [string, Step][] = [
        ...(spec.fixtures ?? []).map((s): [string, Step] => ['fixtures', s]),
        ...(spec.cleanup ?? []).map((s): [string, Step] => ['cleanup', s]),
        ...spec.cases.flatMap((c) => [...c.steps, ...(c.cleanup ?? [])].map((s): [string, Step] => [c.id, s])),
      ];
      const seeded = new Set(spec.cases.filter((c) => c.requires?.includes('seeded-push-devices')).map((c) => c.id));
      for (const [where, step] of steps) {
        for (const d of declared) {
          for (const value of namesSent(step, d)) {
            if (needsNoRunId(value)) continue;
            checked += 1;
            // The reference server's seeded realm exists only there, and its names are the seed's.
            if (carriesRunId(value as string) || seeded.has(where) || where in EXEMPT) continue;
            lacking.push(`${spec.file} ${where}: ${d.by.method} ${d.by.path} ${d.param}=${JSON.stringify(value)}`);
          }
        }
      }
    }
    expect(lacking).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('finds a name without it, wherever it hides', () => {
    const folder: NameParam = { by: { method: 'PATCH', path: '/channel_folders/{channel_folder_id}' }, param: 'name' };
    const channels: NameParam = { by: { method: 'POST', path: '/users/me/subscriptions' }, param: 'subscriptions', each: 'name' };
    const direct: NameParam = { by: { method: 'POST', path: '/messages' }, param: 'content', when: { type: 'direct' } };
    const step = (method: string, path: string, params: Record<string, unknown>): Step => ({ request: { method, path, params } as Step['request'] });
    expect(namesSent(step('PATCH', '/channel_folders/${f}', { name: "${repeat('m', 60)}" }), folder)).toEqual(["${repeat('m', 60)}"]);
    expect(namesSent(step('PATCH', '/channel_folders/${f}/x', { name: 'n' }), folder)).toEqual([]);
    expect(namesSent(step('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'a' }, { name: 'cf ${run.id} b' }] }), channels)).toEqual([
      'a',
      'cf ${run.id} b',
    ]);
    expect(namesSent(step('POST', '/messages', { type: 'stream', content: 'x' }), direct)).toEqual([]);
    expect(namesSent(step('POST', '/messages', { type: 'direct', content: 'x' }), direct)).toEqual(['x']);
    expect([carriesRunId("${repeat('m', 60)}"), carriesRunId("${padRunId('m', 60)}"), carriesRunId('cf ${ run.id } x')]).toEqual([false, true, true]);
    expect([needsNoRunId(''), needsNoRunId(7), needsNoRunId('${old_name}'), needsNoRunId("${repeat('m', 3)}"), needsNoRunId('x')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
