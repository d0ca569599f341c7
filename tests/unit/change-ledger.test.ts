// The ledger of changes against the reference server: a setting is noted with the value it had
// before the request changing it goes out (one read serving several settings), settled once put
// back or refused; what stays changed is put back from the ledger newest first and marked
// settled, so a second cleanup does nothing; a change to a channel the run made is no change.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type Exchange } from '../../src/http/client.js';
import type { Params } from '../../src/http/encode.js';
import { ChangeLedger, type ChangeEntry, type SettledLine } from '../../src/runner/change-ledger.js';
import { madeByRun } from '../../src/runner/made-by-run.js';
import { restoreChanges, unsettledChanges } from '../../src/commands/cleanup/restore-changes.js';
import { loadChangeDeclarations } from '../../src/engine/load/changed-settings.js';
import { loadCreatedResources } from '../../src/engine/load/created-resources.js';
import { startReferenceServer, type ReferenceServer, type RoleName } from '../../src/reference/server.js';

const changes = loadChangeDeclarations();
let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ChangeEntry | SettledLine);
const auth = (role: RoleName) => ({ ...server.accounts[role], role });

/** A client whose requests the ledger of changes (and what the run made) watches, as a run's. */
function watched(onRequest?: (request: Exchange['request']) => void) {
  const file = join(mkdtempSync(join(tmpdir(), 'tcc-changes-')), 'ledger.jsonl');
  writeFileSync(file, '');
  const made = madeByRun(loadCreatedResources(), 'ab12cd34');
  let ledger: ChangeLedger | null = null;
  const client = new ApiClient(server.url, {
    timeoutMs: 5000,
    beforeSend: (req) => ledger!.beforeSend(req),
    onRequest: (request) => {
      made.onRequest(request);
      onRequest?.(request);
    },
    onExchange: made.onExchange,
  });
  ledger = new ChangeLedger(file, changes, server.accounts, client, made.made);
  const send = async (role: RoleName, method: string, path: string, params: Params = {}) =>
    (await client.send({ method, path, params, auth: auth(role) })).response?.json as Record<string, unknown>;
  return { file, client, send };
}

async function realm(field: string): Promise<unknown> {
  const client = new ApiClient(server.url, { timeoutMs: 5000 });
  try {
    const answer = (await client.send({ method: 'POST', path: '/register', auth: auth('admin') })).response?.json as Record<string, unknown>;
    await client.send({ method: 'DELETE', path: '/events', params: { queue_id: answer.queue_id as string }, auth: auth('admin') });
    return answer[field];
  } finally {
    await client.close();
  }
}

describe('the ledger of changes', () => {
  it('notes a setting with its value before the change goes out, reading once for several, and settles it once put back', async () => {
    const atSend: string[] = [];
    const registers: string[] = [];
    const { file, client, send } = watched((request) => {
      if (request.method === 'PATCH') atSend.push(readFileSync(file, 'utf8'));
      if (request.url.endsWith('/register')) registers.push(request.role ?? '');
    });
    try {
      expect((await send('admin', 'PATCH', '/realm', { allow_message_editing: false })).result).toBe('success');
      expect(atSend[0]).toContain('"id":"organisation-setting organisation allow_message_editing"');
      expect((await send('admin', 'PATCH', '/realm/user_settings_defaults', { enter_sends: true })).result).toBe('success');
      expect(registers).toEqual(['admin']);
      expect(lines(file)[0]).toMatchObject({
        change: 'organisation-setting',
        key: 'allow_message_editing',
        role: 'admin',
        old: { allow_message_editing: true },
        restore: { method: 'PATCH', path: '/realm', params: { allow_message_editing: true } },
      });
      await send('admin', 'PATCH', '/realm', { allow_message_editing: true });
      await send('admin', 'PATCH', '/realm/user_settings_defaults', { enter_sends: false });
      expect(unsettledChanges(lines(file))).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('settles a refused change at once; puts back what stays changed, newest first, and a second time nothing', async () => {
    const { file, client, send } = watched();
    try {
      expect((await send('member', 'PATCH', '/realm', { allow_message_editing: false })).result).toBe('error');
      expect(unsettledChanges(lines(file))).toEqual([]);
      await send('admin', 'PATCH', '/realm', { allow_message_editing: false });
      await send('member2', 'PATCH', '/settings', { twenty_four_hour_time: true });
      await send('admin', 'PATCH', '/realm', { allow_message_editing: false });
      expect(unsettledChanges(lines(file)).map((c) => c.id)).toEqual([
        'organisation-setting organisation allow_message_editing',
        'own-setting member2 twenty_four_hour_time',
      ]);
      expect(await realm('realm_allow_message_editing')).toBe(false);
      const restored = await restoreChanges(client, server.accounts, lines(file), file);
      expect(restored).toEqual({
        restored: ['organisation-setting allow_message_editing: true', 'own-setting twenty_four_hour_time of member2: false'],
        cannot: [],
        failed: [],
      });
      expect(await realm('realm_allow_message_editing')).toBe(true);
      expect(await restoreChanges(client, server.accounts, lines(file), file)).toEqual({ restored: [], cannot: [], failed: [] });
    } finally {
      await client.close();
    }
  });

  it("puts back a member's change the run was killed waiting on as an administrator, the member being refused", async () => {
    const { file, client } = watched();
    try {
      const line = {
        change: 'organisation-setting',
        id: 'organisation-setting organisation allow_message_editing',
        scope: 'organisation',
        key: 'allow_message_editing',
        role: 'member',
        old: { allow_message_editing: true },
        restore: { method: 'PATCH', path: '/realm', params: { allow_message_editing: true } },
        restoreAs: ['admin', 'owner'],
        at: new Date().toISOString(),
      };
      writeFileSync(file, `${JSON.stringify(line)}\n`);
      expect(await restoreChanges(client, server.accounts, lines(file), file)).toEqual({
        restored: ['organisation-setting allow_message_editing: true'],
        cannot: [],
        failed: [],
      });
    } finally {
      await client.close();
    }
  });

  it('leaves out a change to a channel the run made (its id learnt from GET /streams), and notes one to a channel it did not', async () => {
    const { file, client, send } = watched();
    try {
      await send('owner', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'cf ab12cd34 room' }] });
      const streams = (await send('owner', 'GET', '/streams')).streams as { stream_id: number; name: string; description: string }[];
      const mine = streams.find((s) => s.name === 'cf ab12cd34 room')!;
      const seeded = streams.find((s) => !s.name.startsWith('cf '))!;
      await send('owner', 'PATCH', `/streams/${mine.stream_id}`, { description: 'mine' });
      expect(lines(file)).toEqual([]);
      await send('owner', 'PATCH', `/streams/${seeded.stream_id}`, { description: 'changed by a run' });
      expect(unsettledChanges(lines(file))).toEqual([
        expect.objectContaining({ id: `channel-setting ${seeded.stream_id} description`, old: { description: seeded.description } }),
      ]);
      expect((await restoreChanges(client, server.accounts, lines(file), file)).restored).toHaveLength(1);
      const after = (await send('owner', 'GET', `/streams/${seeded.stream_id}`)).stream as { description: string };
      expect(after.description).toBe(seeded.description);
    } finally {
      await client.close();
    }
  });
});
