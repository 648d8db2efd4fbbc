import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { PROJECT_NAME_MAX } from '../../shared/projects';
import { Modal } from '../components/Modal';

export interface NameProjectDialogProps {
  /** The name offered (the document's title, or "Untitled project"). */
  initialName: string;
  busy?: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a new project's name before it is created ("Save as a project"). */
export function NameProjectDialog({ initialName, busy, onSave, onCancel }: NameProjectDialogProps) {
  const { t } = useLingui();
  const [name, setName] = useState(initialName);
  const clean = name.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (clean && !busy) onSave(clean);
  };
  return (
    <Modal
      title={t`Save as a project`}
      onClose={onCancel}
      testId="name-project-dialog"
      footer={
        <>
          <button type="button" className="gen-button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="gen-button gen-button-primary"
            disabled={!clean || busy}
            onClick={() => submit()}
            data-testid="name-project-save"
          >
            {busy ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </button>
        </>
      }
    >
      <form onSubmit={submit}>
        <label className="proj-name-field">
          <span>
            <Trans>Project name</Trans>
          </span>
          <input
            className="input"
            value={name}
            maxLength={PROJECT_NAME_MAX}
            autoFocus
            onFocus={(event) => event.target.select()}
            onChange={(event) => setName(event.target.value)}
            data-testid="name-project-input"
          />
        </label>
        {busy ? (
          // A large document takes seconds to send: say what is happening meanwhile.
          <p className="gen-muted" role="status" data-testid="name-project-progress">
            <Trans>Sending the document to the server and creating the project…</Trans>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
