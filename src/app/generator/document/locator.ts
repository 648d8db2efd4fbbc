/** Operation line ranges of the output editor's text and schema-editor helpers. */
import type { OperationRange, SchemaCheck } from '../../../shared/openapi/document/locate';
import {
  generatorClient,
  type DocumentTextRef,
  type GeneratorClient,
} from '../../core/generator-client';
import { bytesInSlices } from '../../util/slices';

/**
 * A text longer than this many characters goes to the worker as its UTF-8 bytes, encoded in
 * slices and transferred: posting GitHub's 13 MB description as a string was one task of
 * 80–200 ms (its structured clone) each time the caret moved in a text not looked up yet (Ctrl+A
 * before a copy).
 */
export const RANGES_BYTES_CHARS = 256 * 1024;

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
  /** The lookup under way (a caret move and "Show in YAML" on one version share it). */
  private asked: { version: number; ranges: Promise<OperationRange[]> } | undefined;

  constructor(private readonly client: GeneratorClient = generatorClient()) {}

  /**
   * The ranges of the text at `version` (asks for the text only when not cached). `shown`: the
   * text at `version` is the open document's text that it names, so the worker looks up its own
   * text, and the text is asked for only when the document has changed since. `getText`
   * answering undefined (the text of `version` is gone) answers [] and caches nothing.
   */
  ranges(
    version: number,
    getText: () => string | Promise<string | undefined> | undefined,
    shown?: DocumentTextRef,
  ): Promise<OperationRange[]> {
    if (this.cached?.version === version) return Promise.resolve(this.cached.ranges);
    if (this.asked?.version === version) return this.asked.ranges;
    const looked = this.lookUp(getText, shown);
    const asked = { version, ranges: looked.then((ranges) => ranges ?? []) };
    this.asked = asked;
    void looked.then((ranges) => {
      // A lookup overtaken by another version's (or the editor gone) is not kept.
      if (this.asked !== asked) return;
      this.asked = undefined;
      if (ranges !== undefined) this.cached = { version, ranges };
    });
    return asked.ranges;
  }

  private async lookUp(
    getText: () => string | Promise<string | undefined> | undefined,
    shown: DocumentTextRef | undefined,
  ): Promise<OperationRange[] | undefined> {
    if (shown !== undefined) {
      const own = await this.client.documentOperationRanges(shown);
      if (own !== undefined) return own;
    }
    const text = await getText();
    if (text === undefined) return undefined;
    // A core on the main thread (no Worker) takes the string as it is: nothing is cloned.
    const sent =
      text.length > RANGES_BYTES_CHARS && this.client.inWorker ? await bytesInSlices(text) : text;
    if (sent === undefined) return undefined;
    return this.client.operationRanges(sent).catch((): OperationRange[] => []);
  }

  /** The cached ranges when they are of `version`. */
  rangesNow(version: number): OperationRange[] | undefined {
    return this.cached?.version === version ? this.cached.ranges : undefined;
  }

  dispose(): void {
    this.cached = undefined;
    this.asked = undefined;
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
