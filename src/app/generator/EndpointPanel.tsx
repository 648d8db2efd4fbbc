import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useDeferredValue, useRef, useState, type SyntheticEvent } from 'react';
import {
  FORM_METHODS,
  pathTemplateNames,
  type HttpMethod,
  type Endpoint,
  type EndpointCommand,
  type Parameter,
  type ParameterLocation,
} from '../../shared/openapi';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { featuresOf } from '../../shared/openapi/versions';
import { useDocumentDialect, useEditorApply } from '../model/document-store';
import { BodyEditor } from './BodyEditor';
import { BodyExtras } from './BodyExtras';
import { useCollapsed, useEndpoint, useIssues, type EndpointStore } from '../model/endpoint-store';
import {
  addParameterCommand,
  addResponseCommand,
  methodCommands,
  optionalFieldCommand,
  parameterCommands,
  pathCommands,
  removeParametersCommands,
  removeResponseCommand,
  requestBodyCommands,
  responseBodyCommands,
  responseCommand,
  setBodyCommand,
} from '../model/endpoint-commands';
import { createParameter, staleParameters } from '../model/endpoint-ops';
import { fieldIssue, panelLabels } from './issue-messages';
import { splitIssues } from './problems';
import { useTouchedIdVersion } from '../model/touched';
import { sanitizeBodyName, sanitizeStatusCode } from './names';
import { FieldError, ParameterSection } from './ParameterSection';
import { OperationDetails, PanelHeaderExtras } from './OperationDetails';
import { ResponseHeaders, SharedSchemaSelect } from './ResponseExtras';

export interface EndpointPanelProps {
  store: EndpointStore;
  id: string;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
}

