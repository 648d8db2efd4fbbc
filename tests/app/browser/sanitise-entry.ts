/** What tests/app/generator/markdown-sanitise.test.ts runs in Chromium. */
export { loadMarkdownRenderer } from '../../../src/app/generator/document/MarkdownField';
export {
  neutraliseMarkdown,
  sanitiseRawHtml,
} from '../../../src/app/generator/document/preview-frame/neutralise';
