/** The document's tags: name and description, add, remove, reorder (issue 11). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { TagObject } from '../../../shared/document/meta';
import type { MetaIssue } from '../../../shared/document/validate-meta';
import type { DocumentStore } from './document-store';
import { RowButtons, TextField } from './fields';
import { metaMessage } from './meta-messages';
import { moveItem, removeAt, replaceAt, withOptional } from './meta-ops';

function isBlank(tag: TagObject | undefined): boolean {
  return tag !== undefined && tag.name === '' && Object.keys(tag).length === 1;
}

/**
 * The document's tags. With none, one blank row is shown (not written until named); "Add tag"
 * while the last row is blank moves the focus there instead of adding another.
 */
export function TagsSection({
  store,
  tags,
  issues,
}: {
  store: DocumentStore;
  tags: readonly TagObject[] | undefined;
  issues: readonly MetaIssue[];
}) {
  const { t } = useLingui();
  const box = useRef<HTMLFieldSetElement>(null);
  const list = tags !== undefined && tags.length > 0 ? tags : [{ name: '' }];
  const edit = (change: (tags: TagObject[]) => TagObject[]) =>
    store.updateMeta((meta) => {
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
      {list.map((tag, index) => (
        <div className="doc-row" key={index} data-testid="doc-tag">
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
