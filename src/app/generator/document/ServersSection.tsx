/** Servers with their variables: add, remove, reorder. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useRef } from 'react';
import type { ServerObject, ServerVariableObject } from '../../../shared/openapi/document/meta';
import type { MetaIssue } from '../../../shared/openapi/document/validate-meta';
import { useMetaEdit, type DocumentStore } from '../../model/document-store';
import { KeyField, ListField, RowButtons, TextField } from './fields';

const NO_VALUES: string[] = [];
import { metaMessage } from './meta-messages';
import {
  freshKey,
  moveItem,
  removeAt,
  renameKey,
  replaceAt,
  withOptional,
  withoutKey,
} from './meta-ops';

type Variables = Record<string, ServerVariableObject>;

function VariableRow({
  name,
  variable,
  index,
  count,
  variables,
  issues,
  at,
  onChange,
}: {
  name: string;
  variable: ServerVariableObject;
  index: number;
  count: number;
  variables: Variables;
  issues: readonly MetaIssue[];
  at: string;
  onChange: (change: (variables: Variables) => Variables) => void;
}) {
  const { t } = useLingui();
  const check = useCallback(
    (next: string) =>
      next.trim() === ''
        ? msg`Variable name is required`
        : Object.hasOwn(variables, next)
          ? msg`Another variable has this name`
          : undefined,
    [variables],
  );
  const onRename = useCallback(
    (next: string) => onChange((all) => renameKey(all, name, next)),
    [onChange, name],
  );
  const set = (change: (v: ServerVariableObject) => ServerVariableObject) =>
    onChange((all) => ({ ...all, [name]: change(all[name] ?? variable) }));
  return (
    <div className="doc-row doc-variable" data-testid="server-variable">
      <KeyField label={t`Variable name`} value={name} check={check} onRename={onRename} />
      <TextField
        label={t`Default`}
        value={variable.default ?? ''}
        error={metaMessage(issues, `${at}.default`)}
        onChange={(value) => set((v) => ({ ...v, default: value }))}
      />
      <ListField
        label={t`Enum (comma-separated)`}
        value={variable.enum ?? NO_VALUES}
        placeholder="v1, v2"
        onChange={(list) =>
          set((v) => withOptional(v, 'enum', list.length === 0 ? undefined : list))
        }
      />
      <TextField
        label={t`Description`}
        value={variable.description ?? ''}
        onChange={(value) => set((v) => withOptional(v, 'description', value))}
      />
      <RowButtons
        what={t`variable ${name}`}
        index={index}
        count={count}
        onRemove={() => onChange((all) => withoutKey(all, name))}
      />
    </div>
  );
}

function ServerRow({
  server,
  index,
  count,
  issues,
  onChange,
  onMove,
  onRemove,
}: {
  server: ServerObject;
  index: number;
  count: number;
  issues: readonly MetaIssue[];
  onChange: (change: (server: ServerObject) => ServerObject) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const variables = server.variables ?? {};
  const entries = Object.entries(variables);
  const editVariables = useCallback(
    (change: (variables: Variables) => Variables) =>
      onChange((s) => {
        const next = change(s.variables ?? {});
        return withOptional(s, 'variables', Object.keys(next).length === 0 ? undefined : next);
      }),
    [onChange],
  );
  return (
    <div className="doc-item" data-testid="server">
      <div className="doc-row">
        <TextField
          label={t`Server URL`}
          type="url"
          value={server.url ?? ''}
          mono
          className="gen-field-wide"
          placeholder="https://api.example.com/v1"
          error={metaMessage(issues, `servers.${index}.url`)}
          onChange={(url) => onChange((s) => ({ ...s, url }))}
        />
        <TextField
          label={t`Server description`}
          value={server.description ?? ''}
          placeholder={t`e.g. Production`}
          onChange={(value) => onChange((s) => withOptional(s, 'description', value))}
        />
        <RowButtons
          what={t`server ${server.url || index + 1}`}
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      {entries.map(([name, variable], j) => (
        <VariableRow
          key={j}
          name={name}
          variable={variable}
          index={j}
          count={entries.length}
          variables={variables}
          issues={issues}
          at={`servers.${index}.variables.${j}`}
          onChange={editVariables}
        />
      ))}
      <button
        type="button"
        className="gen-button gen-button-small doc-add"
        onClick={() =>
          editVariables((all) => ({ ...all, [freshKey(all, 'variable')]: { default: '' } }))
        }
      >
        <span aria-hidden="true">+ </span>
        <Trans>Add variable</Trans>
      </button>
    </div>
  );
}

/** A server with nothing but an empty URL: the row a new document shows, not written. */
function isBlank(server: ServerObject | undefined): boolean {
  return server !== undefined && server.url === '' && Object.keys(server).length === 1;
}

/**
 * The servers. With none, one blank row is shown (nothing is written until its URL is typed);
 * "Add server" while the last row is blank moves the focus there instead of adding another.
 */
export function ServersSection({
  store,
  servers,
  issues,
}: {
  store: DocumentStore;
  servers: readonly ServerObject[] | undefined;
  issues: readonly MetaIssue[];
}) {
  const { t } = useLingui();
  const editMeta = useMetaEdit(store);
  const box = useRef<HTMLFieldSetElement>(null);
  const list = servers !== undefined && servers.length > 0 ? servers : [{ url: '' }];
  const edit = (change: (servers: ServerObject[]) => ServerObject[]) =>
    editMeta((meta) => {
      const current =
        meta.servers !== undefined && meta.servers.length > 0 ? meta.servers : [{ url: '' }];
      const next = change(current);
      const empty = next.length === 0 || (next.length === 1 && isBlank(next[0]));
      if (empty)
        return meta.servers === undefined ? meta : withOptional(meta, 'servers', undefined);
      return { ...meta, servers: next };
    });
  const focusLast = () => {
    const inputs = box.current?.querySelectorAll<HTMLInputElement>(
      '[data-testid=server] input[type=url]',
    );
    inputs?.[inputs.length - 1]?.focus();
  };
  return (
    <fieldset className="gen-section doc-section" data-testid="doc-servers" ref={box}>
      <legend>{t`Servers`}</legend>
      {list.map((server, index) => (
        <ServerRow
          key={index}
          server={server}
          index={index}
          count={list.length}
          issues={issues}
          onChange={(change) => edit((all) => replaceAt(all, index, change(all[index] ?? server)))}
          onMove={(delta) => edit((all) => moveItem(all, index, delta))}
          onRemove={() => edit((all) => removeAt(all, index))}
        />
      ))}
      <button
        type="button"
        className="gen-button gen-button-small"
        onClick={() => {
          if (isBlank(list[list.length - 1])) focusLast();
          else {
            edit((all) => [...all, { url: '' }]);
            requestAnimationFrame(focusLast);
          }
        }}
      >
        <span aria-hidden="true">+ </span>
        <Trans>Add server</Trans>
      </button>
    </fieldset>
  );
}
