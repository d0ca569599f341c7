// --har: the Session of a worker records every exchange, redacted, and the CLI assembles an
// HTTP Archive 1.2 file. Run in-process against the reference server, whose API keys we know.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { Session } from '../../src/runner/session.js';
import { executeSpecs } from '../../src/runner/execute.js';
import { assembleHar, type HarEntry } from '../../src/report/writers/har.js';

describe('--har', () => {
  it('records every request and answer as HAR 1.2 with credentials replaced by [redacted: <role>]', async () => {
    const server = await startReferenceServer({ quirks: [] });
    const harDir = mkdtempSync(join(tmpdir(), 'tcc-har-'));
    const accounts = Object.fromEntries(Object.entries(server.accounts).map(([role, a]) => [role, { email: a.email, apiKey: a.apiKey, userId: a.userId }]));
    const session = new Session({
      targetUrl: server.url,
      profile: 'zulip',
      featureLevel: 420,
      claimedFeatureLevel: 420,
      referenceSeed: true,
      timeoutMs: 5000,
      concurrency: 8,
      runId: 'har1',
      accounts,
      register: {},
      grep: null,
      operations: ['POST /users/me/status'],
      clauses: [],
      seed: null,
      propertyFactor: 1,
      harDir,
    });
    let results;
    try {
      results = await executeSpecs(
        session,
        loadSuite().specs.filter((s) => s.operation === 'POST /users/me/status'),
      );
    } finally {
      await session.close();
      await server.close();
    }
    const out = join(harDir, 'run.har');
    const count = assembleHar(harDir, out, { name: 'teamchat-conformance', version: 'test' });
    const text = readFileSync(out, 'utf8');
    for (const a of Object.values(server.accounts)) {
      expect(text).not.toContain(a.apiKey);
      expect(text).not.toContain(Buffer.from(`${a.email}:${a.apiKey}`).toString('base64'));
    }
    const har = JSON.parse(text) as { log: { version: string; creator: { name: string }; entries: HarEntry[] } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('teamchat-conformance');
    expect(har.log.entries).toHaveLength(count);
    expect(count).toBeGreaterThanOrEqual(results.length);
    const sorted = [...har.log.entries].sort((x, y) => x.startedDateTime.localeCompare(y.startedDateTime));
    expect(har.log.entries).toEqual(sorted);
    for (const entry of har.log.entries) {
      expect(entry).toMatchObject({
        request: { httpVersion: 'HTTP/1.1', headersSize: -1 },
        response: { content: { mimeType: expect.any(String) } },
        cache: {},
        timings: { send: 0 },
      });
      expect(Number.isNaN(Date.parse(entry.startedDateTime))).toBe(false);
      const auth = entry.request.headers.find((h) => h.name === 'authorization');
      if (auth && entry._role) expect(auth.value).toMatch(/^Basic (\[redacted: \w+\]|[A-Za-z0-9+/=]+)$/);
    }
    const post = har.log.entries.find((e) => e.request.method === 'POST' && e.request.url.endsWith('/users/me/status') && e.request.postData)!;
    expect(post.request.postData!.mimeType).toBe('application/x-www-form-urlencoded');
    expect(post.request.headers).toContainEqual({ name: 'authorization', value: `Basic [redacted: ${post._role}]` });
    expect(post.response.status).toBeGreaterThanOrEqual(200);
    expect(JSON.parse(post.response.content.text)).toHaveProperty('result');
  });
});
