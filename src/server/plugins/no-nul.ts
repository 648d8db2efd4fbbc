import { isUtf8 } from 'node:buffer';
import { errorCodes, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { heavyTurn } from '../turns';

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

/** JSON bodies larger than this are decoded and parsed in turns (see heavyTurn). */
const LARGE_BODY_BYTES = 1024 * 1024;
/** Bytes of a large body decoded in one turn. */
const DECODE_STEP_BYTES = 1024 * 1024;

type Done = (error: Error | null, body?: unknown) => void;

const notUtf8 = () =>
  Object.assign(new Error('Invalid request: the body is not valid UTF-8 text'), {
    statusCode: 400,
  });

/** Where the last complete UTF-8 sequence of `bytes` ends: what follows waits for more bytes. */
export function completeUtf8(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  // Continuation bytes only: not UTF-8, which isUtf8 will say.
  return bytes.length;
}

/**
 * Decodes a large body's chunks about a MiB per turn (see heavyTurn), a character split
 * between two steps carried over; undefined when the bytes are not UTF-8.
 */
async function decodeInTurns(chunks: Buffer[]): Promise<string | undefined> {
  const texts: string[] = [];
  let carried: Buffer = Buffer.alloc(0);
  let next = 0;
  while (next < chunks.length) {
    await heavyTurn();
    const step: Buffer[] = [carried];
    let size = carried.length;
    while (next < chunks.length && size < DECODE_STEP_BYTES) {
      size += chunks[next]!.length;
      step.push(chunks[next]!);
      next += 1;
    }
    const bytes = Buffer.concat(step, size);
    const end = next < chunks.length ? completeUtf8(bytes) : bytes.length;
    if (!isUtf8(bytes.subarray(0, end))) return undefined;
    texts.push(bytes.toString('utf8', 0, end));
    carried = bytes.subarray(end);
  }
  chunks.length = 0;
  await heavyTurn();
  return texts.join('');
}

/**
 * Reads a JSON body the way Fastify's own parser does (the route's limit, the declared
 * length) and hands over its chunks. Fastify joins and decodes the whole body in the turn that
 * reads its end: with eight 10 MiB bodies ending together, that held every other request for
 * over a second.
 */
function readBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: Done,
  onBody: (chunks: Buffer[], length: number) => void,
): void {
  const limit = request.routeOptions.bodyLimit ?? Infinity;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
  };
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    length += bytes.length;
    if (length > limit) {
      stop();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    chunks.push(bytes);
  };
  const onEnd = () => {
    stop();
    if (!Number.isNaN(declared) && length !== declared) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    onBody(chunks, length);
  };
  const onError = (error: Error & { statusCode?: number }) => {
    stop();
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    done(error);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

/**
 * One check for every route, before validation: text that cannot be
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
    // The checks below (preValidation) and the schema's follow from `done`, in the same turn.
    app.addContentTypeParser('application/json', (request, payload, done) => {
      readBody(request, payload, done, (chunks, length) => {
        if (length <= LARGE_BODY_BYTES) {
          const bytes = Buffer.concat(chunks, length);
          if (isUtf8(bytes)) parseJson(request, bytes.toString('utf8'), done);
          else done(notUtf8());
          return;
        }
        void (async () => {
          try {
            const text = await decodeInTurns(chunks);
            if (text === undefined) {
              done(notUtf8());
              return;
            }
            await heavyTurn();
            parseJson(request, text, done);
          } catch (error) {
            done(error as Error);
          }
        })();
      });
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
