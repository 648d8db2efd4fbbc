/**
 * Monaco's language features that monaco-yaml answers for: hover, completion (suggest and
 * snippets), quick fixes, formatting (a chunk of {@link loadMonacoInSteps}).
 */
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/format/register';
