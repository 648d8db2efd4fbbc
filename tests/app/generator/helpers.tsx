import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Renders with the providers the generator needs (Lingui, router). */
export function renderWithProviders(ui: ReactNode): RenderResult {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/generator']}>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

/**
 * The generator page's workspace record has been read (the form is its own from now on). The
 * output editor is a lazy module: the first test of a file waits for its import, which takes
 * more than testing-library's 1 s default on a busy machine.
 */
export async function restored(): Promise<void> {
  const { screen, waitFor } = await import('@testing-library/react');
  await screen.findByTestId('fake-output', undefined, { timeout: 10_000 });
  await waitFor(
    () => {
      if (screen.queryByTestId('restoring') !== null) throw new Error('still restoring');
    },
    { timeout: 10_000 },
  );
}
