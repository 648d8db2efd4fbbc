/**
 * The official OpenAPI schemas (bundled, never fetched) that monaco-yaml validates the output
 * with: the one of the document's own version (each version's module in
 * src/shared/openapi/versions holds it), the oldest opened version's until the text says
 * otherwise. A Swagger 2.0 text is checked with Swagger 2.0's schema until it is converted.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { JSONSchema, SchemasSettings } from 'monaco-yaml';
import { schemaVersion } from '../../shared/openapi/openapi-schemas';
import { dialectOf } from '../../shared/openapi/openapi-version';
import { baseDialect, versionStated } from '../../shared/openapi/versions';

/** The output editor's model URI; the schema applies to this model only. */
export const OPENAPI_MODEL_URI = 'file:///specform-openapi.yaml';
/** The glob monaco-yaml matches the model URI with. */
export const OPENAPI_FILE_MATCH = '**/specform-openapi.yaml';

/** What the output editor checks a text against: a known version's dialect ('3.1', '2.0'). */
export type SchemaVersion = string;

/** What monaco-yaml is given for a version: the official schema and its `$id` (`id` in 2.0). */
export function openApiSchemaFor(version: SchemaVersion): { uri: string; schema: JSONSchema } {
  const known = schemaVersion(version) ?? schemaVersion(baseDialect());
  const schema = known?.schema ?? {};
  const id = schema['$id'] ?? schema['id'];
  return {
    // Without the empty fragment of 2.0's `http://swagger.io/v2/schema.json#`: monaco-yaml looks
    // a schema up by its URI, and with the `#` it would try to load it ("No content").
    uri:
      typeof id === 'string'
        ? id.replace(/#$/, '')
        : `https://spec.openapis.org/oas/${version}/schema`,
    schema: schema as JSONSchema,
  };
}

/**
 * monaco-yaml's `schemas` for a version: its schema for the output model and the schemas it
 * refers into (Swagger 2.0's draft-04 meta-schema; an empty `fileMatch`: reached by its URI
 * only). Without them monaco-yaml reports "Problems loading reference" at line 1, since it
 * never fetches.
 */
export function schemasFor(version: SchemaVersion): SchemasSettings[] {
  const own = { ...openApiSchemaFor(version), fileMatch: [OPENAPI_FILE_MATCH] };
  const referenced = (schemaVersion(version)?.referencedSchemas ?? []).map(({ uri, schema }) => ({
    uri,
    schema: schema as JSONSchema,
    fileMatch: [],
  }));
  return [own, ...referenced];
}

/** How many lines from the top the `openapi:` line is looked for in. */
export const VERSION_LINES = 400;

/**
 * A document's top-level `openapi` line: `openapi: 3.1.0` at column 0 in YAML (quoted or not),
 * or `"openapi": "3.1.0"` in JSON (the first key, possibly after `{`).
 */
export const OPENAPI_LINE_RE = /^(?:openapi|\s*\{?\s*"openapi")\s*:\s*["']?(\d+(?:\.\d+)*)/;

/** A Swagger document's top-level `swagger` line (YAML at column 0, or JSON's key). */
export const SWAGGER_LINE_RE =
  /^(?:swagger|\s*\{?\s*"swagger")\s*:\s*["']?(\d+(?:\.\d+)*)(?![\d.])/;

/** The dialect a line states, or undefined when it is no `openapi` line of a version we read. */
export function dialectOfLine(line: string): string | undefined {
  const match = OPENAPI_LINE_RE.exec(line);
  return match?.[1] === undefined ? undefined : dialectOf(match[1]);
}

/** What a line says the text is checked against: an OpenAPI dialect, a Swagger version, or nothing. */
export function schemaVersionOfLine(line: string): SchemaVersion | undefined {
  const dialect = dialectOfLine(line);
  if (dialect !== undefined) return dialect;
  const swagger = SWAGGER_LINE_RE.exec(line)?.[1];
  return swagger === undefined ? undefined : versionStated('swagger', swagger)?.dialect;
}

/**
 * The version the model's top-level `openapi` (or Swagger's `swagger: '2.0'`) line states,
 * within its first lines, if any.
 */
export function modelDialect(
  model: Pick<Monaco.editor.ITextModel, 'getLineCount' | 'getLineContent'>,
): SchemaVersion | undefined {
  const lines = Math.min(model.getLineCount(), VERSION_LINES);
  for (let line = 1; line <= lines; line++) {
    const text = model.getLineContent(line);
    if (!text.includes('openapi') && !text.includes('swagger')) continue;
    const version = schemaVersionOfLine(text);
    if (version !== undefined) return version;
  }
  return undefined;
}
