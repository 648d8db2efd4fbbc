// The node type-check (tsconfig.node.json) covers tests but not src/vite-env.d.ts; reference it
// so `*.po` catalog imports and Vite's client types resolve there too.
/// <reference path="../../src/vite-env.d.ts" />
