/**
 * Shared schemas (`components.schemas`): a filterable list with how many places use
 * each, and an editor for one — structured (properties) or as a YAML fragment checked as it is
 * typed. Renaming renames every `$ref`; deleting a used schema asks first and names its users.
 * Usages are counted in slices, so a document with thousands of schemas never blocks a frame.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  isEndpointCommand,
  isSchemaCommand,
  type DocumentCommand,
  type Endpoint,
  type Schema,
} from '../../../shared/openapi';
import {
  deleteSchema,
  renameSchema,
  schemaNameProblem,
  schemaUsageSteps,
  type SchemaEdit,
  type SchemaNameProblem,
  type SchemaUser,
} from '../../../shared/openapi/document/schemas';
import { runInSlices } from '../../util/slices';
import { sharedLocator } from './locator';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { EndpointStore } from '../../model/endpoint-store';
import {
  useDocumentDialect,
  useDocumentLinks,
  useSchemas,
  type DocumentStore,
  type SharedSchemas,
} from '../../model/document-store';
import { schemaEditCommands } from '../../model/schema-commands';
import { KeyField, ListField, RowButtons, TextField } from './fields';

const enumCache = new WeakMap<unknown[], string[]>();
/** An enum's values as texts (stable per enum, so the field keeps what is typed). */
function enumTexts(values: unknown[] | undefined): string[] {
  if (values === undefined) return NO_TEXTS;
  let texts = enumCache.get(values);
  if (texts === undefined) {
    texts = values.map(String);
    enumCache.set(values, texts);
  }
  return texts;
}
const NO_TEXTS: string[] = [];
import { freshKey, renameKey, withOptional, withoutKey } from './meta-ops';

/** Rows the list shows at once; a filter finds the others. */
const LIST_LIMIT = 50;
/** Properties an opened schema shows at once; a button shows the rest. */
const PROPERTY_LIMIT = 10;
const TYPES = ['', 'string', 'integer', 'number', 'boolean', 'object', 'array'] as const;

type Usages = Map<string, SchemaUser[]>;

