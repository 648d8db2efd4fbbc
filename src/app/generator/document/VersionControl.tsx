/**
 * The document's OpenAPI version in the document panel (issue 19.5). A new document offers
 * 3.0.1 (the default, spec §9), 3.1.1 and 3.2.0; a loaded document keeps the version it states,
 * and moving it to 3.1 or 3.2 is the explicit Upgrade action, which shows its changes first.
 */
import { useLingui } from '@lingui/react/macro';
import type { UpgradeTarget } from '../../../shared/openapi/document/upgrade';
import type { OpenApiDialect } from '../../../shared/openapi/openapi-version';
import type { DocumentStore } from '../../model/document-store';

const NEW_VERSIONS = ['3.0.1', '3.1.1', '3.2.0'] as const;

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
  if (isNew) {
    return (
      <label className="gen-field doc-field-narrow" data-testid="doc-openapi-version">
        <span>{t`OpenAPI version`}</span>
        <select
          aria-label={t`OpenAPI version`}
          value={openapi}
          onChange={(e) => store.updateMeta((meta) => ({ ...meta, openapi: e.target.value }))}
        >
          {(NEW_VERSIONS as readonly string[]).includes(openapi) ? null : (
            <option value={openapi}>{openapi}</option>
          )}
          {NEW_VERSIONS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (onUpgrade === undefined || dialect === '3.2') return null;
  return (
    <div className="doc-upgrade" data-testid="doc-upgrade">
      {dialect === '3.0' ? (
        <button
          type="button"
          className="gen-button gen-button-small"
          onClick={() => onUpgrade('3.1.1')}
        >
          {t`Upgrade to OpenAPI 3.1…`}
        </button>
      ) : null}
      <button
        type="button"
        className="gen-button gen-button-small"
        onClick={() => onUpgrade('3.2.0')}
      >
        {t`Upgrade to OpenAPI 3.2…`}
      </button>
    </div>
  );
}
