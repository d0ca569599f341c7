// Which named locks a case holds while it runs, from its file's `serial` and `lock` (the spec
// language's scheduling flags; `exclusive` is the Session's organisation-wide lock apart).
import { roleOf, type Case, type SpecFile, type Step } from '../engine/load/types.js';
import type { LockClaim } from './locks.js';

/**
 * The claims of one case, or of the file itself (`c` absent: its cleanup, a property), which
 * holds the file's lock alone. `accountOf` names the account a role's claims are about: a file
 * cast over the plain members plays member and member2 with other accounts (runner/spread.ts). A one-at-a-time file's case holds it alone too; the finer forms
 * share it and hold alone only what they change:
 * - `per-role`: each account it calls as (`<lock>#<role>`), whose own state the case changes
 *   (or whose queue hears of it);
 * - `per-parameter`: each parameter its steps send to the file's operation (`<lock>/<name>`),
 *   the one setting each parameter changes;
 * - `queue-readers`: nothing more, or the whole lock when the case reads an event queue, which
 *   would hear the file's other cases (they send the same kind of events about the same objects).
 */
export function lockClaims(spec: SpecFile, c?: Case, accountOf: (role: string) => string = (role) => role): LockClaim[] {
  if (!spec.serial && !spec.exclusive && !spec.lock) return [];
  if (!c) return [{ key: spec.lock ?? spec.file, exclusive: true }];
  const steps = [...c.steps, ...(c.cleanup ?? [])];
  return [...fileClaims(spec, c, steps, accountOf), ...accountClaims(steps, accountOf)];
}

function fileClaims(spec: SpecFile, c: Case, steps: Step[], accountOf: (role: string) => string): LockClaim[] {
  const name = spec.lock ?? spec.file;
  const shared = { key: name, exclusive: false };
  switch (spec.serial) {
    case 'per-role':
      return [shared, ...callers(steps).map((role) => ({ key: `${name}#${accountOf(role)}`, exclusive: true }))];
    case 'per-parameter':
      return [shared, ...parametersSent(spec, c).map((parameter) => ({ key: `${name}/${parameter}`, exclusive: true }))];
    case 'queue-readers':
      return [{ key: name, exclusive: steps.some((step) => step.queue || step.events) }];
    default:
      return [{ key: name, exclusive: true }];
  }
}

/**
 * The accounts a case depends on: those it calls as, shared, and those it changes (a write to a
 * path naming the account, `PATCH /users/${accounts.member2.user_id}`: its role, name, email),
 * alone. So a case changing member2 runs beside the cases of its exclusive group that never
 * call as member2, and never beside one that does (member2's permissions are what it checks).
 */
function accountClaims(steps: Step[], accountOf: (role: string) => string): LockClaim[] {
  const changed = steps.flatMap((step) =>
    step.request && step.request.method !== 'GET' ? [...step.request.path.matchAll(/\$\{accounts\.(\w+)\./g)].map((m) => m[1]) : [],
  );
  return [
    ...callers(steps).map((role) => ({ key: `account ${accountOf(role)}`, exclusive: false, tier: 1 })),
    ...[...new Set(changed)].map((role) => ({ key: `account ${accountOf(role)}`, exclusive: true, tier: 1 })),
  ];
}

/**
 * The configured accounts steps call as: not an events step (it reads the queue its queue step
 * opened, no call of its own), nor an account the run made (the case's own).
 */
function callers(steps: Step[]): string[] {
  const roles = steps.filter((step) => !step.events).map((step) => roleOf(step));
  return [...new Set(roles.filter((role) => role !== null))];
}

/** The parameters a case's steps and cleanup send to its file's own operation. */
function parametersSent(spec: SpecFile, c: Case): string[] {
  const [method, path] = spec.operation.split(' ');
  const sent = [...c.steps, ...(c.cleanup ?? [])]
    .filter((step) => step.request?.method === method && slotless(step.request.path) === slotless(path))
    .flatMap((step) => Object.keys(step.request.params ?? {}));
  return [...new Set(sent)];
}

/** A path with its slots, of the document ({message_id}) or of a step (${message}), made alike. */
const slotless = (path: string) => path.replace(/\$?\{[^}]*\}/g, '{}');
