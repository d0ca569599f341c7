// The machine's floor for a run of N requests, a process of its own as the run is: a bare
// node:http server answering a constant in the main thread, and undici in a worker thread sending
// it N requests, 8 in flight (the embedded run's shape: the reference server in the main thread,
// the cases in vitest's worker). Prints {wallMs, cpuUs}: from the process's start to the last
// answer, and the CPU it used. Whatever a run costs above this is the suite's own.
//   node bench/floor.mjs N
import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';

const requests = Number(process.argv[2]);
const body = '{"result":"success","msg":""}';
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
});
server.keepAliveTimeout = 30_000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
  workerData: { url: `http://127.0.0.1:${server.address().port}`, path: '/', method: 'GET', headers: {}, connections: 8, requests },
});
await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
const wallMs = performance.now();
const { userCPUTime, systemCPUTime } = process.resourceUsage();
process.stdout.write(JSON.stringify({ wallMs, cpuUs: userCPUTime + systemCPUTime }));
server.closeAllConnections();
server.close();
