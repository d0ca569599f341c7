// The engine's multipart requests (spec steps with `files`), checked against the reference
// server's POST /user_uploads; and their records (the exchange, the HAR entry, the curl line)
// hold what went over the wire, so the curl line uploads the same file again.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type Exchange } from '../../src/http/client.js';
import { encodeMultipart } from '../../src/http/encode.js';
import { Redactor } from '../../src/http/redact.js';
import { harEntry } from '../../src/report/writers/har.js';
import { curlCommand } from '../../src/report/model/curl.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';

const haveCurl = ['/usr/bin/curl', '/bin/curl', '/usr/local/bin/curl'].some(existsSync) && existsSync('/bin/sh');

describe('multipart requests', () => {
  let server: ReferenceServer;
  let upload: Exchange;
  const redactor = new Redactor();
  beforeAll(async () => {
    server = await startReferenceServer();
    const member = server.accounts.member;
    redactor.addAccount('member', member.email, member.apiKey);
    const client = new ApiClient(server.url, { timeoutMs: 5000 });
    upload = await client.send({
      method: 'POST',
      path: '/user_uploads',
      auth: { email: member.email, apiKey: member.apiKey, role: 'member' },
      params: { note: "it's here" },
      files: { file: { name: 'notes.txt', content: 'some notes\nline two' } },
      trace: { caseId: 'op1.upload', step: 2 },
    });
    await client.close();
  });
  afterAll(async () => {
    await server.close();
  });

  it('encodes parameters as text fields and files as file parts, and lists the parts', () => {
    const { body, contentType, parts } = encodeMultipart({ a: 1, b: [2] }, { file: { name: 'x.txt', content: 'hello' } });
    const boundary = contentType.split('boundary=')[1];
    const text = body.toString();
    expect(text).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`);
    expect(text).toContain('name="b"\r\n\r\n[2]\r\n');
    expect(text).toContain('name="file"; filename="x.txt"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n');
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(parts).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '[2]' },
      { name: 'file', value: 'hello', fileName: 'x.txt', contentType: 'application/octet-stream' },
    ]);
  });

  it('sends a base64 file as its bytes, and lists it by its size', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const encoded = encodeMultipart({}, { emoji: { name: 'e.png', base64: png.toString('base64') } });
    const body = Buffer.from(encoded.body);
    const at = body.indexOf('\r\n\r\n') + 4;
    expect(body.subarray(at, at + png.length)).toEqual(png);
    expect(body.subarray(at + png.length).toString()).toMatch(/^\r\n--.+--\r\n$/);
    expect(encoded.parts).toEqual([{ name: 'emoji', value: '(6 bytes)', fileName: 'e.png', contentType: 'application/octet-stream' }]);
  });

  it('uploads a file the server accepts, and records the body as sent with its parts and trace', () => {
    expect(upload.response?.json).toMatchObject({ result: 'success', filename: 'notes.txt', url: expect.stringMatching(/^\/user_uploads\/.+notes\.txt$/) });
    const { request } = upload;
    const boundary = request.headers!['content-type'].match(/^multipart\/form-data; boundary=(.+)$/)![1];
    expect(request.body).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"`);
    expect(request.body).toContain('\r\n\r\nsome notes\nline two\r\n');
    expect(request.bodyEncoding).toBeUndefined();
    expect(request.form).toContainEqual({ name: 'note', value: "it's here" });
    expect(request.trace).toEqual({ caseId: 'op1.upload', step: 2 });
  });

  it('appears in the HAR as multipart with its parts, exact size, case id and step', () => {
    const entry = harEntry(upload, new Date(), redactor);
    expect(entry.request.postData).toEqual({
      mimeType: upload.request.headers!['content-type'],
      text: upload.request.body,
      params: [
        { name: 'note', value: "it's here" },
        { name: 'file', value: 'some notes\nline two', fileName: 'notes.txt', contentType: 'application/octet-stream' },
      ],
    });
    expect(entry.request.bodySize).toBe(Buffer.byteLength(upload.request.body!));
    expect(entry).toMatchObject({ _caseId: 'op1.upload', _step: 2, _role: 'member' });
  });

  it('a binary body is recorded as base64, sized by its bytes', () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    const exchange: Exchange = {
      request: {
        method: 'POST',
        url: 'http://h/api/v1/x',
        role: null,
        body: bytes.toString('base64'),
        bodyEncoding: 'base64',
        headers: { 'content-type': 'application/octet-stream' },
      },
      durationMs: 1,
    };
    const entry = harEntry(exchange, new Date(), redactor);
    expect(entry.request.postData).toMatchObject({ mimeType: 'application/octet-stream', params: [], text: '//4AQQ==', _encoding: 'base64' });
    expect(entry.request.bodySize).toBe(4);
    expect(curlCommand({ request: exchange.request })).toBe(
      `printf '%s' //4AQQ== | base64 -d | curl -sS -X POST -H 'content-type: application/octet-stream' --data-binary @- http://h/api/v1/x`,
    );
  });

  it('replays as curl -F, field by field, the file piped in', () => {
    const line = curlCommand(redactor.value({ request: upload.request }));
    expect(line).toBe(
      `printf '%s' 'some notes\nline two' | curl -sS -X POST -u "$CONFORMANCE_MEMBER_EMAIL:$CONFORMANCE_MEMBER_API_KEY" ` +
        `--form-string 'note=it'\\''s here' -F 'file=@-;filename="notes.txt";type=application/octet-stream' ${upload.request.url}`,
    );
  });

  it.skipIf(!haveCurl)('the curl line uploads the same file to the server', async () => {
    const line = curlCommand(redactor.value({ request: upload.request }));
    const member = server.accounts.member;
    const { stdout } = await promisify(execFile)('/bin/sh', ['-c', line], {
      env: { ...process.env, CONFORMANCE_MEMBER_EMAIL: member.email, CONFORMANCE_MEMBER_API_KEY: member.apiKey },
    });
    expect(JSON.parse(stdout)).toMatchObject({ result: 'success', filename: 'notes.txt' });
  });
});
