/**
 * Security schemes (`components.securitySchemes`) and the document-wide requirement:
 * HTTP bearer, HTTP basic, API key, OAuth2 with flows and scopes, OpenID Connect.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { SecurityRequirement } from '../../../shared/openapi';
import type { OAuthFlowObject, SecuritySchemeObject } from '../../../shared/openapi/document/meta';
import { SCHEME_NAME, type MetaIssue } from '../../../shared/openapi/document/validate-meta';
import { useMetaEdit, type DocumentStore } from '../../model/document-store';
import { KeyField, RowButtons, TextField } from './fields';
import { metaMessage } from './meta-messages';
import {
  changeSchemeKind,
  freshKey,
  renameInRequirements,
  renameKey,
  requires,
  schemeKind,
  toggleRequirement,
  withOptional,
  withoutKey,
  type SchemeKind,
} from './meta-ops';

type Schemes = Record<string, SecuritySchemeObject>;
type FlowName = 'implicit' | 'password' | 'clientCredentials' | 'authorizationCode';
const FLOWS: readonly FlowName[] = [
  'authorizationCode',
  'clientCredentials',
  'password',
  'implicit',
];
/** Which URLs each OAuth2 flow has (OpenAPI 3.0 "OAuth Flow Object"). */
const FLOW_URLS: Record<FlowName, readonly ('authorizationUrl' | 'tokenUrl')[]> = {
  implicit: ['authorizationUrl'],
  password: ['tokenUrl'],
  clientCredentials: ['tokenUrl'],
  authorizationCode: ['authorizationUrl', 'tokenUrl'],
};

function ScopeRows({
  flow,
  label,
  onChange,
}: {
  flow: OAuthFlowObject;
  label: string;
  onChange: (flow: OAuthFlowObject) => void;
}) {
  const { t } = useLingui();
  const scopes = Object.entries(flow.scopes ?? {});
  const check = (next: string) =>
    next.trim() === ''
      ? msg`Scope name is required`
      : Object.hasOwn(flow.scopes ?? {}, next)
        ? msg`Another scope has this name`
        : undefined;
  return (
    <div className="doc-scopes" role="group" aria-label={t`${label}: scopes`}>
      {scopes.map(([name, description], index) => (
        <div className="doc-row" key={index} data-testid="oauth-scope">
          <KeyField
            label={t`Scope`}
            value={name}
            check={check}
            onRename={(next) => onChange({ ...flow, scopes: renameKey(flow.scopes, name, next) })}
          />
          <TextField
            label={t`Scope description`}
            value={description}
            onChange={(value) => onChange({ ...flow, scopes: { ...flow.scopes, [name]: value } })}
          />
          <RowButtons
            what={t`scope ${name}`}
            index={index}
            count={scopes.length}
            onRemove={() => onChange({ ...flow, scopes: withoutKey(flow.scopes, name) })}
          />
        </div>
      ))}
      <button
        type="button"
        className="gen-button gen-button-small doc-add"
        onClick={() =>
          onChange({ ...flow, scopes: { ...flow.scopes, [freshKey(flow.scopes, 'read')]: '' } })
        }
      >
        <span aria-hidden="true">+ </span>
        <Trans>Add scope</Trans>
      </button>
    </div>
  );
}

