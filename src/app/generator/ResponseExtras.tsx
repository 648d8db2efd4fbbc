/**
 * Response headers (name, description, example) and "Use shared schema" for a body or a
 * response. Each is one insertion in EndpointPanel's response section.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, useSyncExternalStore } from 'react';
import type { BodyModel, ResponseHeader } from '../../shared/openapi';
import { pureSchemaRef } from '../../shared/openapi/openapi-common';
import { sharedSchemaRef } from '../../shared/openapi/document/schemas';
import { useDocumentLinks } from '../model/document-store';
import { RowButtons, TextField } from './document/fields';
import { removeAt, replaceAt } from './document/meta-ops';

let headerSeq = 0;
function newHeader(): ResponseHeader {
  headerSeq += 1;
  return { id: `h${Date.now().toString(36)}${headerSeq}`, name: '', description: '', example: '' };
}

export function ResponseHeaders({
  headers,
  onChange,
}: {
  headers: ResponseHeader[] | undefined;
  onChange: (headers: ResponseHeader[] | undefined) => void;
}) {
  const { t } = useLingui();
  const list = headers ?? [];
  const set = (next: ResponseHeader[]) => onChange(next.length === 0 ? undefined : next);
  return (
    <div className="doc-headers" data-testid="response-headers">
      {list.length > 0 ? <p className="doc-headers-title">{t`Response headers`}</p> : null}
      {list.map((header, index) => (
        <div className="doc-row" key={header.id} data-testid="response-header">
          <TextField
            label={t`Header name`}
            value={header.name}
            mono
            placeholder="X-Rate-Limit"
            onChange={(name) => set(replaceAt(list, index, { ...header, name }))}
          />
          <TextField
            label={t`Header description`}
            value={header.description}
            className="gen-field-wide"
            onChange={(description) => set(replaceAt(list, index, { ...header, description }))}
          />
          <TextField
            label={t`Header example`}
            value={header.example}
            onChange={(example) => {
              // A typed example replaces a kept schema only when there was none typed before.
              const next: ResponseHeader = { ...header, example };
              set(replaceAt(list, index, next));
            }}
          />
          <RowButtons
            what={t`header ${header.name || index + 1}`}
            index={index}
            count={list.length}
            onRemove={() => set(removeAt(list, index))}
          />
        </div>
      ))}
      <button
        type="button"
        className="gen-button gen-button-small doc-add"
        onClick={() => set([...list, newHeader()])}
      >
        <span aria-hidden="true">+ </span>
        <Trans>New response header</Trans>
      </button>
    </div>
  );
}

const NONE: string[] = [];
/**
 * Up to this many shared schemas the select lists them all from the start; beyond, the options
 * are built when the select is focused or pressed. An endpoint shows one select per body, and
 * 150 schemas × 5 bodies was most of the elements that opening it built.
 */
const EAGER_OPTIONS = 12;
const namesCache = new WeakMap<object, string[]>();
const noSubscribe = () => () => undefined;
const noNames = () => NONE;

/**
 * "Use shared schema": a body or response points at a schema of `components.schemas` (a `$ref`)
 * instead of an example. With many schemas the options are built only when the select is first
 * focused, so a document with thousands of them costs nothing per panel until it is used.
 */
export function SharedSchemaSelect({
  body,
  onChange,
}: {
  body: BodyModel | undefined;
  onChange: (body: BodyModel) => void;
}) {
  const { t } = useLingui();
  const links = useDocumentLinks();
  const document = links?.document;
  const names = useSyncExternalStore(
    document?.subscribeSchemas ?? noSubscribe,
    document === undefined
      ? noNames
      : () => {
          const schemas = document.getSchemas();
          let list = namesCache.get(schemas);
          if (list === undefined) {
            list = Object.keys(schemas);
            namesCache.set(schemas, list);
          }
          return list;
        },
  );
  const [expanded, setExpanded] = useState(false);
  if (document === undefined) return null;
  const current = pureSchemaRef(body?.schema) ?? '';
  const usesShared = current !== '' && names.includes(current);
  if (names.length === 0 && !usesShared) return null;
  // A few options cost nothing; thousands are built only once the select is used.
  const shown = expanded || names.length <= EAGER_OPTIONS ? names : usesShared ? [current] : NONE;
  return (
    <label className="gen-field doc-field-shared">
      <span>{t`Use shared schema`}</span>
      <select
        aria-label={t`Use shared schema`}
        value={usesShared ? current : ''}
        onFocus={() => setExpanded(true)}
        onMouseDown={() => setExpanded(true)}
        onChange={(event) => {
          const name = event.target.value;
          const base: BodyModel = body ?? { name: '', customerJson: '' };
          if (name === '') {
            const next = { ...base };
            delete next.schema;
            onChange(next);
          } else {
            // Named after the schema, the body refers to it directly (no alias component).
            onChange({ ...base, name, schema: sharedSchemaRef(name) });
          }
        }}
      >
        <option value="">{t`No: the example's schema`}</option>
        {shown.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
