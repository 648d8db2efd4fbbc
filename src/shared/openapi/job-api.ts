/**
 * The stateless jobs behind the app's second worker: the Swagger 2.0 conversion, the upgrade
 * preview, the traffic import and schema inference. They hold no document, so the app may
 * terminate that worker whenever the user cancels one and start a fresh one for the next job
 * (Squoosh's worker); the worker that holds the open document (core-api.ts) never runs them.
 *
 * Every method answers a {@link Result}, never throws, like the core API.
 */
import { stringify } from 'yaml';
import { convertSwagger2 } from './convert-swagger2';
import { upgradeOpenApi, type UpgradeTarget } from './document/upgrade';
import { CoreError, toErrorInfo } from './errors';
import { inferSchema } from './infer-schema';
import { jsonToYaml } from './json-tools';
import { inferSchemaFromValues, reinferBodySchema } from './inference';
import type { BodyModel } from './model';
import { importCurl, importHar, MAX_HAR_CHARS } from './traffic';
import type { Result } from './core-api';

function run<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

/**
 * The text of a HAR file handed over as a Blob, read here (FileReaderSync exists only in
 * workers) so that the page never holds or decodes the 20 MB; refused by size before reading.
 */
function readHarBlob(file: Blob): string {
  if (file.size > MAX_HAR_CHARS) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    throw new CoreError(
      'HAR_TOO_LARGE',
      `The HAR file is ${mb} MB; the limit is ${MAX_HAR_CHARS / 1024 / 1024} MB.`,
    );
  }
  const Reader = (globalThis as { FileReaderSync?: new () => { readAsText(blob: Blob): string } })
    .FileReaderSync;
  if (Reader === undefined) {
    throw new CoreError('INVALID_INPUT', 'Files are read in the worker only.');
  }
  return new Reader().readAsText(file);
}

/** The job API: plain functions of their arguments (one object per worker, nothing kept). */
export function createJobApi() {
  return {
    /**
     * A Swagger 2.0 document (YAML or JSON text) as OpenAPI 3.0.x text, with what the conversion
     * changed and what it could not carry. The document worker opens the result.
     */
    convertSwagger2: (text: string) => run(() => convertSwagger2(text)),
    /** An OpenAPI 3.0 text upgraded to 3.1/3.2, with every change listed (the upgrade preview). */
    upgradeOpenApi: (text: string, target: UpgradeTarget) =>
      run(() => upgradeOpenApi(text, target)),
    /** Endpoints from cURL commands, with warnings and per-endpoint call counts. */
    importCurl: (text: string) => run(() => importCurl(text)),
    /** Endpoints from a HAR file's text; a 20 MB HAR is parsed here, never in the page. */
    importHar: (text: string) => run(() => importHar(text)),
    /** {@link importHar} for a file, read in the worker (see readHarBlob). */
    importHarFile: (file: Blob) => run(() => importHar(readHarBlob(file))),
    /** One schema for several sample values. */
    inferSchemaFromValues: (values: unknown[]) => run(() => inferSchemaFromValues(values)),
    /** A body's schema re-inferred from all its examples, merged into its edited schema. */
    reinferBodySchema: (body: BodyModel) => run(() => reinferBodySchema(body)),
    /**
     * A whole document in JSON as YAML (the JSON-paste dialog's preview and Convert): seconds
     * for 47 MB, so here, where closing the dialog stops it, not in the document's worker.
     */
    jsonDocumentToYaml: (text: string) => run(() => jsonToYaml(text)),
    /** YAML of the schema inferred from a JSON sample, '' when there is none (the Schema tab). */
    schemaYaml: (json: string) =>
      run(() => {
        const schema = inferSchema(json);
        return schema === undefined ? '' : stringify(schema, { indent: 2, lineWidth: 0 });
      }),
  };
}

/** The job API's type: the job worker exposes it; the app imports only this type. */
export type JobApi = ReturnType<typeof createJobApi>;
