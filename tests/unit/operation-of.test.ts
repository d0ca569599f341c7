// Which documented operation a concrete request is: the ignored-parameters convention and a
// property's failures are judged against that operation's parameters.
import { describe, expect, it } from 'vitest';
import { operationMatcher } from '../../src/engine/judge/operation-of.js';

// Built anew in each test: a mutant is judged by the tests that run the code it changes.
const documented = () =>
  operationMatcher([
    'GET /users/{user_id}',
    'PATCH /users/{email}',
    'PATCH /users/{user_id}',
    'GET /users/me/status',
    'GET /users/{user_id}/status',
    'GET /streams',
    'DELETE /messages/{message_id}/reactions',
    'GET /export/realm.json',
    'GET /users/me/status',
  ]);
const operationOf = (method: string, path: string) => documented()(method, path);

describe('the operation of a request', () => {
  it('an {..._id} slot takes digits only and wins over another slot; any other slot one segment', () => {
    expect(operationOf('PATCH', '/users/17')).toBe('PATCH /users/{user_id}');
    expect(operationOf('PATCH', '/users/a@b.c')).toBe('PATCH /users/{email}');
    expect(operationOf('GET', '/users/a@b.c')).toBeNull();
    expect(operationOf('PATCH', '/users/a/b')).toBeNull();
    const idFirst = operationMatcher(['PATCH /users/{user_id}', 'PATCH /users/{email}']);
    expect([idFirst('PATCH', '/users/17'), idFirst('PATCH', '/users/a@b.c')]).toEqual(['PATCH /users/{user_id}', 'PATCH /users/{email}']);
    expect(operationOf('DELETE', '/messages/9/reactions')).toBe('DELETE /messages/{message_id}/reactions');
  });

  it('the whole path matches, not a prefix or a suffix', () => {
    expect(operationOf('GET', '/streams/1')).toBeNull();
    expect(operationOf('GET', '/x/streams')).toBeNull();
    expect(operationOf('GET', '/users/17x')).toBeNull();
  });

  it('the method matches whatever its case; the query string is not part of the path', () => {
    expect(operationOf('get', '/streams?include_public=true')).toBe('GET /streams');
    expect(operationOf('POST', '/streams')).toBeNull();
  });

  it('literal segments win: /users/me/status is not /users/{user_id}/status', () => {
    expect(operationOf('GET', '/users/me/status')).toBe('GET /users/me/status');
    expect(operationOf('GET', '/users/5/status')).toBe('GET /users/{user_id}/status');
    const reversed = operationMatcher(['GET /users/{name}/status', 'GET /users/me/status']);
    expect(reversed('GET', '/users/me/status')).toBe('GET /users/me/status');
  });

  it('a slot is a whole segment: {x} inside other text is literal text', () => {
    const partial = operationMatcher(['GET /files/{name}.json', 'GET /files/v{user_id}', 'GET /files/{user_id}x']);
    expect(partial('GET', '/files/{name}.json')).toBe('GET /files/{name}.json');
    expect(partial('GET', '/files/a.json')).toBeNull();
    expect(partial('GET', '/files/v{user_id}')).toBe('GET /files/v{user_id}');
    expect(partial('GET', '/files/v12')).toBeNull();
    expect(partial('GET', '/files/12x')).toBeNull();
  });

  it('a dot in a documented path is a dot, not any character', () => {
    expect(operationOf('GET', '/export/realm.json')).toBe('GET /export/realm.json');
    expect(operationOf('GET', '/export/realmxjson')).toBeNull();
  });

  it('an unknown path is no operation', () => {
    expect(operationOf('GET', '/nothing')).toBeNull();
    expect(operationMatcher([])('GET', '/streams')).toBeNull();
  });
});
