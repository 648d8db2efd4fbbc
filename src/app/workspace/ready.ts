/**
 * Older storage is migrated into the one store once per page load, before any workspace is
 * read (workspace/migrate.ts); every workspace waits for it.
 */
import { migrateOldStorage } from './migrate';
import { workspaceStore } from './workspace-store';

let migrating: Promise<void> | undefined;

export function workspacesReady(): Promise<void> {
  migrating ??= migrateOldStorage({ store: workspaceStore() }).then(
    () => undefined,
    (failure: unknown) => console.warn('Older storage was not migrated', failure),
  );
  return migrating;
}
