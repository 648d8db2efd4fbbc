/**
 * The editable OpenAPI document: the form is a view over the real document, and
 * rendering changes only what the views changed.
 *
 * - `parseOpenApi(text)` keeps the source text (SourceText) and reads endpoint views, the
 *   document panel (`meta`) and the shared schemas from it, recording where every part of a
 *   view came from (sites.ts) and a snapshot of each view as read.
 * - `renderOpenApi(doc)` compares each view with its snapshot and turns the differences into
 *   copy-on-write edits of the source data (Draft): a changed summary sets one key, a removed
 *   endpoint deletes its operation and the components nothing else uses, a new endpoint is built
 *   by the generator and inserted. SourceText then splices only the changed nodes into the text.
 * - Everything the form does not show (extensions, servers, callbacks, non-JSON media types,
 *   comments, key order, styles) is never touched, because nothing edits it.
 */
import {
  buildDocument,
  buildHeader,
  buildMedia,
  buildOperation,
  buildParameter,
  buildResponse,
  exampleValue,
  SchemaRegistry,
  typedExample,
} from '../generate-openapi';
import { inferSchema } from '../infer-schema';
import type {
  BodyModel,
  DocumentInfo,
  Endpoint,
  Parameter,
  ResponseHeader,
  ResponseModel,
  Schema,
} from '../model';
import { CoreError } from '../errors';
import {
  isObject,
  own,
  pureSchemaRef,
  schemaRef,
  unescapePointer,
  type JsonObject,
} from '../openapi-common';
import { readOpenApi, type ImportWarning, type KeptOperation } from '../read-openapi';
import { reachedComponents } from '../refs';
import { dialectOf, type OpenApiDialect } from '../openapi-version';
import { baseDialect, defaultNewVersion, featuresOf } from '../versions';
import { objectForDialect, schemaForDialect } from '../schema-dialect';
import { hasBody } from '../validate-endpoints';
import { deepEqual, Draft, type Tokens } from './draft';
import { newDocumentMeta, type DocumentMeta } from './meta';
import type { BodySite, EndpointSite, ParameterSite, ResponseSite } from './sites';
import { SourceText, type SourceFlavor } from './source-text';
import { yamlText } from './yaml-text';

/** The editable document: views to edit, plus hidden state that renders them losslessly. */
export interface OpenApiDocument {
  /** The `openapi` field exactly as written (a new document: 3.0.1). Never rewritten. */
  version: string;
  /** The schema dialect the version implies: 3.0's Schema Object, or JSON Schema 2020-12. */
  dialect: OpenApiDialect;
  /**
   * One view per operation the form can show, in document order: the operations under `paths`,
   * then (3.1 and later) the webhooks, which carry `webhook: true`.
   */
  endpoints: Endpoint[];
  /** What the form cannot show or had to read differently (the document keeps it all). */
  warnings: ImportWarning[];
  /**
   * Operations the form does not show as endpoints (3.2 `additionalOperations`, `trace`), kept
   * as written; the navigator lists them read-only.
   */
  keptOperations: KeptOperation[];
  /** The document panel: info, servers, security, security schemes, tags. */
  meta: DocumentMeta;
  /** `components.schemas` by name, in document order. */
  schemas: Record<string, Schema>;
  /** Title, version and description as loaded (kept for the form model's callers). */
  info?: DocumentInfo;
}

interface Baseline {
  view: Endpoint;
  site: EndpointSite;
}

interface DocumentState {
  /** Absent for a new document, which is generated whole. */
  source?: SourceText;
  base: Map<string, Baseline>;
  meta: DocumentMeta;
  schemas: Record<string, Schema>;
  /** Component pointers the source reaches (computed once, when something is removed). */
  reachedBefore?: Set<string>;
}

const STATE = new WeakMap<OpenApiDocument, DocumentState>();

const JSON_MEDIA_TYPE = 'application/json';

/**
 * Reads an OpenAPI 3.0, 3.1 or 3.2 document (YAML or JSON) as an editable document. Swagger 2.0
 * throws SWAGGER_2 (see convertSwagger2); any other version UNSUPPORTED_VERSION.
 */
export function parseOpenApi(
  text: string,
  ids?: Readonly<Record<string, string>>,
): OpenApiDocument {
  const source = SourceText.parse(text);
  const sites = new Map<string, EndpointSite>();
  const read = readOpenApi(source.value, sites);
  if (ids !== undefined) renameViews(read.endpoints, sites, ids);
  const meta = readMeta(source.value);
  const schemas = readSchemas(source.value);
  const version = writtenVersion(text, source.value) ?? read.version;
  meta.openapi = version || meta.openapi;
  const doc: OpenApiDocument = {
    version,
    dialect: read.dialect,
    endpoints: read.endpoints,
    warnings: read.warnings,
    keptOperations: read.keptOperations,
    meta,
    schemas,
  };
  if (read.info !== undefined) doc.info = read.info;
  const base = new Map<string, Baseline>();
  for (const endpoint of read.endpoints) {
    const site = sites.get(endpoint.id);
    if (site !== undefined) base.set(endpoint.id, { view: snapshot(endpoint), site });
  }
  STATE.set(doc, { source, base, meta: cloneJson(meta), schemas: { ...schemas } });
  return doc;
}

