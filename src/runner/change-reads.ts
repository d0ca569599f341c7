// The reads that show the values a run is about to change (specs/changed-settings.yaml `read`):
// each read once per account and request, the first time the run changes one of the settings it
// shows, and shared by every later change (one POST /register shows the organisation's settings,
// the defaults and the account's own). A read that opens an event queue has it deleted at once.
import type { ApiClient } from '../http/client.js';
import type { Account } from '../common/vocabulary.js';
import type { ResourceRequest } from '../engine/load/created-resources.js';

/** A read's answer, or why there is none. */
export type Snapshot = { answer: Record<string, unknown> } | { error: string };

export class SnapshotReads {
  private readonly reads = new Map<string, Promise<Snapshot>>();

  constructor(private readonly client: ApiClient) {}

  /** The answer of `request` sent as `account` (role `role`), read once. */
  read(role: string, account: Account, request: ResourceRequest): Promise<Snapshot> {
    const id = `${role}\0${request.method} ${request.path}\0${JSON.stringify(request.params ?? {})}`;
    let snapshot = this.reads.get(id);
    if (!snapshot) this.reads.set(id, (snapshot = this.send(role, account, request)));
    return snapshot;
  }

  private async send(role: string, account: Account, request: ResourceRequest): Promise<Snapshot> {
    const auth = { ...account, role };
    const exchange = await this.client.send({ method: request.method, path: request.path, params: request.params, auth, purpose: 'cleanup' });
    const answer = exchange.response?.json as Record<string, unknown> | undefined;
    const what = `${request.method} ${request.path}`;
    if (exchange.error) return { error: `${what}: ${exchange.error.message}` };
    if (typeof answer?.queue_id === 'string') {
      await this.client.send({ method: 'DELETE', path: '/events', params: { queue_id: answer.queue_id }, auth, purpose: 'cleanup' });
    }
    if (answer?.result !== 'success')
      return { error: `${what} answered ${exchange.response?.status}${typeof answer?.msg === 'string' && answer.msg ? `: ${answer.msg}` : ''}` };
    return { answer };
  }
}
