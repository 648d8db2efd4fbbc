/** What the document tests use from the core, plus a small endpoint factory. */
import { newEndpoint, type Endpoint } from '../../../src/shared/openapi';

export * from '../../../src/shared/openapi';

/** A new endpoint (spec §4 defaults) with the given fields. */
export function createEndpointForTests(fields: Partial<Endpoint>): Endpoint {
  return { ...newEndpoint(), ...fields };
}
