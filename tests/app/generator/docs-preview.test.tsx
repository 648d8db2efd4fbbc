/**
 * The docs preview's pane around the frame (issue 28.5, 28.6): what it asks the core for, the
 * note and list of parts of a large document, switching parts, and a core error said plainly
 * (in English and Russian). The frame itself renders only in a browser (tests/e2e/preview).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DocsPreview from '../../../src/app/generator/document/DocsPreview';
import { CoreCallError } from '../../../src/app/core/generator-client';
import { activateLocale, i18n } from '../../../src/app/i18n';
import type {
  PreviewAnswer,
  PreviewRequest,
} from '../../../src/shared/openapi/document/preview-part';
import { renderWithProviders } from './helpers';

const previewPart = vi.fn<(request: PreviewRequest) => Promise<PreviewAnswer>>();

vi.mock('../../../src/app/core/generator-client', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  generatorClient: () => ({ previewPart }),
}));

afterEach(async () => {
  previewPart.mockReset();
  await act(() => activateLocale('en'));
});

function answer(part: string): PreviewAnswer {
  const parts = ['pets', 'stores'].flatMap((tag) =>
    [1, 2].map((page) => ({
      id: `tag:${tag}#${page}`,
      kind: 'tag' as const,
      name: tag,
      page,
      pages: 2,
      operations: 25,
    })),
  );
  return {
    json: '{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{}}',
    operations: 200,
    chars: 1000,
    parts,
    part: parts.find((item) => item.id === part)!,
    reason: 'operations',
    ms: 5,
  };
}

describe('DocsPreview', () => {
  it('asks for the open endpoint’s part, lists the parts and switches on choice', async () => {
    previewPart.mockImplementation((request) =>
      Promise.resolve(answer(request.part ?? 'tag:stores#2')),
    );
    renderWithProviders(
      <DocsPreview
        text="openapi: 3.0.3"
        openOperation={() => ({ path: '/stores/{id}', method: 'PUT', webhook: false })}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Preparing the preview…');
    const select = await screen.findByRole('combobox', { name: 'Part' });
    expect(previewPart.mock.calls[0]?.[0]).toEqual({
      text: 'openapi: 3.0.3',
      operation: { path: '/stores/{id}', method: 'PUT', webhook: false },
    });
    expect((select as HTMLSelectElement).value).toBe('tag:stores#2');
    expect(screen.getByRole('note').textContent).toBe(
      'This document has 200 operations; the preview shows them by tag.',
    );
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Tag pets, page 1 of 2: 25 operations',
      'Tag pets, page 2 of 2: 25 operations',
      'Tag stores, page 1 of 2: 25 operations',
      'Tag stores, page 2 of 2: 25 operations',
    ]);
    // Never blank: until the frame renders, the pane says what it waits for.
    expect(screen.getByTestId('preview-status').textContent).not.toBe('');

    fireEvent.change(select, { target: { value: 'tag:pets#1' } });
    expect(screen.getByTestId('preview-status').textContent).toBe(
      'Large document: preparing the operations of tag pets…',
    );
    await waitFor(() => expect(previewPart).toHaveBeenCalledTimes(2));
    expect(previewPart.mock.calls[1]?.[0]).toMatchObject({ part: 'tag:pets#1' });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('tag:pets#1'));
  });

  it('says plainly why it cannot show a document, in the chosen language', async () => {
    const info = {
      code: 'EXPANSION_TOO_LARGE' as const,
      message: 'The document’s YAML aliases expand to at least 12000000 bytes',
      size: 12 * 1024 * 1024,
      limit: 8 * 1024 * 1024,
    };
    previewPart.mockRejectedValue(new CoreCallError(info));
    const { unmount } = renderWithProviders(<DocsPreview text="a: &a x" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "The preview cannot show this document: The document's YAML aliases expand to too much text to convert or preview. Expanded, it is at least 12 MB; the limit is 8 MB.",
    );
    expect(alert.getAttribute('data-code')).toBe('EXPANSION_TOO_LARGE');
    unmount();

    await act(() => activateLocale('ru'));
    expect(i18n.locale).toBe('ru');
    renderWithProviders(<DocsPreview text="a: &a x" />);
    const russian = await screen.findByRole('alert');
    expect(russian.textContent).toMatch(/^Предпросмотр не может показать этот документ: /);
    expect(russian.textContent).toMatch(/12.*8/);
  });
});
