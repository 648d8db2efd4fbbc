/** Operation line ranges of the output editor's text and schema-editor helpers. */
import type { OperationRange, SchemaCheck } from '../../../shared/openapi/document/locate';
import { generatorClient, type GeneratorClient } from '../../core/generator-client';

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
    const ranges = await this.client
      .call('operationRanges', [getText()])
      .catch((): OperationRange[] => []);
    this.cached = { version, ranges };
    return ranges;
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
