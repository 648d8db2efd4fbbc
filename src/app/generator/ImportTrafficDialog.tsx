/**
 * "Import traffic": paste cURL commands or open a HAR file, preview the endpoints the
 * import would create, pick some, and append them to the form. The text is read in the worker
 * (generator-client's importCurl / importHar), so a 20 MB HAR is never parsed on the main thread;
 * a file over the limit is refused from its size alone, before it is read.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  isMetaCommand,
  type DocumentCommand,
  type Endpoint,
  type SecurityRequirement,
} from '../../shared/openapi';
import type { SecuritySchemeObject } from '../../shared/openapi/document/meta';
import { MAX_CURL_CHARS } from '../../shared/openapi/traffic/curl';
import { MAX_HAR_CHARS } from '../../shared/openapi/traffic/har';
import type { TrafficResult, TrafficUnparsedBody } from '../../shared/openapi/traffic/build';
import { CoreCallError, generatorClient, isAbortError } from '../core/generator-client';
import { CORE_ERROR_MESSAGES } from '../core/core-errors';
import { createEndpoint } from '../model/endpoint-ops';
import { useDocumentLinks, type DocumentStore } from '../model/document-store';
import { metaCommands } from '../model/meta-commands';
import type { EndpointStore } from '../model/endpoint-store';
import { Modal } from '../components/Modal';
import './import-traffic.css';

/** Translated wording of the traffic import's warning codes (the core's text is English). */
const TRAFFIC_WARNINGS: Readonly<Record<string, MessageDescriptor>> = {
  HAR_STATIC_SKIPPED: msg`Page resources (documents, scripts, styles, images, fonts, media) are skipped.`,
  HAR_PREFLIGHT_SKIPPED: msg`CORS preflight calls are skipped.`,
  HAR_FAILED_SKIPPED: msg`Calls without a response (blocked or failed) are skipped.`,
  HAR_SCHEME_SKIPPED: msg`Calls to non-HTTP addresses are skipped.`,
  HAR_ENTRY_INVALID: msg`Entries without a valid request are skipped.`,
  HAR_BINARY_BODY: msg`Binary bodies are not kept as examples.`,
  CURL_OPTION_IGNORED: msg`A cURL option the import does not use is ignored.`,
  CURL_FILE_BODY: msg`A body read from a file is not kept.`,
  CURL_NOT_CURL: msg`A command that is not curl is skipped.`,
  TRAFFIC_URL_INVALID: msg`A call with an invalid address is skipped.`,
  UNSUPPORTED_METHOD: msg`Calls with an unsupported method are skipped.`,
  TRAFFIC_MEDIA_TYPES: msg`Bodies of a second media type are not kept.`,
  TRAFFIC_EXAMPLES_TRIMMED: msg`Only the first five different bodies are kept as examples; the schema covers all of them.`,
  TRAFFIC_SEVERAL_HOSTS: msg`The calls go to several hosts; paths are kept without the host.`,
  TRAFFIC_UNPARSED_BODY: msg`Bodies that could not be parsed are not used as examples unless you choose to below.`,
};

/** Longest part of an unparsed body shown in the preview (the whole text is what is used). */
const UNPARSED_PREVIEW_CHARS = 4000;

type State =
  | { kind: 'idle' }
  | { kind: 'reading'; source: string }
  | { kind: 'error'; message: string }
  | {
      kind: 'preview';
      source: string;
      result: TrafficResult;
      selected: boolean[];
      /** Per entry of result.unparsed: the user chose to use the body as an example. */
      useUnparsed: boolean[];
    };

export interface ImportTrafficDialogProps {
  onClose: () => void;
  /** The picked endpoints, and the security schemes their `security` names. */
  onAdd: (endpoints: Endpoint[], securitySchemes: Record<string, SecuritySchemeObject>) => void;
}

function methodClass(method: string): string {
  return `gen-method gen-method-${method.toLowerCase()}`;
}

