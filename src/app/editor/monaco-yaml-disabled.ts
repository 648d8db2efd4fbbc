/**
 * Stand-in for ./monaco-yaml while vite.config.ts lacks the monaco-editor alias that monaco-yaml's
 * worker needs (see ./monaco-yaml.ts): the output editor keeps YAML highlighting, without schema
 * diagnostics. monaco-env.ts switches to ./monaco-yaml once the alias is in.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';

export function createYamlWorker(): Worker | undefined {
  return undefined;
}

export function setupMonacoYaml(_monaco: typeof Monaco): void {}
