// A rate limiter that does not say what its limit is, in front of a server: the proxy removes
// the X-RateLimit-* headers of every answer, so a client learns the limit from the 429s alone.
// With a rule it limits by itself, another kind than Zulip's: each credential (the Authorization
// header; none is one more) may make `requests` in each fixed window of `seconds` that its first
// request opens; past that the proxy answers 429, with Retry-After in whole seconds (rounded up)
// and a plain-text body. Refused requests count too, as many gateways count them: a client that
// keeps knocking in the window stays refused. Refused requests never reach the server. Without a
// rule, a server limiting as Zulip does (`rateLimit` of the reference server) is the limiter:
// sliding windows, a refused request not counted, Retry-After to the millisecond.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LimitingProxy {
  url: string;
  /** Requests answered 429, by the proxy or the server. */
  refused(): number;
  close(): Promise<void>;
}

export async function startLimitingProxy(targetUrl: string, rule: { requests: number; seconds: number } | null): Promise<LimitingProxy> {
  const target = new URL(targetUrl);
  const windows = new Map<string, { start: number; count: number }>();
  let refused = 0;
  const server = createServer((req, res) => {
    const key = req.headers.authorization ?? '';
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now - w.start >= (rule?.seconds ?? 0) * 1000) windows.set(key, (w = { start: now, count: 0 }));
    w.count += 1;
    if (rule && w.count > rule.requests) {
      refused += 1;
      req.resume();
      const retryAfter = Math.max(1, Math.ceil((w.start + rule.seconds * 1000 - now) / 1000));
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': String(retryAfter) }).end('Too Many Requests');
      return;
    }
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (answer.statusCode === 429) refused += 1;
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('x-ratelimit-')));
      res.writeHead(answer.statusCode!, headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  // Longer than the client keeps an idle connection, as the reference server's.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
