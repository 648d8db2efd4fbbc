/** A textarea standing in for the Monaco output editor (Monaco does not run in happy-dom). */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { OutputEditorProps } from '../../../src/app/generator/OutputEditor';
import type { OutputEditorHandle } from '../../../src/app/model/output-handle';
import { mayBeJsonPaste } from '../../../src/app/generator/json-paste';
import { indentYamlForInsertion } from '../../../src/shared/openapi/yaml-insertion';
import { findOperation, operationRanges } from '../../../src/shared/openapi/document/locate';
import type { OperationWhere } from '../../../src/app/model/document-store';

/** The lines the last revealLines call asked for (tests read it). */
export const revealed: { start?: number; end?: number } = {};

const FakeOutputEditor = forwardRef<OutputEditorHandle, OutputEditorProps>(
  function FakeOutputEditor({ onHasTextChange, onPaste }, ref) {
    const area = useRef<HTMLTextAreaElement>(null);
    const set = (value: string) => {
      if (area.current) area.current.value = value;
      onHasTextChange(value.trim().length > 0);
    };
    const insert = (text: string) => {
      const el = area.current;
      if (!el) return;
      set(el.value.slice(0, el.selectionStart) + text + el.value.slice(el.selectionEnd));
    };
    /** Like the real editor: the YAML is shaped for the text before the caret on its line. */
    const replaceSelection = (text: string) => {
      const el = area.current;
      if (!el) return;
      const lineStart = el.value.lastIndexOf('\n', el.selectionStart - 1) + 1;
      insert(indentYamlForInsertion(text, el.value.slice(lineStart, el.selectionStart)));
    };
    useImperativeHandle(ref, () => ({
      getValue: () => area.current?.value ?? '',
      readValue: () => Promise.resolve(area.current?.value ?? ''),
      setValue: set,
      setValueInSlices: (value: string) => Promise.resolve(set(value)),
      showGenerated: (value: string) => Promise.resolve(set(value)),
      replaceSelection,
      openText: (value: string) => set(value),
      focus: () => area.current?.focus(),
      showStart: () => {
        area.current?.setSelectionRange(0, 0);
        if (area.current) area.current.scrollTop = 0;
      },
      revealLines: (start: number, end: number) => {
        revealed.start = start;
        revealed.end = end;
      },
      findOperation: (path: string, method: string, where?: OperationWhere) =>
        Promise.resolve(
          findOperation(
            operationRanges(area.current?.value ?? ''),
            path,
            method,
            where?.webhook === true,
            where?.additional,
          ),
        ),
    }));
    return (
      <textarea
        data-testid="fake-output"
        ref={area}
        defaultValue=""
        onChange={(e) => onHasTextChange(e.target.value.trim().length > 0)}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text/plain');
          if (!mayBeJsonPaste(text)) return;
          e.preventDefault();
          onPaste(text, insert);
        }}
      />
    );
  },
);

/** The real module makes Monaco's model here; the fake has none. */
export function prepareOutputModel(): void {}

export default FakeOutputEditor;
