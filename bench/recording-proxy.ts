// A loopback proxy that counts requests, notes when the first arrives and the last answer leaves, and can hold each
// answer back by a fixed latency, to measure a run as if the target were remote.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  url: string;
  requests: number;
  /** Answers 429 (a rate limit met). */
  limited: number;
  firstRequestAt: number | null;
  /** When the last answer left for the run: what comes after it is the run's ending (reports, exit). */
  lastAnswerAt: number | null;
  close(): Promise<void>;
}

export async function startRecordingProxy(targetUrl: string, latencyMs: number): Promise<RecordingProxy> {
  const target = new URL(targetUrl);
  const proxy: RecordingProxy = { url: '', requests: 0, limited: 0, firstRequestAt: null, lastAnswerAt: null, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    proxy.requests += 1;
    proxy.firstRequestAt ??= performance.now();
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (answer.statusCode === 429) proxy.limited += 1;
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const send = () => {
          res.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(chunks));
          proxy.lastAnswerAt = performance.now();
        };
        if (latencyMs > 0) setTimeout(send, latencyMs);
        else send();
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
