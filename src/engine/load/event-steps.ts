// Event-queue steps, made plain for the runner: a `queue` step is the POST /register that opens
// the queue (notification_settings_null always declared, as the Zulip server requires it), and
// an `events` step reads that queue (GET /events) as the role that opened it. The loader calls
// this once per file, so every other part (the plan, --list, the ledger) sees ordinary requests.
import type { SpecFile, Step } from './types.js';

function expandQueue(step: Step): Step {
  const q = step.queue!;
  return {
    ...step,
    request: {
      method: 'POST',
      path: '/register',
      params: {
        ...(q.eventTypes ? { event_types: q.eventTypes } : {}),
        client_capabilities: { notification_settings_null: true, ...q.capabilities },
      },
    },
    expect: step.expect ?? { result: 'success' },
    capture: { ...step.capture, [q.name]: 'queue_id' },
    // Opening a queue only prepares what a later step checks.
    setup: step.setup ?? true,
  };
}

function expandEvents(step: Step, queueRoles: Map<string, Step['as']>): Step {
  const e = step.events!;
  return {
    ...step,
    as: step.as ?? queueRoles.get(e.queue),
    request: { method: 'GET', path: '/events', params: { queue_id: `\${${e.queue}}`, dont_block: true } },
  };
}

/** Steps with their event-queue steps expanded; an events step reads as the role of its queue. */
export function expandEventSteps(steps: Step[] | undefined, queueRoles = new Map<string, Step['as']>()): Step[] | undefined {
  if (!steps) return steps;
  return steps.map((step) => {
    if (step.queue) {
      queueRoles.set(step.queue.name, step.as);
      return expandQueue(step);
    }
    return step.events ? expandEvents(step, queueRoles) : step;
  });
}

export function expandEventStepsOf(spec: SpecFile): SpecFile {
  const fileQueues = new Map<string, Step['as']>();
  return {
    ...spec,
    fixtures: expandEventSteps(spec.fixtures, fileQueues),
    cleanup: expandEventSteps(spec.cleanup, new Map(fileQueues)),
    cases: spec.cases.map((c) => {
      const queues = new Map(fileQueues);
      return { ...c, steps: expandEventSteps(c.steps, queues)!, cleanup: expandEventSteps(c.cleanup, queues) };
    }),
  };
}
