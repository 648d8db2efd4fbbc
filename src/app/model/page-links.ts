/** Small helpers the generator page uses to link the document panel, the form and the YAML. */
import type { Endpoint } from '../../shared/openapi';

/** The id of the endpoint with this path and method (method compared case-insensitively). */
export function findEndpointId(
  endpoints: readonly Endpoint[],
  path: string,
  method: string,
): string | undefined {
  const upper = method.toUpperCase();
  return endpoints.find((e) => e.path === path && e.method.toUpperCase() === upper)?.id;
}
