import { Trans, useLingui } from '@lingui/react/macro';
import { DialogActions, Modal } from '../components/Modal';

/**
 * Characters of each text the dialog shows. A read-only pane holding a whole 0.5 MB document
 * costs a long main-thread task to lay out; Convert inserts the whole YAML anyway.
 */
export const PREVIEW_CHARS = 20_000;

/** The start of `text`, cut at a line end, when it is longer than {@link PREVIEW_CHARS}. */
export function previewOf(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  const cut = text.lastIndexOf('\n', PREVIEW_CHARS);
  return text.slice(0, cut > PREVIEW_CHARS / 2 ? cut + 1 : PREVIEW_CHARS);
}

export interface JsonPasteDialogProps {
  json: string;
  /** The YAML; undefined while a whole document's is being made. */
  yaml: string | undefined;
  onConvert: () => void;
  onCancel: () => void;
  /**
   * The text is a whole OpenAPI (or Swagger) document. The dialog then offers "Open
   * as JSON" (focused first) beside "Convert to YAML"; without it, it is the spec's dialog.
   */
  onOpenAsJson?: (() => void) | undefined;
  /** A whole document's YAML could not be made: only Open as JSON and Cancel remain. */
  conversionFailed?: boolean | undefined;
}

/**
 * Spec §2/§4 JSON-paste dialog: the pasted JSON and its YAML side by side, read-only (the start
 * of each when they are long). For a whole OpenAPI document in JSON it also offers
 * to open the document as JSON, kept as written.
 */
export function JsonPasteDialog({
  json,
  yaml,
  onConvert,
  onCancel,
  onOpenAsJson,
  conversionFailed = false,
}: JsonPasteDialogProps) {
  const { t } = useLingui();
  const jsonShown = previewOf(json);
  const yamlShown = yaml === undefined ? '' : previewOf(yaml);
  const cut =
    jsonShown.length < json.length || (yaml !== undefined && yamlShown.length < yaml.length);
  const total = yaml?.length ?? 0;
  const chars = json.length;
  const whole = onOpenAsJson !== undefined;
  const yamlPlaceholder =
    yaml !== undefined
      ? undefined
      : conversionFailed
        ? t`This JSON could not be converted to YAML.`
        : t`Converting to YAML…`;
  return (
    <Modal
      title={whole ? t`OpenAPI document in JSON` : t`JSON detected`}
      subtitle={
        whole
          ? t`The pasted text is a whole OpenAPI document in JSON. Open it as JSON, exactly as written, in place of the editor's text, or convert it to YAML?`
          : t`The pasted text is JSON. Convert it to YAML before inserting?`
      }
      onClose={onCancel}
      className="gen-paste-dialog"
      testId="json-paste-dialog"
      footer={
        whole ? (
          <>
            <button type="button" className="gen-button" onClick={onCancel}>
              {t`Cancel`}
            </button>
            <button
              type="button"
              className="gen-button"
              disabled={yaml === undefined}
              aria-busy={yaml === undefined && !conversionFailed}
              onClick={onConvert}
              data-testid="paste-convert-yaml"
            >
              {t`Convert to YAML`}
            </button>
            <button
              type="button"
              className="gen-button gen-button-primary"
              data-autofocus
              onClick={onOpenAsJson}
              data-testid="paste-open-json"
            >
              {t`Open as JSON`}
            </button>
          </>
        ) : (
          <DialogActions confirmLabel={t`Convert`} onConfirm={onConvert} onCancel={onCancel} />
        )
      }
    >
      <div className="gen-paste-panes">
        <label className="gen-paste-pane">
          <span>JSON</span>
          <textarea readOnly value={jsonShown} spellCheck={false} data-testid="paste-json" />
        </label>
        <label className="gen-paste-pane">
          <span>YAML</span>
          <textarea
            readOnly
            value={yamlShown}
            placeholder={yamlPlaceholder}
            spellCheck={false}
            data-testid="paste-yaml"
          />
        </label>
      </div>
      {cut && whole ? (
        <p className="gen-muted" data-testid="paste-preview-note">
          <Trans>
            Only the start of each text is shown here. Open as JSON puts the whole JSON ({chars}{' '}
            characters) in the editor.
          </Trans>
        </p>
      ) : cut ? (
        <p className="gen-muted" data-testid="paste-preview-note">
          <Trans>
            Only the start of each text is shown here. Convert inserts the whole YAML ({total}{' '}
            characters).
          </Trans>
        </p>
      ) : null}
    </Modal>
  );
}
