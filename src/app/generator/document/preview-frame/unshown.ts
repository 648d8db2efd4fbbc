/**
 * What the docs preview cannot show: the bundled Scalar reads the methods of
 * OpenAPI 3.1 (`get` … `trace`), so a 3.2 document's `query` operations and its
 * `additionalOperations` (`COPY`, `LOCK`…) are left out of its reference. The preview says so
 * beside the frame instead of leaving them out silently.
 */
import { dialectOf } from '../../../../shared/openapi/openapi-version';
import { featuresOf } from '../../../../shared/openapi/versions';
import type { Json } from './neutralise';

type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "QUERY /books", "COPY /books" … for every such operation, in document order. */
export function unshownOperations(doc: Json): string[] {
  if (!isObject(doc)) return [];
  const version = doc['openapi'];
  const dialect = typeof version === 'string' ? dialectOf(version) : undefined;
  const features = featuresOf(dialect);
  if (dialect === undefined || !(features.queryMethod || features.additionalOperations)) return [];
  const found: string[] = [];
  for (const section of ['paths', 'webhooks']) {
    const items = doc[section];
    if (!isObject(items)) continue;
    for (const [path, item] of Object.entries(items)) {
      if (!isObject(item)) continue;
      if (isObject(item['query'])) found.push(`QUERY ${path}`);
      const more = item['additionalOperations'];
      if (!isObject(more)) continue;
      for (const [method, operation] of Object.entries(more)) {
        if (isObject(operation)) found.push(`${method} ${path}`);
      }
    }
  }
  return found;
}
