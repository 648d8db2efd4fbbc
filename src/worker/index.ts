/**
 * The generator worker: a thin comlink shell over src/shared. It may import only src/shared
 * and comlink (no DOM, no app, no server). Every method returns a {@link Result} because
 * comlink does not carry custom error fields (our `code`, `line`, `column`) across.
 */
import { expose } from 'comlink';
import {
  formatJson,
  generateOpenApi,
  inferSchema,
  isJsonPaste,
  jsonToYaml,
  newEndpoint,
  parseOpenApi,
  schemaYaml,
  toErrorInfo,
  validateEndpoints,
  type DocumentInfo,
  type Endpoint,
  type ErrorInfo,
} from '../shared';
import { EndpointStaging, type ImportMessage } from '../shared/import-chunks';

/** What every worker method answers: a value, or the core's error as plain data. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

function run<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

/** Endpoints arriving in chunks for {@link api.generateStaged}. */
const staging = new EndpointStaging();

/** The whole worker API; also callable directly (tests, and the main-thread fallback). */
export const api = {
  /** Spec §5 generator rules: per-endpoint issues, duplicates, canGenerate. */
  validate: (endpoints: Endpoint[]) => run(() => validateEndpoints(endpoints)),
  /** The OpenAPI 3.0.1 YAML document of the endpoints. */
  generate: (endpoints: Endpoint[], info?: Partial<DocumentInfo>) =>
    run(() => generateOpenApi(endpoints, info)),
  /**
   * One chunk of the endpoints for {@link api.generateStaged} (src/shared/import-chunks): a large
   * form reaches the worker as many small messages instead of one that blocks the main thread.
   */
  stage: (message: ImportMessage) => run(() => staging.accept(message)),
  /** {@link api.generate} for the endpoints staged last; they are forgotten afterwards. */
  generateStaged: (info?: Partial<DocumentInfo>) =>
    run(() => generateOpenApi(staging.take(), info)),
  /** An OpenAPI document (YAML or JSON) read into endpoints, with warnings. */
  parse: (text: string) => run(() => parseOpenApi(text)),
  /** The schema inferred from a JSON sample (undefined for blank text). */
  inferSchema: (json: string) => run(() => inferSchema(json)),
  /** YAML of the inferred schema, '' when there is none (the body editor's Schema tab). */
  schemaYaml: (json: string) => run(() => schemaYaml(json)),
  /** Spec §5: whether pasted text counts as JSON. */
  isJsonPaste: (text: string) => run(() => isJsonPaste(text)),
  /** JSON text as YAML (the JSON-paste dialog). */
  jsonToYaml: (text: string) => run(() => jsonToYaml(text)),
  /** JSON pretty-printed with indent 2 (the Format button). */
  formatJson: (text: string) => run(() => formatJson(text)),
  /** A new endpoint with the spec §4 defaults. */
  newEndpoint: (first?: boolean) => run(() => newEndpoint(first)),
};

/** The worker API's type: the app imports only this (and wraps the worker with comlink). */
export type GeneratorApi = typeof api;

// Expose only inside a worker; importing this module elsewhere (tests) must not.
const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(api);
}
