// Which operation of the API document a concrete request is: "PATCH /messages/17" ->
// "PATCH /messages/{message_id}". A `{..._id}` slot takes digits only, any other slot one
// segment, so /users/17 is PATCH /users/{user_id} and /users/a@b.c PATCH /users/{email}.

interface Template {
  operation: string;
  method: string;
  pattern: RegExp;
  /** Literal segments count first: /users/me/status before /users/{user_id}/status. */
  literals: number;
  /** Then digit slots: /users/17 is /users/{user_id} before /users/{email}, whatever the order given. */
  idSlots: number;
}

function compile(operation: string): Template {
  const [method, path] = operation.split(' ');
  const segments = path.split('/');
  const source = segments.map((s) => {
    const slot = /^\{(\w+)\}$/.exec(s);
    if (!slot) return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return slot[1].endsWith('_id') ? '\\d+' : '[^/]+';
  }).join('/');
  return {
    operation, method, pattern: new RegExp(`^${source}$`),
    literals: segments.filter((s) => !s.startsWith('{')).length,
    idSlots: segments.filter((s) => /^\{\w+_id\}$/.test(s)).length,
  };
}

export function operationMatcher(operations: readonly string[]): (method: string, path: string) => string | null {
  const templates = [...new Set(operations)].map(compile).sort((a, b) => b.literals - a.literals || b.idSlots - a.idSlots);
  return (method, path) => {
    const bare = path.split('?')[0];
    return templates.find((t) => t.method === method.toUpperCase() && t.pattern.test(bare))?.operation ?? null;
  };
}
