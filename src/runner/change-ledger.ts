// The ledger of changes: before a request that changes what existed before the run goes out
// (specs/changed-settings.yaml says which), each setting it changes is noted in the ledger file
// with the value it had before the run first changed it (read then) and the request that puts it
// back; a setting changed again is noted again, with the value noted first. Once
// the answer is in, a setting the request put back to that value, or that it did not change (a
// refusal, an ignored parameter, with no other request of it under way), is marked settled. So a
// ledger lists, as unsettled, exactly what may still be changed: what `cleanup`, Ctrl-C and the
// next run put back (commands/cleanup/restore-changes.ts).
import { appendFileSync } from 'node:fs';
import type { Account } from '../common/vocabulary.js';
import type { ChangeDeclaration } from '../engine/load/changed-settings.js';
import { resolvePath } from '../engine/judge/body-path.js';
import type { AfterAnswer, ApiClient, ApiRequest, Exchange } from '../http/client.js';
import { restoreRequest, setsBack, touchesOf, unsettable, type LedgerRequest, type Made, type Touch } from './change-keys.js';
import { SnapshotReads, type Snapshot } from './change-reads.js';

/** A change line of the ledger. */
export interface ChangeEntry {
  /** The declaration's kind ("organisation-setting"). */
  change: string;
  /** The setting, unique in the run: "<kind> <scope> <key>". */
  id: string;
  scope: string;
  key: string;
  /** The account that sends this change; the last one to change it puts it back. */
  role: string;
  /** Its value(s) before the run changed it, by parameter. */
  old?: Record<string, unknown>;
  restore?: LedgerRequest;
  /** Why it cannot be put back. */
  cannot?: string;
  /** Accounts that may put it back too, when those that changed it are refused (the organisation's: its administrators). */
  restoreAs?: string[];
  at: string;
}

/** A line saying the setting `settled` is as it was before the run (put back, or never changed). */
export interface SettledLine {
  settled: string;
  at: string;
}

interface State {
  entry: Omit<ChangeEntry, 'at'>;
  pending: boolean;
  /** Requests changing it that have not been answered yet. */
  inFlight: number;
  /** An answered request left it other than its first value (or may have: no answer came). */
  changed: boolean;
}

type Accounts = Partial<Record<string, Account & { userId: number }>>;

export class ChangeLedger {
  private readonly states = new Map<string, State>();
  private readonly reads: SnapshotReads;

  constructor(
    private readonly file: string,
    private readonly changes: ChangeDeclaration[],
    private readonly accounts: Accounts,
    client: ApiClient,
    private readonly made: Made,
  ) {
    this.reads = new SnapshotReads(client);
  }

  /** The client's beforeSend: notes what `req` changes before it is sent; settles it from the answer. */
  readonly beforeSend = async (req: ApiRequest): Promise<AfterAnswer | null> => {
    const caller = this.callerOf(req);
    if (!caller) return null;
    const touches = touchesOf(this.changes, req, caller, this.made);
    if (!touches.length) return null;
    const noted = await Promise.all(touches.map(async (touch) => ({ touch, state: this.note(touch, caller.role, await this.oldOf(touch, caller.role)) })));
    return (exchange) => noted.forEach(({ touch, state }) => this.answered(touch, state, exchange));
  };

  /** The configured account the request is sent as (a made account's own settings are the run's; a wrong key changes nothing). */
  private callerOf(req: ApiRequest): { role: string; userId: number; account: Account } | null {
    const auth = req.auth;
    if (!auth) return null;
    const account = this.accounts[auth.role];
    return account && account.email === auth.email && account.apiKey === auth.apiKey ? { role: auth.role, userId: account.userId, account } : null;
  }

  /** The touched setting's values before the change, and its scope (a user's id from the read); or why they are unknown. */
  private async oldOf(touch: Touch, role: string): Promise<{ scope: string; old?: Record<string, unknown>; cannot?: string }> {
    if (touch.cannot !== undefined) return { scope: touch.scope, cannot: touch.cannot };
    const { request, fields, absent } = touch.read!;
    // A read of the organisation or of another account serves every caller: sent as the first administrator configured.
    const reader = touch.change.readAs?.find((r) => this.accounts[r]) ?? role;
    const snapshot: Snapshot = await this.reads.read(reader, this.accounts[reader]!, request);
    if ('error' in snapshot) return { scope: touch.scope, cannot: `its value could not be read first: ${snapshot.error}` };
    const idField = typeof touch.change.scope === 'object' ? touch.change.scope.id : undefined;
    const id = idField === undefined ? undefined : resolvePath(snapshot.answer, idField).value;
    const scope = typeof id === 'string' || typeof id === 'number' ? String(id) : touch.scope;
    const old: Record<string, unknown> = {};
    const section = touch.change.absentIn === undefined || resolvePath(snapshot.answer, touch.change.absentIn).found;
    for (const param of touch.params) {
      const found = resolvePath(snapshot.answer, fields[param]);
      if (found.found) old[param] = found.value;
      else if (absent[param] !== undefined && section) old[param] = absent[param];
      else return { scope, cannot: `${request.method} ${request.path} shows no ${fields[param]}` };
    }
    return { scope, old };
  }

  private note(touch: Touch, role: string, { scope, old, cannot }: Awaited<ReturnType<ChangeLedger['oldOf']>>): State {
    const id = `${touch.change.kind} ${scope} ${touch.key}`;
    let state = this.states.get(id);
    if (!state) {
      const why = old ? unsettable(touch, old) : cannot;
      const entry = {
        change: touch.change.kind,
        id,
        scope,
        key: touch.key,
        role,
        ...(old ? { old } : {}),
        ...(why === undefined ? { restore: restoreRequest({ ...touch, scope }, old!) } : { cannot: why }),
        ...(touch.change.readAs ? { restoreAs: touch.change.readAs } : {}),
      };
      state = { entry, pending: false, inFlight: 0, changed: false };
      this.states.set(id, state);
    }
    // Noted before each request changing it goes out (a run killed while it is on its way still
    // knows), always with the value noted first; the last line says which change is the newest.
    this.append({ ...state.entry, role, at: new Date().toISOString() });
    if (!state.pending) {
      state.pending = true;
      state.changed = false;
    }
    state.inFlight += 1;
    return state;
  }

  private answered(touch: Touch, state: State, exchange: Exchange): void {
    state.inFlight -= 1;
    const answer = exchange.response?.json as { result?: unknown; ignored_parameters_unsupported?: unknown } | undefined;
    const ignored = Array.isArray(answer?.ignored_parameters_unsupported) ? (answer.ignored_parameters_unsupported as unknown[]) : [];
    // No answer: the change may have been made.
    if (exchange.error || !answer) state.changed = true;
    else if (answer.result === 'success' && !Object.keys(touch.sent).every((param) => ignored.includes(param)))
      state.changed = state.entry.old ? !setsBack(touch, state.entry.old) : true;
    if (state.pending && state.inFlight === 0 && !state.changed) {
      state.pending = false;
      this.append({ settled: state.entry.id, at: new Date().toISOString() });
    }
  }

  private append(line: ChangeEntry | SettledLine): void {
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }
}
