import { Trans, useLingui } from '@lingui/react/macro';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { stringify } from 'yaml';
import type { Schema } from '../../shared/openapi';
import { generatorClient, isAbortError } from '../core/generator-client';
import { applyTab } from './textarea-tab';

/**
 * Examples longer than this are kept whole but not laid out in the textarea: the browser spends
 * a second laying out megabytes of text on every change near it (a 5 MB body).
 */
export const LARGE_EXAMPLE_CHARS = 256 * 1024;

/** Default body editor height (spec §9). */
export const DEFAULT_BODY_HEIGHT = 200;
const HEIGHT_KEY = 'specform.generator.bodyEditorHeight';
const MIN_HEIGHT = 80;

/** The remembered body editor height (spec §2), shared by every body editor. */
export function rememberedBodyHeight(): number {
  try {
    const stored = Number(localStorage.getItem(HEIGHT_KEY));
    return Number.isFinite(stored) && stored >= MIN_HEIGHT ? stored : DEFAULT_BODY_HEIGHT;
  } catch {
    return DEFAULT_BODY_HEIGHT;
  }
}

function rememberBodyHeight(height: number): void {
  try {
    localStorage.setItem(HEIGHT_KEY, String(Math.round(height)));
  } catch {
    // storage unavailable: the height is not remembered
  }
}

export interface BodyEditorProps {
  /** The example JSON text (customerJson). */
  value: string;
  onChange: (value: string) => void;
  /** An explicit schema (from an import); the Schema tab shows it instead of the derived one. */
  schema?: Schema | undefined;
  disabled?: boolean;
  label: string;
}

/** Example / Schema tabs, Format button and a resizable textarea (spec §2 "Body editor"). */
export function BodyEditor({ value, onChange, schema, disabled = false, label }: BodyEditorProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'example' | 'schema'>('example');
  const [derived, setDerived] = useState<{ json: string; text: string } | undefined>(undefined);
  const [height] = useState(rememberedBodyHeight);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | undefined>(undefined);
  const baseId = useId();
  /** The user asked to see a large example in the textarea anyway. */
  const [showLarge, setShowLarge] = useState(false);
  const large = value.length > LARGE_EXAMPLE_CHARS && !showLarge;
  /** A large paste goes straight to the form, never through the textarea's layout. */
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (pasted.length <= LARGE_EXAMPLE_CHARS) return;
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    setShowLarge(false);
    onChange(value.slice(0, selectionStart) + pasted + value.slice(selectionEnd));
  };

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const element = textarea.current;
    if (selection && element) {
      element.setSelectionRange(selection[0], selection[1]);
      pendingSelection.current = undefined;
    }
  });

  // Remember the height the user drags the textarea to.
  useEffect(() => {
    const element = textarea.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The first height comes from the observer's first callback (after the browser's own
    // layout): reading offsetHeight here would force a layout inside React's commit, once per
    // body editor mounted (a loaded form mounts many).
    let last: number | undefined;
    const observer = new ResizeObserver(() => {
      const now = element.offsetHeight;
      if (last === undefined) {
        last = now;
        return;
      }
      if (now > 0 && now !== last) {
        last = now;
        rememberBodyHeight(now);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [tab]);

  const explicitSchemaText = useMemo(
    () =>
      tab === 'schema' && schema !== undefined
        ? stringify(schema, { indent: 2, lineWidth: 0 })
        : undefined,
    [tab, schema],
  );
  useEffect(() => {
    if (tab !== 'schema' || schema !== undefined) return;
    const controller = new AbortController();
    generatorClient()
      .schemaYaml(value, { signal: controller.signal })
      .then(
        (text) => setDerived({ json: value, text }),
        (error: unknown) => {
          if (!isAbortError(error)) setDerived({ json: value, text: '' });
        },
      );
    return () => controller.abort();
  }, [tab, value, schema]);
  const schemaText =
    explicitSchemaText ??
    (derived !== undefined && derived.json === value ? derived.text : undefined);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const element = event.currentTarget;
    const edit = applyTab(
      element.value,
      element.selectionStart,
      element.selectionEnd,
      event.shiftKey,
    );
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    onChange(edit.value);
  };

  const format = () => {
    generatorClient()
      .formatJson(value)
      .then(onChange, () => globalThis.alert(t`Invalid JSON`));
  };

  return (
    <div className="gen-body-editor">
      <div className="gen-body-tabs" role="tablist" aria-label={label}>
        <button
          type="button"
          role="tab"
          id={`${baseId}-example-tab`}
          aria-selected={tab === 'example'}
          aria-controls={`${baseId}-panel`}
          className={tab === 'example' ? 'gen-tab gen-tab-active' : 'gen-tab'}
          onClick={() => setTab('example')}
        >
          <Trans>Example</Trans>
        </button>
        <button
          type="button"
          role="tab"
          id={`${baseId}-schema-tab`}
          aria-selected={tab === 'schema'}
          aria-controls={`${baseId}-panel`}
          className={tab === 'schema' ? 'gen-tab gen-tab-active' : 'gen-tab'}
          onClick={() => setTab('schema')}
        >
          <Trans>Schema</Trans>
        </button>
        <button
          type="button"
          className="gen-button gen-button-small gen-body-format"
          onClick={format}
          disabled={disabled || tab !== 'example'}
        >
          <Trans>Format</Trans>
        </button>
      </div>
      <div id={`${baseId}-panel`} role="tabpanel">
        {tab === 'example' && large ? (
          <div
            className="gen-body-text gen-body-large"
            style={{ height }}
            data-testid="large-example"
            data-length={value.length}
          >
            <p>
              <Trans>
                This example is {(value.length / 1024 / 1024).toFixed(1)} MB. It is kept whole; it
                is not shown here, so the page stays responsive.
              </Trans>
            </p>
            <div className="gen-body-large-actions">
              <button
                type="button"
                className="gen-button gen-button-small"
                onClick={() => setShowLarge(true)}
              >
                <Trans>Show it anyway</Trans>
              </button>
              <button
                type="button"
                className="gen-button gen-button-small"
                disabled={disabled}
                onClick={() => onChange('')}
              >
                <Trans>Clear the example</Trans>
              </button>
            </div>
          </div>
        ) : tab === 'example' ? (
          <textarea
            ref={textarea}
            className="gen-body-text"
            aria-label={t`${label}: example JSON`}
            placeholder={t`Example JSON, e.g. {"id": 1}`}
            spellCheck={false}
            value={value}
            disabled={disabled}
            style={{ height }}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
          />
        ) : (
          <textarea
            ref={textarea}
            className="gen-body-text gen-body-schema"
            aria-label={t`${label}: schema`}
            readOnly
            spellCheck={false}
            style={{ height }}
            placeholder={
              schemaText === undefined
                ? t`Deriving the schema…`
                : t`No schema: the example is empty`
            }
            value={schemaText ?? ''}
          />
        )}
      </div>
    </div>
  );
}
