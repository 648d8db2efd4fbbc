/**
 * The document's OpenAPI version in the document panel. A new document offers the
 * registry's new-document versions (the oldest, 3.0.1, is the default, spec §9); a loaded
 * document keeps the version it states, and moving it to a later one is the explicit Upgrade
 * action, which shows its changes first.
 */
import { useLingui } from '@lingui/react/macro';
import type { UpgradeTarget } from '../../../shared/openapi/document/upgrade';
import type { OpenApiDialect } from '../../../shared/openapi/openapi-version';
import { newDocumentVersions, upgradeTargetsOf } from '../../../shared/openapi/versions';
import { useMetaEdit, type DocumentStore } from '../../model/document-store';

export function VersionControl({
  store,
  openapi,
  dialect,
  isNew,
  onUpgrade,
}: {
  store: DocumentStore;
  openapi: string;
  dialect: OpenApiDialect;
  /** A document started here (not loaded): its version is simply chosen. */
  isNew: boolean;
  onUpgrade?: ((target: UpgradeTarget) => void) | undefined;
}) {
  const { t } = useLingui();
  const editMeta = useMetaEdit(store);
  if (isNew) {
    const choices = newDocumentVersions();
    return (
      <label className="gen-field doc-field-narrow" data-testid="doc-openapi-version">
        <span>{t`OpenAPI version`}</span>
        <select
          aria-label={t`OpenAPI version`}
          value={openapi}
          onChange={(e) => editMeta((meta) => ({ ...meta, openapi: e.target.value }))}
        >
          {choices.includes(openapi) ? null : <option value={openapi}>{openapi}</option>}
          {choices.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const targets = upgradeTargetsOf(dialect);
  if (onUpgrade === undefined || targets.length === 0) return null;
  return (
    <div className="doc-upgrade" data-testid="doc-upgrade">
      {targets.map(({ dialect: version, writes }) => (
        <button
          key={version}
          type="button"
          className="gen-button gen-button-small"
          onClick={() => onUpgrade(writes ?? version)}
        >
          {t`Upgrade to OpenAPI ${version}…`}
        </button>
      ))}
    </div>
  );
}