/** One collapsible endpoint panel (spec §2); re-renders only when its own endpoint changes. */
export const EndpointPanel = memo(function EndpointPanel({
  store,
  id,
  onDuplicate,
  onRemove,
}: EndpointPanelProps) {
  const { t, i18n } = useLingui();
  // The `query` method exists in the versions that have it (3.2).
  const queryMethod = featuresOf(useDocumentDialect()).queryMethod;
  const endpoint = useEndpoint(store, id);
  const allIssues = useIssues(store, id);
  const collapsed = useCollapsed(store, id);
  // Opening renders the header at once and the body in a deferred, interruptible render (React
  // yields every few milliseconds), so opening a large endpoint is never one long task; closing
  // removes the body at once.
  const deferredCollapsed = useDeferredValue(collapsed);
  const bodyHidden = collapsed || deferredCollapsed;
  // A new endpoint's problems show field by field as the user touches them; the red
  // labels are the errors the Problems panel counts, the amber ones its warnings.
  const touched = store.touched;
  useTouchedIdVersion(touched, id);
  const split = splitIssues(id, allIssues, touched.isShown);
  const issues = [...split.errors, ...split.warnings];
  /** Path parameters whose name left the path, with content: asked about. */
  const [stale, setStale] = useState<Parameter[]>([]);
  const namesAtFocus = useRef<string[]>([]);

  const apply = useEditorApply(store);
  /**
   * Every control edits by command, built on the view as it is now: the editor
   * shows it at once and sends it to the worker.
   */
  const edit = useCallback(
    (make: (endpoint: Endpoint) => EndpointCommand | EndpointCommand[]) => {
      const current = store.getEndpoint(id);
      if (current === undefined) return;
      const made = make(current);
      const commands = Array.isArray(made) ? made : [made];
      if (commands.length === 0) return;
      store.touched.touch(id, '*');
      apply(commands);
    },
    [store, id, apply],
  );
  /**
   * Records the field a change or a blur happened in (its `data-field`) and the part it is in
   * (`data-touch-group`: a response, the request body), whose problems it brings about.
   */
  const onTouch = useCallback(
    (event: SyntheticEvent) => {
      const target = event.target as Element | null;
      const field = target?.closest?.('[data-field]')?.getAttribute('data-field');
      if (field) store.touched.touch(id, field);
      const group = target?.closest?.('[data-touch-group]')?.getAttribute('data-touch-group');
      if (group) store.touched.touch(id, group);
    },
    [store, id],
  );
  const onPathBlur = useCallback(() => {
    const current = store.getEndpoint(id);
    if (current === undefined) return;
    const { silent, ask } = staleParameters(current, namesAtFocus.current);
    if (silent.length > 0) apply(removeParametersCommands(current, silent));
    namesAtFocus.current = pathTemplateNames(current.path);
    if (ask.length > 0) setStale(ask);
  }, [store, id, apply]);
  const onAddParameter = useCallback(
    (location: ParameterLocation) => edit((e) => addParameterCommand(e, createParameter(location))),
    [edit],
  );
  const onChangeParameter = useCallback(
    (parameterId: string, change: Partial<Parameter>) =>
      edit((e) => parameterCommands(e, parameterId, change)),
    [edit],
  );
  const onRemoveParameter = useCallback(
    (parameterId: string) => edit((e) => removeParametersCommands(e, [parameterId])),
    [edit],
  );

  if (!endpoint) return null;
  const labels = panelLabels(split.errors);
  const warningLabels = panelLabels(split.warnings).filter((label) => !labels.includes(label));
  const pathIssue = fieldIssue(issues, 'path');
  const bodyNameIssue = fieldIssue(issues, 'requestBody.name');
  const responsesIssue = fieldIssue(issues, 'responses');
  const isGet = endpoint.method === 'GET';
  // Where the endpoint is written: its bodies' examples are checked there, by the lint.
  const operationPlace = {
    root: endpoint.webhook === true ? ('webhooks' as const) : ('paths' as const),
    path: endpoint.path,
    method: endpoint.method,
  };
  const headingId = `gen-ep-${id}-heading`;

  return (
    <section
      className={split.errors.length > 0 ? 'gen-panel gen-panel-invalid' : 'gen-panel'}
      aria-labelledby={headingId}
      data-testid="endpoint-panel"
      data-endpoint-id={id}
      onChange={onTouch}
      onBlur={onTouch}
    >
      <header className="gen-panel-header">
        <button
          type="button"
          className="gen-collapse"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t`Expand endpoint` : t`Collapse endpoint`}
          onClick={() => store.setCollapsed(id, !collapsed)}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        <h3 className="gen-panel-title" id={headingId}>
          <span className={`gen-method gen-method-${endpoint.method.toLowerCase()}`}>
            {endpoint.method}
          </span>
          {endpoint.webhook ? (
            <span className="gen-panel-kind" data-testid="webhook-mark">
              {t`Webhook`}
            </span>
          ) : null}
          <span className="gen-panel-path">{endpoint.path || t`(no path)`}</span>
          <span
            className={endpoint.summary ? 'gen-panel-summary' : 'gen-panel-summary gen-muted'}
            aria-hidden={endpoint.summary ? undefined : true}
          >
            {endpoint.summary || t`Summary`}
          </span>
        </h3>
        <PanelHeaderExtras store={store} id={id} />
        <ul className="gen-labels" aria-label={t`Problems`}>
          {labels.map((label) => (
            <li key={label.id} className="gen-label" data-testid="panel-label">
              {i18n._(label)}
            </li>
          ))}
          {warningLabels.map((label) => (
            <li
              key={label.id}
              className="gen-label gen-label-warning"
              data-testid="panel-warning-label"
            >
              {i18n._(label)}
            </li>
          ))}
        </ul>
        <div className="gen-panel-actions">
          <button
            type="button"
            className="gen-button gen-button-small"
            onClick={() => onDuplicate(id)}
          >
            <Trans>Duplicate</Trans>
          </button>
          <button
            type="button"
            className="gen-button gen-button-small gen-button-danger"
            onClick={() => onRemove(id)}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </header>
      {bodyHidden ? null : (
        <div className="gen-panel-body">
          <div className="gen-row">
            <label className="gen-field gen-field-method">
              <span>{t`Method`}</span>
              <select
                aria-label={t`Method`}
                value={endpoint.method}
                onChange={(e) => edit((x) => methodCommands(x, e.target.value as HttpMethod))}
              >
                {(queryMethod ? [...FORM_METHODS, 'QUERY' as const] : FORM_METHODS).map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
                {(FORM_METHODS as readonly string[]).includes(endpoint.method) ||
                (queryMethod && endpoint.method === 'QUERY') ? null : (
                  <option value={endpoint.method}>{endpoint.method}</option>
                )}
              </select>
            </label>
            <label className="gen-field gen-field-path">
              <span>{endpoint.webhook ? t`Webhook name` : t`Path`}</span>
              <input
                aria-label={endpoint.webhook ? t`Webhook name` : t`Path`}
                data-field="path"
                value={endpoint.path}
                placeholder={endpoint.webhook ? 'newPet' : '/users/{id}'}
                aria-invalid={pathIssue !== undefined}
                spellCheck={false}
                onFocus={() => {
                  namesAtFocus.current = pathTemplateNames(endpoint.path);
                }}
                onBlur={onPathBlur}
                onChange={(e) => {
                  const path = e.target.value;
                  edit((x) => pathCommands(x, path));
                }}
              />
              <FieldError issue={pathIssue} />
            </label>
            <label className="gen-field gen-field-summary">
              <span>{t`Summary`}</span>
              <input
                aria-label={t`Summary`}
                value={endpoint.summary}
                placeholder={t`What the endpoint does`}
                onChange={(e) => {
                  const summary = e.target.value;
                  edit((x) => ({
                    kind: 'setField',
                    endpointId: x.id,
                    field: 'summary',
                    value: summary,
                  }));
                }}
              />
            </label>
          </div>
          <OperationDetails
            endpoint={endpoint}
            issues={issues}
            onChange={(field, value) => edit((x) => optionalFieldCommand(x, field, value))}
          />
          <ParameterSection
            title={t`Headers`}
            addLabel={t`Add header`}
            location="header"
            parameters={endpoint.parameters}
            issues={issues}
            onAdd={onAddParameter}
            onChange={onChangeParameter}
            onRemove={onRemoveParameter}
          />
          <ParameterSection
            title={t`Query parameters`}
            addLabel={t`Add query parameter`}
            location="query"
            parameters={endpoint.parameters}
            issues={issues}
            onAdd={onAddParameter}
            onChange={onChangeParameter}
            onRemove={onRemoveParameter}
          />
          <ParameterSection
            title={t`Path parameters`}
            addLabel={t`Add path parameter`}
            location="path"
            parameters={endpoint.parameters}
            issues={issues}
            onAdd={onAddParameter}
            onChange={onChangeParameter}
            onRemove={onRemoveParameter}
          />
          <fieldset
            className="gen-section gen-request-body"
            disabled={isGet}
            data-testid="request-body"
            data-touch-group="requestBody"
          >
            <legend>{t`Request body`}</legend>
            {isGet ? (
              <p className="gen-muted">{t`GET requests have no body.`}</p>
            ) : (
              <>
                <label className="gen-field">
                  <span>{t`Body name`}</span>
                  <input
                    aria-label={t`Body name`}
                    data-field="requestBody.name"
                    value={endpoint.requestBody?.name ?? ''}
                    placeholder={t`e.g. CreateUserRequest`}
                    aria-invalid={bodyNameIssue !== undefined}
                    onChange={(e) => {
                      const name = sanitizeBodyName(e.target.value);
                      edit((x) => requestBodyCommands(x, { name }));
                    }}
                  />
                  <FieldError issue={bodyNameIssue} />
                </label>
                <SharedSchemaSelect
                  body={endpoint.requestBody}
                  onChange={(requestBody) =>
                    edit((x) => setBodyCommand(x, ['requestBody'], requestBody))
                  }
                />
                <BodyEditor
                  label={t`Request body`}
                  value={endpoint.requestBody?.customerJson ?? ''}
                  schema={endpoint.requestBody?.schema}
                  onChange={(customerJson) => edit((x) => requestBodyCommands(x, { customerJson }))}
                />
                <BodyExtras
                  label={t`Request body`}
                  body={endpoint.requestBody}
                  place={{ ...operationPlace, body: 'request' }}
                  onChange={(change) => edit((x) => requestBodyCommands(x, change))}
                />
              </>
            )}
          </fieldset>
          <fieldset className="gen-section gen-responses" data-testid="responses">
            <legend>{t`Responses`}</legend>
            <FieldError issue={responsesIssue} />
            {endpoint.responses.map((response, index) => {
              const codeIssue = fieldIssue(issues, `responses.${index}.statusCode`);
              const nameIssue = fieldIssue(issues, `responses.${index}.body.name`);
              return (
                <div
                  className="gen-response"
                  key={index}
                  data-testid="response"
                  data-touch-group={`responses.${index}`}
                >
                  <div className="gen-row">
                    <label className="gen-field gen-field-code">
                      <span>{t`Status code`}</span>
                      <input
                        aria-label={t`Status code`}
                        data-field={`responses.${index}.statusCode`}
                        inputMode="numeric"
                        value={response.statusCode === undefined ? '' : String(response.statusCode)}
                        placeholder="200"
                        aria-invalid={codeIssue !== undefined}
                        onChange={(e) => {
                          const digits = sanitizeStatusCode(e.target.value);
                          edit((x) =>
                            responseCommand(
                              x,
                              index,
                              'statusCode',
                              digits === '' ? undefined : Number(digits),
                            ),
                          );
                        }}
                      />
                      <FieldError issue={codeIssue} />
                    </label>
                    <label className="gen-field gen-field-content-type">
                      <span>{t`Content type`}</span>
                      <input
                        aria-label={t`Content type`}
                        value="application/json"
                        readOnly
                        tabIndex={-1}
                      />
                    </label>
                    <label className="gen-field">
                      <span>{t`Body name`}</span>
                      <input
                        aria-label={t`Body name`}
                        data-field={`responses.${index}.body.name`}
                        value={response.body.name}
                        placeholder={t`e.g. UserResponse`}
                        aria-invalid={nameIssue !== undefined}
                        onChange={(e) => {
                          const name = sanitizeBodyName(e.target.value);
                          edit((x) => responseBodyCommands(x, index, { name }));
                        }}
                      />
                      <FieldError issue={nameIssue} />
                    </label>
                    <SharedSchemaSelect
                      body={response.body}
                      onChange={(body) =>
                        edit((x) => setBodyCommand(x, ['responses', index, 'body'], body))
                      }
                    />
                    <button
                      type="button"
                      className="gen-icon-button"
                      aria-label={
                        response.statusCode === undefined
                          ? t`Remove response`
                          : t`Remove response ${response.statusCode}`
                      }
                      title={t`Remove response`}
                      onClick={() => edit((x) => removeResponseCommand(x, index))}
                    >
                      ×
                    </button>
                  </div>
                  <BodyEditor
                    label={
                      response.statusCode === undefined
                        ? t`Response body`
                        : t`Response ${response.statusCode} body`
                    }
                    value={response.body.customerJson}
                    schema={response.body.schema}
                    onChange={(customerJson) =>
                      edit((x) => responseBodyCommands(x, index, { customerJson }))
                    }
                  />
                  <BodyExtras
                    label={t`Response body`}
                    body={response.body}
                    place={
                      response.statusCode === undefined
                        ? undefined
                        : { ...operationPlace, body: String(response.statusCode) }
                    }
                    onChange={(change) => edit((x) => responseBodyCommands(x, index, change))}
                  />
                  <ResponseHeaders
                    headers={response.headers}
                    onChange={(headers) =>
                      edit((x) => responseCommand(x, index, 'headers', headers))
                    }
                  />
                </div>
              );
            })}
            <button
              type="button"
              className="gen-button gen-button-small"
              data-field="responses"
              onClick={() => edit((x) => addResponseCommand(x))}
            >
              <span aria-hidden="true">+ </span>
              <Trans>Add response</Trans>
            </button>
          </fieldset>
        </div>
      )}
      {stale.length > 0 ? (
        <ConfirmDialog
          title={t`Remove the path parameters?`}
          confirmLabel={t`Remove`}
          onCancel={() => setStale([])}
          onConfirm={() => {
            const ids = stale.map((p) => p.id);
            edit((x) => removeParametersCommands(x, ids));
            setStale([]);
          }}
        >
          <p>
            <Trans>
              The path no longer names{' '}
              <strong data-testid="confirm-parameters">
                {stale.map((p) => p.name).join(', ')}
              </strong>
              . Remove these path parameters with their description and example?
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
});
