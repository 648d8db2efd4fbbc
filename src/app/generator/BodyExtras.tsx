/**
 * Below a body editor: further named examples (add, rename, edit, remove) and the
 * schema's properties as an editable table, with "Infer schema from examples", which merges into
 * the edited schema in the worker and lists what the examples contradict, for the user to decide.
 * Reads and writes only BodyModel fields (exampleName, examples, schema).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { BodyModel, NamedExample, Schema } from '../../shared/openapi';
import {
  editPropertyRow,
  propertyRows,
  type PropertyRow,
} from '../../shared/openapi/inference/properties-table';
import {
  acceptSuggestion,
  type SchemaConflict,
} from '../../shared/openapi/inference/schema-conflicts';
import { generatorClient, isAbortError } from '../core/generator-client';
import { useBodyExampleFindings, type BodyPlace } from './example-findings';
import './body-extras.css';

export interface BodyExtrasProps {
  body: BodyModel | undefined;
  onChange: (change: Partial<BodyModel>) => void;
  label: string;
  disabled?: boolean;
  /**
   * Where the body is written: its examples that do not fit the schema are the lint's findings
   * there (none without it, or outside the page).
   */
  place?: BodyPlace;
}

const TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'];

function nextExampleName(body: BodyModel | undefined): string {
  const taken = new Set([body?.exampleName ?? '', ...(body?.examples ?? []).map((e) => e.name)]);
  let n = (body?.examples?.length ?? 0) + 2;
  while (taken.has(`example${n}`)) n++;
  return `example${n}`;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Problems listed per body (the first ones; the rest follow once these are fixed). */
const MAX_PROBLEMS = 20;

export function BodyExtras({ body, onChange, label, disabled = false, place }: BodyExtrasProps) {
  const { t } = useLingui();
  const [conflicts, setConflicts] = useState<SchemaConflict[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController | null>(null);
  const baseId = useId();
  // Closed, only the summary is in the page: a body's property table is hundreds of elements, and
  // opening an endpoint must not build them for every body it shows.
  const [open, setOpen] = useState(false);
  const examples = body?.examples ?? [];
  const rows = open ? propertyRows(body?.schema) : [];
  // What the lint found in the text written from this body (it follows each edit).
  const misfits = useBodyExampleFindings(place);
  const problems = misfits.slice(0, MAX_PROBLEMS);

  const setExamples = (next: NamedExample[]) => onChange({ examples: next });
  const editExample = (index: number, change: Partial<NamedExample>) =>
    setExamples(examples.map((example, i) => (i === index ? { ...example, ...change } : example)));

  const infer = async () => {
    if (body === undefined) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setFailed(false);
    try {
      const merge = await generatorClient().reinferBodySchema(body, { signal: controller.signal });
      onChange({ schema: merge.schema });
      setConflicts(merge.conflicts);
    } catch (error) {
      if (!isAbortError(error)) setFailed(true);
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };

  const editRow = (name: string, change: Partial<PropertyRow>) => {
    if (body?.schema === undefined) return;
    onChange({ schema: editPropertyRow(body.schema, name, change) });
  };

  const resolve = (conflict: SchemaConflict, useExamples: boolean) => {
    if (useExamples && body?.schema !== undefined) {
      onChange({ schema: acceptSuggestion(body.schema as Schema, conflict) });
    }
    setConflicts((list) => list.filter((c) => c !== conflict));
  };

  const count = examples.length + (body?.customerJson.trim() ? 1 : 0);

  return (
    <details
      className="gen-body-extras"
      data-testid="body-extras"
      data-example-body={place?.body}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <Trans>Examples and schema</Trans>{' '}
        <span className="gen-muted">
          (<Plural value={count} one="# example" other="# examples" />)
        </span>
        {misfits.length > 0 ? (
          <>
            {' '}
            <span className="gen-extras-misfits" data-testid="example-misfits">
              <Plural
                value={misfits.length}
                one="# does not fit the schema"
                other="# do not fit the schema"
              />
            </span>
          </>
        ) : null}
      </summary>
      {open ? (
        <>
          <fieldset className="gen-extras-section" disabled={disabled}>
            <legend>
              <Trans>Examples</Trans>
            </legend>
            <label className="gen-extras-inline">
              <span>
                <Trans>Name of the first example</Trans>
              </span>
              <input
                value={body?.exampleName ?? ''}
                placeholder={body?.name || 'example'}
                onChange={(event) => onChange({ exampleName: event.target.value })}
              />
            </label>
            {examples.map((example, index) => (
              <div className="gen-extras-example" key={index} data-testid="extra-example">
                <div className="gen-extras-inline">
                  <label htmlFor={`${baseId}-name-${index}`}>
                    <Trans>Example name</Trans>
                  </label>
                  <input
                    id={`${baseId}-name-${index}`}
                    value={example.name}
                    onChange={(event) => editExample(index, { name: event.target.value })}
                  />
                  <button
                    type="button"
                    className="gen-button gen-button-small gen-button-danger"
                    onClick={() => setExamples(examples.filter((_, i) => i !== index))}
                  >
                    <Trans>Remove example</Trans>
                  </button>
                </div>
                <textarea
                  className="gen-body-text gen-extras-json"
                  aria-label={t`${label}: example ${example.name} JSON`}
                  spellCheck={false}
                  value={example.json}
                  onChange={(event) => editExample(index, { json: event.target.value })}
                />
              </div>
            ))}
            {problems.length > 0 ? (
              <ul
                className="gen-extras-problems"
                aria-label={t`Examples that do not fit the schema`}
                data-testid="example-problems"
              >
                {problems.map(({ place: problem, finding }, index) => (
                  <li key={index}>
                    <Trans>
                      Example {problem.example}: <code>{problem.pointer || '/'}</code> breaks “
                      {problem.rule}” ({finding.message})
                    </Trans>
                  </li>
                ))}
              </ul>
            ) : null}
            <button
              type="button"
              className="gen-button gen-button-small"
              onClick={() => setExamples([...examples, { name: nextExampleName(body), json: '' }])}
            >
              <span aria-hidden="true">+ </span>
              <Trans>Add example</Trans>
            </button>
          </fieldset>

          <fieldset className="gen-extras-section" disabled={disabled}>
            <legend>
              <Trans>Schema properties</Trans>
            </legend>
            <div className="gen-extras-inline">
              <button
                type="button"
                className="gen-button gen-button-small"
                onClick={() => void infer()}
                disabled={busy || count === 0}
                aria-busy={busy}
              >
                <Trans>Infer schema from examples</Trans>
              </button>
              {body?.schema !== undefined ? (
                <span className="gen-muted">
                  <Trans>
                    Your edits are kept; what the examples contradict is listed for you.
                  </Trans>
                </span>
              ) : null}
            </div>
            {failed ? (
              <p className="gen-error" role="alert">
                <Trans>The schema could not be inferred: check that the examples are JSON.</Trans>
              </p>
            ) : null}
            {conflicts.length > 0 ? (
              <ul className="gen-extras-conflicts" aria-label={t`Conflicts with the examples`}>
                {conflicts.map((conflict) => (
                  <li key={`${conflict.pointer} ${conflict.rule}`} data-testid="schema-conflict">
                    <span>
                      <code>{conflict.pointer || '/'}</code>{' '}
                      <Trans>
                        The examples do not fit “{conflict.rule}” (your value: {show(conflict.kept)}
                        ).
                      </Trans>
                    </span>
                    <button
                      type="button"
                      className="gen-button gen-button-small"
                      onClick={() => resolve(conflict, false)}
                    >
                      <Trans>Keep mine</Trans>
                    </button>
                    <button
                      type="button"
                      className="gen-button gen-button-small"
                      onClick={() => resolve(conflict, true)}
                    >
                      <Trans>Follow the examples</Trans>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {rows.length === 0 ? (
              <p className="gen-muted">
                <Trans>Infer the schema from the examples to edit its properties here.</Trans>
              </p>
            ) : (
              <div className="gen-extras-table-wrap">
                <table className="gen-extras-table">
                  <thead>
                    <tr>
                      <th>{t`Property`}</th>
                      <th>{t`Type`}</th>
                      <th>{t`Required`}</th>
                      <th>{t`Nullable`}</th>
                      <th>{t`Format`}</th>
                      <th>{t`Description`}</th>
                      <th>{t`Enum`}</th>
                      <th>{t`Minimum`}</th>
                      <th>{t`Maximum`}</th>
                      <th>{t`Pattern`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.name} data-testid="schema-row">
                        <th scope="row">
                          <code>{row.name}</code>
                        </th>
                        <td>
                          <select
                            aria-label={t`${row.name}: type`}
                            value={TYPES.includes(row.type) ? row.type : ''}
                            onChange={(event) => editRow(row.name, { type: event.target.value })}
                          >
                            {TYPES.includes(row.type) ? null : (
                              <option value="">{row.type || '—'}</option>
                            )}
                            {TYPES.map((type) => (
                              <option key={type} value={type}>
                                {type}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t`${row.name}: required`}
                            checked={row.required}
                            onChange={(event) =>
                              editRow(row.name, { required: event.target.checked })
                            }
                          />
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t`${row.name}: nullable`}
                            checked={row.nullable}
                            onChange={(event) =>
                              editRow(row.name, { nullable: event.target.checked })
                            }
                          />
                        </td>
                        {(
                          [
                            ['format', t`${row.name}: format`],
                            ['description', t`${row.name}: description`],
                            ['enumText', t`${row.name}: enum, comma-separated`],
                            ['minimum', t`${row.name}: minimum`],
                            ['maximum', t`${row.name}: maximum`],
                            ['pattern', t`${row.name}: pattern`],
                          ] as const
                        ).map(([key, name]) => (
                          <td key={key}>
                            <input
                              aria-label={name}
                              value={row[key]}
                              type={key === 'minimum' || key === 'maximum' ? 'number' : 'text'}
                              onChange={(event) => editRow(row.name, { [key]: event.target.value })}
                            />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </fieldset>
        </>
      ) : null}
    </details>
  );
}
