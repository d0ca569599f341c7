// Which of a case's Zulip facts a step's checks rest on. A zulip-profile check names the facts it
// rests on as the rules it breaks; a case citing several facts would name every one of them on
// every check, though each speaks of one request or one event. So the loader scopes them, on the
// evidence of the facts' own words: a step rests on the facts whose statement names its
// operation ("PATCH /settings", "GET /users/{user_id}"), an event expectation on the facts of its
// event type (zulip.events.<type>.*); where none does, on all of them. A `zulip:` block or an
// event expectation naming its facts keeps them.
import type { Case, EventsSpec, SpecFile, Step } from './types.js';

const segment = (part: string) => (/^(\$\{.*\}|\{.*\}|\d+)$/.test(part) ? '[^/\\s`"]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Whether a statement names the operation of a request (any slot of either side matching a value). */
export function namesOperation(statement: string, method: string, path: string): boolean {
  const pattern = `${method} /${path.replace(/^\//, '').split('/').map(segment).join('/')}(?![\\w/{])`;
  // The statement's own slots ({user_id}) match any value the step sends.
  const text = statement.replace(/\{[^}/\s]*\}/g, 'slot');
  return new RegExp(pattern).test(text);
}

/** The facts of an event type: zulip.events.<type>.* (update_message: zulip.events.update-message.*). */
const ofEventType = (facts: readonly string[], type: string) => facts.filter((id) => id.startsWith(`zulip.events.${type.replaceAll('_', '-')}.`));

function scopeStep(step: Step, facts: readonly string[], statementOf: ReadonlyMap<string, string>): Step {
  if (step.events) {
    const events: EventsSpec = step.events;
    const types = [...(events.expect ?? []).map((e) => e.type), ...(events.none ?? []).map((e) => (typeof e === 'string' ? e : e.type))];
    const ofStep = [...new Set(types.flatMap((type) => ofEventType(facts, type)))];
    const expect = events.expect?.map((e) => {
      const own = ofEventType(facts, e.type);
      return e.facts || !own.length ? e : { ...e, restsOn: own };
    });
    return { ...step, ...(ofStep.length ? { restsOn: ofStep } : {}), events: { ...events, ...(expect ? { expect } : {}) } };
  }
  const speaking = facts.filter((id) => namesOperation(statementOf.get(id) ?? '', step.request.method, step.request.path));
  return speaking.length ? { ...step, restsOn: speaking } : step;
}

function scopeCase(c: Case, statementOf: ReadonlyMap<string, string>): Case {
  if ((c.facts?.length ?? 0) < 2) return c;
  return { ...c, steps: c.steps.map((step) => scopeStep(step, c.facts!, statementOf)) };
}

/** The spec files with each step of a case citing several facts scoped to the facts it rests on. */
export function scopeFacts(specs: SpecFile[], facts: readonly { id: string; statement: string }[]): SpecFile[] {
  const statementOf = new Map(facts.map((f) => [f.id, f.statement]));
  return specs.map((spec) => ({ ...spec, cases: spec.cases.map((c) => scopeCase(c, statementOf)) }));
}
