// Reads a request body with a size limit. An oversized body is still drained (up to a cap)
// so the client can read our JSON answer instead of seeing a reset connection.
import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT = 1024 * 1024;
const DRAIN_CAP = 16 * 1024 * 1024; // past this we stop reading and close the connection

export type BodyResult = { kind: 'ok'; body: Buffer } | { kind: 'too-large'; closeConnection: boolean };

export function readBody(req: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > DRAIN_CAP) {
      req.pause();
      resolve({ kind: 'too-large', closeConnection: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_CAP) {
        req.pause();
        finish({ kind: 'too-large', closeConnection: true });
      } else if (size <= BODY_LIMIT) {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      finish(size > BODY_LIMIT ? { kind: 'too-large', closeConnection: false } : { kind: 'ok', body: Buffer.concat(chunks) });
    });
    req.on('error', (err) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    });
  });
}