export function ImportTrafficDialog({ onClose, onAdd }: ImportTrafficDialogProps) {
  const { t, i18n } = useLingui();
  const [curl, setCurl] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  const curlId = useId();
  const listId = useId();
  useEffect(() => () => running.current?.abort(), []);

  const describeError = (error: unknown): string => {
    if (error instanceof CoreCallError) {
      const text = i18n._(CORE_ERROR_MESSAGES[error.code]);
      return error.info.line === undefined
        ? text
        : t`${text} (line ${error.info.line}, column ${error.info.column ?? 1})`;
    }
    return i18n._(CORE_ERROR_MESSAGES.INTERNAL);
  };

  const read = async (source: string, call: (signal: AbortSignal) => Promise<TrafficResult>) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'reading', source });
    try {
      const result = await call(controller.signal);
      if (controller.signal.aborted) return;
      setState({
        kind: 'preview',
        source,
        result,
        selected: result.endpoints.map(() => true),
        useUnparsed: result.unparsed.map(() => false),
      });
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) return;
      setState({ kind: 'error', message: describeError(error) });
    }
  };

  const readCurl = () => {
    if (curl.trim() === '') return;
    // Refused here from its length alone: 20 MB of text is never posted to the worker.
    if (curl.length > MAX_CURL_CHARS) {
      const size = (curl.length / 1024 / 1024).toFixed(1);
      const limit = MAX_CURL_CHARS / 1024 / 1024;
      setState({
        kind: 'error',
        message: t`The cURL text is ${size} MB; up to ${limit} MB can be imported. Paste fewer commands, or import a HAR file.`,
      });
      return;
    }
    void read(t`cURL`, (signal) => generatorClient().importCurl(curl, { signal }));
  };

  const openFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    if (file.size > MAX_HAR_CHARS) {
      const size = (file.size / 1024 / 1024).toFixed(1);
      const limit = MAX_HAR_CHARS / 1024 / 1024;
      setState({
        kind: 'error',
        message: t`${file.name} is ${size} MB; HAR files up to ${limit} MB can be imported. Save fewer requests and try again.`,
      });
      return;
    }
    void read(file.name, (signal) => generatorClient().importHarFile(file, { signal }));
  };

  const preview = state.kind === 'preview' ? state : undefined;
  const source = preview?.source ?? '';
  const count = preview ? preview.selected.filter(Boolean).length : 0;
  const all = preview !== undefined && count === preview.selected.length;

  const toggle = (index: number) => {
    if (!preview) return;
    const selected = [...preview.selected];
    selected[index] = !selected[index];
    setState({ ...preview, selected });
  };
  const toggleAll = () => {
    if (!preview) return;
    setState({ ...preview, selected: preview.selected.map(() => !all) });
  };
  const toggleUnparsed = (index: number) => {
    if (!preview) return;
    const useUnparsed = [...preview.useUnparsed];
    useUnparsed[index] = !useUnparsed[index];
    setState({ ...preview, useUnparsed });
  };
  const add = () => {
    if (!preview) return;
    const chosen = preview.result.unparsed.filter((_, i) => preview.useUnparsed[i]);
    onAdd(
      preview.result.endpoints
        .map((endpoint, i) =>
          withUnparsed(
            endpoint,
            chosen.filter((entry) => entry.endpoint === i),
          ),
        )
        .filter((_, i) => preview.selected[i]),
      preview.result.securitySchemes,
    );
  };

  const schemeNames = preview ? Object.keys(preview.result.securitySchemes).join(', ') : '';
  const warningCodes = preview
    ? [...new Set(preview.result.warnings.map((warning) => warning.code))]
    : [];

  return (
    <Modal
      title={t`Import traffic`}
      subtitle={t`Paste cURL commands or open a HAR file saved from the browser's developer tools.`}
      onClose={onClose}
      className="gen-traffic-dialog"
      testId="import-traffic-dialog"
      footer={
        <>
          <button type="button" className="gen-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="gen-button gen-button-primary"
            disabled={count === 0}
            onClick={add}
            data-testid="traffic-add"
          >
            {preview ? (
              <Plural value={count} one="Add # endpoint" other="Add # endpoints" />
            ) : (
              <Trans>Add endpoints</Trans>
            )}
          </button>
        </>
      }
    >
      <div className="gen-traffic-sources">
        <label htmlFor={curlId} className="gen-traffic-label">
          <Trans>cURL command</Trans>
        </label>
        <textarea
          id={curlId}
          className="gen-traffic-curl"
          value={curl}
          spellCheck={false}
          data-autofocus
          data-testid="traffic-curl"
          placeholder="curl 'https://api.example.com/users/42' -H 'accept: application/json'"
          onChange={(event) => setCurl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              readCurl();
            }
          }}
        />
        <div className="gen-traffic-actions">
          <button
            type="button"
            className="gen-button"
            disabled={curl.trim() === '' || state.kind === 'reading'}
            onClick={readCurl}
            data-testid="traffic-read-curl"
          >
            <Trans>Read cURL</Trans>
          </button>
          <span className="gen-muted">
            <Trans>or</Trans>
          </span>
          <label className="gen-button gen-traffic-file">
            <input
              type="file"
              accept=".har,application/json"
              className="visually-hidden"
              data-testid="traffic-file"
              disabled={state.kind === 'reading'}
              onChange={openFile}
            />
            <Trans>Open a HAR file…</Trans>
          </label>
        </div>
      </div>

      <div className="gen-traffic-result" aria-live="polite">
        {state.kind === 'reading' ? (
          <p className="gen-muted" role="status">
            <Trans>Reading {state.source}…</Trans>
          </p>
        ) : null}
        {state.kind === 'error' ? (
          <p className="gen-error" role="alert" data-testid="traffic-error">
            {state.message}
          </p>
        ) : null}
        {preview && preview.result.endpoints.length === 0 ? (
          <p className="gen-muted" role="status">
            <Trans>{preview.source} has no API calls to import.</Trans>
          </p>
        ) : null}
        {preview && preview.result.endpoints.length > 0 ? (
          <>
            <div className="gen-traffic-list-head">
              <label className="gen-check">
                <input
                  type="checkbox"
                  checked={all}
                  onChange={toggleAll}
                  data-testid="traffic-all"
                />
                <span>
                  <Plural
                    value={preview.result.endpoints.length}
                    one={`# endpoint from ${source}`}
                    other={`# endpoints from ${source}`}
                  />
                </span>
              </label>
            </div>
            <ul className="gen-traffic-list" id={listId} aria-label={t`Endpoints to add`}>
              {preview.result.endpoints.map((endpoint, index) => {
                const calls = preview.result.stats[index]?.calls ?? 1;
                const statuses = endpoint.responses
                  .map((response) => response.statusCode)
                  .filter((code) => code !== undefined)
                  .join(', ');
                const params = endpoint.parameters.length;
                return (
                  <li key={endpoint.id} className="gen-traffic-item">
                    <label>
                      <input
                        type="checkbox"
                        checked={preview.selected[index] === true}
                        onChange={() => toggle(index)}
                        data-testid="traffic-pick"
                      />
                      <span className={methodClass(endpoint.method)}>{endpoint.method}</span>
                      <span className="gen-traffic-path">{endpoint.path}</span>
                      <span className="gen-traffic-counts gen-muted">
                        <Plural value={calls} one="# call" other="# calls" />
                        {' · '}
                        <Plural value={params} one="# parameter" other="# parameters" />
                        {endpoint.requestBody ? (
                          <>
                            {' · '}
                            <Trans>request body</Trans>
                          </>
                        ) : null}
                        {statuses !== '' ? (
                          <>
                            {' · '}
                            <Trans>responses {statuses}</Trans>
                          </>
                        ) : null}
                      </span>
                    </label>
                    {preview.result.unparsed.map((entry, u) =>
                      entry.endpoint === index ? (
                        <div key={u} className="gen-traffic-unparsed">
                          <label>
                            <input
                              type="checkbox"
                              checked={preview.useUnparsed[u] === true}
                              onChange={() => toggleUnparsed(u)}
                              data-testid="traffic-use-unparsed"
                            />
                            <span>
                              <Trans>Use the unparsed body as an example</Trans>
                            </span>
                            <span className="gen-muted">
                              {entry.status === undefined ? (
                                <Trans>request</Trans>
                              ) : (
                                <Trans>response {entry.status}</Trans>
                              )}
                            </span>
                          </label>
                          <pre
                            className="gen-traffic-unparsed-text"
                            data-testid="traffic-unparsed-text"
                          >
                            {entry.body.customerJson.length > UNPARSED_PREVIEW_CHARS
                              ? `${entry.body.customerJson.slice(0, UNPARSED_PREVIEW_CHARS)}…`
                              : entry.body.customerJson}
                          </pre>
                        </div>
                      ) : null,
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
        {warningCodes.length > 0 ? (
          <ul className="gen-traffic-warnings" aria-label={t`Import notes`}>
            {warningCodes.map((code) => {
              if (code === 'TRAFFIC_SECRETS_REDACTED' && preview) {
                return (
                  <li key={code} data-testid="traffic-redacted">
                    <Plural
                      value={preview.result.redacted}
                      one="# secret value (credential, token, key) was replaced with a placeholder."
                      other="# secret values (credentials, tokens, keys) were replaced with a placeholder."
                    />
                  </li>
                );
              }
              if (code === 'TRAFFIC_PERSONAL_DATA_REPLACED' && preview) {
                const { emails, cards } = preview.result.personal;
                return (
                  <li key={code} data-testid="traffic-personal">
                    {emails > 0 ? (
                      <Plural
                        value={emails}
                        one="# e-mail address was replaced with user@example.com."
                        other="# e-mail addresses were replaced with user@example.com, user2@example.com…"
                      />
                    ) : null}
                    {emails > 0 && cards > 0 ? ' ' : null}
                    {cards > 0 ? (
                      <Plural
                        value={cards}
                        one="# card number was replaced with a test card number."
                        other="# card numbers were replaced with test card numbers."
                      />
                    ) : null}
                  </li>
                );
              }
              const text = TRAFFIC_WARNINGS[code];
              const fallback = preview?.result.warnings.find((w) => w.code === code)?.message;
              return <li key={code}>{text ? i18n._(text) : fallback}</li>;
            })}
          </ul>
        ) : null}
        {schemeNames !== '' ? (
          <p className="gen-muted" data-testid="traffic-security">
            <Trans>
              Authorization headers become security schemes of the document ({schemeNames}), not
              parameters.
            </Trans>
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

/** An endpoint with the unparsed bodies the user chose put in place (already redacted). */
function withUnparsed(endpoint: Endpoint, chosen: TrafficUnparsedBody[]): Endpoint {
  if (chosen.length === 0) return endpoint;
  const next: Endpoint = { ...endpoint, responses: [...endpoint.responses] };
  for (const entry of chosen) {
    if (entry.status === undefined) {
      next.requestBody = entry.body;
      continue;
    }
    const at = next.responses.findIndex((response) => response.statusCode === entry.status);
    const response = next.responses[at];
    if (response !== undefined) next.responses[at] = { ...response, body: entry.body };
  }
  return next;
}

export interface ImportTrafficButtonProps {
  store: EndpointStore;
  /** The document the security schemes of `Authorization` headers are added to. */
  documentStore?: DocumentStore;
  disabled?: boolean;
  /** Called with the ids of the added endpoints (the page opens and scrolls to the first). */
  onAdded?: (ids: string[]) => void;
}

/** The same endpoint without its id, as text (to compare with a fresh one). */
function shapeWithoutId(endpoint: Endpoint): string {
  return JSON.stringify({ ...endpoint, id: '' });
}

/**
 * Whether an endpoint is the untouched one a new form starts with (or one just added with
 * "Add endpoint"): an import replaces it rather than leaving a blank endpoint whose missing path
 * blocks generation.
 */
export function isPristineEndpoint(endpoint: Endpoint): boolean {
  const shape = shapeWithoutId(endpoint);
  return (
    shape === shapeWithoutId(createEndpoint(true)) ||
    shape === shapeWithoutId(createEndpoint(false))
  );
}

/**
 * Imported endpoints with body names made unique against the form's: the same name with another
 * schema would block generation (BODY_NAME_SCHEMA_CLASH) though the user chose none of them.
 */
export function withUniqueBodyNames(endpoints: Endpoint[], existing: Endpoint[]): Endpoint[] {
  const used = new Set<string>();
  for (const endpoint of existing) {
    if (endpoint.requestBody?.name) used.add(endpoint.requestBody.name.trim());
    for (const response of endpoint.responses) {
      if (response.body.name) used.add(response.body.name.trim());
    }
  }
  const unique = <B extends { name: string }>(body: B): B => {
    if (body.name === '' || !used.has(body.name)) {
      if (body.name !== '') used.add(body.name);
      return body;
    }
    let name = body.name;
    for (let n = 2; used.has(name); n++) name = `${body.name}_${n}`;
    used.add(name);
    return { ...body, name };
  };
  return endpoints.map((endpoint) => {
    const next: Endpoint = {
      ...endpoint,
      responses: endpoint.responses.map((response) => ({
        ...response,
        body: unique(response.body),
      })),
    };
    if (endpoint.requestBody !== undefined) next.requestBody = unique(endpoint.requestBody);
    return next;
  });
}

/**
 * The toolbar button and its dialog; picked endpoints are appended with the store's add, in
 * place of the form's untouched starting endpoint when that is all the form holds.
 */
/** What a scheme is, for telling an imported scheme from one the document has. */
function schemeShape(scheme: SecuritySchemeObject): string {
  return JSON.stringify([
    scheme.type,
    scheme.scheme?.toLowerCase(),
    scheme.in,
    scheme.in === 'header' ? scheme.name?.toLowerCase() : scheme.name,
  ]);
}

/**
 * Imported endpoints' security with the document's schemes: a scheme the document
 * has already (the same kind, whatever its name) is used by its name; another gets a name of
 * its own (`bearerAuth2` when `bearerAuth` is something else). Returns the endpoints with
 * their requirements renamed, and the document's schemes with the new ones (undefined when no
 * scheme is added).
 */
export function withSecuritySchemes(
  endpoints: Endpoint[],
  imported: Record<string, SecuritySchemeObject>,
  existing: Record<string, SecuritySchemeObject> = {},
): { endpoints: Endpoint[]; securitySchemes?: Record<string, SecuritySchemeObject> } {
  const merged = { ...existing };
  const renamed = new Map<string, string>();
  let added = false;
  for (const endpoint of endpoints) {
    for (const requirement of endpoint.security ?? []) {
      for (const name of Object.keys(requirement)) {
        const scheme = imported[name];
        if (scheme === undefined || renamed.has(name)) continue;
        const shape = schemeShape(scheme);
        let target = Object.keys(merged).find((known) => schemeShape(merged[known]!) === shape);
        if (target === undefined) {
          target = name;
          for (let n = 2; merged[target] !== undefined; n++) target = `${name}${n}`;
          merged[target] = scheme;
          added = true;
        }
        renamed.set(name, target);
      }
    }
  }
  if (renamed.size === 0) return { endpoints };
  const rename = (requirement: SecurityRequirement): SecurityRequirement =>
    Object.fromEntries(
      Object.entries(requirement).map(([name, scopes]) => [renamed.get(name) ?? name, scopes]),
    );
  return {
    endpoints: endpoints.map((endpoint) =>
      endpoint.security === undefined
        ? endpoint
        : { ...endpoint, security: endpoint.security.map(rename) },
    ),
    ...(added ? { securitySchemes: merged } : {}),
  };
}

export function ImportTrafficButton({
  store,
  documentStore,
  disabled,
  onAdded,
}: ImportTrafficButtonProps) {
  const [open, setOpen] = useState(false);
  const apply = useDocumentLinks()?.apply;
  /**
   * The import as commands to the editor: the schemes it brings, the blank endpoint a new page
   * starts with gone, each endpoint added. Outside the page (tests) the stores take them.
   */
  const add = (chosen: Endpoint[], schemes: Record<string, SecuritySchemeObject>) => {
    const commands: DocumentCommand[] = [];
    let picked = chosen;
    if (documentStore !== undefined) {
      const meta = documentStore.getMeta();
      const merged = withSecuritySchemes(chosen, schemes, meta.securitySchemes);
      picked = merged.endpoints;
      const securitySchemes = merged.securitySchemes;
      if (securitySchemes !== undefined) {
        commands.push(...metaCommands(meta, { ...meta, securitySchemes }));
      }
    }
    const current = store.list();
    const blank =
      picked.length > 0 && current.length === 1 && isPristineEndpoint(current[0] as Endpoint)
        ? (current[0] as Endpoint)
        : undefined;
    if (blank !== undefined) commands.push({ kind: 'removeEndpoint', endpointId: blank.id });
    const endpoints = withUniqueBodyNames(
      picked,
      current.filter((endpoint) => endpoint !== blank),
    );
    for (const endpoint of endpoints) commands.push({ kind: 'addEndpoint', endpoint });
    if (apply !== undefined) apply(commands);
    else {
      documentStore?.applyCommands(commands.filter(isMetaCommand));
      if (blank !== undefined) store.remove(blank.id);
      for (const endpoint of endpoints) store.add(endpoint);
    }
    for (const endpoint of endpoints) store.setCollapsed(endpoint.id, false);
    setOpen(false);
    if (endpoints.length > 0) onAdded?.(endpoints.map((endpoint) => endpoint.id));
  };
  return (
    <>
      <button
        type="button"
        className="gen-button"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="import-traffic"
      >
        <Trans>Import traffic</Trans>
      </button>
      {open ? <ImportTrafficDialog onClose={() => setOpen(false)} onAdd={add} /> : null}
    </>
  );
}
