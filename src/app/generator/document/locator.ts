/** Operation line ranges of the output editor's text and schema-editor helpers. */
import type { OperationRange, SchemaCheck } from '../../../shared/openapi/document/locate';
import { generatorClient, type GeneratorClient } from '../../core/generator-client';
import { blobInSlices } from '../../util/slices';

/**
 * A text longer than this many characters goes to the worker as a Blob made in slices: posting
 * GitHub's 13 MB description as a string was one task of 80–200 ms (its structured clone) each
 * time the caret moved in a text not looked up yet (Ctrl+A before a copy).
 */
export const RANGES_BLOB_CHARS = 1024 * 1024;

export type { OperationRange };

let shared: OperationLocator | undefined;
/** One locator for the schema editor's fragments (its worker starts on first use). */
export function sharedLocator(): OperationLocator {
  shared ??= new OperationLocator();
  return shared;
}

/**
 * Operation line ranges, schema checks and YAML of values, computed by the one core worker
 * (one protocol) and cached per text version; the latest request wins.
 */
export class OperationLocator {
  private cached: { version: number; ranges: OperationRange[] } | undefined;

  constructor(private readonly client: GeneratorClient = generatorClient()) {}

  /** The ranges of the text at `version` (asks for the text only when not cached). */
  async ranges(version: number, getText: () => string): Promise<OperationRange[]> {
    if (this.cached?.version === version) return this.cached.ranges;
    const text = getText();
    // A core on the main thread (no Worker) cannot read a Blob: the string then.
    const ranges =
      (text.length > RANGES_BLOB_CHARS ? await this.rangesOfBlob(text) : undefined) ??
      (await this.client.call('operationRanges', [text]).catch((): OperationRange[] => []));
    this.cached = { version, ranges };
    return ranges;
  }

  private async rangesOfBlob(text: string): Promise<OperationRange[] | undefined> {
    const blob = await blobInSlices(text);
    if (blob === undefined) return undefined;
    return this.client.call('operationRanges', [blob]).catch(() => undefined);
  }

  /** The cached ranges when they are of `version`. */
  rangesNow(version: number): OperationRange[] | undefined {
    return this.cached?.version === version ? this.cached.ranges : undefined;
  }

  dispose(): void {
    this.cached = undefined;
  }

  /** A YAML fragment checked as a schema (the schema editor). */
  checkSchema(text: string, names?: string[]): Promise<SchemaCheck> {
    return this.client
      .call('checkSchemaYaml', names === undefined ? [text] : [text, names])
      .catch((): SchemaCheck => ({ ok: false, error: 'syntax', detail: '' }));
  }

  /** A value as YAML. */
  yamlOf(value: unknown): Promise<string> {
    return this.client.call('toYaml', [value]).catch(() => '');
  }
}
