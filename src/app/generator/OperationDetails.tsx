/**
 * The operation's own fields beyond the spec's panel: operation ID (unique, checked),
 * description (Markdown), deprecated, tags (the document's or new ones) and security (inherit,
 * none, or chosen schemes); plus what the panel header shows (tags, deprecated mark, "Show in
 * YAML", "Apply to form"). Each is one insertion in EndpointPanel.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, useSyncExternalStore } from 'react';
import type { Endpoint, EndpointIssue, SecurityRequirement } from '../../shared/openapi';
import { useDocumentLinks, type DocumentStore } from '../model/document-store';
import { TextField } from './document/fields';
import { MarkdownField } from './document/MarkdownField';
import { requires, toggleRequirement } from './document/meta-ops';
import type { EndpointStore } from '../model/endpoint-store';
import { FIELD_MESSAGES, fieldIssue } from './issue-messages';

const NO_TAGS: string[] = [];
const noSubscribe = () => () => undefined;
const noTags = () => NO_TAGS;
const noSchemes = () => NO_TAGS;

/** The document's tag names (stable while the tags do not change). */
function useDocumentTagNames(document: DocumentStore | undefined): readonly string[] {
  return useSyncExternalStore(
    document?.subscribe ?? noSubscribe,
    document === undefined ? noTags : () => tagNames(document),
  );
}

const tagNameCache = new WeakMap<object, string[]>();
function tagNames(document: DocumentStore): string[] {
  const tags = document.getMeta().tags;
  if (tags === undefined) return NO_TAGS;
  let names = tagNameCache.get(tags);
  if (names === undefined) {
    names = tags.map((tag) => tag.name).filter((name) => name !== '');
    tagNameCache.set(tags, names);
  }
  return names;
}

const schemeNameCache = new WeakMap<object, string[]>();
function useSchemeNames(document: DocumentStore | undefined): readonly string[] {
  return useSyncExternalStore(
    document?.subscribe ?? noSubscribe,
    document === undefined
      ? noSchemes
      : () => {
          const schemes = document.getMeta().securitySchemes;
          if (schemes === undefined) return NO_TAGS;
          let names = schemeNameCache.get(schemes);
          if (names === undefined) {
            names = Object.keys(schemes);
            schemeNameCache.set(schemes, names);
          }
          return names;
        },
  );
}

export interface OperationDetailsProps {
  endpoint: Endpoint;
  issues: readonly EndpointIssue[];
  /** Sets an optional field (an empty value removes it): the panel makes it a command. */
  onChange: <K extends OptionalField>(field: K, value: Endpoint[K] | '') => void;
}

