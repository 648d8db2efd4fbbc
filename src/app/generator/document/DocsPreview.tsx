/**
 * The docs preview (issue 11): Scalar's API reference, bundled with the app (this module is its
 * own chunk, loaded when the Preview tab opens). Configured to stay offline: no default web
 * fonts, no telemetry, no "try it" client (it would send requests), no download button.
 */
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

export default function DocsPreview({ text }: { text: string }) {
  const configuration = useMemo(
    () => ({
      content: text,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDownloadButton: true,
      documentDownloadType: 'none' as const,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light' as const,
      showDeveloperTools: 'never' as const,
      layout: 'modern' as const,
    }),
    [text],
  );
  return (
    <div className="doc-preview-body">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
