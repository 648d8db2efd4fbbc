/**
 * Upgrade to OpenAPI 3.1/3.2: every change the upgrade will make, grouped by kind,
 * before it is applied as one step (which Undo reverses).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UpgradeChangeKind } from '../../shared/openapi/document/upgrade';
import type { UpgradeOffer } from '../document-editor/offers';
import { DialogActions, Modal } from '../components/Modal';

const KIND_LABELS: Record<UpgradeChangeKind, MessageDescriptor> = {
  VERSION: msg`The openapi version`,
  NULLABLE: msg`nullable becomes a type list with 'null'`,
  EXAMPLE: msg`A schema's example becomes examples`,
  EXCLUSIVE_MINIMUM: msg`exclusiveMinimum becomes a number`,
  EXCLUSIVE_MAXIMUM: msg`exclusiveMaximum becomes a number`,
};

const KINDS = Object.keys(KIND_LABELS) as UpgradeChangeKind[];

export function UpgradeDialog({
  offer,
  onApply,
  onCancel,
}: {
  offer: UpgradeOffer;
  onApply: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const count = offer.changes.length;
  const target = offer.target;
  return (
    <Modal
      title={t`Upgrade to OpenAPI ${target}`}
      onClose={onCancel}
      testId="upgrade-dialog"
      footer={<DialogActions confirmLabel={t`Upgrade`} onConfirm={onApply} onCancel={onCancel} />}
    >
      <p>
        <Trans>
          The upgrade makes these {count} changes and nothing else. You can undo it in one step.
        </Trans>
      </p>
      {KINDS.map((kind) => {
        const items = offer.changes.filter((c) => c.kind === kind);
        if (items.length === 0) return null;
        return (
          <details key={kind} data-testid={`upgrade-${kind}`}>
            <summary>
              {i18n._(KIND_LABELS[kind])}: {items.length}
            </summary>
            <ul className="swagger-convert-list">
              {items.map((c, index) => (
                <li key={index}>
                  <code>{c.pointer}</code>: <code>{c.before}</code> → <code>{c.after}</code>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </Modal>
  );
}
