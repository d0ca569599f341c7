// Zulip facts a later feature level retired (a field removed, a behaviour changed): a fact's
// `until` is the last level at which the Zulip server behaves so. The loader marks what rests on
// one: a zulip-profile case gets the case's `until` (the plan skips it on a newer target), a
// `zulip:` block its own (the step judges it only up to that level). So a check of what Zulip 420
// sends never fails a newer Zulip for a field that level removed.
import type { Case, SpecFile, Step } from './types.js';

/** The lowest `until` of the facts named, or undefined when none has one. */
function untilOf(ids: string[] | undefined, until: ReadonlyMap<string, number>): number | undefined {
  const levels = (ids ?? []).flatMap((id) => (until.has(id) ? [until.get(id)!] : []));
  return levels.length ? Math.min(...levels) : undefined;
}

function markStep(step: Step, caseFacts: string[] | undefined, until: ReadonlyMap<string, number>): Step {
  const zulip = step.expect?.zulip;
  if (!zulip) return step;
  const level = untilOf(zulip.facts ?? caseFacts, until);
  return level === undefined ? step : { ...step, expect: { ...step.expect, zulip: { ...zulip, until: level } } };
}

function markCase(c: Case, until: ReadonlyMap<string, number>): Case {
  const retired = c.profile === 'zulip' ? untilOf(c.facts, until) : undefined;
  // A case may say `until:` itself (what it touches was removed); the earlier level holds.
  const level = retired === undefined ? c.until : Math.min(retired, c.until ?? retired);
  return {
    ...c,
    ...(level === undefined ? {} : { until: level }),
    steps: c.steps.map((s) => markStep(s, c.facts, until)),
  };
}

/** The spec files with what rests on a retired fact marked with the level it holds up to. */
export function markRetiredFacts(specs: SpecFile[], facts: { id: string; until?: number }[]): SpecFile[] {
  const until = new Map(facts.flatMap((f) => (f.until === undefined ? [] : [[f.id, f.until] as const])));
  if (!until.size) return specs;
  return specs.map((spec) => ({ ...spec, cases: spec.cases.map((c) => markCase(c, until)) }));
}
