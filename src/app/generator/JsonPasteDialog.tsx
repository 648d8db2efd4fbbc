import { useLingui } from '@lingui/react/macro';
import { Modal } from './Modal';

export interface JsonPasteDialogProps {
  json: string;
  yaml: string;
  onConvert: () => void;
  onCancel: () => void;
}

/** Spec §2/§4 JSON-paste dialog: the pasted JSON and its YAML side by side, read-only. */
export function JsonPasteDialog({ json, yaml, onConvert, onCancel }: JsonPasteDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      title={t`JSON detected`}
      subtitle={t`The pasted text is JSON. Convert it to YAML before inserting?`}
      onClose={onCancel}
      className="gen-paste-dialog"
      testId="json-paste-dialog"
      footer={
        <>
          <button type="button" className="gen-button" onClick={onCancel}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="gen-button gen-button-primary"
            data-autofocus
            onClick={onConvert}
          >
            {t`Convert`}
          </button>
        </>
      }
    >
      <div className="gen-paste-panes">
        <label className="gen-paste-pane">
          <span>JSON</span>
          <textarea readOnly value={json} spellCheck={false} data-testid="paste-json" />
        </label>
        <label className="gen-paste-pane">
          <span>YAML</span>
          <textarea readOnly value={yaml} spellCheck={false} data-testid="paste-yaml" />
        </label>
      </div>
    </Modal>
  );
}
