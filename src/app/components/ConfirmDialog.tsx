import type { ReactNode } from 'react';
import { DialogActions, Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive step (remove an endpoint, replace unsaved endpoints). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      testId="confirm-dialog"
      footer={
        <DialogActions
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          onCancel={onCancel}
          tone="danger"
        />
      }
    >
      {children}
    </Modal>
  );
}
