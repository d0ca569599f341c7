// Busy colleagues: other people of the organisation, at work while a run goes on. A staging
// server is shared: its users post, type, edit and move their own messages, change their own
// settings and status, and create channels and groups, in the run's public channels too. A
// correct server must pass a run all the same, so no case may assume it is alone
// (CONTRIBUTING.md, "A case in a busy organisation"). The colleagues are users of their own,
// made through the API (POST /users, then POST /fetch_api_key with the password they were given):
// they never act as the run's configured accounts, whose credentials they are not given. Their
// requests go out at a steady `rate` a second, spread over them, each action drawn from `mix`
// (tests/support/colleague-actions.ts). Used by tests/robustness/shared-org.test.ts, the
// stability script (`npm run stability -- --colleagues 30`) and `npm run colleagues` against any
// server.
import { randomBytes } from 'node:crypto';
import { ApiClient } from '../../src/http/client.js';
import type { Account } from '../../src/common/vocabulary.js';
import { ACTIONS, DEFAULT_MIX, Desk, tidy, type ActionName } from './colleague-actions.js';

export type { ActionName } from './colleague-actions.js';
export { DEFAULT_MIX } from './colleague-actions.js';
export interface ColleaguesOptions {
  /** The server's base URL (paths go under /api/v1). */
  url: string;
  /**
   * An administrator allowed to create users (Zulip's `can_create_users`), used for POST /users
   * alone, once per colleague; or `users`, colleagues made before (their own accounts).
   */
  creator?: Account;
  users?: (Account & { userId: number })[];
  /** How many colleagues to make (default 3). */
  count?: number;
  /** Requests a second, all colleagues together (default 30). */
  rate?: number;
  /** The weight of each action (default DEFAULT_MIX); 0 or absent leaves an action out. */
  mix?: Partial<Record<ActionName, number>>;
  /** The accounts the colleagues write to directly and type to (the run's): user ids, or emails. */
  recipients: (number | string)[];
  /** In every name they create (`colleague <tag> ...`): never a run's `cf <run id> ...`. */
  tag?: string;
}

export interface ColleaguesReport {
  /** Requests sent, and how many were refused (a reply to a channel archived meanwhile, say). */
  sent: number;
  refused: number;
  /** By action: sent and refused. */
  actions: Record<string, { sent: number; refused: number }>;
  /** Replies that landed in a run's channel (named `cf ...`). */
  repliesInRunChannels: number;
  /** The first few refusals, for a reader: "<action>: <code> <msg>". */
  refusals: string[];
  elapsedMs: number;
}

export interface Colleagues {
  readonly users: readonly (Account & { userId: number })[];
  /** What they did so far. */
  report(): ColleaguesReport;
  /**
   * Stops them (the requests in flight are waited for) and says what they did; `tidyUp` also
   * archives their channels, deactivates their groups and clears their status (a server that
   * stays: the colleagues themselves stay, as users cannot be deleted).
   */
  stop(options?: { tidyUp?: boolean }): Promise<ColleaguesReport>;
}

/** Requests a colleague may have in flight at once: a slow server slows them, never piles them up. */
const MAX_IN_FLIGHT = 24;

