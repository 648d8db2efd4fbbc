/**
 * The document's tags: name and description, add, remove, reorder. In an OpenAPI 3.2
 * document a tag also has a summary, a parent and a kind; the rows are indented under
 * their parent, so the list reads as the tree the document describes.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useRef } from 'react';
import type { TagObject } from '../../../shared/openapi/document/meta';
import type { MetaIssue } from '../../../shared/openapi/document/validate-meta';
import type { OpenApiDialect } from '../../../shared/openapi/openapi-version';
import { baseDialect, featuresOf } from '../../../shared/openapi/versions';
import { useMetaEdit, type DocumentStore } from '../../model/document-store';
import { RowButtons, TextField } from './fields';
import { metaMessage } from './meta-messages';
import { moveItem, removeAt, replaceAt, withOptional } from './meta-ops';

/**
 * Tag rows a render mounts at once when it brings many (a Load, a restore); the rest follow in a
 * deferred, time-sliced render. GitHub's 50-odd tags were 540 of a loaded form's 1,850 elements
 * and 250 of its 400 form controls, all rendered and laid out in the task of the worker's answer.
 */
export const FIRST_TAGS = 8;

function isBlank(tag: TagObject | undefined): boolean {
  return tag !== undefined && tag.name === '' && Object.keys(tag).length === 1;
}

/** Each tag's depth under its `parent` chain (a cycle or an unknown parent stops the climb). */
export function tagDepths(tags: readonly TagObject[]): number[] {
  const parentOf = new Map<string, string | undefined>();
  for (const tag of tags) if (tag.name) parentOf.set(tag.name, tag.parent);
  return tags.map((tag) => {
    const seen = new Set<string>([tag.name]);
    let depth = 0;
    let parent = tag.parent;
    while (parent !== undefined && parentOf.has(parent) && !seen.has(parent) && depth < 16) {
      seen.add(parent);
      depth++;
      parent = parentOf.get(parent);
    }
    return depth;
  });
}

/**
 * The document's tags. With none, one blank row is shown (not written until named); "Add tag"
 * while the last row is blank moves the focus there instead of adding another.
 */
export function TagsSection({
  store,
  tags,
  issues,
  dialect = baseDialect(),
}: {
  store: DocumentStore;
  tags: readonly TagObject[] | undefined;
  issues: readonly MetaIssue[];
  /** OpenAPI 3.2 adds a tag's summary, parent and kind. */
  dialect?: OpenApiDialect;
}) {
  const { t } = useLingui();
  const editMeta = useMetaEdit(store);
  const nested =
    featuresOf(dialect).tagTree || (tags ?? []).some((tag) => tag.parent !== undefined);
  const box = useRef<HTMLFieldSetElement>(null);
  const list = tags !== undefined && tags.length > 0 ? tags : [{ name: '' }];
  const depths = nested ? tagDepths(list) : [];
  const settled = useDeferredValue(list.length, Math.min(list.length, FIRST_TAGS));
  // One row more (Add tag) is shown at once, and so is a shorter list.
  const shown = list.length - settled > 1 ? Math.max(settled, FIRST_TAGS) : list.length;
  const edit = (change: (tags: TagObject[]) => TagObject[]) =>
    editMeta((meta) => {
      const current = meta.tags !== undefined && meta.tags.length > 0 ? meta.tags : [{ name: '' }];
      const next = change(current);
      const empty = next.length === 0 || (next.length === 1 && isBlank(next[0]));
      if (empty) return meta.tags === undefined ? meta : withOptional(meta, 'tags', undefined);
      return { ...meta, tags: next };
    });
  const focusLast = () => {
    const inputs = box.current?.querySelectorAll<HTMLInputElement>('[data-testid=doc-tag] input');
    inputs?.[inputs.length - 2]?.focus();
  };
  return (
    <fieldset className="gen-section doc-section" data-testid="doc-tags" ref={box}>
      <legend>{t`Tags`}</legend>
      {list.slice(0, shown).map((tag, index) => (
        <div
          className="doc-row"
          key={index}
          data-testid="doc-tag"
          data-depth={depths[index] ?? 0}
          style={depths[index] ? { paddingInlineStart: `${depths[index] * 1.5}rem` } : undefined}
        >
          <TextField
            label={t`Tag name`}
            value={tag.name ?? ''}
            error={metaMessage(issues, `tags.${index}.name`)}
            onChange={(name) =>
              edit((all) => replaceAt(all, index, { ...(all[index] ?? tag), name }))
            }
          />
          <TextField
            label={t`Tag description`}
            value={tag.description ?? ''}
            className="gen-field-wide"
            onChange={(value) =>
              edit((all) =>
                replaceAt(all, index, withOptional(all[index] ?? tag, 'description', value)),
              )
            }
          />
          {nested ? (
            <>
              <TextField
                label={t`Tag summary`}
                value={tag.summary ?? ''}
                onChange={(value) =>
                  edit((all) =>
                    replaceAt(all, index, withOptional(all[index] ?? tag, 'summary', value)),
                  )
                }
              />
              <label className="gen-field">
                <span>{t`Parent tag`}</span>
                <select
                  aria-label={t`Parent tag`}
                  value={tag.parent ?? ''}
                  onChange={(e) =>
                    edit((all) =>
                      replaceAt(
                        all,
                        index,
                        withOptional(all[index] ?? tag, 'parent', e.target.value),
                      ),
                    )
                  }
                >
                  <option value="">{t`(none)`}</option>
                  {list
                    .filter((other) => other.name && other.name !== tag.name)
                    .map((other) => (
                      <option key={other.name} value={other.name}>
                        {other.name}
                      </option>
                    ))}
                  {tag.parent !== undefined && !list.some((o) => o.name === tag.parent) ? (
                    <option value={tag.parent}>{tag.parent}</option>
                  ) : null}
                </select>
              </label>
              <TextField
                label={t`Tag kind`}
                value={tag.kind ?? ''}
                placeholder="nav"
                className="doc-field-narrow"
                onChange={(value) =>
                  edit((all) =>
                    replaceAt(all, index, withOptional(all[index] ?? tag, 'kind', value)),
                  )
                }
              />
            </>
          ) : null}
          <RowButtons
            what={t`tag ${tag.name || index + 1}`}
            index={index}
            count={list.length}
            onMove={(delta) => edit((all) => moveItem(all, index, delta))}
            onRemove={() => edit((all) => removeAt(all, index))}
          />
        </div>
      ))}
      <button
        type="button"
        className="gen-button gen-button-small"
        onClick={() => {
          if (isBlank(list[list.length - 1])) focusLast();
          else {
            edit((all) => [...all, { name: '' }]);
            requestAnimationFrame(focusLast);
          }
        }}
      >
        <span aria-hidden="true">+ </span>
        <Trans>Add tag</Trans>
      </button>
    </fieldset>
  );
}
