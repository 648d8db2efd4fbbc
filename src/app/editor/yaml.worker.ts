/** monaco-yaml's language worker, as its own Vite worker entry (see monaco-yaml's Vite FAQ). */
import 'monaco-yaml/yaml.worker.js';
