/**
 * A core API whose open document a test can render afresh. `text()` answers the text cached
 * for the revision; a check that a failed batch left the document as it was needs a render of
 * the document itself, which a cache kept from before the batch would not show.
 */
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import type { DocumentSession } from '../../../src/shared/openapi/document/session';
import { renderOpenApi } from '../../../src/shared/openapi/document/openapi-document';

export function renderedCore() {
  let session: DocumentSession | undefined;
  // The keeper is told of the session whenever a text becomes the open document.
  const api = createCoreApi({
    opened: (opened) => {
      session = opened;
    },
    batch: () => undefined,
  });
  /** The open document rendered now (NO_DOCUMENT thrown when none is open). */
  const render = (): string => {
    if (session === undefined) throw new Error('No document was opened.');
    return renderOpenApi(session.current());
  };
  return { api, render };
}
