// Saved snippets: create, list, edit (op 19), delete.
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: saved snippets (op 19)', () => {
  const server = useServer();
  const member = () => server().accounts.member;
  const create = async (title: string, content: string) => {
    const answer = await call(server(), 'POST', '/saved_snippets', { as: member(), form: { title, content } });
    expectSuccess(answer);
    return answer.body.saved_snippet_id as number;
  };
  const edit = (id: number, form: Record<string, string>, as = member()) => call(server(), 'PATCH', `/saved_snippets/${id}`, { as, form });
  const list = async () => (await call(server(), 'GET', '/saved_snippets', { as: member() })).body.saved_snippets;

  it('edits title and content; only what is passed changes', async () => {
    const id = await create('Greeting', 'Hello **there**');
    expect((await edit(id, { title: 'Hi' })).body).toEqual({ result: 'success', msg: '' });
    expectSuccess(await edit(id, { content: 'Bye' }));
    expect((await list()).find((s: { id: number }) => s.id === id)).toEqual({ id, title: 'Hi', content: 'Bye', date_created: expect.any(Number) });
  });

  it("a missing snippet, or another user's, is 404 BAD_REQUEST; an empty edit succeeds unchecked", async () => {
    const id = await create('Mine', 'only mine');
    expectError(await edit(99999, { title: 'x' }), 404, 'BAD_REQUEST', 'Saved snippet does not exist.');
    expectError(await edit(id, { title: 'x' }, server().accounts.member2), 404, 'BAD_REQUEST');
    expectSuccess(await edit(99999, {}));
    expectError(await edit(id, { title: '  ' }), 400, 'BAD_REQUEST');
    expectError(await edit(id, { title: 't'.repeat(61) }), 400, 'BAD_REQUEST');
  });

  it('the variant looks the snippet up even for an empty edit (the document: a nonexistent snippet gives BAD_REQUEST)', async () => {
    const variant = await startReferenceServer({ flavor: 'variant' });
    try {
      const answer = await call(variant, 'PATCH', '/saved_snippets/99999', { as: variant.accounts.member, form: {} });
      expect(answer.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    } finally {
      await variant.close();
    }
  });

  it('deletes; a second delete is 404', async () => {
    const id = await create('Temp', 'temporary');
    expectSuccess(await call(server(), 'DELETE', `/saved_snippets/${id}`, { as: member() }));
    expectError(await call(server(), 'DELETE', `/saved_snippets/${id}`, { as: member() }), 404, 'BAD_REQUEST');
    expect((await list()).some((s: { id: number }) => s.id === id)).toBe(false);
  });
});
