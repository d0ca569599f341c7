// Under the spec profile, a check that narrows what a correct server may answer beyond a value
// rests on a sentence of the API document: a field required absent or a rendering required in
// a markup on one saying "only" or "never", a required error code on one naming that code. The
// absences and renderings are listed here with their sentence, so a new one is read by a person
// before it joins them; every code check is held to the rule. (Zulip's own answers, where the
// document is silent, go under `zulip:` with a fact: an empty ignored_parameters_unsupported
// left out, <strong> for **bold**.)
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/engine/load/load.js';
import { narrowingChecks, sentenceOf } from '../support/narrowing-checks.js';

/** Every spec-profile check requiring a field absent or a markup: where, what, and the sentence it rests on. */
const ABSENCES_AND_RENDERINGS: [string, string, string][] = [
  ['op1.content.edit step 3', 'message_history[1].stream absent', '| stream_id | integer | opt | destination channel; only for channel messages |'],
  ['op15.unedited step 2', 'message_history[0].prev_content absent', 'The original snapshot has only topic, content, rendered_content, timestamp and user_id.'],
  ['op15.content-edit step 3', 'message_history[1].prev_topic absent', '| prev_topic | string | only when the topic was edited; topic before the edit |'],
  ['op15.content-edit step 3', 'message_history[1].stream absent', '| stream | integer | only when the channel was edited; channel ID after the edit |'],
  [
    'op15.content-edit step 3',
    'message_history[1].prev_stream absent',
    '| prev_stream | integer | only when the channel was edited; channel ID before the edit |',
  ],
  [
    'op15.content-edit step 3',
    'message_history[0].prev_content absent',
    'The original snapshot has only topic, content, rendered_content, timestamp and user_id.',
  ],
  ['op15.topic-edit step 3', 'message_history[1].prev_content absent', '| prev_content | string | only when content was edited |'],
  ['op15.topic-edit step 3', 'message_history[1].prev_rendered_content absent', '| prev_rendered_content | string | only when content was edited |'],
  [
    'op15.topic-edit step 3',
    'message_history[1].content_html_diff absent',
    '| content_html_diff | string | only when content was edited; HTML diff against the previous version |',
  ],
  ['op15.topic-edit step 3', 'message_history[1].stream absent', '| stream | integer | only when the channel was edited; channel ID after the edit |'],
  ['op15.channel-move step 3', 'message_history[1].prev_topic absent', '| prev_topic | string | only when the topic was edited; topic before the edit |'],
  ['op15.channel-move step 3', 'message_history[1].prev_content absent', '| prev_content | string | only when content was edited |'],
];

describe('spec checks that narrow the answer rest on a sentence of the document', () => {
  it('every absence and rendering required is listed, with the sentence saying "only" or "never"', () => {
    const found = narrowingChecks(loadSuite())
      .filter((c) => c.kind !== 'code')
      .map((c) => [c.where, c.what, sentenceOf(c) ?? `(no sentence of its clauses ${c.clauses.join(', ')} says only or never)`]);
    expect(found).toEqual(ABSENCES_AND_RENDERINGS);
  });

  it('every error code required is named by a sentence its clauses cite', () => {
    const codes = narrowingChecks(loadSuite()).filter((c) => c.kind === 'code');
    expect(codes.length).toBeGreaterThan(100);
    const unnamed = codes.filter((c) => sentenceOf(c) === null).map((c) => `${c.where}: ${c.what} [${c.clauses.join(', ')}]`);
    expect(unnamed, 'cite a clause whose sentence names the code, or move the check under `zulip:` with its fact').toEqual([]);
  });

  it('the rule refuses a check without its sentence', () => {
    const check = { kind: 'absent' as const, where: 'x step 1', what: 'a.b absent', clauses: ['c'], codes: [], sentences: ['| b | string | the value |'] };
    expect(sentenceOf(check)).toBeNull();
    expect(sentenceOf({ ...check, sentences: ['| b | string | only when asked |'] })).toBe('| b | string | only when asked |');
    const code = { ...check, kind: 'code' as const, what: 'code A or B', codes: ['A', 'B'], sentences: ['A means this.'] };
    expect(sentenceOf(code)).toBeNull();
    expect(sentenceOf({ ...code, sentences: ['A means this.', 'B means that.'] })).toBe('A means this. / B means that.');
  });
});
