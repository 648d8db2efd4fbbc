/**
 * Which OpenAPI version a document states (issue 19). The version is a property of the
 * document: it is read once, when the document is read, and passed to whatever depends on it
 * (schema reading, new text, validation).
 *
 * - 3.0.x, 3.1.x and 3.2.x are read; the `openapi` string is kept exactly as written.
 * - Swagger 2.0 is refused with SWAGGER_2 (it can be converted: convertSwagger2).
 * - Any other stated version (4.0.0, 1.2, …) is refused with UNSUPPORTED_VERSION, naming it.
 */
import { CoreError } from './errors';
import { isObject, own } from './openapi-common';

/** The schema dialects the core knows: 3.0's Schema Object, or JSON Schema 2020-12 (3.1, 3.2). */
export type OpenApiDialect = '3.0' | '3.1' | '3.2';

/** A document's version: the `openapi` string as written, and the dialect it implies. */
export interface OpenApiVersion {
  /** The `openapi` field exactly as written ('' when the document has none). */
  version: string;
  dialect: OpenApiDialect;
}

const VERSION_RE = /^3\.([012])(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/;

/** The dialect of an `openapi` version string, or undefined for a version the core does not read. */
export function dialectOf(version: string): OpenApiDialect | undefined {
  if (version === '3') return '3.0';
  const match = VERSION_RE.exec(version.trim());
  if (match === null) return undefined;
  return `3.${match[1] as '0' | '1' | '2'}` as OpenApiDialect;
}

/** Whether the dialect's schemas are JSON Schema 2020-12 (type arrays, `examples`, `const`). */
export function isJsonSchemaDialect(dialect: OpenApiDialect): boolean {
  return dialect !== '3.0';
}

/** The version a Swagger document states (`swagger: '2.0'`), or undefined when it has none. */
export function swaggerVersionOf(doc: unknown): string | undefined {
  if (!isObject(doc) || own(doc, 'openapi') !== undefined) return undefined;
  const swagger = own(doc, 'swagger');
  return typeof swagger === 'string' || typeof swagger === 'number' ? String(swagger) : undefined;
}

/**
 * The version of a parsed document. Throws SWAGGER_2 for Swagger 2.0, UNSUPPORTED_VERSION for
 * any other stated version, NOT_OPENAPI for data that is neither. A document with `paths` but no
 * version is read as 3.0 (`missing` is then true; the reader warns).
 */
export function detectVersion(doc: unknown): OpenApiVersion & { missing?: true } {
  if (!isObject(doc)) throw new CoreError('NOT_OPENAPI', 'The document is not an OpenAPI object.');
  const openapi = own(doc, 'openapi');
  if (typeof openapi === 'string' || typeof openapi === 'number') {
    const text = String(openapi);
    const dialect = dialectOf(text);
    if (dialect !== undefined) return { version: text, dialect };
    throw new CoreError(
      'UNSUPPORTED_VERSION',
      `OpenAPI ${text} is not supported; load an OpenAPI 3.0, 3.1 or 3.2 document.`,
    );
  }
  const swagger = own(doc, 'swagger');
  if (swagger !== undefined) {
    const text = typeof swagger === 'string' || typeof swagger === 'number' ? String(swagger) : '';
    if (/^2(\.0)?$/.test(text.trim())) {
      throw new CoreError(
        'SWAGGER_2',
        'This is a Swagger 2.0 document; convert it to OpenAPI 3.0 to load it.',
      );
    }
    throw new CoreError(
      'UNSUPPORTED_VERSION',
      `Swagger ${text || JSON.stringify(swagger)} is not supported; load an OpenAPI 3.0, 3.1 or 3.2 document.`,
    );
  }
  if (isObject(own(doc, 'paths'))) return { version: '', dialect: '3.0', missing: true };
  throw new CoreError('NOT_OPENAPI', "The document has neither an 'openapi' field nor 'paths'.");
}
