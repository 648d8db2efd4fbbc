/** The public surface of the OpenAPI core. Pure TypeScript: no DOM, no React, no Node APIs. */
export * from './model';
export * from './errors';
export * from './validate-endpoints';
export * from './limits';
export * from './infer-schema';
export * from './json-tools';
export * from './yaml-insertion';
export * from './new-endpoint';
export * from './generate-openapi';
export * from './read-openapi';
export * from './openapi-version';
export * from './convert-swagger2';
export * from './document';
export * from './yaml-io';
export * from './core-api';
export * from './inference';
export * from './traffic';