/** Usages of every schema, counted in slices after the schemas or endpoints last changed. */
function useUsages(schemas: SharedSchemas, endpoints: EndpointStore): Usages | undefined {
  const [state, setState] = useState<{ schemas: SharedSchemas; rev: number; usages: Usages }>();
  const [rev, setRev] = useState(endpoints.getRevision());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = endpoints.subscribeChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setRev(endpoints.getRevision()), 300);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [endpoints]);
  useEffect(() => {
    let cancelled = false;
    void runInSlices(schemaUsageSteps(endpoints.list(), schemas), () => cancelled).then(
      (usages) => {
        if (!cancelled && usages !== undefined) setState({ schemas, rev, usages });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [schemas, rev, endpoints]);
  return state?.usages;
}

type Apply = (commands: readonly DocumentCommand[]) => void;

/**
 * Where the section sends its commands: the page's editor, or outside the page (section tests)
 * the stores' caches alone, by the same functions.
 */
function useSchemaApply(store: DocumentStore, endpoints: EndpointStore): Apply {
  const apply = useDocumentLinks()?.apply;
  const dialect = useDocumentDialect();
  return useCallback(
    (commands: readonly DocumentCommand[]) => {
      if (commands.length === 0) return;
      if (apply !== undefined) return apply(commands);
      endpoints.applyCommands(commands.filter(isEndpointCommand), dialect);
      store.applyCommands(commands.filter(isSchemaCommand));
    },
    [apply, store, endpoints, dialect],
  );
}

/** A rename or delete made on the form's views, as commands of what it changed. */
function editCommands(edit: SchemaEdit, store: DocumentStore, endpoints: EndpointStore) {
  return schemaEditCommands(endpoints.list(), store.getSchemas(), edit);
}

function userLabel(user: SchemaUser, endpoints: EndpointStore): string {
  if (user.kind === 'schema') return user.name;
  const endpoint: Endpoint | undefined = endpoints.getEndpoint(user.id);
  return endpoint ? `${endpoint.method} ${endpoint.path}` : user.id;
}

export const SchemasSection = memo(function SchemasSection({
  store,
  endpoints,
  onRename,
}: {
  store: DocumentStore;
  endpoints: EndpointStore;
  /** Renames a schema in the worker's document (every `$ref` follows); the form's own when absent. */
  onRename?: (from: string, to: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const apply = useSchemaApply(store, endpoints);
  const schemas = useSchemas(store);
  const usages = useUsages(schemas, endpoints);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<string | undefined>(undefined);
  const names = useMemo(() => Object.keys(schemas), [schemas]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matching =
      needle === '' ? names : names.filter((name) => name.toLowerCase().includes(needle));
    return { total: matching.length, rows: matching.slice(0, LIST_LIMIT) };
  }, [names, filter]);

  const onDelete = (name: string) => {
    const edit = deleteSchema(endpoints.list(), store.getSchemas(), name);
    apply(editCommands(edit, store, endpoints));
    if (open === name) setOpen(undefined);
    setDeleting(undefined);
  };
  const deletingUsers = deleting === undefined ? [] : (usages?.get(deleting) ?? []);
  const usagesRef = useRef(usages);
  useEffect(() => {
    usagesRef.current = usages;
  });
  const onToggle = useCallback(
    (name: string) => setOpen((current) => (current === name ? undefined : name)),
    [],
  );
  const deleteRef = useRef(onDelete);
  useEffect(() => {
    deleteRef.current = onDelete;
  });
  const onDeleteRequest = useCallback((name: string) => {
    const known = usagesRef.current;
    if (known !== undefined && (known.get(name)?.length ?? 0) === 0) deleteRef.current(name);
    else setDeleting(name);
  }, []);

  return (
    <div className="doc-schemas" data-testid="doc-schemas">
      <div className="doc-row">
        <TextField label={t`Filter schemas`} value={filter} onChange={setFilter} />
        <button
          type="button"
          className="gen-button gen-button-small doc-add"
          onClick={() => {
            const name = freshKey(store.getSchemas(), 'NewSchema');
            apply([{ kind: 'setSchema', name, schema: { type: 'object', properties: {} } }]);
            setOpen(name);
          }}
        >
          <span aria-hidden="true">+ </span>
          <Trans>Add schema</Trans>
        </button>
      </div>
      {names.length === 0 ? (
        <p className="gen-muted">
          <Trans>No shared schemas. A body or response can use one instead of an example.</Trans>
        </p>
      ) : null}
      <ul className="doc-schema-list" aria-label={t`Shared schemas`}>
        {shown.rows.map((name) => (
          <SchemaRow
            key={name}
            name={name}
            count={usages?.get(name)?.length}
            isOpen={open === name}
            onToggle={onToggle}
            onDeleteRequest={onDeleteRequest}
          >
            {open === name && Object.hasOwn(schemas, name) ? (
              <SchemaEditor
                key={name}
                name={name}
                schema={schemas[name] as Schema}
                schemas={schemas}
                store={store}
                endpoints={endpoints}
                onRename={onRename}
                onRenamed={setOpen}
              />
            ) : null}
          </SchemaRow>
        ))}
      </ul>
      {shown.total > shown.rows.length ? (
        <p className="gen-muted">
          {t`Showing ${shown.rows.length} of ${shown.total}. Type in the filter to find the others.`}
        </p>
      ) : null}
      {deleting !== undefined ? (
        <ConfirmDialog
          title={t`Delete the schema ${deleting}?`}
          confirmLabel={t`Delete`}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => onDelete(deleting)}
        >
          {usages === undefined ? (
            <p>{t`Counting where it is used…`}</p>
          ) : (
            <>
              <p>
                <Plural
                  value={deletingUsers.length}
                  one="It is used in # place. Each will get a copy of the schema in place of the reference:"
                  other="It is used in # places. Each will get a copy of the schema in place of the reference:"
                />
              </p>
              <ul data-testid="schema-users">
                {deletingUsers.slice(0, 50).map((user, index) => (
                  <li key={index}>{userLabel(user, endpoints)}</li>
                ))}
                {deletingUsers.length > 50 ? <li>…</li> : null}
              </ul>
            </>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
});

/** One row of the list; re-renders only when its name, count or open state change. */
const SchemaRow = memo(function SchemaRow({
  name,
  count,
  isOpen,
  onToggle,
  onDeleteRequest,
  children,
}: {
  name: string;
  count: number | undefined;
  isOpen: boolean;
  onToggle: (name: string) => void;
  onDeleteRequest: (name: string) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <li data-testid="schema-row">
      <button
        type="button"
        className={isOpen ? 'doc-schema-name doc-schema-open' : 'doc-schema-name'}
        aria-expanded={isOpen}
        onClick={() => onToggle(name)}
      >
        {name}
      </button>
      <span className="gen-muted doc-schema-uses" data-testid="schema-uses">
        {count === undefined ? (
          '…'
        ) : (
          <Plural value={count} _0="unused" one="# use" other="# uses" />
        )}
      </span>
      <button
        type="button"
        className="gen-icon-button"
        aria-label={t`Delete schema ${name}`}
        title={t`Delete`}
        onClick={() => onDeleteRequest(name)}
      >
        ×
      </button>
      {children}
    </li>
  );
});

/** What the Schemas section says of a name the rename's rule refuses. */
const NAME_PROBLEMS: Record<SchemaNameProblem, MessageDescriptor> = {
  EMPTY: msg`Schema name is required`,
  CHARS: msg`Allowed only: letters, digits, ., -, _`,
  TAKEN: msg`Another schema has this name`,
};

function SchemaEditor({
  name,
  schema,
  schemas,
  store,
  endpoints,
  onRename: renameInDocument,
  onRenamed,
}: {
  name: string;
  schema: Schema;
  schemas: SharedSchemas;
  store: DocumentStore;
  endpoints: EndpointStore;
  onRename: ((from: string, to: string) => Promise<void>) | undefined;
  onRenamed: (name: string) => void;
}) {
  const { t } = useLingui();
  const apply = useSchemaApply(store, endpoints);
  const [mode, setMode] = useState<'structured' | 'yaml'>('structured');
  const check = useCallback(
    (next: string) => {
      // The rename's own rule (the worker's session refuses the same names).
      const problem = schemaNameProblem(next, schemas);
      return problem === undefined ? undefined : NAME_PROBLEMS[problem];
    },
    [schemas],
  );
  /** A rename in the worker's document takes a moment on a large one (every $ref rewritten). */
  const [renaming, setRenaming] = useState(false);
  const onRename = useCallback(
    (next: string) => {
      if (renameInDocument !== undefined) {
        setRenaming(true);
        void renameInDocument(name, next)
          .then(() => onRenamed(next), console.warn)
          .finally(() => setRenaming(false));
        return;
      }
      const edit = renameSchema(endpoints.list(), store.getSchemas(), name, next);
      apply(editCommands(edit, store, endpoints));
      onRenamed(next);
    },
    [endpoints, store, name, onRenamed, renameInDocument, apply],
  );
  const set = (next: Schema) => apply([{ kind: 'setSchema', name, schema: next }]);
  return (
    <div className="doc-schema-editor" data-testid="schema-editor">
      <div className="doc-row">
        <KeyField
          label={t`Schema name`}
          value={name}
          check={check}
          onRename={onRename}
          commitOnBlur
          busy={renaming}
        />
        <div className="gen-body-tabs" role="tablist" aria-label={t`Edit the schema`}>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'structured'}
            className={mode === 'structured' ? 'gen-tab gen-tab-active' : 'gen-tab'}
            onClick={() => setMode('structured')}
          >
            {t`Structured`}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'yaml'}
            className={mode === 'yaml' ? 'gen-tab gen-tab-active' : 'gen-tab'}
            onClick={() => setMode('yaml')}
          >
            {t`YAML`}
          </button>
        </div>
      </div>
      {mode === 'structured' ? (
        <StructuredSchema schema={schema} onChange={set} />
      ) : (
        <YamlSchema schema={schema} names={Object.keys(schemas)} onChange={set} />
      )}
    </div>
  );
}

type Properties = Record<string, Schema>;

/** Top-level type and description, and the properties with their common keywords. */
function StructuredSchema({
  schema,
  onChange,
}: {
  schema: Schema;
  onChange: (next: Schema) => void;
}) {
  const { t } = useLingui();
  const properties: Properties = schema.properties ?? {};
  const allEntries = Object.entries(properties);
  const [showAll, setShowAll] = useState(false);
  const entries = showAll ? allEntries : allEntries.slice(0, PROPERTY_LIMIT);
  const required = new Set(schema.required ?? []);
  const setProperty = (key: string, next: Schema) =>
    onChange({ ...schema, properties: { ...properties, [key]: next } });
  const setRequired = (key: string, on: boolean) => {
    const list = (schema.required ?? []).filter((item) => item !== key);
    if (on) list.push(key);
    onChange(withOptional(schema, 'required', list.length === 0 ? undefined : list));
  };
  const isObject = schema.type === 'object' || schema.properties !== undefined;
  return (
    <div className="doc-structured">
      <div className="doc-row">
        <TypeSelect
          label={t`Type`}
          value={schema.type}
          onChange={(type) => onChange(withOptional(schema, 'type', type))}
        />
        <TextField
          label={t`Description`}
          value={schema.description ?? ''}
          className="gen-field-wide"
          onChange={(value) => onChange(withOptional(schema, 'description', value))}
        />
      </div>
      {schema.$ref !== undefined || schema.allOf || schema.oneOf || schema.anyOf ? (
        <p className="gen-muted">{t`This schema combines others ($ref, allOf, oneOf, anyOf): edit it as YAML.`}</p>
      ) : null}
      {isObject ? (
        <div className="doc-properties" role="group" aria-label={t`Properties`}>
          {entries.map(([key, property], index) => (
            <PropertyRow
              key={index}
              name={key}
              property={property}
              index={index}
              count={entries.length}
              required={required.has(key)}
              properties={properties}
              onRename={(next) => {
                const list = schema.required?.map((item) => (item === key ? next : item));
                const renamed: Schema = { ...schema, properties: renameKey(properties, key, next) };
                onChange(list === undefined ? renamed : { ...renamed, required: list });
              }}
              onChange={(next) => setProperty(key, next)}
              onRequired={(on) => setRequired(key, on)}
              onRemove={() => {
                const list = (schema.required ?? []).filter((item) => item !== key);
                onChange(
                  withOptional(
                    { ...schema, properties: withoutKey(properties, key) },
                    'required',
                    list.length === 0 ? undefined : list,
                  ),
                );
              }}
            />
          ))}
          {entries.length < allEntries.length ? (
            <button
              type="button"
              className="gen-button gen-button-small doc-add"
              onClick={() => setShowAll(true)}
            >
              {t`Show all ${allEntries.length} properties`}
            </button>
          ) : null}
          <button
            type="button"
            className="gen-button gen-button-small doc-add"
            onClick={() =>
              onChange({
                ...schema,
                properties: {
                  ...properties,
                  [freshKey(properties, 'property')]: { type: 'string' },
                },
              })
            }
          >
            <span aria-hidden="true">+ </span>
            <Trans>Add property</Trans>
          </button>
        </div>
      ) : (
        <div className="doc-row">
          <TextField
            label={t`Format`}
            value={typeof schema.format === 'string' ? schema.format : ''}
            onChange={(value) => onChange(withOptional(schema, 'format', value))}
          />
          <ListField
            label={t`Enum (comma-separated)`}
            value={enumTexts(schema.enum)}
            onChange={(list) =>
              onChange(withOptional(schema, 'enum', list.length === 0 ? undefined : list))
            }
          />
        </div>
      )}
    </div>
  );
}

function TypeSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Schema['type'];
  onChange: (type: Schema['type'] | undefined) => void;
}) {
  const { t } = useLingui();
  return (
    <label className="gen-field doc-field-narrow">
      <span>{label}</span>
      <select
        aria-label={label}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as Schema['type'])}
      >
        {TYPES.map((type) => (
          <option key={type} value={type}>
            {type === '' ? t`(any)` : type}
          </option>
        ))}
      </select>
    </label>
  );
}

function PropertyRow({
  name,
  property,
  index,
  count,
  required,
  properties,
  onRename,
  onChange,
  onRequired,
  onRemove,
}: {
  name: string;
  property: Schema;
  index: number;
  count: number;
  required: boolean;
  properties: Properties;
  onRename: (next: string) => void;
  onChange: (next: Schema) => void;
  onRequired: (on: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const check = useCallback(
    (next: string) =>
      next.trim() === ''
        ? msg`Property name is required`
        : Object.hasOwn(properties, next)
          ? msg`Another property has this name`
          : undefined,
    [properties],
  );
  return (
    <div className="doc-row doc-property" data-testid="schema-property">
      <KeyField label={t`Property name`} value={name} check={check} onRename={onRename} />
      <TypeSelect
        label={t`Type`}
        value={property.type}
        onChange={(type) => onChange(withOptional(property, 'type', type))}
      />
      <TextField
        label={t`Format`}
        className="doc-field-narrow"
        value={typeof property.format === 'string' ? property.format : ''}
        onChange={(value) => onChange(withOptional(property, 'format', value))}
      />
      <label className="gen-check">
        <input
          type="checkbox"
          checked={required}
          onChange={(event) => onRequired(event.target.checked)}
        />
        <span>{t`Required`}</span>
      </label>
      <label className="gen-check">
        <input
          type="checkbox"
          checked={property.nullable === true}
          onChange={(event) =>
            onChange(withOptional(property, 'nullable', event.target.checked ? true : undefined))
          }
        />
        <span>{t`Nullable`}</span>
      </label>
      <TextField
        label={t`Description`}
        value={property.description ?? ''}
        onChange={(value) => onChange(withOptional(property, 'description', value))}
      />
      <ListField
        label={t`Enum (comma-separated)`}
        value={enumTexts(property.enum)}
        onChange={(list) =>
          onChange(withOptional(property, 'enum', list.length === 0 ? undefined : list))
        }
      />
      <RowButtons what={t`property ${name}`} index={index} count={count} onRemove={onRemove} />
    </div>
  );
}

/** Fragment checks wait this long after the last keystroke. */
const CHECK_DELAY_MS = 250;

/**
 * The schema as a YAML fragment, checked as it is typed (in the locate worker, so a large schema
 * never blocks a frame); only a valid one is applied.
 */
function YamlSchema({
  schema,
  names,
  onChange,
}: {
  schema: Schema;
  /** The document's schema names: a `$ref` to another one is refused. */
  names: string[];
  onChange: (next: Schema) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [initial] = useState(schema);
  useEffect(() => {
    let live = true;
    void sharedLocator()
      .yamlOf(initial)
      .then((yaml) => {
        if (live) setText((current) => current ?? yaml);
      });
    return () => {
      live = false;
    };
  }, [initial]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const check = (next: string) => {
    const seq = ++latest.current;
    void sharedLocator()
      .checkSchema(next, names)
      .then((result) => {
        if (seq !== latest.current) return;
        if (!result.ok) {
          const { detail } = result;
          setError(
            result.error === 'notObject'
              ? t`A schema is a mapping (key: value lines), e.g. type: string`
              : result.error === 'invalid'
                ? t`Not a valid OpenAPI 3.0 schema at ${detail}`
                : result.error === 'unknownRef'
                  ? t`There is no schema named ${detail} in this document`
                  : t`Not valid YAML: ${detail}`,
          );
        } else {
          setError(undefined);
          onChange(result.schema as Schema);
        }
      });
  };
  return (
    <div className="gen-field doc-yaml">
      <textarea
        aria-label={t`Schema as YAML`}
        aria-invalid={error !== undefined}
        aria-busy={text === undefined}
        className="gen-body-text doc-yaml-text"
        spellCheck={false}
        rows={12}
        value={text ?? ''}
        readOnly={text === undefined}
        placeholder={text === undefined ? t`Loading…` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => check(next), CHECK_DELAY_MS);
        }}
      />
      {error ? (
        <span className="gen-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
