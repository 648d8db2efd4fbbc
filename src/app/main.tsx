import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { initSession } from './session';
import './styles/global.css';

const root = document.getElementById('root');
if (root) {
  // The login check runs alongside; guarded routes show 'Loading...' until it ends.
  void initSession();
  void initI18n().then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
