// The reproduction of a multi-step case: every step replayed in order, a captured value read
// with jq and passed to the later steps as a shell variable.
import { describe, expect, it } from 'vitest';
import { jqFilter, reproScript } from '../../src/report/model/repro.js';
import { quoteWithVars } from '../../src/report/model/curl.js';
import type { RecordedStep } from '../../src/engine/run/run-case.js';

describe('jq filters from body paths', () => {
  it.each([
    ['channel_folder_id', '.channel_folder_id'],
    ['streams[0].stream_id', '.streams[0].stream_id'],
    ['streams[?name=cf x].stream_id', 'first(.streams[] | select((.name | tostring) == "cf x")) | .stream_id'],
    ['events[*?type=typing].op', '(.events[] | select((.type | tostring) == "typing")) | .op'],
    ['streams[*].name', '.streams[].name'],
  ])('%s -> %s', (path, filter) => {
    expect(jqFilter(path)).toBe(filter);
  });
});

describe('the reproduction script', () => {
  const auth = { authorization: 'Basic [redacted: admin]' };
  const steps: RecordedStep[] = [
    {
      step: 1,
      exchange: {
        request: { method: 'POST', url: 'http://h/api/v1/channel_folders/create', role: 'admin', body: 'name=f&description=', headers: auth },
        response: { status: 200, body: '{"result":"success","msg":"","channel_folder_id":117}' },
      },
      capture: { folder: 'channel_folder_id' },
      captured: { folder: 117 },
    },
    {
      step: 2,
      exchange: {
        request: { method: 'PATCH', url: 'http://h/api/v1/channel_folders/117', role: 'admin', body: 'is_archived=true&n=21170', headers: auth },
        response: { status: 200, body: '{}' },
      },
    },
  ];

  it('replays every step, passing the captured id along', () => {
    const script = reproScript(steps);
    expect(script).toContain(
      '# step 1\nanswer=$(curl -sS -X POST -u "$CONFORMANCE_ADMIN_EMAIL:$CONFORMANCE_ADMIN_API_KEY" --data-raw \'name=f&description=\' http://h/api/v1/channel_folders/create)',
    );
    expect(script).toContain('folder=$(printf \'%s\' "$answer" | jq -r .channel_folder_id)');
    // 117 as a whole token becomes the variable; inside 21170 it stays.
    expect(script).toContain(
      '# step 2\ncurl -sS -X PATCH -u "$CONFORMANCE_ADMIN_EMAIL:$CONFORMANCE_ADMIN_API_KEY" --data-raw is_archived=true\\&n=21170 "http://h/api/v1/channel_folders/${folder}"'.replace(
        'is_archived=true\\&n=21170',
        "'is_archived=true&n=21170'",
      ),
    );
  });

  it('sends a step as often as the case did, when its answer asked for a repeat', () => {
    const script = reproScript([{ ...steps[1], sent: 2 }]);
    expect(script).toContain('# step 2, sent 2 times: its answer asked the client to repeat it\ncurl -sS -X PATCH');
    expect(script.match(/curl -sS -X PATCH/g)).toHaveLength(2);
    expect(script).toContain('/channel_folders/117 > /dev/null\ncurl');
  });

  it('quotes literal text safely around a variable', () => {
    expect(quoteWithVars('a "$b" 117 `c`', new Map([['117', 'id']]))).toBe('"a \\"\\$b\\" ${id} \\`c\\`"');
    expect(quoteWithVars('plain', new Map([['117', 'id']]))).toBe('plain');
  });
});
