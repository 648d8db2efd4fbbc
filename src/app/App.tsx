import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { i18n } from './i18n';
import { routes } from './routes';

/** The app: Lingui (activated before the first render) around the data router. */
export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
