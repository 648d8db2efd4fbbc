import { Trans, useLingui } from '@lingui/react/macro';
import { DialogActions, Modal } from './Modal';

/**
 * Characters of each text the dialog shows. A read-only pane holding a whole 0.5 MB document
 * costs a long main-thread task to lay out (issue 18.6); Convert inserts the whole YAML anyway.
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
  yaml: string;
  onConvert: () => void;
  onCancel: () => void;
}

/**
 * Spec §2/§4 JSON-paste dialog: the pasted JSON and its YAML side by side, read-only (the start
 * of each when they are long).
 */
export function JsonPasteDialog({ json, yaml, onConvert, onCancel }: JsonPasteDialogProps) {
  const { t } = useLingui();
  const jsonShown = previewOf(json);
  const yamlShown = previewOf(yaml);
  const cut = jsonShown.length < json.length || yamlShown.length < yaml.length;
  const total = yaml.length;
  return (
    <Modal
      title={t`JSON detected`}
      subtitle={t`The pasted text is JSON. Convert it to YAML before inserting?`}
      onClose={onCancel}
      className="gen-paste-dialog"
      testId="json-paste-dialog"
      footer={<DialogActions confirmLabel={t`Convert`} onConfirm={onConvert} onCancel={onCancel} />}
    >
      <div className="gen-paste-panes">
        <label className="gen-paste-pane">
          <span>JSON</span>
          <textarea readOnly value={jsonShown} spellCheck={false} data-testid="paste-json" />
        </label>
        <label className="gen-paste-pane">
          <span>YAML</span>
          <textarea readOnly value={yamlShown} spellCheck={false} data-testid="paste-yaml" />
        </label>
      </div>
      {cut ? (
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