/** Tags as removable chips and an input that adds one (Enter or comma); suggests the document's. */
function TagsField({
  tags,
  suggestions,
  onChange,
}: {
  tags: readonly string[];
  suggestions: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const listId = useId();
  const add = (text: string) => {
    const name = text.trim();
    setDraft('');
    if (name === '' || tags.includes(name)) return;
    onChange([...tags, name]);
  };
  const offered = suggestions.filter((name) => !tags.includes(name));
  return (
    <div className="gen-field doc-tags-field">
      <label htmlFor={`${listId}-input`}>{t`Tags`}</label>
      <div className="doc-row">
        {tags.length > 0 ? (
          <ul className="doc-op-tags">
            {tags.map((tag) => (
              <li className="doc-chip" key={tag}>
                {tag}
                <button
                  type="button"
                  aria-label={t`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((x) => x !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={`${listId}-input`}
          aria-label={t`Tags`}
          list={listId}
          value={draft}
          placeholder={
            offered.length > 0 ? t`Choose or type a tag, then Enter` : t`Type a tag, then Enter`
          }
          onChange={(event) => {
            const value = event.target.value;
            // Picking a suggestion from the list (not typing it) adds it at once.
            const inputType = (event.nativeEvent as InputEvent).inputType as string | undefined;
            const picked = inputType === undefined || inputType === 'insertReplacementText';
            if (picked && offered.includes(value) && value !== draft) add(value);
            else if (value.endsWith(',')) add(value.slice(0, -1));
            else setDraft(value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add(draft);
            } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
              onChange(tags.slice(0, -1));
            }
          }}
          onBlur={() => add(draft)}
        />
        <datalist id={listId}>
          {offered.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
    </div>
  );
}

type SecurityMode = 'inherit' | 'none' | 'chosen';

function securityMode(security: SecurityRequirement[] | undefined): SecurityMode {
  if (security === undefined) return 'inherit';
  return security.length === 0 ? 'none' : 'chosen';
}

function SecurityField({
  security,
  schemes,
  onChange,
}: {
  security: SecurityRequirement[] | undefined;
  schemes: readonly string[];
  onChange: (security: SecurityRequirement[] | undefined) => void;
}) {
  const { t } = useLingui();
  const name = useId();
  const mode = securityMode(security);
  const [pending, setPending] = useState(false);
  const shownMode: SecurityMode = pending && mode === 'none' ? 'chosen' : mode;
  const options: [SecurityMode, string][] = [
    ['inherit', t`Inherit`],
    ['none', t`None`],
    ['chosen', t`Chosen schemes`],
  ];
  return (
    <fieldset className="doc-radio-group" data-testid="operation-security">
      <legend>{t`Security`}</legend>
      {options.map(([value, label]) => (
        <label className="gen-check doc-check" key={value}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={shownMode === value}
            onChange={() => {
              setPending(value === 'chosen');
              if (value === 'inherit') onChange(undefined);
              else if (value === 'none') onChange([]);
              else if (mode !== 'chosen')
                onChange(schemes[0] === undefined ? [] : [{ [schemes[0]]: [] }]);
            }}
          />
          <span>{label}</span>
        </label>
      ))}
      {shownMode === 'chosen' ? (
        schemes.length === 0 ? (
          <span className="gen-muted">{t`Add a security scheme to the document first.`}</span>
        ) : (
          schemes.map((scheme) => (
            <label className="gen-check doc-check" key={scheme}>
              <input
                type="checkbox"
                checked={requires(security, scheme)}
                onChange={(event) =>
                  onChange(toggleRequirement(security, scheme, event.target.checked))
                }
              />
              <span>{scheme}</span>
            </label>
          ))
        )
      ) : null}
    </fieldset>
  );
}

/** The operation's own fields; inserted in the panel body. */
/** The operation's optional fields this section sets. */
export type OptionalField = 'operationId' | 'description' | 'tags' | 'deprecated' | 'security';

export function OperationDetails({ endpoint, issues, onChange }: OperationDetailsProps) {
  const { t } = useLingui();
  const links = useDocumentLinks();
  const suggestions = useDocumentTagNames(links?.document);
  const schemes = useSchemeNames(links?.document);
  const idIssue = fieldIssue(issues, 'operationId');
  return (
    <fieldset className="gen-section doc-operation" data-testid="operation-details">
      <legend>{t`Operation`}</legend>
      <div className="gen-row">
        <TextField
          label={t`Operation ID`}
          value={endpoint.operationId ?? ''}
          mono
          placeholder="listUsers"
          error={idIssue && FIELD_MESSAGES[idIssue.code]}
          onChange={(value) => onChange('operationId', value)}
        />
        <label className="gen-check">
          <input
            type="checkbox"
            checked={endpoint.deprecated === true}
            onChange={(event) => onChange('deprecated', event.target.checked ? true : undefined)}
          />
          <span>{t`Deprecated`}</span>
        </label>
      </div>
      <MarkdownField
        label={t`Description`}
        value={endpoint.description ?? ''}
        rows={3}
        placeholder={t`Longer than the summary; Markdown is allowed`}
        onChange={(value) => onChange('description', value)}
      />
      <TagsField
        tags={endpoint.tags ?? NO_TAGS}
        suggestions={suggestions}
        onChange={(tags) => onChange('tags', tags.length === 0 ? undefined : tags)}
      />
      <SecurityField
        security={endpoint.security}
        schemes={schemes}
        onChange={(security) => onChange('security', security)}
      />
    </fieldset>
  );
}

/** What the panel header adds: tags, a deprecated mark, "Show in YAML" and "Apply to form". */
export function PanelHeaderExtras({ store, id }: { store: EndpointStore; id: string }) {
  const { t } = useLingui();
  const links = useDocumentLinks();
  const endpoint = useSyncExternalStore(
    (listener) => store.subscribeId(id, listener),
    () => store.getEndpoint(id),
  );
  if (!endpoint) return null;
  const tags = endpoint.tags ?? NO_TAGS;
  return (
    <>
      {endpoint.deprecated ? (
        <span className="doc-deprecated" data-testid="deprecated-mark">
          <Trans>Deprecated</Trans>
        </span>
      ) : null}
      {tags.length > 0 ? (
        <ul className="doc-op-tags" data-testid="panel-tags">
          {tags.map((tag) => (
            <li className="doc-chip" key={tag}>
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {links?.showInYaml ? (
        <button
          type="button"
          className="gen-button gen-button-small"
          onClick={() =>
            links.showInYaml?.(endpoint.path, endpoint.method, {
              webhook: endpoint.webhook === true,
            })
          }
        >
          <Trans>Show in YAML</Trans>
        </button>
      ) : null}
      {links?.onApplyOperation ? (
        <button
          type="button"
          className="gen-button gen-button-small"
          title={t`Replace this endpoint with its text in the output editor`}
          onClick={() => links.onApplyOperation?.(endpoint.path, endpoint.method)}
        >
          <Trans>Apply to form</Trans>
        </button>
      ) : null}
    </>
  );
}
