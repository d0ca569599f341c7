// validate-response: one recorded body against an operation's schemas, from the command line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { successSchema, validateResponse } from '../../src/commands/validate-response.js';
import { loadSuite } from '../../src/engine/load/load.js';

const dir = mkdtempSync(join(tmpdir(), 'tcc-validate-'));
const channel = {
  stream_id: 1,
  name: 'general',
  is_archived: false,
  description: '',
  rendered_description: '',
  date_created: 1700000000,
  creator_id: null,
  invite_only: false,
  is_web_public: false,
  stream_post_policy: 1,
  is_announcement_only: false,
  message_retention_days: null,
  history_public_to_subscribers: true,
  first_message_id: 3,
  folder_id: null,
  topics_policy: 'inherit',
  is_recently_active: true,
  can_add_subscribers_group: 2,
  can_remove_subscribers_group: 6,
  can_administer_channel_group: { direct_members: [10], direct_subgroups: [] },
  can_delete_any_message_group: 6,
  can_delete_own_message_group: 2,
  can_move_messages_out_of_channel_group: 6,
  can_move_messages_within_channel_group: 6,
  a_field_from_the_future: true,
};

describe('validate-response', () => {
  it("finds each operation's success schema in its spec file", () => {
    const specs = loadSuite().specs;
    const schemas = Object.fromEntries(specs.map((s) => [s.operation, successSchema(specs.filter((o) => o.operation === s.operation))]));
    expect(schemas['GET /streams']).toBe('get-streams');
    expect(schemas['GET /messages/{message_id}/history']).toBe('message-history');
  });

  it.each([
    ['a conforming body, extra fields and all', 200, { result: 'success', msg: '', streams: [channel] }, []],
    [
      'a missing field and a wrong type',
      200,
      { result: 'success', msg: '', streams: [{ ...channel, stream_id: '1', name: undefined }] },
      [
        '[res.channel.name] streams[0].name: expected the field (required), got nothing (the field is missing)',
        '[res.channel.stream_id] streams[0].stream_id: expected integer, got "1"',
      ],
    ],
    [
      'an error without a code',
      400,
      { result: 'error', msg: 'Bad' },
      [
        '[conv.error-code] code: expected a string on an error, got nothing',
        '[conv.error-code] code: expected the field (required), got nothing (the field is missing)',
      ],
    ],
  ])('%s', (_, status, body, problems) => {
    expect(validateResponse('GET /streams', status, JSON.stringify(body)).problems).toEqual(problems);
  });

  it.concurrent('exits 0 for a valid body, 1 with readable reasons for an invalid one, 2 for a bad operation', async () => {
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ result: 'success', msg: '', streams: [channel] }));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ result: 'success', msg: '', streams: [{ ...channel, creator_id: 'me' }] }));
    const [ok, bad, wrong] = await Promise.all([
      runCli(['validate-response', '--operation', 'GET /streams', '--status', '200', join(dir, 'ok.json')]),
      runCli(['validate-response', '--operation', 'GET /streams', '--status', '200', join(dir, 'bad.json')]),
      runCli(['validate-response', '--operation', 'GET /nothing', '--status', '200', join(dir, 'ok.json')]),
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^valid: .* is a conforming GET \/streams answer \(HTTP 200, schema get-streams\)/);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^invalid: .*\n {2}\[res\.channel\.creator_id\] streams\[0\]\.creator_id: expected integer or null, got "me"$/m);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--operation "GET \/nothing": not an operation of the API document/);
  });
});
