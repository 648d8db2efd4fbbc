/** The lint: Spectral with the project's ruleset; see lint.ts and ruleset.ts. */
export * from './types';
export { Linter, lintText, countFindings, canGenerateWith, DOCUMENT_WIDE } from './lint';
export { readRuleset, MAX_RULESET_CHARS } from './ruleset';
export { specformRuleset } from './specform-ruleset';
export { createLintApi, type LintApi } from './lint-api';
export { textKey, sameTextKey, type TextKey } from './text-key';
