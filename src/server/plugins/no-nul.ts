import { isUtf8 } from 'node:buffer';
import fp from 'fastify-plugin';

/** What makes a string unstorable: NUL, or a UTF-16 surrogate without its pair. */
export type TextProblem = 'nul' | 'surrogate';

/** A lone surrogate: in `u` mode a well-formed pair is one code point, never in Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

const problemOf = (text: string): TextProblem | undefined =>
  text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : undefined;

/**
 * The first string in a parsed request part that cannot be stored as it is: where it sits, e.g.
 * `body.email` (a bad key names its object), and why; undefined when there is none. Keys are
 * checked as well as values. Iterative, so any depth the JSON parser accepted is walked (how
 * deep a body may be is the route's business, not this check's).
 */
export function findUnstorableText(
  value: unknown,
  where: string,
): { where: string; problem: TextProblem } | undefined {
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
      const problem = problemOf(current);
      if (problem) return { where: pathOf(index), problem };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (Array.isArray(current)) {
      current.forEach((item, i) => {
        nodes.push({ value: item, parent: index, key: `[${i}]` });
        stack.push(nodes.length - 1);
      });
      continue;
    }
    for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
      // The key itself is never put in the path: it is what cannot be shown.
      const problem = problemOf(key);
      if (problem) return { where: pathOf(index), problem };
      nodes.push({ value: item, parent: index, key: `.${key}` });
      stack.push(nodes.length - 1);
    }
  }
  return undefined;
}

/** Where a NUL character (U+0000) sits in a parsed request part; undefined when there is none. */
export function findNul(value: unknown, where: string): string | undefined {
  const found = findUnstorableText(value, where);
  return found?.problem === 'nul' ? found.where : undefined;
}

const MESSAGES: Record<TextProblem, (where: string) => string> = {
  nul: (where) => `Invalid request: ${where} must not contain NUL characters`,
  surrogate: (where) =>
    `Invalid request: ${where} contains a lone surrogate (text that is not valid Unicode)`,
};

/**
 * One check for every route, before validation (issue 13 §6, issue 21 §6): text that cannot be
 * kept exactly is a 400 like any other malformed input, and nothing is stored.
 * - PostgreSQL cannot store U+0000 in text (SQLSTATE 22021): a NUL would become a 500.
 * - A lone UTF-16 surrogate (`"\ud800"` in JSON) cannot be encoded as UTF-8: in text columns the
 *   driver silently turns it into U+FFFD, in jsonb it is a 500. Keys count as well as values.
 * - A JSON body whose bytes are not valid UTF-8 would be decoded with U+FFFD in place of the bad
 *   bytes: refused too, so what is stored is always what the client sent.
 * The body, the query string and the path parameters are all checked.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) {
        const error = Object.assign(
          new Error('Invalid request: the body is not valid UTF-8 text'),
          { statusCode: 400 },
        );
        done(error, undefined);
        return;
      }
      parseJson(request, bytes.toString('utf8'), done);
    });
    app.addHook('preValidation', async (request, reply) => {
      const found =
        findUnstorableText(request.params, 'params') ??
        findUnstorableText(request.query, 'querystring') ??
        findUnstorableText(request.body, 'body');
      if (found) return reply.code(400).send({ message: MESSAGES[found.problem](found.where) });
    });
  },
  { name: 'no-nul' },
);
