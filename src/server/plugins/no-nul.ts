import fp from 'fastify-plugin';

/**
 * Where a NUL character (U+0000) sits in a parsed request part, e.g. `body.email`; undefined when
 * there is none. Keys are checked as well as values. Iterative, so any depth the JSON parser
 * accepted is walked (how deep a body may be is the route's business, not this check's).
 */
export function findNul(value: unknown, where: string): string | undefined {
  // Each entry: the value, its parent's entry index and its key, so a path is built only when found.
  const nodes: { value: unknown; parent: number; key: string }[] = [
    { value, parent: -1, key: where },
  ];
  const pathOf = (index: number): string => {
    const parts: string[] = [];
    for (let i = index; i >= 0; i = nodes[i]!.parent) parts.push(nodes[i]!.key);
    return parts.reverse().join('');
  };
  const stack = [0];
  while (stack.length > 0) {
    const index = stack.pop()!;
    const current = nodes[index]!.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(index);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, i) => [`[${i}]`, item])
      : Object.entries(current as Record<string, unknown>).map(([key, item]) => {
          if (key.includes('\u0000')) return ['\u0000', item];
          return [`.${key}`, item];
        });
    for (const [key, item] of entries) {
      if (key === '\u0000') return pathOf(index);
      nodes.push({ value: item, parent: index, key });
      stack.push(nodes.length - 1);
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text (SQLSTATE 22021), so a NUL byte that reaches a query
 * becomes a 500. One check for every route, before validation: a NUL anywhere in the body, the
 * query string or the path parameters is a 400 like any other malformed input.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request, reply) => {
      const found =
        findNul(request.params, 'params') ??
        findNul(request.query, 'querystring') ??
        findNul(request.body, 'body');
      if (found) {
        return reply
          .code(400)
          .send({ message: `Invalid request: ${found} must not contain NUL characters` });
      }
    });
  },
  { name: 'no-nul' },
);
