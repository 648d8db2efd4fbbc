import { Trans } from '@lingui/react/macro';
import type { SiteSettings } from '../../shared/api-types';

/** Marks the operator details as the built-in demo values of a development install. */
export function DemoDetailsNote({ site }: { site: SiteSettings | undefined }) {
  if (!site?.demo) return null;
  return (
    <p className="demo-details-note" data-testid="demo-details">
      <Trans>Demo details: the server's operator settings are not configured yet.</Trans>
    </p>
  );
}
