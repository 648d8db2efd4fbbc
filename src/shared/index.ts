/** The public surface of the core. Pure TypeScript: no DOM, no React, no Node APIs. */
export * from './model';
export * from './errors';
export * from './validate-endpoints';
export * from './validate-sign-up';
export * from './common-passwords';
export * from './limits';
export * from './infer-schema';
export * from './json-tools';
export * from './new-endpoint';
export * from './api-types';
export * from './generate-openapi';
export * from './parse-openapi';
export * from './yaml-io';
