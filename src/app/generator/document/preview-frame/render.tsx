/**
 * Scalar's API reference inside the preview frame, configured offline and without controls that
 * would reach a third party or do nothing: no "Test request" / API client, no
 * download, no dark-mode toggle, no developer tools, no default web fonts (Scalar's CDN), no
 * telemetry. The "Ask AI" button Scalar shows on local hosts has no option; preview-frame.css
 * hides it, and vite.config.ts replaces its chat with an empty component.
 */
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { createRoot } from 'react-dom/client';
import type { Json } from './neutralise';
import './preview-frame.css';

export function renderPreview(root: HTMLElement, content: Json, onRendered: () => void): void {
  let told = false;
  const rendered = () => {
    if (told) return;
    told = true;
    // After the first paint of the rendered reference.
    requestAnimationFrame(() => setTimeout(onRendered, 0));
  };
  const configuration = {
    content: content as Record<string, unknown>,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    hideTestRequestButton: true,
    documentDownloadType: 'none' as const,
    hideDarkModeToggle: true,
    forceDarkModeState: 'light' as const,
    showDeveloperTools: 'never' as const,
    persistAuth: false,
    layout: 'modern' as const,
    onLoaded: rendered,
  };
  createRoot(root).render(<ApiReferenceReact configuration={configuration} />);
}
