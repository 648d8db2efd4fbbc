import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Modal } from '../components/Modal';

export interface ConflictDialogProps {
  projectName: string;
  serverRevision: number | undefined;
  onReload: () => Promise<void>;
  onKeepCopy: () => Promise<void>;
  onClose: () => void;
}

/**
 * A save was refused because another tab or device saved first. Nothing is overwritten: the
 * user takes the newer version, or keeps theirs as a new project.
 */
export function ConflictDialog({
  projectName,
  serverRevision,
  onReload,
  onKeepCopy,
  onClose,
}: ConflictDialogProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<'reload' | 'copy' | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const run = (kind: 'reload' | 'copy', job: () => Promise<void>) => {
    setBusy(kind);
    setFailed(false);
    job().then(
      () => setBusy(undefined),
      () => {
        setBusy(undefined);
        setFailed(true);
      },
    );
  };
  return (
    <Modal
      title={t`The project was changed elsewhere`}
      onClose={onClose}
      testId="conflict-dialog"
      footer={
        <>
          <button
            type="button"
            className="gen-button"
            disabled={busy !== undefined}
            onClick={() => run('reload', onReload)}
            data-testid="conflict-reload"
          >
            {busy === 'reload' ? t`Loading…` : t`Reload the newer version`}
          </button>
          <button
            type="button"
            className="gen-button gen-button-primary"
            data-autofocus
            disabled={busy !== undefined}
            onClick={() => run('copy', onKeepCopy)}
            data-testid="conflict-copy"
          >
            {busy === 'copy' ? t`Saving…` : t`Keep mine as a copy`}
          </button>
        </>
      }
    >
      <p>
        {serverRevision === undefined ? (
          <Trans>
            Another tab or device saved a newer version of <strong>{projectName}</strong> while you
            were editing, so your change was not saved over it.
          </Trans>
        ) : (
          <Trans>
            Another tab or device saved a newer version of <strong>{projectName}</strong> (revision{' '}
            {serverRevision}) while you were editing, so your change was not saved over it.
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          Your text stays on this screen and on this device until you choose. Reloading shows the
          newer version instead; keeping yours saves it as a new project.
        </Trans>
      </p>
      {failed ? (
        <p className="gen-error" role="alert">
          <Trans>That did not work. Check the connection and try again.</Trans>
        </p>
      ) : null}
    </Modal>
  );
}
