// Load generator for the throughput benchmark, in its own thread so it does not share an event
// loop with the server it measures: `connections` requests in flight for `durationMs`, or until
// `requests` have been answered (the floor, bench/floor.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

const { url, path, method, body, headers, connections, durationMs = Infinity, requests = Infinity } = workerData;
const pool = new Pool(url, { connections, pipelining: 1 });
let done = 0;
let started = 0;
let bad = 0;
const until = performance.now() + durationMs;
async function loop() {
  while (performance.now() < until && started < requests) {
    started += 1;
    const res = await pool.request({ path, method, body, headers });
    await res.body.text();
    if (res.statusCode >= 500) bad += 1;
    done += 1;
  }
}
const begun = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const seconds = (performance.now() - begun) / 1000;
await pool.close();
parentPort.postMessage({ perSecond: done / seconds, bad });