function OAuthFlows({
  scheme,
  at,
  issues,
  onChange,
}: {
  scheme: SecuritySchemeObject;
  at: string;
  issues: readonly MetaIssue[];
  onChange: (scheme: SecuritySchemeObject) => void;
}) {
  const { t } = useLingui();
  const flowLabel: Record<FlowName, string> = {
    authorizationCode: t`Authorization code`,
    clientCredentials: t`Client credentials`,
    password: t`Password`,
    implicit: t`Implicit`,
  };
  const urlLabel = {
    authorizationUrl: t`Authorization URL`,
    tokenUrl: t`Token URL`,
    refreshUrl: t`Refresh URL`,
  };
  const flows = scheme.flows ?? {};
  const setFlow = (name: FlowName, flow: OAuthFlowObject | undefined) => {
    const next = { ...flows };
    if (flow === undefined) delete next[name];
    else next[name] = flow;
    onChange({ ...scheme, flows: next });
  };
  return (
    <div className="doc-flows">
      <FieldMessage message={metaMessage(issues, `${at}.flows`)} />
      {FLOWS.map((name) => {
        const flow = flows[name];
        return (
          <div className="doc-flow" key={name} data-testid={`oauth-flow-${name}`}>
            <label className="gen-check doc-check">
              <input
                type="checkbox"
                checked={flow !== undefined}
                onChange={(event) =>
                  setFlow(
                    name,
                    event.target.checked
                      ? {
                          ...Object.fromEntries(
                            FLOW_URLS[name].map((key) => [key, 'https://example.com/oauth']),
                          ),
                          scopes: {},
                        }
                      : undefined,
                  )
                }
              />
              <span>{flowLabel[name]}</span>
            </label>
            {flow === undefined ? null : (
              <>
                <div className="doc-row">
                  {[...FLOW_URLS[name], 'refreshUrl' as const].map((key) => (
                    <TextField
                      key={key}
                      label={urlLabel[key]}
                      type="url"
                      mono
                      value={typeof flow[key] === 'string' ? flow[key] : ''}
                      error={metaMessage(issues, `${at}.flows.${name}.${key}`)}
                      onChange={(value) =>
                        setFlow(
                          name,
                          key === 'refreshUrl'
                            ? withOptional(flow, 'refreshUrl', value)
                            : { ...flow, [key]: value },
                        )
                      }
                    />
                  ))}
                </div>
                <ScopeRows
                  flow={flow}
                  label={flowLabel[name]}
                  onChange={(next) => setFlow(name, next)}
                />
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

function FieldMessage({ message }: { message: ReturnType<typeof metaMessage> }) {
  const { i18n } = useLingui();
  return message ? (
    <span className="gen-field-error" role="alert">
      {i18n._(message)}
    </span>
  ) : null;
}

function SchemeRow({
  name,
  scheme,
  index,
  count,
  schemes,
  issues,
  store,
}: {
  name: string;
  scheme: SecuritySchemeObject;
  index: number;
  count: number;
  schemes: Schemes;
  issues: readonly MetaIssue[];
  store: DocumentStore;
}) {
  const { t } = useLingui();
  const editMeta = useMetaEdit(store);
  const at = `securitySchemes.${name}`;
  const set = (next: SecuritySchemeObject) =>
    editMeta((meta) => ({
      ...meta,
      securitySchemes: { ...meta.securitySchemes, [name]: next },
    }));
  const check = useCallback(
    (next: string) =>
      next.trim() === ''
        ? msg`Scheme name is required`
        : !SCHEME_NAME.test(next)
          ? msg`Allowed only: letters, digits, ., -, _`
          : Object.hasOwn(schemes, next)
            ? msg`Another scheme has this name`
            : undefined,
    [schemes],
  );
  const onRename = useCallback(
    (next: string) =>
      editMeta((meta) => {
        const renamed = {
          ...meta,
          securitySchemes: renameKey(meta.securitySchemes ?? {}, name, next),
        };
        const security = renameInRequirements(meta.security, name, next);
        return security === undefined ? renamed : { ...renamed, security };
      }),
    [editMeta, name],
  );
  const kind = schemeKind(scheme);
  const kinds: [SchemeKind, string][] = [
    ['bearer', t`HTTP bearer`],
    ['basic', t`HTTP basic`],
    ['apiKey', t`API key`],
    ['oauth2', t`OAuth2`],
    ['openIdConnect', t`OpenID Connect`],
  ];
  if (kind === 'http') kinds.push(['http', t`HTTP ${scheme.scheme ?? ''}`]);
  return (
    <div className="doc-item" data-testid="security-scheme">
      <div className="doc-row">
        <KeyField label={t`Scheme name`} value={name} check={check} onRename={onRename} />
        <label className="gen-field doc-field-narrow">
          <span>{t`Kind`}</span>
          <select
            aria-label={t`Kind`}
            value={kind}
            onChange={(event) => set(changeSchemeKind(scheme, event.target.value as SchemeKind))}
          >
            {kinds.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t`Scheme description`}
          value={scheme.description ?? ''}
          className="gen-field-wide"
          onChange={(value) => set(withOptional(scheme, 'description', value))}
        />
        <RowButtons
          what={t`security scheme ${name}`}
          index={index}
          count={count}
          onRemove={() =>
            editMeta((meta) => {
              const next = {
                ...meta,
                securitySchemes: withoutKey(meta.securitySchemes ?? {}, name),
              };
              if (meta.security === undefined) return next;
              const security = toggleRequirement(meta.security, name, false);
              return withOptional(next, 'security', security.length === 0 ? undefined : security);
            })
          }
        />
      </div>
      {kind === 'bearer' ? (
        <div className="doc-row">
          <TextField
            label={t`Bearer format`}
            value={scheme.bearerFormat ?? ''}
            placeholder="JWT"
            onChange={(value) => set(withOptional(scheme, 'bearerFormat', value))}
          />
        </div>
      ) : null}
      {kind === 'apiKey' ? (
        <div className="doc-row">
          <label className="gen-field doc-field-narrow">
            <span>{t`In`}</span>
            <select
              aria-label={t`In`}
              value={scheme.in ?? 'header'}
              onChange={(event) =>
                set({ ...scheme, in: event.target.value as 'header' | 'query' | 'cookie' })
              }
            >
              <option value="header">{t`header`}</option>
              <option value="query">{t`query`}</option>
              <option value="cookie">{t`cookie`}</option>
            </select>
          </label>
          <TextField
            label={t`Name`}
            value={scheme.name ?? ''}
            mono
            placeholder="X-API-Key"
            error={metaMessage(issues, `${at}.name`)}
            onChange={(value) => set({ ...scheme, name: value })}
          />
        </div>
      ) : null}
      {kind === 'openIdConnect' ? (
        <div className="doc-row">
          <TextField
            label={t`OpenID Connect URL`}
            type="url"
            mono
            className="gen-field-wide"
            value={scheme.openIdConnectUrl ?? ''}
            error={metaMessage(issues, `${at}.openIdConnectUrl`)}
            onChange={(value) => set({ ...scheme, openIdConnectUrl: value })}
          />
        </div>
      ) : null}
      {kind === 'oauth2' ? (
        <OAuthFlows scheme={scheme} at={at} issues={issues} onChange={set} />
      ) : null}
    </div>
  );
}

export function SecuritySection({
  store,
  schemes,
  security,
  issues,
}: {
  store: DocumentStore;
  schemes: Schemes | undefined;
  security: SecurityRequirement[] | undefined;
  issues: readonly MetaIssue[];
}) {
  const { t } = useLingui();
  const editMeta = useMetaEdit(store);
  const all = schemes ?? {};
  const entries = Object.entries(all);
  return (
    <fieldset className="gen-section doc-section" data-testid="doc-security">
      <legend>{t`Security schemes`}</legend>
      {entries.length === 0 ? <p className="gen-muted">{t`No authentication.`}</p> : null}
      {entries.map(([name, scheme], index) => (
        <SchemeRow
          key={index}
          name={name}
          scheme={scheme}
          index={index}
          count={entries.length}
          schemes={all}
          issues={issues}
          store={store}
        />
      ))}
      <button
        type="button"
        className="gen-button gen-button-small"
        onClick={() =>
          editMeta((meta) => ({
            ...meta,
            securitySchemes: {
              ...meta.securitySchemes,
              [freshKey(meta.securitySchemes, 'bearerAuth')]: { type: 'http', scheme: 'bearer' },
            },
          }))
        }
      >
        <span aria-hidden="true">+ </span>
        <Trans>Add security scheme</Trans>
      </button>
      {entries.length > 0 ? (
        <div role="group" aria-labelledby="doc-security-required" className="doc-requirement">
          <p id="doc-security-required" className="doc-subhead">
            {t`Every operation requires (unless it says otherwise)`}
          </p>
          {entries.map(([name]) => (
            <label className="gen-check doc-check" key={name}>
              <input
                type="checkbox"
                checked={requires(security, name)}
                onChange={(event) =>
                  editMeta((meta) => {
                    const next = toggleRequirement(meta.security, name, event.target.checked);
                    return withOptional(meta, 'security', next.length === 0 ? undefined : next);
                  })
                }
              />
              <span>{name}</span>
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
