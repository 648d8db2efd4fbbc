/** monaco-yaml's language worker, as its own Vite worker entry (see monaco-yaml's Vite FAQ). */
// First: reports the checks that fail inside the worker to the page.
import './yaml-worker-report';
import 'monaco-yaml/yaml.worker.js';
