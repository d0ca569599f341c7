// Benchmark 3: the client's own cost per request (ApiClient.send) against a bare undici
// Pool.request loop making the same requests, and the framework's cost per case (runCase with
// envelope checks, a schema and matchers) over the bare client, both against a local server
// answering a constant from another thread.
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { ApiClient } from '../src/http/client.js';
import { Redactor } from '../src/http/redact.js';
import { runCase } from '../src/engine/run/run-case.js';
import type { SpecFile } from '../src/engine/load/types.js';

const SERVER = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const body = JSON.stringify({ result: 'success', msg: '', streams: [] });
const server = createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body)); });
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

export async function clientOverhead(requests: number, rounds: number) {
  const worker = new Worker(SERVER, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  const url = `http://127.0.0.1:${port}`;
  const auth = { email: 'member@bench.test', apiKey: 'bench-key-123456', role: 'member' };
  const client = new ApiClient(url, { timeoutMs: 5000, connections: 1 });
  const pool = new Pool(url, { connections: 1 });
  const header = `Basic ${Buffer.from(`${auth.email}:${auth.apiKey}`).toString('base64')}`;
  const spec: SpecFile = { file: 'bench', operation: 'GET /streams', title: 'bench', cases: [] };
  const c = {
    id: 'bench',
    title: 'bench',
    clauses: ['x'],
    steps: [
      {
        as: 'member' as const,
        request: { method: 'GET', path: '/streams', params: { include_public: true } },
        expect: { result: 'success' as const, schema: 'get-streams', body: [{ path: 'streams', length: 0 }] },
      },
    ],
  };
  const ctx = { client, accounts: { member: { ...auth, userId: 1 } }, profile: 'spec' as const };
  const redactor = new Redactor();
  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    for (let i = 0; i < requests; i += 1) await fn();
    return (performance.now() - t) / requests;
  };
  const bare = () =>
    pool
      .request({ path: '/api/v1/streams?include_public=true', method: 'GET', headers: { accept: 'application/json', authorization: header } })
      .then((r) => r.body.text());
  const ours = () => client.send({ method: 'GET', path: '/streams', params: { include_public: true }, auth });
  const oneCase = () => runCase(spec, c, ctx, {}, redactor);
  const figures = { bare: [] as number[], client: [] as number[], case: [] as number[] };
  await time(bare);
  await time(ours);
  await time(oneCase); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    figures.bare.push(await time(bare));
    figures.client.push(await time(ours));
    figures.case.push(await time(oneCase));
  }
  await client.close();
  await pool.close();
  await worker.terminate();
  return figures;
}