/**
 * Gives views the ids a session had given them (`ids`: the id opening the text gives a view →
 * the id it had), so that commands made in that session address them here too. All at once: an
 * id may move to a view whose own id another one takes.
 */
function renameViews(
  endpoints: Endpoint[],
  sites: Map<string, EndpointSite>,
  ids: Readonly<Record<string, string>>,
): void {
  const renamed = new Map<string, EndpointSite>();
  endpoints.forEach((endpoint, index) => {
    const id = Object.hasOwn(ids, endpoint.id) ? ids[endpoint.id] : undefined;
    const site = sites.get(endpoint.id);
    if (typeof id !== 'string' || id === endpoint.id) {
      if (site !== undefined && !renamed.has(endpoint.id)) renamed.set(endpoint.id, site);
      return;
    }
    endpoints[index] = { ...endpoint, id };
    if (site !== undefined) renamed.set(id, site);
  });
  sites.clear();
  for (const [id, site] of renamed) sites.set(id, site);
}

/**
 * The `openapi` value as written when YAML reads it as a number (`openapi: 3.0` is the number 3,
 * which would print as '3'): the text of the scalar itself.
 */
function writtenVersion(text: string, value: unknown): string | undefined {
  if (!isObject(value) || typeof own(value, 'openapi') !== 'number') return undefined;
  const match = /^[ \t{]*["']?openapi["']?[ \t]*:[ \t]*([0-9][0-9.]*)/m.exec(text);
  return match?.[1];
}

/**
 * A new, empty document (spec §9: OpenAPI 3.0.1, 'Test', 'v1'). Another version (3.1.x, 3.2.0)
 * can be asked for; the document is then generated in that version's terms. A new document's
 * version follows `meta.openapi` (the document panel may change it before anything is loaded).
 */
export function newOpenApiDocument(
  endpoints: Endpoint[] = [],
  version = defaultNewVersion(),
): OpenApiDocument {
  const dialect = dialectOf(version);
  if (dialect === undefined) {
    throw new CoreError('UNSUPPORTED_VERSION', `OpenAPI ${version} is not supported.`);
  }
  const meta = { ...newDocumentMeta(), openapi: version };
  const doc: OpenApiDocument = {
    version,
    dialect,
    endpoints,
    warnings: [],
    keptOperations: [],
    meta,
    schemas: {},
  };
  STATE.set(doc, { base: new Map(), meta: cloneJson(meta), schemas: {} });
  return doc;
}

/** Whether the document came from text, and which kind of text. */
export function documentFlavor(doc: OpenApiDocument): SourceFlavor | undefined {
  return STATE.get(doc)?.source?.flavor;
}

/**
 * The document's text: the loaded text with only the views' changes spliced in (a JSON document
 * stays JSON), or the generated YAML of a new document.
 */
export function renderOpenApi(doc: OpenApiDocument, options: RenderOptions = {}): string {
  const state = STATE.get(doc);
  if (state?.source === undefined) return renderNew(doc);
  return state.source.render(documentData(doc, options));
}

export interface RenderOptions {
  /**
   * The caller replaces views and never changes one in place (the document session: every
   * command builds new views). A render then compares with its baseline only the views it has
   * not seen before, not all 11,000 of Microsoft Graph's on each keystroke.
   */
  viewsReplaced?: boolean;
}

/**
 * The document's text after a change made to its data as a whole (views' changes applied first):
 * `transform` returns new data built copy-on-write (untouched subtrees the same objects), and
 * only what it changed is spliced into the text. For edits no view can express, such as
 * renaming a shared schema everywhere it is referenced; reopen the text to read the new views.
 */
export function renderOpenApiWith(
  doc: OpenApiDocument,
  transform: (data: unknown) => unknown,
  options: RenderOptions = {},
): string {
  const state = STATE.get(doc);
  if (state?.source === undefined) return yamlText(transform(newDocumentData(doc)));
  return state.source.render(transform(documentData(doc, options)));
}

/** The document as plain data with the views' changes applied (untouched subtrees shared). */
export function documentData(doc: OpenApiDocument, options: RenderOptions = {}): unknown {
  const state = STATE.get(doc);
  if (state?.source === undefined) return newDocumentData(doc);
  return new DocumentEdit(doc, state, state.source.value, options.viewsReplaced === true).run();
}

function renderNew(doc: OpenApiDocument): string {
  return yamlText(newDocumentData(doc));
}

/** A new document, generated whole in the terms of the version its panel states. */
function newDocumentData(doc: OpenApiDocument): JsonObject {
  const version = doc.meta.openapi || doc.version;
  const dialect = dialectOf(version) ?? baseDialect();
  const { servers, security, securitySchemes, tags } = doc.meta;
  const built = buildDocument(doc.endpoints, doc.meta.info, {
    servers,
    security,
    securitySchemes,
    tags,
    schemas: doc.schemas,
    openapi: version,
  });
  return objectForDialect(built, dialect);
}

// ---------------------------------------------------------------- reading

function readMeta(value: unknown): DocumentMeta {
  const meta = newDocumentMeta();
  if (!isObject(value)) return meta;
  const openapi = own(value, 'openapi');
  if (typeof openapi === 'string' || typeof openapi === 'number') meta.openapi = String(openapi);
  const info = own(value, 'info');
  if (isObject(info)) meta.info = cloneJson(info) as DocumentMeta['info'];
  const servers = own(value, 'servers');
  if (Array.isArray(servers)) meta.servers = cloneJson(servers) as DocumentMeta['servers'];
  const security = own(value, 'security');
  if (Array.isArray(security)) meta.security = cloneJson(security) as DocumentMeta['security'];
  const tags = own(value, 'tags');
  if (Array.isArray(tags)) meta.tags = cloneJson(tags) as DocumentMeta['tags'];
  const components = own(value, 'components');
  const schemes = isObject(components) ? own(components, 'securitySchemes') : undefined;
  if (isObject(schemes)) {
    meta.securitySchemes = cloneJson(schemes) as DocumentMeta['securitySchemes'];
  }
  return meta;
}

function readSchemas(value: unknown): Record<string, Schema> {
  const components = isObject(value) ? own(value, 'components') : undefined;
  const schemas = isObject(components) ? own(components, 'schemas') : undefined;
  return isObject(schemas) ? ({ ...schemas } as Record<string, Schema>) : {};
}

/** Plain JSON copy (small values only: the document panel's objects). */
function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * A copy of a view to compare later edits with. Schemas are kept by reference: the form
 * replaces a schema object, it never changes one in place.
 */
function snapshot<T>(value: T, key?: string): T {
  if (value === null || typeof value !== 'object') return value;
  if (key === 'schema' || key === 'schemaComponents') return value;
  if (Array.isArray(value)) return value.map((item) => snapshot(item)) as T;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = snapshot(v, k);
  return out as T;
}

// ---------------------------------------------------------------- editing

/**
 * Whether a view equals its loaded baseline, remembered per view object, for callers whose
 * views are replaced and never changed in place (see {@link RenderOptions.viewsReplaced}).
 */
const baselineVerdicts = new WeakMap<Endpoint, { view: Endpoint; same: boolean }>();

function sameAsBaseline(endpoint: Endpoint, view: Endpoint): boolean {
  const known = baselineVerdicts.get(endpoint);
  if (known !== undefined && known.view === view) return known.same;
  const same = sameView(endpoint, view);
  baselineVerdicts.set(endpoint, { view, same });
  return same;
}

/** One render: the views' differences applied to a draft of the source data. */
class DocumentEdit {
  private readonly draft: Draft;
  private registry: SchemaRegistry | undefined;
  /** Whether component references may have been dropped (then unused components go). */
  private collect = false;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly state: DocumentState,
    private readonly before: unknown,
    private readonly viewsReplaced: boolean,
  ) {
    this.draft = new Draft(before);
  }

  run(): unknown {
    this.applyMeta();
    this.applySchemas();
    const present = new Set(this.doc.endpoints.map((endpoint) => endpoint.id));
    for (const [id, base] of this.state.base) {
      if (!present.has(id)) this.removeOperation(base.site);
    }
    for (const endpoint of this.doc.endpoints) {
      const base = this.state.base.get(endpoint.id);
      if (base === undefined) this.addOperation(endpoint);
      else if (
        !(this.viewsReplaced ? sameAsBaseline(endpoint, base.view) : sameView(endpoint, base.view))
      ) {
        this.patchEndpoint(endpoint, base);
      }
    }
    this.flushComponents();
    if (this.collect) this.collectGarbage();
    return this.draft.root;
  }

  // ------------------------------------------------------------ document level

  private applyMeta(): void {
    const { meta } = this.doc;
    const base = this.state.meta;
    if (!deepEqual(meta.info, base.info)) this.draft.set(['info'], meta.info);
    for (const key of ['servers', 'security', 'tags'] as const) {
      if (deepEqual(meta[key], base[key])) continue;
      if (meta[key] === undefined) this.draft.delete([key]);
      else this.setRootKey(key, meta[key]);
    }
    if (!deepEqual(meta.securitySchemes, base.securitySchemes)) {
      if (meta.securitySchemes === undefined) this.draft.delete(['components', 'securitySchemes']);
      else this.draft.set(['components', 'securitySchemes'], meta.securitySchemes);
    }
  }

  /** A new root key goes before `paths` (where readers expect servers, security and tags). */
  private setRootKey(key: string, value: unknown, before = 'paths'): void {
    if (this.draft.has([key]) || !this.draft.has([before])) {
      this.draft.set([key], value);
      return;
    }
    const root = this.draft.root as JsonObject;
    const next: JsonObject = {};
    for (const k of Object.keys(root)) {
      if (k === before) next[key] = value;
      next[k] = root[k];
    }
    this.draft.set([], this.draft.own(next));
  }

  private applySchemas(): void {
    const current = this.doc.schemas;
    const base = this.state.schemas;
    const keys = Object.keys(current);
    const baseKeys = Object.keys(base);
    const same =
      keys.length === baseKeys.length &&
      keys.every((key, i) => key === baseKeys[i] && current[key] === base[key]);
    if (same) return;
    const next: JsonObject = {};
    for (const key of keys) {
      const schema = current[key];
      Object.defineProperty(next, key, {
        // A shared schema the form changed or added speaks the document's dialect.
        value: schema === base[key] ? schema : this.schemaOut(schema),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    this.collect = true;
    if (keys.length === 0 && baseKeys.length > 0) {
      // The last shared schema removed leaves no `schemas: {}` behind, nor a `components` it
      // empties: a schema added, the text opened again, then removed leaves no trace.
      this.draft.delete(['components', 'schemas']);
      const components = this.draft.get(['components']);
      if (isObject(components) && Object.keys(components).length === 0) {
        this.draft.delete(['components']);
      }
      return;
    }
    this.draft.set(['components', 'schemas'], this.draft.own(next));
  }

  // ------------------------------------------------------------ operations

  private registryOf(): SchemaRegistry {
    if (this.registry === undefined) {
      this.registry = new SchemaRegistry();
      const schemas = this.draft.get(['components', 'schemas']);
      if (isObject(schemas)) {
        for (const name of Object.keys(schemas)) this.registry.fix(name, schemas[name] as Schema);
      }
    }
    return this.registry;
  }

  /** Components the generator claimed for new bodies are added under their names. */
  private flushComponents(): void {
    if (this.registry === undefined) return;
    const existing = this.draft.get(['components', 'schemas']);
    for (const [name, schema] of Object.entries(this.registry.toObject())) {
      if (isObject(existing) && Object.hasOwn(existing, name)) continue;
      this.draft.set(['components', 'schemas', name], this.schemaOut(schema));
    }
  }

  /** A schema the form made, in the document's dialect (new text speaks the document's). */
  private schemaOut<T extends Schema | undefined>(schema: T): T {
    return schemaForDialect(schema, this.doc.dialect);
  }

  /** An object the generator built, with its schemas in the document's dialect. */
  private out<T>(value: T): T {
    return objectForDialect(value, this.doc.dialect);
  }

  private addOperation(endpoint: Endpoint): void {
    const method = endpoint.method.toLowerCase();
    const root = rootOfEndpoint(endpoint, this.doc.dialect);
    if (this.draft.has([root, endpoint.path, method])) return; // a duplicate: validation says so
    const operation = this.out(buildOperation(endpoint, this.registryOf()));
    if (this.draft.has([root, endpoint.path])) {
      this.draft.set([root, endpoint.path, method], operation);
    } else if (root === 'webhooks' && !this.draft.has([root])) {
      this.setRootKey('webhooks', { [endpoint.path]: { [method]: operation } }, 'components');
    } else {
      this.draft.set([root, endpoint.path], { [method]: operation });
    }
  }

  private removeOperation(site: EndpointSite): void {
    const item = [rootOf(site), site.pathKey];
    this.draft.delete([...item, site.methodKey]);
    if (!hasOperations(this.draft.get(item))) this.draft.delete(item);
    this.collect = true;
  }

  private patchEndpoint(endpoint: Endpoint, base: Baseline): void {
    const { site, view } = base;
    const op: Tokens = [rootOf(site), site.pathKey, site.methodKey];
    if (!isObject(this.draft.get(op))) return;
    this.patchScalar(op, 'summary', endpoint.summary || undefined, view.summary || undefined);
    for (const key of ['description', 'operationId', 'deprecated', 'tags', 'security'] as const) {
      this.patchScalar(op, key, endpoint[key], view[key]);
    }
    if (!deepEqual(endpoint.parameters, view.parameters)) {
      this.patchParameters(op, site, endpoint.parameters, view.parameters);
    }
    if (
      !deepEqual(endpoint.requestBody, view.requestBody) ||
      endpoint.requestBodyRequired !== view.requestBodyRequired
    ) {
      this.patchRequestBody(op, site, endpoint, view);
    }
    if (!deepEqual(endpoint.responses, view.responses)) {
      this.patchResponses(op, site, endpoint.responses, view.responses);
    }
    if (
      endpoint.path !== view.path ||
      endpoint.method !== view.method ||
      rootOfEndpoint(endpoint, this.doc.dialect) !== rootOf(site)
    ) {
      this.moveOperation(site, endpoint);
    }
  }

  /** Sets, or deletes (undefined), one key when the view's value changed. */
  private patchScalar(at: Tokens, key: string, next: unknown, previous: unknown): void {
    if (deepEqual(next, previous)) return;
    if (next === undefined) this.draft.delete([...at, key]);
    else this.draft.set([...at, key], next);
  }

  private moveOperation(site: EndpointSite, endpoint: Endpoint): void {
    const target = rootOfEndpoint(endpoint, this.doc.dialect);
    if (target !== rootOf(site)) {
      this.moveBetweenRoots(site, endpoint, target);
      return;
    }
    const paths = [target];
    const method = endpoint.method.toLowerCase();
    const item = [...paths, site.pathKey];
    if (endpoint.path === site.pathKey) {
      if (!this.draft.has([...item, method])) this.draft.renameKey(item, site.methodKey, method);
      return;
    }
    const itemValue = this.draft.get(item);
    const alone = operationKeys(itemValue).length === 1;
    if (alone && !this.draft.has([...paths, endpoint.path])) {
      this.draft.renameKey(paths, site.pathKey, endpoint.path);
      if (method !== site.methodKey) {
        this.draft.renameKey([...paths, endpoint.path], site.methodKey, method);
      }
      return;
    }
    if (this.draft.has([...paths, endpoint.path, method])) return; // a duplicate
    const op = [...item, site.methodKey];
    // Parameters the operation inherited from its old path item go with it.
    const inherited = [...site.parameters.entries()]
      .filter(([id, p]) => p.level === 'path' && endpoint.parameters.some((q) => q.id === id))
      .map(([, p]) => p.raw);
    if (inherited.length > 0) {
      const own = this.draft.get([...op, 'parameters']);
      this.draft.set([...op, 'parameters'], [...(Array.isArray(own) ? own : []), ...inherited]);
    }
    const operation = this.draft.get(op);
    this.draft.delete(op);
    if (!hasOperations(this.draft.get(item))) this.draft.delete(item);
    if (this.draft.has([...paths, endpoint.path])) {
      this.draft.set([...paths, endpoint.path, method], operation);
    } else {
      this.draft.set([...paths, endpoint.path], { [method]: operation });
    }
  }

  /** An operation made a webhook (or a webhook an operation): it moves, with its fields. */
  private moveBetweenRoots(site: EndpointSite, endpoint: Endpoint, target: string): void {
    const item = [rootOf(site), site.pathKey];
    const op = [...item, site.methodKey];
    const method = endpoint.method.toLowerCase();
    if (this.draft.has([target, endpoint.path, method])) return; // a duplicate
    const operation = this.draft.get(op);
    this.draft.delete(op);
    if (!hasOperations(this.draft.get(item))) this.draft.delete(item);
    if (this.draft.has([target, endpoint.path])) {
      this.draft.set([target, endpoint.path, method], operation);
    } else if (target === 'webhooks' && !this.draft.has([target])) {
      this.setRootKey(target, { [endpoint.path]: { [method]: operation } }, 'components');
    } else {
      this.draft.set([target, endpoint.path], { [method]: operation });
    }
  }

  // ------------------------------------------------------------ parameters

  private patchParameters(
    op: Tokens,
    site: EndpointSite,
    next: Parameter[],
    previous: Parameter[],
  ): void {
    const listTokens = [...op, 'parameters'];
    const current = this.draft.get(listTokens);
    let list: unknown[] = Array.isArray(current) ? [...current] : [];
    const appended: unknown[] = [];
    const removedFromPath: ParameterSite[] = [];
    const byId = new Map(next.map((parameter) => [parameter.id, parameter]));
    for (const old of previous) {
      const parameterSite = site.parameters.get(old.id);
      const edited = byId.get(old.id);
      if (parameterSite === undefined) continue;
      if (edited === undefined) {
        if (parameterSite.level === 'operation') list = list.filter((p) => p !== parameterSite.raw);
        else removedFromPath.push(parameterSite);
        continue;
      }
      if (deepEqual(edited, old)) continue;
      const updated = patchParameterObject(parameterSite.resolved, edited, old, this.doc.dialect);
      if (parameterSite.level === 'operation') {
        list = list.map((p) => (p === parameterSite.raw ? updated : p));
      } else {
        // An inherited parameter edited in one operation is overridden there (OpenAPI's rule:
        // the operation's parameter with the same name and location wins).
        appended.push(updated);
      }
    }
    const known = new Set(previous.map((parameter) => parameter.id));
    for (const parameter of next) {
      if (!known.has(parameter.id)) {
        appended.push(this.out(buildParameter(parameter, this.registryOf())));
      }
    }
    list.push(...appended);
    if (list.length === 0) this.draft.delete(listTokens);
    else this.draft.set(listTokens, list);
    if (removedFromPath.length > 0) this.dropInherited(site, removedFromPath);
  }

  /**
   * A parameter removed from one operation but declared on its path item: the path item stops
   * declaring it, and the item's other operations declare it themselves (they keep it).
   */
  private dropInherited(site: EndpointSite, removed: ParameterSite[]): void {
    const item = [rootOf(site), site.pathKey];
    const raws = new Set(removed.map((parameter) => parameter.raw));
    const shared = this.draft.get([...item, 'parameters']);
    if (!Array.isArray(shared)) return;
    const kept = shared.filter((parameter) => !raws.has(parameter));
    if (kept.length === 0) this.draft.delete([...item, 'parameters']);
    else this.draft.set([...item, 'parameters'], kept);
    for (const key of operationKeys(this.draft.get(item))) {
      if (key === site.methodKey) continue;
      const list = this.draft.get([...item, key, 'parameters']);
      const own = Array.isArray(list) ? list : [];
      const add = removed
        .filter((parameter) => !own.some((p) => sameParameterKey(p, parameter.resolved)))
        .map((parameter) => parameter.raw);
      if (add.length > 0) this.draft.set([...item, key, 'parameters'], [...own, ...add]);
    }
  }

  // ------------------------------------------------------------ bodies

  private patchRequestBody(op: Tokens, site: EndpointSite, next: Endpoint, previous: Endpoint) {
    const at = [...op, 'requestBody'];
    const e = next.requestBody;
    const b = previous.requestBody;
    if (!hasBody(e)) {
      if (hasBody(b) || this.draft.has(at)) {
        if (e === undefined || !this.containerHasOtherContent(at, site.requestBody)) {
          this.draft.delete(at);
          this.collect = true;
          return;
        }
      }
    }
    if (site.requestBody === undefined || !this.draft.has(at)) {
      const registry = this.registryOf();
      const media = e !== undefined ? this.out(buildMedia(e, registry)) : undefined;
      if (media === undefined || e === undefined) return;
      const body: JsonObject = {};
      if (e.description !== undefined) body.description = e.description;
      body.content = { [e.mediaType ?? JSON_MEDIA_TYPE]: media };
      if (next.requestBodyRequired !== undefined) body.required = next.requestBodyRequired;
      this.draft.set(at, body);
      return;
    }
    const container = new Container(this.draft, at, site.requestBody, this.doc.dialect);
    if (next.requestBodyRequired !== previous.requestBodyRequired) {
      container.set(['required'], next.requestBodyRequired);
    }
    if (e?.description !== b?.description) container.set(['description'], e?.description);
    this.patchBody(container, site.requestBody, e, b);
  }

  /** Whether a requestBody holds more than the JSON body the form removed (other media types). */
  private containerHasOtherContent(at: Tokens, site: BodySite | undefined): boolean {
    const resolved = site?.resolved ?? this.draft.get(at);
    const content = isObject(resolved) ? own(resolved, 'content') : undefined;
    if (!isObject(content)) return false;
    return Object.keys(content).some((key) => key !== site?.mediaKey);
  }

  private patchResponses(
    op: Tokens,
    site: EndpointSite,
    next: ResponseModel[],
    previous: ResponseModel[],
  ): void {
    const pairs: [
      ResponseModel | undefined,
      ResponseModel | undefined,
      ResponseSite | undefined,
    ][] = [];
    if (next.length === previous.length) {
      next.forEach((response, i) => pairs.push([response, previous[i], site.responses[i]]));
    } else {
      const used = new Set<number>();
      for (const response of next) {
        const index = previous.findIndex(
          (old, i) => !used.has(i) && old.statusCode === response.statusCode,
        );
        if (index >= 0) {
          used.add(index);
          pairs.push([response, previous[index], site.responses[index]]);
        } else {
          pairs.push([response, undefined, undefined]);
        }
      }
      previous.forEach((old, i) => {
        if (!used.has(i)) pairs.push([undefined, old, site.responses[i]]);
      });
    }
    const responses = [...op, 'responses'];
    // Removals first, so a code given up by one response can be taken by another.
    for (const [e, , responseSite] of pairs) {
      if (e === undefined && responseSite !== undefined) {
        this.draft.delete([...responses, responseSite.code]);
        this.collect = true;
      }
    }
    for (const [e, b, responseSite] of pairs) {
      if (e === undefined) continue;
      const code = validCode(e.statusCode);
      if (b === undefined || responseSite === undefined) {
        if (code !== undefined && !this.draft.has([...responses, code])) {
          this.draft.set([...responses, code], this.out(buildResponse(e, this.registryOf())));
        }
        continue;
      }
      if (deepEqual(e, b)) continue;
      let key = responseSite.code;
      if (code === undefined) {
        // A response whose code was cleared is not written (validation blocks Generate).
        continue;
      }
      if (code !== key && !this.draft.has([...responses, code])) {
        this.draft.renameKey(responses, key, code);
        key = code;
      }
      const container = new Container(
        this.draft,
        [...responses, key],
        responseSite,
        this.doc.dialect,
      );
      const description =
        e.description !== b.description
          ? e.description
          : e.body.description !== b.body.description
            ? e.body.description
            : undefined;
      if (e.description !== b.description || e.body.description !== b.body.description) {
        container.set(['description'], description ?? '');
      }
      if (!deepEqual(e.headers, b.headers)) container.setHeaders(e.headers, b.headers);
      this.patchBody(container, responseSite, e.body, b.body);
    }
  }

  /** The media type of a body: its example, its schema (kept or derived), its name. */
  private patchBody(
    container: Container,
    site: BodySite,
    e: BodyModel | undefined,
    b: BodyModel | undefined,
  ): void {
    const eHas = hasBody(e);
    const bHas = hasBody(b) && site.mediaKey !== undefined;
    if (!eHas && !bHas) return;
    const content = ['content'];
    if (!eHas) {
      container.delete([...content, site.mediaKey as string]);
      if (!container.hasAny(content)) container.delete(content);
      this.collect = true;
      return;
    }
    if (!bHas || site.mediaKey === undefined) {
      const media = this.out(buildMedia(e, this.registryOf()));
      if (media !== undefined) container.set([...content, e.mediaType ?? JSON_MEDIA_TYPE], media);
      return;
    }
    let mediaKey = site.mediaKey;
    if (e.mediaType !== undefined && e.mediaType !== (b?.mediaType ?? mediaKey)) {
      container.renameKey(content, mediaKey, e.mediaType);
      mediaKey = e.mediaType;
    }
    const media = [...content, mediaKey];
    const previous = b as BodyModel;
    const firstKey = site.example?.kind === 'examples' ? site.example.key : undefined;
    const renamed = e.exampleName?.trim();
    if (firstKey !== undefined && renamed && renamed !== firstKey) {
      // The first example renamed in the form: its key changes, its entry stays.
      container.renameKey([...media, 'examples'], firstKey, renamed);
      site = { ...site, example: { kind: 'examples', key: renamed } };
    }
    if (e.customerJson !== previous.customerJson) this.patchExample(container, media, site, e);
    if (!deepEqual(e.examples, previous.examples)) {
      this.patchMoreExamples(container, media, e, previous);
    }
    this.patchSchema(container, media, site, e, previous);
  }

  private patchExample(container: Container, media: Tokens, site: BodySite, e: BodyModel): void {
    const blank = e.customerJson.trim() === '';
    const value = blank ? undefined : exampleValue(e.customerJson);
    const where = site.example;
    if (where?.kind === 'example') {
      container.set([...media, 'example'], value);
    } else if (where?.kind === 'examples') {
      const entry = [...media, 'examples', where.key];
      if (value === undefined) {
        container.delete(entry);
        if (!container.hasAny([...media, 'examples'])) container.delete([...media, 'examples']);
      } else if (
        isObject(container.get(entry)) &&
        container.get([...entry, '$ref']) === undefined
      ) {
        container.set([...entry, 'value'], value);
      } else {
        container.set(entry, { value });
      }
    } else if (value !== undefined) {
      const name = e.exampleName ?? (e.name.trim() || 'example');
      container.set([...media, 'examples', name], { summary: name, value });
    }
  }

  private patchMoreExamples(container: Container, media: Tokens, e: BodyModel, b: BodyModel): void {
    // OpenAPI allows `example` or `examples`, not both: a single `example` becomes the first
    // entry of `examples` once there are more.
    const single = container.get([...media, 'example']);
    if (single !== undefined && (e.examples ?? []).length > 0) {
      const name = e.exampleName?.trim() || e.name.trim() || 'example';
      container.delete([...media, 'example']);
      container.set([...media, 'examples', name], { value: single });
    }
    const names = new Set((e.examples ?? []).map((example) => example.name));
    for (const old of b.examples ?? []) {
      if (!names.has(old.name)) container.delete([...media, 'examples', old.name]);
    }
    for (const example of e.examples ?? []) {
      const before = (b.examples ?? []).find((old) => old.name === example.name);
      if (before !== undefined && deepEqual(before, example)) continue;
      const entry = [...media, 'examples', example.name];
      const existing = container.get(entry);
      const next: JsonObject =
        isObject(existing) && existing.$ref === undefined ? { ...existing } : {};
      if (example.summary !== undefined) next.summary = example.summary;
      next.value = exampleValue(example.json);
      container.set(entry, next);
    }
  }

  private patchSchema(
    container: Container,
    media: Tokens,
    site: BodySite,
    e: BodyModel,
    b: BodyModel,
  ): void {
    const named = site.schemaRef !== undefined && site.schemaRef === b.name;
    // A new name: point at that component (made from the current schema when it is new).
    if (named && e.name.trim() !== '' && e.name !== b.name) {
      const target = e.name.trim();
      if (!this.draft.has(['components', 'schemas', target])) {
        const current =
          e.schema !== undefined && pureSchemaRef(e.schema) === undefined
            ? e.schema
            : this.draft.get(['components', 'schemas', site.schemaRef as string]);
        this.draft.set(['components', 'schemas', target], this.schemaOut(current as Schema));
      }
      container.set([...media, 'schema'], { $ref: schemaRef(target) });
      this.collect = true;
      return;
    }
    // The name cleared (the shared schema was deleted): the schema goes inline, as it is now.
    if (named && e.name.trim() === '' && b.name.trim() !== '') {
      const current =
        e.schema !== undefined && pureSchemaRef(e.schema) === undefined
          ? e.schema
          : this.draft.get(['components', 'schemas', site.schemaRef as string]);
      if (isObject(current)) {
        container.set([...media, 'schema'], this.schemaOut(current as Schema));
        this.collect = true;
        return;
      }
    }
    let schema: Schema | undefined;
    if (e.schema !== undefined || b.schema !== undefined) {
      // The loaded (or explicitly set) schema is the truth: editing the example never changes it.
      if (deepEqual(e.schema, b.schema)) return;
      schema = e.schema ?? inferSchema(e.customerJson);
    } else if (e.customerJson !== b.customerJson) {
      // A body typed in the form: its schema follows its example (spec §3).
      schema = inferSchema(e.customerJson);
    }
    if (schema === undefined) return;
    schema = this.schemaOut(schema);
    if (named && pureSchemaRef(schema) === undefined) {
      this.draft.set(['components', 'schemas', site.schemaRef as string], schema);
    } else {
      container.set([...media, 'schema'], schema);
      this.collect = true;
    }
  }

  // ------------------------------------------------------------ unused components

  private collectGarbage(): void {
    const before = (this.state.reachedBefore ??= reachedComponents(this.before));
    const after = reachedComponents(this.draft.root);
    for (const pointer of before) {
      if (after.has(pointer)) continue;
      const tokens = pointer.split('/').slice(1).map(unescapePointer);
      this.draft.delete(tokens);
    }
  }
}

/**
 * A requestBody or response object seen through the operation: the first change of one
 * reached through a `$ref` inlines a copy in the operation (decision: editing a shared
 * requestBody or response from one endpoint does not change the other endpoints using it).
 */
class Container {
  private inlined = false;

  constructor(
    private readonly draft: Draft,
    private readonly at: Tokens,
    private readonly site: BodySite,
    private readonly dialect: OpenApiDialect,
  ) {}

  private ensureInline(): void {
    if (this.inlined) return;
    this.inlined = true;
    if (this.site.raw !== this.site.resolved && isObject(this.site.resolved)) {
      this.draft.set(this.at, { ...this.site.resolved });
    }
  }

  get(tokens: Tokens): unknown {
    const here = this.inlined ? this.draft.get(this.at) : this.site.resolved;
    let current: unknown = here;
    for (const token of tokens) {
      if (!isObject(current) && !Array.isArray(current)) return undefined;
      current = (current as JsonObject)[token as string];
    }
    return current;
  }

  hasAny(tokens: Tokens): boolean {
    const value = this.get(tokens);
    return isObject(value) && Object.keys(value).length > 0;
  }

  set(tokens: Tokens, value: unknown): void {
    this.ensureInline();
    if (value === undefined) this.draft.delete([...this.at, ...tokens]);
    else this.draft.set([...this.at, ...tokens], value);
  }

  delete(tokens: Tokens): void {
    this.ensureInline();
    this.draft.delete([...this.at, ...tokens]);
  }

  renameKey(tokens: Tokens, from: string, to: string): void {
    this.ensureInline();
    this.draft.renameKey([...this.at, ...tokens], from, to);
  }

  /** Response headers: edited ones keep the fields the form does not show. */
  setHeaders(next: ResponseHeader[] | undefined, previous: ResponseHeader[] | undefined): void {
    const names = new Set((next ?? []).map((header) => header.name.trim()));
    for (const old of previous ?? []) {
      if (!names.has(old.name.trim())) this.delete(['headers', old.name.trim()]);
    }
    for (const header of next ?? []) {
      const name = header.name.trim();
      if (name === '') continue;
      const before = (previous ?? []).find((old) => old.id === header.id);
      if (before !== undefined && deepEqual(before, header)) continue;
      const existing = this.get(['headers', name]);
      const built = objectForDialect(buildHeader(header), this.dialect);
      if (isObject(existing) && existing.$ref === undefined) {
        const merged: JsonObject = { ...existing };
        if (header.description === '') delete merged.description;
        else merged.description = header.description;
        if (header.example === '') delete merged.example;
        else merged.example = built.example;
        if (header.schema !== undefined)
          merged.schema = schemaForDialect(header.schema, this.dialect);
        this.set(['headers', name], merged);
      } else {
        this.set(['headers', name], built);
      }
    }
    if (!this.hasAny(['headers'])) this.delete(['headers']);
  }
}

/**
 * Whether a view is unchanged. `schemaComponents` is left out: it is derived from the document
 * (what the view's schemas reach), never edited, and large; the app does not even send it back.
 */
export function sameView(a: Endpoint, b: Endpoint): boolean {
  return deepEqual({ ...a, schemaComponents: undefined }, { ...b, schemaComponents: undefined });
}

/** A parameter object with the view's changes, keeping every field the form does not show. */
function patchParameterObject(
  resolved: JsonObject,
  next: Parameter,
  previous: Parameter,
  dialect: OpenApiDialect,
) {
  const out: JsonObject = { ...resolved };
  if (next.name !== previous.name) out.name = next.name;
  if (next.location !== previous.location) out.in = next.location;
  if (next.location === 'path') out.required = true;
  else if (next.required !== previous.required) {
    if (next.required) out.required = true;
    else if (resolved.required !== undefined) out.required = false;
  }
  if (next.description !== previous.description) {
    if (next.description === '') delete out.description;
    else out.description = next.description;
  }
  if (next.deprecated !== previous.deprecated) {
    if (next.deprecated === undefined) delete out.deprecated;
    else out.deprecated = next.deprecated;
  }
  if (!deepEqual(next.schema, previous.schema)) {
    if (next.schema === undefined) delete out.schema;
    else out.schema = schemaForDialect(next.schema, dialect);
  }
  if (next.example !== previous.example) {
    const type = isObject(out.schema) ? (out.schema.type as string | undefined) : undefined;
    const examples = out.examples;
    if (next.example === '') {
      delete out.example;
    } else if (out.example === undefined && isObject(examples)) {
      const first = Object.keys(examples)[0];
      const entry = first === undefined ? undefined : examples[first];
      if (first !== undefined && isObject(entry) && entry.$ref === undefined) {
        out.examples = {
          ...examples,
          [first]: { ...entry, value: typedExample(next.example, type) },
        };
      } else {
        out.example = typedExample(next.example, type);
      }
    } else {
      out.example = typedExample(next.example, type);
    }
  }
  return out;
}

function sameParameterKey(a: unknown, b: JsonObject): boolean {
  return isObject(a) && a.name === b.name && a.in === b.in;
}

const OPERATION_KEYS = new Set([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
]);

/** Where an operation read from the document sits: under `paths` or `webhooks`. */
function rootOf(site: EndpointSite): string {
  return site.root ?? 'paths';
}

/** Where a view's operation belongs: a webhook under `webhooks` (3.1 and later only). */
function rootOfEndpoint(endpoint: Endpoint, dialect: OpenApiDialect): string {
  return endpoint.webhook === true && featuresOf(dialect).webhooks ? 'webhooks' : 'paths';
}

function operationKeys(item: unknown): string[] {
  return isObject(item) ? Object.keys(item).filter((key) => OPERATION_KEYS.has(key)) : [];
}

function hasOperations(item: unknown): boolean {
  return (
    operationKeys(item).length > 0 ||
    (isObject(item) &&
      (typeof item.$ref === 'string' ||
        (isObject(item.additionalOperations) && Object.keys(item.additionalOperations).length > 0)))
  );
}

function validCode(code: number | undefined): string | undefined {
  return code !== undefined && Number.isInteger(code) && code >= 100 && code <= 599
    ? String(code)
    : undefined;
}
