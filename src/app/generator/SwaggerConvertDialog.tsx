/**
 * Loading a Swagger 2.0 document: says what it is, lists what the conversion to
 * OpenAPI 3.0 changed and what it could not carry, and converts only when the user accepts.
 * The original stays downloadable, before and after.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ConversionWarning } from '../../shared/openapi/convert-swagger2';
import type { SwaggerConversion } from '../document-editor/offers';
import { downloadText } from '../projects/files';
import { conversionItemText } from './conversion-messages';
import { DialogActions, Modal } from '../components/Modal';

/** Saves the Swagger 2.0 text as it was loaded, in its own format. */
export function downloadOriginal(original: string): void {
  const json = original.trimStart().startsWith('{');
  downloadText(
    json ? 'swagger-2.0.json' : 'swagger-2.0.yaml',
    original,
    json ? 'application/json' : 'application/yaml',
  );
}

function WarningList({ items }: { items: ConversionWarning[] }) {
  const { i18n } = useLingui();
  return (
    <ul className="swagger-convert-list">
      {items.map((w, index) => (
        <li key={index}>
          <code>{w.pointer || '/'}</code> <span>{conversionItemText(i18n, w)}</span>
        </li>
      ))}
    </ul>
  );
}

export function SwaggerConvertDialog({
  conversion,
  onConvert,
  onCancel,
}: {
  conversion: SwaggerConversion;
  onConvert: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const changed = conversion.warnings.filter((w) => w.code === 'CONVERTED');
  const lost = conversion.warnings.filter((w) => w.code === 'NOT_CARRIED');
  return (
    <Modal
      title={t`This is a Swagger 2.0 document`}
      onClose={onCancel}
      testId="swagger-convert-dialog"
      footer={
        <DialogActions
          before={
            <button
              type="button"
              className="gen-button"
              onClick={() => downloadOriginal(conversion.original)}
            >
              {t`Download the original`}
            </button>
          }
          confirmLabel={t`Convert to OpenAPI 3.0`}
          onConfirm={onConvert}
          onCancel={onCancel}
        />
      }
    >
      <p>
        <Trans>
          Specform edits OpenAPI 3.0, 3.1 and 3.2 documents. Converted to OpenAPI 3.0, this document
          becomes the document you edit; the Swagger 2.0 text stays downloadable.
        </Trans>
      </p>
      <details open={lost.length > 0} data-testid="swagger-not-carried">
        <summary>
          <Plural
            value={lost.length}
            _0="Nothing is left out"
            one="# thing cannot be carried over"
            other="# things cannot be carried over"
          />
        </summary>
        <WarningList items={lost} />
      </details>
      <details data-testid="swagger-changed">
        <summary>
          <Plural value={changed.length} one="# change" other="# changes" />
        </summary>
        <WarningList items={changed} />
      </details>
    </Modal>
  );
}
