/**
 * The note at the top of the list under the output editor: the editor's YAML services
 * (monaco-yaml's hover and completion, folding) are off for a text this large, or stopped on
 * this text. Nothing while they run. (The diagnostics are the lint's: EditorLintNote.)
 */
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { YAML_CHECKS_MAX_CHARS, subscribeYamlChecks, yamlChecksState } from '../editor/yaml-checks';

/** Characters as MB of 1,048,576, one decimal (the project limits are stated so: "64 MB"). */
function megabytes(n: (value: number, options: Intl.NumberFormatOptions) => string, chars: number) {
  return n(chars / (1024 * 1024), { maximumFractionDigits: 1 });
}

export default function YamlChecksNote() {
  const { i18n, t } = useLingui();
  const state = useSyncExternalStore(subscribeYamlChecks, yamlChecksState);
  if (state.kind === 'on') return null;
  const n = (value: number, options: Intl.NumberFormatOptions) => i18n.number(value, options);
  let text: string;
  if (state.kind === 'off') {
    const size = megabytes(n, state.chars);
    const limit = megabytes(n, YAML_CHECKS_MAX_CHARS);
    text = t`This text is ${size} MB: the editor's hints, completion and folding are off above ${limit} MB, to keep the page responsive. Loading and generating check the document.`;
  } else if (/call stack/i.test(state.reason)) {
    text = t`The editor's hints stopped on this text: it nests too deeply for them (through its aliases, perhaps). The editor keeps working; loading and generating are not affected.`;
  } else {
    const reason = state.reason;
    text = t`The editor's hints stopped on this text (${reason}). The editor keeps working; loading and generating are not affected.`;
  }
  return (
    <li className="gen-checks-note" role="status" data-testid="yaml-checks-note">
      {text}
    </li>
  );
}
