/**
 * Issue 19.4: the Problems panel names the OpenAPI version the document was checked against,
 * from the open document's `openapi` (the document store's meta).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportWarning } from '../../../src/shared/openapi';
import { collectProblems } from '../../../src/app/generator/problems';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import { DocumentContext, DocumentStore } from '../../../src/app/model/document-store';
import { newDocumentMeta } from '../../../src/shared/openapi/document/meta';
import { renderPage } from '../pages/pricing/page-helpers';

const note: ImportWarning = { code: 'EXTENSION', pointer: '/x-a', message: "'/x-a' is kept." };

function panelFor(openapi: string | undefined) {
  const problems = collectProblems([], () => undefined, undefined, [note]);
  const panel = <ProblemsPanel problems={problems} open onToggle={() => {}} onSelect={() => {}} />;
  if (openapi === undefined) return panel;
  const document = new DocumentStore({ ...newDocumentMeta(), openapi });
  return <DocumentContext.Provider value={{ document }}>{panel}</DocumentContext.Provider>;
}

describe('Problems panel names the version it checked against (issue 19.4)', () => {
  it.each([
    ['3.1.0', 'OpenAPI 3.1'],
    ['3.2.0', 'OpenAPI 3.2'],
    ['3.0.3', 'OpenAPI 3.0'],
  ])('a %s document says "Checked against %s"', (openapi, name) => {
    renderPage(panelFor(openapi));
    expect(screen.getByTestId('problems-checked-against').textContent).toBe(
      `Checked against ${name}`,
    );
  });

  it('says OpenAPI 3.0 outside a document (the default new document)', () => {
    renderPage(panelFor(undefined));
    expect(screen.getByTestId('problems-checked-against').textContent).toBe(
      'Checked against OpenAPI 3.0',
    );
  });

  it('follows the document when its version changes (an upgrade)', async () => {
    const document = new DocumentStore({ ...newDocumentMeta(), openapi: '3.0.3' });
    const problems = collectProblems([], () => undefined, undefined, [note]);
    renderPage(
      <DocumentContext.Provider value={{ document }}>
        <ProblemsPanel problems={problems} open onToggle={() => {}} onSelect={() => {}} />
      </DocumentContext.Provider>,
    );
    expect(screen.getByTestId('problems-checked-against').textContent).toContain('OpenAPI 3.0');
    document.updateMeta((meta) => ({ ...meta, openapi: '3.1.1' }));
    expect(
      (await screen.findByText('Checked against OpenAPI 3.1')).getAttribute('data-testid'),
    ).toBe('problems-checked-against');
  });
});
