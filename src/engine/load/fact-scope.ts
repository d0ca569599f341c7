// Which of a case's Zulip facts a check rests on when it names none itself. A zulip-profile check
// names the facts it rests on as the rules it breaks; a case citing several facts named every one
// of them on every check. A fact a `zulip:` block or an event expectation names is that check's
// (the direct message a queue read waits for rests on zulip.events.message.send, and nothing
// else does); the checks naming none rest on the case's other facts. Where every fact is some
// check's own, or none is, they rest on all of them.
import type { Case, SpecFile, Step } from './types.js';

/** The facts the checks of a case name themselves. */
export function claimedFacts(c: Case): Set<string> {
  const claimed = new Set<string>();
  for (const step of c.steps) {
    for (const id of step.expect?.zulip?.facts ?? []) claimed.add(id);
    for (const e of step.events?.expect ?? []) for (const id of e.facts ?? []) claimed.add(id);
  }
  return claimed;
}

function scopeCase(c: Case): Case {
  const claimed = claimedFacts(c);
  const rest = (c.facts ?? []).filter((id) => !claimed.has(id));
  if (!claimed.size || !rest.length) return c;
  return { ...c, steps: c.steps.map((step): Step => ({ ...step, restsOn: rest })) };
}

/** The spec files with each step of a case whose checks name some of its facts scoped to the others. */
export function scopeFacts(specs: SpecFile[]): SpecFile[] {
  return specs.map((spec) => ({ ...spec, cases: spec.cases.map(scopeCase) }));
}