/** Makes the colleagues and sets them to work; they keep at it until stop(). */
export async function startColleagues(options: ColleaguesOptions): Promise<Colleagues> {
  const client = new ApiClient(options.url, { timeoutMs: 30_000, connections: 8 });
  const tag = options.tag ?? randomBytes(3).toString('hex');
  const mix = Object.entries({ ...DEFAULT_MIX, ...options.mix }).filter(([, w]) => w > 0) as [ActionName, number][];
  const totalWeight = mix.reduce((sum, [, w]) => sum + w, 0);
  if (!totalWeight) throw new Error('colleagues: the mix leaves no action');
  const users = options.users ?? (await makeUsers(client, options.creator, options.count ?? 3, tag));
  const desk = new Desk(
    client,
    tag,
    users.map((u, i) => ({ ...u, role: `colleague ${i + 1}`, own: [], channels: [], groups: [] })),
  );
  desk.recipientIds.push(...(await idsOf(desk, options.recipients)));
  const report: ColleaguesReport = { sent: 0, refused: 0, actions: {}, repliesInRunChannels: 0, refusals: [], elapsedMs: 0 };
  desk.onAnswer = (action, ok, why) => {
    const counts = (report.actions[action] ??= { sent: 0, refused: 0 });
    counts.sent += 1;
    report.sent += 1;
    if (ok) return;
    counts.refused += 1;
    report.refused += 1;
    if (report.refusals.length < 10) report.refusals.push(`${action}: ${why}`);
  };
  desk.onRunReply = () => (report.repliesInRunChannels += 1);

  const started = performance.now();
  const interval = 1000 / (options.rate ?? 30);
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let turn = 0;
  const loop = (async () => {
    for (let next = performance.now(); !stopped;) {
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else next = performance.now(); // fell behind (a slow server): no burst to catch up
      if (stopped || inFlight.size >= MAX_IN_FLIGHT) continue;
      const colleague = desk.colleagues[turn++ % desk.colleagues.length];
      const action = desk.due() ?? pick(mix, totalWeight);
      const done = ACTIONS[action](desk, colleague)
        .catch((error: unknown) => desk.onAnswer(action, false, String(error)))
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    }
  })();

  const snapshot = () => ({ ...report, elapsedMs: Math.round(performance.now() - started) });
  return {
    users,
    report: snapshot,
    async stop({ tidyUp = false } = {}) {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      if (tidyUp) await tidy(desk);
      await client.close();
      return snapshot();
    },
  };
}

function pick(mix: [ActionName, number][], total: number): ActionName {
  let r = Math.random() * total;
  for (const [name, weight] of mix) if ((r -= weight) < 0) return name;
  return mix[mix.length - 1][0];
}

/** POST /users as the creator, then each new user's own key through POST /fetch_api_key. */
async function makeUsers(client: ApiClient, creator: Account | undefined, count: number, tag: string) {
  if (!creator) throw new Error('colleagues: give `creator` (an administrator who may create users) or `users`');
  const domain = creator.email.split('@')[1];
  const made: (Account & { userId: number })[] = [];
  for (let i = 1; i <= count; i += 1) {
    const email = `colleague-${tag}-${i}@${domain}`;
    const password = randomBytes(12).toString('hex');
    const auth = { ...creator, role: 'colleague maker' };
    const created = await client.send({ method: 'POST', path: '/users', params: { email, password, full_name: `Colleague ${tag} ${i}` }, auth });
    if (!isSuccess(created.response?.json)) throw new Error(`colleagues: POST /users refused: ${created.response?.text ?? created.error?.message}`);
    const key = await client.send({ method: 'POST', path: '/fetch_api_key', params: { username: email, password }, auth: null });
    const body = key.response?.json as { api_key?: string; user_id?: number } | undefined;
    if (!isSuccess(body) || !body?.api_key) throw new Error(`colleagues: POST /fetch_api_key refused: ${key.response?.text ?? key.error?.message}`);
    made.push({ email, apiKey: body.api_key, userId: (created.response?.json as { user_id: number }).user_id });
  }
  return made;
}

/** The ids of the recipients (GET /users as the first colleague): direct messages and typing name users by id. */
async function idsOf(desk: Desk, recipients: (number | string)[]): Promise<number[]> {
  const emails = new Set(recipients.filter((r) => typeof r === 'string').map((e) => e.toLowerCase()));
  const ids = recipients.filter((r) => typeof r === 'number');
  if (!emails.size) return ids;
  const body = await desk.send('look', desk.colleagues[0], 'GET', '/users');
  const members = (body?.members ?? []) as { email: string; delivery_email?: string; user_id: number }[];
  const named = members.filter((m) => [m.email, m.delivery_email].some((e) => e && emails.has(e.toLowerCase())));
  return [...ids, ...named.map((m) => m.user_id)];
}

const isSuccess = (body: unknown) => (body as { result?: string } | undefined)?.result === 'success';
