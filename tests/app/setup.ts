import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { MemoryWorkspaceStore, setWorkspaceStore } from '../../src/app/workspace/workspace-store';

// A default active locale, so a component rendered without its own provider setup still renders
// (the macros carry the English source text in tests). Tests that need a catalog load their own.
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
});

// Each test starts with an empty workspace store, as it starts with an empty localStorage.
beforeEach(() => {
  setWorkspaceStore(new MemoryWorkspaceStore());
  // The store's journal (journal.ts) goes with it.
  if (typeof localStorage === 'undefined') return;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('specform.workspace.journal:')) localStorage.removeItem(key);
  }
});
