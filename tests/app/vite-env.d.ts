// The node type-check (tsconfig.node.json) covers tests but not src/vite-env.d.ts; reference it
// so `*.po` catalog imports and Vite's client types resolve there too. A reference (not an
// import) keeps the file's ambient `declare module '*.po'` global.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../src/vite-env.d.ts" />
