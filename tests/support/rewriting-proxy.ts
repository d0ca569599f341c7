// A proxy in front of the reference server that rewrites requests and answers: the mutants
// that need no switch inside the server (a wrong envelope, a dropped field, a permission
// ignored, a parameter forced). Used only by the suite's own tests.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path under /api/v1, without the query string. */
  path: string;
  query: URLSearchParams;
  /** Form body parameters (urlencoded bodies only). */
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  /** The decoded JSON body; set `raw` instead to send a non-JSON body. */
  json?: unknown;
  raw?: string;
  /** A transport fault instead of an answer: never answer, or drop the connection. */
  fault?: 'hang' | 'reset';
  /** Hold the answer back this long (a slow or distant server). */
  delayMs?: number;
}

export interface Rewrite {
  request?: (req: ProxiedRequest) => void;
  answer?: (req: ProxiedRequest, answer: ProxiedAnswer) => void;
}

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export async function startProxy(targetUrl: string, rewrite: Rewrite): Promise<Proxy> {
  const target = new URL(targetUrl);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const url = new URL(incoming.url!, 'http://proxy');
      const isForm = (incoming.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const req: ProxiedRequest = {
        method: incoming.method!,
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        form: new URLSearchParams(isForm ? Buffer.concat(chunks).toString() : ''),
        headers: { ...incoming.headers },
      };
      rewrite.request?.(req);
      const body = isForm ? req.form.toString() : Buffer.concat(chunks);
      const query = req.query.toString();
      const headers = { ...req.headers, host: target.host, 'content-length': String(Buffer.byteLength(body)) };
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: `/api/v1${req.path}${query ? `?${query}` : ''}`, headers },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => {
            const text = Buffer.concat(parts).toString();
            const answer: ProxiedAnswer = { status: res.statusCode!, headers: { 'content-type': 'application/json' } };
            try {
              answer.json = JSON.parse(text);
            } catch {
              answer.raw = text;
            }
            rewrite.answer?.(req, answer);
            if (answer.fault === 'hang') return; // the client's timeout has to end it
            if (answer.fault === 'reset') return void outgoing.socket?.destroy();
            const out = answer.raw ?? JSON.stringify(answer.json);
            const send = () => outgoing.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(out)) }).end(out);
            if (answer.delayMs) setTimeout(send, answer.delayMs);
            else send();
          });
        },
      );
      upstream.on('error', (error) => outgoing.writeHead(502).end(String(error)));
      upstream.end(body);
    });
  });
  // As the reference server: the client, not the proxy, closes an idle connection.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every parameter of a request, query and form together. */
export function paramsOf(req: ProxiedRequest): URLSearchParams {
  return new URLSearchParams([...req.query, ...req.form]);
}
