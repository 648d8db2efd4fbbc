/**
 * Loads Monaco in steps, each module group evaluated in its own task with the browser given a
 * turn in between. Imported as one graph, Monaco's evaluation was a single 140 ms task every
 * time the generator page opened (a reload included). The core editor API goes first; the
 * feature groups register their contributions before any editor is created, because the output
 * editor's module (which creates it) is imported only after this resolves.
 *
 * Left out of the product on purpose (features no YAML output editor here uses, or that read the
 * whole document on the main thread): diff editor, code lens, colour picker, inlay hints, inline
 * completions, linked editing, links, semantic tokens, document symbols and the outline, go to
 * definition, references, rename, parameter hints, GPU rendering, token inspection, high
 * contrast toggle, the iPad keyboard button, floating menu and section headers.
 */
import { yieldToBrowser } from '../util/slices';

/**
 * Monaco's core in growing parts: editor options, the text buffer, the text model, the view
 * model (cursors, line layout), the view, the editor widget, the standalone services, then the
 * API itself. The buffer, the view model and the view are parts of their own because the
 * chunks of the text model (590 KB) and of the editor widget (790 KB) were each compiled and
 * evaluated in tasks of 50–60 ms on a reload.
 */
const CORE_PARTS: (() => Promise<unknown>)[] = [
  () => import('monaco-editor/editor/common/config/editorOptions'),
  () => import('monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder'),
  () => import('monaco-editor/editor/common/model/textModel'),
  () => import('monaco-editor/editor/common/viewModel/viewModelImpl'),
  () => import('monaco-editor/editor/browser/view'),
  () => import('monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget'),
  () => import('monaco-editor/editor/standalone/browser/standaloneServices'),
  () => import('monaco-editor/editor/editor.api'),
];

let loading: Promise<void> | undefined;

/** Resolves once Monaco's API and every feature the output editor uses are evaluated. */
export function loadMonacoInSteps(): Promise<void> {
  loading ??= (async () => {
    // Not in the caller's task: React.lazy calls this during a render, and the import's
    // module preloads (Vite's helper adds the links at once) compile a chunk found in the cache
    // on the spot: Monaco's 1.9 MB chunk took 100–120 ms of a reload's first render.
    await yieldToBrowser();
    // The core API's graph in parts, each a subgraph of the next (so each is a chunk of its
    // own, compiled and evaluated in its own tasks): as one graph its evaluation was one task of
    // 85–160 ms on a reload of the page.
    for (const load of CORE_PARTS) {
      await load();
      await yieldToBrowser();
    }
    await import('./monaco-features-edit');
    await yieldToBrowser();
    await import('./monaco-features-view');
    await yieldToBrowser();
    await import('./monaco-features-language');
    await yieldToBrowser();
    // Monaco's services, with the editor features the groups above registered, made in a task
    // of their own: made on first use (the YAML setup's first provider, in the evaluation of
    // the output editor's module) they were 55–60 ms CPU of that module's 78 ms task on a
    // reload. No editor here passes services of its own, so none is missed by making them now.
    const { StandaloneServices } =
      await import('monaco-editor/editor/standalone/browser/standaloneServices');
    StandaloneServices.initialize({});
    await yieldToBrowser();
  })();
  return loading;
}
