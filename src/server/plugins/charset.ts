import fp from 'fastify-plugin';

/** The labels of UTF-8 that clients send (the WHATWG Encoding standard's common two). */
const UTF8 = new Set(['utf-8', 'utf8']);

/**
 * Every `charset` parameter of a Content-Type header, lower-cased and unquoted (`""` for an
 * empty one). Parameters are `; name=value` with the value a token or a quoted string.
 */
export function charsetsOf(contentType: string): string[] {
  const found: string[] = [];
  const parameter = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of contentType.matchAll(parameter)) {
    if (match[1]!.toLowerCase() !== 'charset') continue;
    let value = match[2]!.trim();
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    found.push(value.trim().toLowerCase());
  }
  return found;
}

/** Whether a request carries a body (HTTP/1.1: a non-zero length or a chunked one). */
const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * Bodies are read as UTF-8 and nothing else (JSON by RFC 8259 §8.1, and the forms
 * and texts the server reads). A body that says it is in another charset
 * (`charset=iso-8859-1`) would be decoded as UTF-8 without a word, into text the client did not
 * mean: it is refused with 415 before it is read. No charset means UTF-8.
 *
 * Routes that check the provider's bytes themselves (payment notifications: signed, the
 * signature over the raw body) opt out with `config: { anyCharset: true }`: refusing a label
 * there would only make the provider retry a notification that is already paid.
 */
export default fp(
  async (app) => {
    app.addHook('preParsing', async (request, reply) => {
      const contentType = request.headers['content-type'];
      if (contentType === undefined || !hasBody(request.headers)) return;
      const config = request.routeOptions.config as { anyCharset?: boolean } | undefined;
      if (config?.anyCharset) return;
      const other = charsetsOf(contentType).find((charset) => !UTF8.has(charset));
      if (other === undefined) return;
      return reply.code(415).send({
        message: `Unsupported charset "${other.slice(0, 40)}": send the request body in UTF-8.`,
      });
    });
  },
  { name: 'charset' },
);
