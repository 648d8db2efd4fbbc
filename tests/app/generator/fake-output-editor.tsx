/** A textarea standing in for the Monaco output editor (Monaco does not run in happy-dom). */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type {
  OutputEditorHandle,
  OutputEditorProps,
} from '../../../src/app/generator/OutputEditor';
import { mayBeJsonPaste } from '../../../src/app/generator/json-paste';

const FakeOutputEditor = forwardRef<OutputEditorHandle, OutputEditorProps>(
  function FakeOutputEditor({ onHasTextChange, onPaste }, ref) {
    const area = useRef<HTMLTextAreaElement>(null);
    const set = (value: string) => {
      if (area.current) area.current.value = value;
      onHasTextChange(value.trim().length > 0);
    };
    const replaceSelection = (text: string) => {
      const el = area.current;
      if (!el) return;
      set(el.value.slice(0, el.selectionStart) + text + el.value.slice(el.selectionEnd));
    };
    useImperativeHandle(ref, () => ({
      getValue: () => area.current?.value ?? '',
      setValue: set,
      replaceSelection,
      focus: () => area.current?.focus(),
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
          onPaste(text, replaceSelection);
        }}
      />
    );
  },
);

export default FakeOutputEditor;
