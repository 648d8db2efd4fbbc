import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BodyEditor,
  DEFAULT_BODY_HEIGHT,
  LARGE_EXAMPLE_CHARS,
  rememberedBodyHeight,
} from '../../../src/app/generator/BodyEditor';
import { applyTab } from '../../../src/app/generator/textarea-tab';
import { renderWithProviders } from './helpers';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <BodyEditor label="Body" value={value} onChange={setValue} />;
}

function example(): HTMLTextAreaElement {
  return screen.getByLabelText('Body: example JSON');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('applyTab', () => {
  it('inserts a tab at the caret or over a one-line selection', () => {
    expect(applyTab('ab', 1, 1, false)).toEqual({
      value: 'a\tb',
      selectionStart: 2,
      selectionEnd: 2,
    });
    expect(applyTab('abc', 1, 2, false)).toEqual({
      value: 'a\tc',
      selectionStart: 2,
      selectionEnd: 2,
    });
  });

  it('indents and outdents every line of a multi-line selection', () => {
    const text = '{\n"a": 1,\n"b": 2\n}';
    const start = text.indexOf('"a"');
    const end = text.indexOf('2') + 1;
    const indented = applyTab(text, start, end, false);
    expect(indented.value).toBe('{\n\t"a": 1,\n\t"b": 2\n}');
    expect(indented.value.slice(indented.selectionStart, indented.selectionEnd)).toBe(
      '"a": 1,\n\t"b": 2',
    );
    const outdented = applyTab(
      indented.value,
      indented.selectionStart - 1,
      indented.selectionEnd,
      true,
    );
    expect(outdented.value).toBe(text);
  });

  it('outdents the caret line with Shift+Tab (tab or up to two spaces)', () => {
    expect(applyTab('  x', 3, 3, true)).toEqual({ value: 'x', selectionStart: 1, selectionEnd: 1 });
    expect(applyTab('\tx', 2, 2, true).value).toBe('x');
    expect(applyTab('x', 1, 1, true).value).toBe('x');
  });
});

describe('BodyEditor', () => {
  it('inserts a tab on Tab and keeps focus in the textarea', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(example());
    await user.keyboard('{{{Tab}"a": 1');
    expect(example().value).toBe('{\t"a": 1');
    expect(document.activeElement).toBe(example());
    fireEvent.keyDown(example(), { key: 'Tab', shiftKey: true });
    expect(example().value).toBe('{\t"a": 1');
  });

  it('indents the selected lines', async () => {
    renderWithProviders(<Harness initial={'a\nb\nc'} />);
    example().setSelectionRange(0, 3);
    fireEvent.keyDown(example(), { key: 'Tab' });
    expect(example().value).toBe('\ta\n\tb\nc');
    fireEvent.keyDown(example(), { key: 'Tab', shiftKey: true });
    expect(example().value).toBe('a\nb\nc');
  });

  it('formats valid JSON with indent 2', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={'{"a":1,"b":[true,null]}'} />);
    await user.click(screen.getByRole('button', { name: 'Format' }));
    await waitFor(() =>
      expect(example().value).toBe('{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}'),
    );
  });

  it('alerts "Invalid JSON" and keeps the text when the JSON is invalid', async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<Harness initial={'{"a":'} />);
    await user.click(screen.getByRole('button', { name: 'Format' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Invalid JSON'));
    expect(example().value).toBe('{"a":');
  });

  it('shows the derived schema read-only on the Schema tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={'{"id": 7, "name": "Ann"}'} />);
    await user.click(screen.getByRole('tab', { name: 'Schema' }));
    const schema = screen.getByLabelText('Body: schema') as HTMLTextAreaElement;
    expect(schema.readOnly).toBe(true);
    await waitFor(() => expect(schema.value).toMatch(/type: object/));
    expect(schema.value).toMatch(/id:/);
    expect(schema.value).toMatch(/name:/);
    await user.click(screen.getByRole('tab', { name: 'Example' }));
    expect(example().value).toBe('{"id": 7, "name": "Ann"}');
  });

  it('shows an explicit (imported) schema as it is', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <BodyEditor
        label="Body"
        value=""
        onChange={() => undefined}
        schema={{ $ref: '#/components/schemas/Pet' }}
      />,
    );
    await user.click(screen.getByRole('tab', { name: 'Schema' }));
    expect((screen.getByLabelText('Body: schema') as HTMLTextAreaElement).value).toBe(
      '$ref: "#/components/schemas/Pet"\n',
    );
  });

  it('starts at the remembered height, 200 px by default', () => {
    expect(rememberedBodyHeight()).toBe(DEFAULT_BODY_HEIGHT);
    renderWithProviders(<Harness />);
    expect(example().style.height).toBe('200px');
    localStorage.setItem('specform.generator.bodyEditorHeight', '320');
    expect(rememberedBodyHeight()).toBe(320);
  });
});

describe('a large example (issue 12.6)', () => {
  const big = `[${'{"id":1},'.repeat(Math.ceil(LARGE_EXAMPLE_CHARS / 9))}{"id":2}]`;

  it('takes a large paste whole without laying it out, and shows it on request', async () => {
    renderWithProviders(<Harness />);
    const pasted = fireEvent.paste(example(), {
      clipboardData: { getData: () => big },
    });
    expect(pasted).toBe(false); // the textarea never receives the megabytes
    const placeholder = await screen.findByTestId('large-example');
    expect(Number(placeholder.getAttribute('data-length'))).toBe(big.length);
    expect(placeholder.textContent).toMatch(/It is kept whole/);
    await userEvent.click(screen.getByRole('button', { name: 'Show it anyway' }));
    expect(example().value).toBe(big);
  });

  it('clears a large example on request', async () => {
    renderWithProviders(<Harness initial={big} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear the example' }));
    expect(example().value).toBe('');
  });
});
