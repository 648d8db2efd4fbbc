import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { activateLocale, FALLBACK_LOCALE, initI18n } from './i18n';
import { initSession } from './session';
import './styles/global.css';

const root = document.getElementById('root');
if (root) {
  // The login check runs alongside; guarded routes show 'Loading...' until it ends.
  void initSession();
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // A catalog chunk that fails to load must not leave a blank page: try the fallback language.
  initI18n()
    .catch(() => activateLocale(FALLBACK_LOCALE, { remember: false }))
    .catch((error: unknown) => console.error('Could not load translations', error))
    .finally(render);
}
