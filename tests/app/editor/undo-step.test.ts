import type * as Monaco from 'monaco-editor/editor/editor.api';
import { describe, expect, it } from 'vitest';
import { closeUndoStep } from '../../../src/app/editor/undo-step';

/** Monaco's undo stack element as far as closing goes: close() serialises its changes. */
class FakeElement {
  serialised = false;
  close(): void {
    this.serialised = true;
  }
  open(): void {
    this.serialised = false;
  }
  canAppend(): boolean {
    return !this.serialised;
  }
}

function fakeModel() {
  const stats = { pushed: 0 };
  const model = {
    uri: { toString: () => 'file:///openapi.yaml' },
    pushStackElement: () => stats.pushed++,
  };
  return { model: model as unknown as Monaco.editor.ITextModel, stats };
}

describe('closing a large paste’s undo step', () => {
  it('closes it without serialising: nothing more joins it until Monaco opens it again', () => {
    const element = new FakeElement();
    const { model, stats } = fakeModel();
    closeUndoStep(model, { getLastElement: () => element });
    expect(element.serialised).toBe(false);
    expect(element.canAppend()).toBe(false);
    expect(stats.pushed).toBe(0);
    // Monaco's later closes (the next edit's undo stop) do not serialise it either.
    element.close();
    expect(element.serialised).toBe(false);
    expect(element.canAppend()).toBe(false);
    element.open();
    expect(element.canAppend()).toBe(true);
    element.close();
    expect(element.canAppend()).toBe(false);
  });

  it('leaves the close to the model when the step cannot be reached or is closed', () => {
    const { model, stats } = fakeModel();
    closeUndoStep(model, undefined);
    closeUndoStep(model, { getLastElement: () => ({}) });
    const closed = new FakeElement();
    closed.close();
    closeUndoStep(model, { getLastElement: () => closed });
    expect(stats.pushed).toBe(3);
  });
});
