// The engine's multipart requests (spec steps with `files`), checked against the reference
// server's POST /user_uploads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/http/client.js';
import { encodeMultipart } from '../../src/http/encode.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';

describe('multipart requests', () => {
  let server: ReferenceServer;
  beforeAll(async () => { server = await startReferenceServer(); });
  afterAll(async () => { await server.close(); });

  it('encodes parameters as text fields and files as file parts', () => {
    const { body, contentType, summary } = encodeMultipart({ a: 1, b: [2] }, { file: { name: 'x.txt', content: 'hello' } });
    const boundary = contentType.split('boundary=')[1];
    const text = body.toString();
    expect(text).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`);
    expect(text).toContain('name="b"\r\n\r\n[2]\r\n');
    expect(text).toContain('name="file"; filename="x.txt"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n');
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(summary).toBe('[multipart: file=x.txt]');
  });

  it('uploads a file the server accepts', async () => {
    const client = new ApiClient(server.url, { timeoutMs: 5000 });
    const member = server.accounts.member;
    const exchange = await client.send({
      method: 'POST', path: '/user_uploads', auth: { email: member.email, apiKey: member.apiKey, role: 'member' },
      files: { file: { name: 'notes.txt', content: 'some notes' } },
    });
    await client.close();
    expect(exchange.response?.json).toMatchObject({ result: 'success', filename: 'notes.txt', url: expect.stringMatching(/^\/user_uploads\/.+notes\.txt$/) });
  });
});
