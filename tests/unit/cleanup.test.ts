// The declarations drive the whole round: requests to the reference server are noted by the
// ledger recorder, `cleanupLedger` undoes them (resolving a channel's name to its id), a second
// cleanup finds everything gone, and a ledger line written before the declarations existed still
// cleans up.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/http/client.js';
import type { Params } from '../../src/http/encode.js';
import { ledgerRecorder } from '../../src/runner/ledger.js';
import { cleanupLedger, readLedger } from '../../src/commands/cleanup/cleanup.js';
import { loadCreatedResources } from '../../src/engine/load/created-resources.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import type { Config } from '../../src/config/config.js';

const resources = loadCreatedResources();
const dir = mkdtempSync(join(tmpdir(), 'tcc-cleanup-'));
let server: ReferenceServer;
let config: Config;
const quiet = () => undefined;

beforeAll(async () => {
  server = await startReferenceServer();
  const { owner, admin } = server.accounts;
  config = {
    timeoutMs: 5000,
    accounts: { owner: { email: owner.email, apiKey: owner.apiKey }, admin: { email: admin.email, apiKey: admin.apiKey } },
  } as Config;
});
afterAll(async () => {
  await server.close();
});

async function asOwner<T>(use: (client: ApiClient) => Promise<T>, ledger?: string): Promise<T> {
  const hooks = ledger ? ledgerRecorder(ledger, 'ab12cd34', resources) : undefined;
  const client = new ApiClient(server.url, { timeoutMs: 5000, onRequest: hooks?.onRequest, onExchange: hooks?.onExchange });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
const auth = () => ({ ...server.accounts.owner, role: 'owner' });
const json = async (client: ApiClient, method: string, path: string, params?: Params) =>
  (await client.send({ method, path, params, auth: auth() })).response?.json as Record<string, unknown>;

describe('cleanup from the ledger', () => {
  it('undoes what the recorder noted, and a second cleanup finds it all gone', async () => {
    const ledger = join(dir, 'round.jsonl');
    writeFileSync(ledger, '');
    const made = await asOwner(async (client) => {
      await json(client, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'cf ab12cd34 room' }, { name: 'general' }] });
      const sent = await json(client, 'POST', '/messages', { type: 'stream', to: 'cf ab12cd34 room', topic: 't', content: 'hello' });
      const group = await json(client, 'POST', '/user_groups/create', { name: 'cf ab12cd34 group', description: 'd', members: [server.accounts.owner.userId] });
      return { messageId: sent.id as number, groupId: group.group_id as number };
    }, ledger);
    expect(
      readLedger(ledger)
        .entries.map((e) => `${e.kind}:${e.key}`)
        .sort(),
    ).toEqual(['channel:cf ab12cd34 room', `message:${made.messageId}`, `user-group:${made.groupId}`].sort());

    expect(await cleanupLedger(config, server.url, readLedger(ledger), resources, quiet)).toEqual({
      undone: 3,
      alreadyGone: 0,
      failed: [],
      restored: [],
      cannot: [],
    });
    await asOwner(async (client) => {
      const streams = (await json(client, 'GET', '/streams', { include_all: true, exclude_archived: false })).streams as {
        name: string;
        is_archived?: boolean;
      }[];
      expect(streams.find((s) => s.name === 'cf ab12cd34 room')?.is_archived).toBe(true);
      expect(streams.find((s) => s.name === 'general')?.is_archived).not.toBe(true);
      expect((await json(client, 'GET', `/messages/${made.messageId}`)).result).toBe('error');
    });
    expect(await cleanupLedger(config, server.url, readLedger(ledger), resources, quiet)).toEqual({
      undone: 0,
      alreadyGone: 3,
      failed: [],
      restored: [],
      cannot: [],
    });
  });

  it("removes a member's own view and snippet as the member: the owner would find none and count them gone", async () => {
    const ledger = join(dir, 'own.jsonl');
    writeFileSync(ledger, '');
    const member = { ...server.accounts.member, role: 'member' };
    const fragment = 'narrow/search/cf-ab12cd34-own';
    const hooks = ledgerRecorder(ledger, 'ab12cd34', resources);
    const client = new ApiClient(server.url, { timeoutMs: 5000, onRequest: hooks.onRequest, onExchange: hooks.onExchange });
    const send = async (method: string, path: string, params?: Params) =>
      (await client.send({ method, path, params, auth: member })).response?.json as Record<string, unknown>;
    try {
      expect((await send('POST', '/navigation_views', { fragment, is_pinned: false, name: 'cf ab12cd34 own' })).result).toBe('success');
      expect((await send('POST', '/saved_snippets', { title: 'cf ab12cd34 own', content: 'c' })).result).toBe('success');
      const withMember = { ...config, accounts: { ...config.accounts, member: server.accounts.member } } as Config;
      const summary = await cleanupLedger(withMember, server.url, readLedger(ledger), resources, quiet);
      expect(summary).toMatchObject({ undone: 2, alreadyGone: 0, failed: [] });
      const views = (await send('GET', '/navigation_views')).navigation_views as { fragment: string }[];
      expect(views.map((v) => v.fragment)).not.toContain(fragment);
      const snippets = (await send('GET', '/saved_snippets')).saved_snippets as { title: string }[];
      expect(snippets.map((v) => v.title)).not.toContain('cf ab12cd34 own');
    } finally {
      await client.close();
    }
  });

  it('archives by its id a channel renamed and made private since its id was learnt, which its name no longer finds', async () => {
    const ledger = join(dir, 'renamed.jsonl');
    writeFileSync(ledger, '');
    const id = await asOwner(async (client) => {
      await json(client, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'cf ab12cd34 first name' }] });
      const streams = (await json(client, 'GET', '/streams')).streams as { stream_id: number; name: string }[];
      const made = streams.find((s) => s.name === 'cf ab12cd34 first name')!.stream_id;
      // Listed again: noted once.
      await json(client, 'GET', '/streams');
      await json(client, 'PATCH', `/streams/${made}`, { new_name: 'cf ab12cd34 second name', is_private: true, history_public_to_subscribers: false });
      await json(client, 'DELETE', '/users/me/subscriptions', { subscriptions: ['cf ab12cd34 second name'] });
      return made;
    }, ledger);
    expect(readLedger(ledger).entries.map((e) => e.undo.path)).toEqual(['/streams/{stream_id}', `/streams/${id}`]);
    expect(await cleanupLedger(config, server.url, readLedger(ledger), resources, quiet)).toMatchObject({ undone: 1, failed: [] });
    await asOwner(async (client) => {
      const all = (await json(client, 'GET', '/streams', { include_all: true, exclude_archived: false })).streams as {
        stream_id: number;
        is_archived?: boolean;
      }[];
      expect(all.find((s) => s.stream_id === id)?.is_archived).toBe(true);
    });
  });

  it('cleans up a ledger written in the format of earlier runs; an undo path nothing declares how to fill fails', async () => {
    const ledger = join(dir, 'old.jsonl');
    await asOwner((client) => json(client, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'cf old12345 kept' }] }));
    writeFileSync(
      ledger,
      [
        { kind: 'channel', key: 'cf old12345 kept', role: 'owner', undo: { method: 'DELETE', path: '/streams/{stream_id}' }, at: '2026-01-01T00:00:00.000Z' },
        { kind: 'widget', key: 'w', role: 'owner', undo: { method: 'DELETE', path: '/widgets/{widget_id}' }, at: '2026-01-01T00:00:00.000Z' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const summary = await cleanupLedger(config, server.url, readLedger(ledger), resources, quiet);
    expect(summary.undone).toBe(1);
    expect(summary.failed).toEqual(['widget:w: nothing declares how to fill {widget_id} (no resolve for kind "widget")']);
  });
});
