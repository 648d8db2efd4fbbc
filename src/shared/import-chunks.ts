/**
 * A parse result (or a form's endpoints) sent between threads in chunks. Endpoints share their
 * schema components (Stripe: 800 components, ~320 reached per endpoint); one structured-clone
 * message of all of it costs the sending and the receiving thread most of a second. Sent instead:
 * a head (counts, warnings, info), the component table in chunks, then endpoints in chunks with
 * `schemaComponents` as table indexes. Each message is its own short task, and the receiver puts
 * the sharing back. The import worker answers Load this way; the app sends Generate's endpoints
 * to the generator worker this way.
 */
import { CoreError, type ErrorInfo } from './errors';
import type { DocumentInfo, Endpoint, Schema } from './model';
import type { ImportWarning, ParseResult } from './parse-openapi';

/** Endpoints per message. */
export const ENDPOINT_CHUNK = 16;
/** Components per message. */
export const COMPONENT_CHUNK = 64;

type SlimEndpoint = Omit<Endpoint, 'schemaComponents'> & { c?: number[] };

export type ImportMessage =
  | {
      type: 'head';
      warnings: ImportWarning[];
      info?: DocumentInfo;
      endpoints: number;
      components: number;
    }
  | { type: 'components'; items: [string, Schema][] }
  | { type: 'endpoints'; items: SlimEndpoint[] }
  | { type: 'done' }
  | { type: 'error'; error: ErrorInfo };

/** A parse result as a sequence of {@link ImportMessage}s, made as they are taken. */
export function* chunkMessages(result: ParseResult): Generator<ImportMessage, void> {
  const table: [string, Schema][] = [];
  const index = new Map<string, Map<Schema, number>>();
  const indexOf = (name: string, schema: Schema): number => {
    let bySchema = index.get(name);
    if (!bySchema) {
      bySchema = new Map();
      index.set(name, bySchema);
    }
    let at = bySchema.get(schema);
    if (at === undefined) {
      at = table.length;
      table.push([name, schema]);
      bySchema.set(schema, at);
    }
    return at;
  };
  const slim = result.endpoints.map((endpoint) => {
    const { schemaComponents, ...rest } = endpoint;
    const out: SlimEndpoint = rest;
    if (schemaComponents !== undefined) {
      out.c = Object.entries(schemaComponents).map(([name, schema]) => indexOf(name, schema));
    }
    return out;
  });
  const head: ImportMessage = {
    type: 'head',
    warnings: result.warnings,
    endpoints: slim.length,
    components: table.length,
  };
  if (result.info !== undefined) head.info = result.info;
  yield head;
  for (let i = 0; i < table.length; i += COMPONENT_CHUNK) {
    yield { type: 'components', items: table.slice(i, i + COMPONENT_CHUNK) };
  }
  for (let i = 0; i < slim.length; i += ENDPOINT_CHUNK) {
    yield { type: 'endpoints', items: slim.slice(i, i + ENDPOINT_CHUNK) };
  }
  yield { type: 'done' };
}

/** Posts a parse result as a sequence of {@link ImportMessage}s, all at once (a worker's side). */
export function postInChunks(result: ParseResult, post: (message: ImportMessage) => void): void {
  for (const message of chunkMessages(result)) post(message);
}

/** Receiving side: rebuilds the document from the messages, in order. */
export class ChunkCollector {
  private table: [string, Schema][] = [];
  private endpoints: Endpoint[] = [];
  private warnings: ImportWarning[] = [];
  private info: DocumentInfo | undefined;

  /** Takes one message; returns the document once complete, throws the error info on failure. */
  accept(message: ImportMessage): ParseResult | undefined {
    switch (message.type) {
      case 'head':
        this.warnings = message.warnings;
        this.info = message.info;
        return undefined;
      case 'components':
        for (const item of message.items) this.table.push(item);
        return undefined;
      case 'endpoints':
        for (const { c, ...rest } of message.items) {
          const endpoint: Endpoint = rest;
          if (c !== undefined) {
            const map: Record<string, Schema> = {};
            for (const at of c) {
              const entry = this.table[at];
              if (entry) map[entry[0]] = entry[1];
            }
            endpoint.schemaComponents = map;
          }
          this.endpoints.push(endpoint);
        }
        return undefined;
      case 'done': {
        const document: ParseResult = { endpoints: this.endpoints, warnings: this.warnings };
        if (this.info !== undefined) document.info = this.info;
        return document;
      }
      case 'error':
        throw message.error;
    }
  }
}

/**
 * The receiving side of Generate for a large form: endpoints staged in chunks (a head first, which
 * starts over), then taken once for generation.
 */
export class EndpointStaging {
  private collector: ChunkCollector | undefined;
  private staged: Endpoint[] | undefined;

  accept(message: ImportMessage): void {
    if (message.type === 'head') {
      this.collector = new ChunkCollector();
      this.staged = undefined;
    }
    if (!this.collector) throw new CoreError('INTERNAL', 'No staging was started');
    const document = this.collector.accept(message);
    if (document) {
      this.staged = document.endpoints;
      this.collector = undefined;
    }
  }

  /** The endpoints staged last; forgotten after this call. */
  take(): Endpoint[] {
    const endpoints = this.staged;
    this.staged = undefined;
    if (!endpoints) throw new CoreError('INTERNAL', 'No endpoints were staged');
    return endpoints;
  }
}
