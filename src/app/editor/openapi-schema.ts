/**
 * The official OpenAPI schemas (bundled, never fetched) that monaco-yaml validates the output
 * with: the one of the document's own version (issue 19.4), 3.0 until the text says otherwise.
 */
import type { JSONSchema } from 'monaco-yaml';
import { officialSchema } from '../../shared/openapi-schemas';
import { dialectOf, type OpenApiDialect } from '../../shared/openapi-version';

/** The output editor's model URI; the schema applies to this model only. */
export const OPENAPI_MODEL_URI = 'file:///specform-openapi.yaml';
/** The glob monaco-yaml matches the model URI with. */
export const OPENAPI_FILE_MATCH = '**/specform-openapi.yaml';

/** What monaco-yaml is given for a dialect: the official schema and its `$id`. */
export function openApiSchemaFor(dialect: OpenApiDialect): { uri: string; schema: JSONSchema } {
  const schema = officialSchema(dialect);
  const id = schema['$id'];
  return {
    uri: typeof id === 'string' ? id : `https://spec.openapis.org/oas/${dialect}/schema`,
    schema: schema as JSONSchema,
  };
}

/** How many lines from the top the `openapi:` line is looked for in. */
export const VERSION_LINES = 400;

/**
 * A document's top-level `openapi` line: `openapi: 3.1.0` at column 0 in YAML (quoted or not),
 * or `"openapi": "3.1.0"` in JSON (the first key, possibly after `{`).
 */
export const OPENAPI_LINE_RE = /^(?:openapi|\s*\{?\s*"openapi")\s*:\s*["']?(\d+(?:\.\d+)*)/;

/** The dialect a line states, or undefined when it is no `openapi` line of a version we read. */
export function dialectOfLine(line: string): OpenApiDialect | undefined {
  const match = OPENAPI_LINE_RE.exec(line);
  return match?.[1] === undefined ? undefined : dialectOf(match[1]);
}
