/**
 * Which OpenAPI version a document states. The version is a property of the
 * document: it is read once, when the document is read, and passed to whatever depends on it
 * (schema reading, new text, validation).
 *
 * - The versions of the registry (versions/) that open are read; the `openapi` string is kept
 *   exactly as written.
 * - Swagger 2.0 is refused with SWAGGER_2 (it can be converted: convertSwagger2).
 * - Any other stated version is refused with UNSUPPORTED_VERSION, naming it.
 */
import { CoreError } from './errors';
import { isObject, own } from './openapi-common';
import {
  baseDialect,
  conversionTarget,
  featuresOf,
  openedVersionsText,
  versionStated,
} from './versions';

/** A registered version's dialect: '3.0' (3.0's Schema Object) or '3.1', '3.2' (JSON Schema 2020-12). */
export type OpenApiDialect = string;

/** A document's version: the `openapi` string as written, and the dialect it implies. */
export interface OpenApiVersion {
  /** The `openapi` field exactly as written ('' when the document has none). */
  version: string;
  dialect: OpenApiDialect;
}

/** The dialect of an `openapi` version string, or undefined for a version the core does not read. */
export function dialectOf(version: string): OpenApiDialect | undefined {
  const known = versionStated('openapi', version);
  return known?.opens === true ? known.dialect : undefined;
}

/** Whether the dialect's schemas are JSON Schema 2020-12 (type arrays, `examples`, `const`). */
export function isJsonSchemaDialect(dialect: OpenApiDialect): boolean {
  return featuresOf(dialect).jsonSchema;
}

/** The version a Swagger document states (`swagger: '2.0'`), or undefined when it has none. */
export function swaggerVersionOf(doc: unknown): string | undefined {
  if (!isObject(doc) || own(doc, 'openapi') !== undefined) return undefined;
  const swagger = own(doc, 'swagger');
  return typeof swagger === 'string' || typeof swagger === 'number' ? String(swagger) : undefined;
}

/**
 * The version of a parsed document. Throws SWAGGER_2 for a Swagger version that is converted
 * (2.0), UNSUPPORTED_VERSION for any other stated version, NOT_OPENAPI for data that is
 * neither. A document with `paths` but no version is read as the oldest opened version
 * (`missing` is then true; the reader warns).
 */
export function detectVersion(doc: unknown): OpenApiVersion & { missing?: true } {
  if (!isObject(doc)) throw new CoreError('NOT_OPENAPI', 'The document is not an OpenAPI object.');
  const load = `load an OpenAPI ${openedVersionsText()} document`;
  const openapi = own(doc, 'openapi');
  if (typeof openapi === 'string' || typeof openapi === 'number') {
    const text = String(openapi);
    const dialect = dialectOf(text);
    if (dialect !== undefined) return { version: text, dialect };
    throw new CoreError('UNSUPPORTED_VERSION', `OpenAPI ${text} is not supported; ${load}.`);
  }
  const swagger = own(doc, 'swagger');
  if (swagger !== undefined) {
    const text = typeof swagger === 'string' || typeof swagger === 'number' ? String(swagger) : '';
    const known = versionStated('swagger', text);
    const target = known === undefined ? undefined : conversionTarget(known);
    if (known !== undefined && target !== undefined) {
      throw new CoreError(
        'SWAGGER_2',
        `This is a Swagger ${known.dialect} document; convert it to OpenAPI ${target.dialect} to load it.`,
      );
    }
    throw new CoreError(
      'UNSUPPORTED_VERSION',
      `Swagger ${text || JSON.stringify(swagger)} is not supported; ${load}.`,
    );
  }
  if (isObject(own(doc, 'paths'))) return { version: '', dialect: baseDialect(), missing: true };
  throw new CoreError('NOT_OPENAPI', "The document has neither an 'openapi' field nor 'paths'.");
}
