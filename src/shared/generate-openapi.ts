/** Generation of the OpenAPI 3.0.1 YAML document (spec §3, §9). */
import type { DocumentInfo, Endpoint } from './model';

/** Builds the OpenAPI 3.0.1 YAML document of the given endpoints. Stub: replaced shortly. */
export function generateOpenApi(endpoints: Endpoint[], info?: Partial<DocumentInfo>): string {
  const title = info?.title ?? 'Test';
  const version = info?.version ?? 'v1';
  return `openapi: 3.0.1\ninfo:\n  title: ${JSON.stringify(title)}\n  version: ${JSON.stringify(version)}\npaths: {}\n${endpoints.length > 0 ? '' : ''}`;
}
