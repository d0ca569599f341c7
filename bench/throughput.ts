// Benchmark 4: the reference server's throughput on GET /streams and PATCH /messages/{id},
// next to a bare node:http server answering a constant, with the same load generator.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { startReferenceServer } from '../src/reference/server.js';
import { projectPath } from '../src/common/paths.js';

interface Load {
  url: string;
  path: string;
  method: string;
  body?: string;
  headers: Record<string, string>;
}

function measure(load: Load, durationMs: number): Promise<{ perSecond: number; bad: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(projectPath('bench', 'load-worker.mjs'), { workerData: { ...load, connections: 8, durationMs } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export async function throughput(durationMs: number) {
  const bare = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}'));
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const ref = await startReferenceServer();
  const auth = `Basic ${Buffer.from(`${ref.accounts.member.email}:${ref.accounts.member.apiKey}`).toString('base64')}`;
  const headers = { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' };
  try {
    // A message of the member's own to edit: PATCH /messages/{id} exists once the edit operation does.
    const sent = await fetch(`${ref.url}/api/v1/messages`, { method: 'POST', headers, body: 'type=stream&to=general&topic=bench&content=hello' });
    const messageId = ((await sent.json()) as { id?: number }).id;
    const results: Record<string, number | null> = {};
    results.bare = (await measure({ url: bareUrl, path: '/', method: 'GET', headers: {} }, durationMs)).perSecond;
    results.streams = (await measure({ url: ref.url, path: '/api/v1/streams', method: 'GET', headers }, durationMs)).perSecond;
    const probe = await fetch(`${ref.url}/api/v1/messages/${messageId}`, { method: 'PATCH', headers, body: 'content=edited' });
    results.edit =
      probe.status === 404 || messageId === undefined
        ? null
        : (await measure({ url: ref.url, path: `/api/v1/messages/${messageId}`, method: 'PATCH', body: 'content=edited%20again', headers }, durationMs))
            .perSecond;
    return results;
  } finally {
    await ref.close();
    bare.closeAllConnections();
    bare.close();
  }
}
