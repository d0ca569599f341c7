// The conventions every answer keeps, whatever the case: a JSON object with result and msg, msg
// empty on success, a code on an error, ignored_parameters_unsupported a list of names. These
// checks run on every answer of every case: a hole here passes every server that breaks them.
import { describe, expect, it } from 'vitest';
import { envelopeFindings } from '../../src/engine/judge/envelope-checks.js';

const answer = (json: unknown, status = 200) => ({ status, headers: {}, text: JSON.stringify(json), json });
const found = (json: unknown) => envelopeFindings(answer(json)).map((f) => [f.clause, f.path, f.expected, f.actual]);

describe('the JSON envelope', () => {
  it('an answer that is not JSON is one finding, naming the status and why', () => {
    expect(envelopeFindings({ status: 502, headers: {}, text: '<html>', json: undefined, jsonError: 'not JSON (Unexpected token)' })).toEqual([
      {
        check: 'envelope',
        clause: 'conv.json-envelope',
        path: '',
        expected: 'a JSON object',
        actual: 'HTTP 502, not JSON (Unexpected token)',
        message: 'answer (HTTP 502) is not JSON (Unexpected token)',
      },
    ]);
  });

  it.each([[[]], [null], ['ok'], [3]])('JSON that is not an object (%j) is one finding, and nothing more', (json) => {
    expect(envelopeFindings(answer(json))).toEqual([
      { check: 'envelope', clause: 'conv.json-envelope', path: '', expected: 'a JSON object', actual: JSON.stringify(json) },
    ]);
  });

  it('a well-formed success and a well-formed error have no finding', () => {
    expect(found({ result: 'success', msg: '' })).toEqual([]);
    expect(found({ result: 'error', msg: 'No such channel', code: 'BAD_REQUEST' })).toEqual([]);
    expect(found({ result: 'error', msg: '', code: 'BAD_REQUEST' })).toEqual([]);
  });

  it('result is "success" or "error", nothing else', () => {
    expect(found({ result: 'ok', msg: '' })).toEqual([['conv.json-envelope', 'result', '"success" or "error"', '"ok"']]);
    expect(found({ msg: '' })).toEqual([['conv.json-envelope', 'result', '"success" or "error"', 'nothing']]);
  });

  it('msg is a string, empty on success', () => {
    expect(found({ result: 'success' })).toEqual([['conv.json-envelope', 'msg', 'a string', 'nothing']]);
    expect(found({ result: 'error', msg: 3, code: 'X' })).toEqual([['conv.json-envelope', 'msg', 'a string', '3']]);
    expect(found({ result: 'success', msg: 'done' })).toEqual([['conv.json-envelope', 'msg', '"" on success', '"done"']]);
  });

  it('an error carries a code, a string, under its own clause; a success needs none', () => {
    expect(found({ result: 'error', msg: 'x' })).toEqual([['conv.error-code', 'code', 'a string on an error', 'nothing']]);
    expect(found({ result: 'error', msg: 'x', code: 400 })).toEqual([['conv.error-code', 'code', 'a string on an error', '400']]);
  });
});

describe('ignored_parameters_unsupported', () => {
  it('when present, is a list of parameter names', () => {
    const ok = { result: 'success', msg: '' };
    expect(found({ ...ok, ignored_parameters_unsupported: [] })).toEqual([]);
    expect(found({ ...ok, ignored_parameters_unsupported: ['a', 'b'] })).toEqual([]);
    const wrong = ['conv.ignored-params', 'ignored_parameters_unsupported', 'an array of strings'];
    expect(found({ ...ok, ignored_parameters_unsupported: 'a' })).toEqual([[...wrong, '"a"']]);
    expect(found({ ...ok, ignored_parameters_unsupported: ['a', 1] })).toEqual([[...wrong, '["a",1]']]);
    expect(found({ ...ok, ignored_parameters_unsupported: [1] })).toEqual([[...wrong, '[1]']]);
    expect(found({ ...ok, ignored_parameters_unsupported: null })).toEqual([[...wrong, 'null']]);
  });

  it('every finding is an envelope check, and several can come at once', () => {
    const all = envelopeFindings(answer({ result: 'error', ignored_parameters_unsupported: 5 }));
    expect(all.map((f) => [f.check, f.path])).toEqual([
      ['envelope', 'msg'],
      ['envelope', 'code'],
      ['envelope', 'ignored_parameters_unsupported'],
    ]);
  });
});
