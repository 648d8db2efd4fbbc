/**
 * Phones: at ≤ 760 px the generator shows Form and YAML as two tabs instead of
 * one long column, so the output editor is one tap away rather than thousands of pixels down.
 * ARIA tabs with roving focus (← → Home End), in both languages. On wider screens it renders
 * nothing and leaves both panels as they are.
 */
import { useLingui } from '@lingui/react/macro';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import './narrow-tabs.css';

/** The width up to which the generator uses tabs. */
export const NARROW_QUERY = '(max-width: 760px)';

export type GeneratorTab = 'form' | 'yaml';
const TABS: readonly GeneratorTab[] = ['form', 'yaml'];

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

/** Whether a media query matches, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  const [value, setValue] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setValue(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return value;
}

type PanelProps = HTMLAttributes<HTMLDivElement> & { 'data-tab'?: GeneratorTab };

export interface NarrowTabs {
  narrow: boolean;
  tab: GeneratorTab;
  /** Shows a tab (e.g. YAML after Generate, Form after Load); a no-op on wide screens. */
  show: (tab: GeneratorTab) => void;
  /** The tab bar, or null on wide screens. */
  bar: ReactNode;
  /** Spread on the form's and the output's containers. */
  panelProps: (tab: GeneratorTab) => PanelProps;
}

export function useNarrowTabs(): NarrowTabs {
  const { t } = useLingui();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [tab, setTab] = useState<GeneratorTab>('form');
  const base = useId();
  const refs = useRef<Partial<Record<GeneratorTab, HTMLButtonElement | null>>>({});
  const show = useCallback((next: GeneratorTab) => setTab(next), []);
  const labels: Record<GeneratorTab, string> = { form: t`Form`, yaml: t`YAML` };
  const tabId = (name: GeneratorTab) => `${base}-tab-${name}`;
  const panelId = (name: GeneratorTab) => `${base}-panel-${name}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    refs.current[next]?.focus();
  };

  const bar = narrow ? (
    <div className="gen-narrow-tabs" role="tablist" aria-label={t`Generator views`}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(element) => {
            refs.current[name] = element;
          }}
          type="button"
          role="tab"
          id={tabId(name)}
          aria-selected={tab === name}
          aria-controls={panelId(name)}
          tabIndex={tab === name ? 0 : -1}
          className="gen-narrow-tab"
          data-testid={`gen-tab-${name}`}
          onClick={() => setTab(name)}
          onKeyDown={onKeyDown}
        >
          {labels[name]}
        </button>
      ))}
    </div>
  ) : null;

  const panelProps = (name: GeneratorTab): PanelProps =>
    narrow
      ? {
          role: 'tabpanel',
          id: panelId(name),
          'aria-labelledby': tabId(name),
          hidden: tab !== name,
          'data-tab': name,
        }
      : { 'data-tab': name };

  return { narrow, tab, show, bar, panelProps };
}
