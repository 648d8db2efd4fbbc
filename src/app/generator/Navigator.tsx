/**
 * The endpoint navigator: a filter over path, method, summary, operationId and
 * tag with the matches highlighted; a tree grouped by tag (3.2 tag parents nest) or by path
 * segment, with counts and problem marks per group. Keyboard: "/" (when not typing) or Ctrl/⌘+K
 * focuses the filter, ↑ ↓ move, Enter opens the endpoint's panel, Shift+Enter shows its lines in
 * the YAML. The tree is virtualised: a 600-operation document scrolls as a 6-operation one.
 * Operations the form does not show (3.2 `additionalOperations`, `trace`) are listed too,
 * marked "kept as written"; opening one shows its lines in the YAML.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { Endpoint, KeptOperation } from '../../shared/openapi';
import { useDocumentLinks, type DocumentStore } from '../model/document-store';
import { useOrder, type EndpointStore } from '../model/endpoint-store';
import {
  buildRows,
  highlightParts,
  marksByEndpoint,
  navEntry,
  patchRows,
  pathTailStart,
  queryTerms,
  sameMarksOr,
  splitParts,
  UNTAGGED_KEY,
  WEBHOOKS_KEY,
  withKept,
  type BuildOptions,
  type Grouping,
  type NavEntry,
  type NavRow,
  type ProblemMarks,
} from './navigator-model';
import { LintAnswerContext } from './example-findings';
import type { ProblemList } from './problems';
import { initialRect, observeRectOnceLaidOut, scrollOnceLaidOut } from './virtual-rect';
import './navigator.css';

/** Trees with more rows than this are virtualised; shorter ones render every row. */
export const NAV_VIRTUALIZE_ABOVE = 60;
/** A row's height in pixels (navigator.css keeps every row at this height). */
const ROW_HEIGHT = 28;
const GROUPING_KEY = 'specform.navigator.grouping';

function storedGrouping(): Grouping | undefined {
  try {
    const value = localStorage.getItem(GROUPING_KEY);
    return value === 'tag' || value === 'path' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a key press goes into a text field (where "/" is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export interface NavigatorProps {
  store: EndpointStore;
  /** The problems the page lists (the Problems panel's): marked on endpoints and groups. */
  problems: ProblemList;
  /** The endpoint last opened (here, from a problem or from the YAML). */
  selectedId: string | undefined;
  /** Opens an endpoint's panel (expanded, scrolled into view). */
  onOpen: (id: string) => void;
  /** Operations the document keeps as written, listed read-only. */
  kept?: readonly KeptOperation[];
  hidden?: boolean;
}

type Parts = readonly { text: string; match: boolean }[];

function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return <Marked parts={highlightParts(text, terms)} />;
}

function Marked({ parts }: { parts: Parts }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="gen-nav-match">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * A path cut in the middle when it does not fit: the start shrinks to an ellipsis,
 * its distinguishing end stays shown; the row's title holds the whole path.
 */
function PathText({ path, terms }: { path: string; terms: readonly string[] }) {
  const [head, tail] = splitParts(highlightParts(path, terms), pathTailStart(path));
  return (
    <>
      {head.length > 0 ? (
        <span className="gen-nav-path-head">
          <Marked parts={head} />
        </span>
      ) : null}
      <span className="gen-nav-path-tail" data-testid="nav-path-tail">
        <bdi dir="ltr">
          <Marked parts={tail} />
        </bdi>
      </span>
    </>
  );
}

function Marks({ marks }: { marks: ProblemMarks }) {
  const { errors, warnings } = marks;
  if (errors + warnings === 0) return null;
  const parts: string[] = [];
  if (errors > 0) parts.push(plural(errors, { one: '# error', other: '# errors' }));
  if (warnings > 0) parts.push(plural(warnings, { one: '# warning', other: '# warnings' }));
  const label = parts.join(', ');
  return (
    <span
      className={`gen-nav-marks ${errors > 0 ? 'gen-nav-marks-error' : 'gen-nav-marks-warning'}`}
      title={label}
      aria-label={label}
      role="img"
      data-testid="nav-marks"
    >
      {errors > 0 ? errors : warnings}
    </span>
  );
}

export const Navigator = memo(function Navigator({
  store,
  problems,
  selectedId,
  onOpen,
  kept = NO_KEPT,
  hidden = false,
}: NavigatorProps) {
  const { t } = useLingui();
  const links = useDocumentLinks();
  const base = useId();
  // The entries of a new list (a Load, a restore) are built in a render of lower priority,
  // sliced, and committed after the rest of the page's new state (see EndpointList).
  const order = useDeferredValue(useOrder(store));
  // Every content change (a path typed in a panel) is a new revision: the entries follow it,
  // in a render of lower priority. The keystroke's own render (its panel) does not wait for
  // the tree's entries and rows of a large document (about 6 ms for 1,223 endpoints).
  const revision = useDeferredValue(useSyncExternalStore(store.subscribeChange, store.getRevision));
  // An entry per view, made again only for a view that changed (typing changes one).
  const [entryOf] = useState(() => new WeakMap<Endpoint, NavEntry>());
  const entries = useMemo<NavEntry[]>(() => {
    void revision;
    const list: NavEntry[] = [];
    for (const id of order) {
      const endpoint = store.getEndpoint(id);
      if (endpoint === undefined) continue;
      let entry = entryOf.get(endpoint);
      if (entry === undefined) {
        entry = navEntry(endpoint);
        entryOf.set(endpoint, entry);
      }
      list.push(entry);
    }
    return withKept(list, kept);
  }, [order, store, revision, kept, entryOf]);
  const [grouping, setGrouping] = useState<Grouping | undefined>(storedGrouping);
  const hasTags = useMemo(() => entries.some((entry) => entry.tags.length > 0), [entries]);
  const activeGrouping: Grouping = grouping ?? (hasTags ? 'tag' : 'path');
  const chooseGrouping = (next: Grouping) => {
    setGrouping(next);
    try {
      localStorage.setItem(GROUPING_KEY, next);
    } catch {
      // storage full or blocked: the choice lasts for this page
    }
  };
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const terms = useMemo(() => queryTerms(deferredQuery), [deferredQuery]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const lint = useContext(LintAnswerContext);
  const lastMarks = useRef<Map<string, ProblemMarks> | undefined>(undefined);
  const marks = useMemo(() => {
    const next = sameMarksOr(lastMarks.current, marksByEndpoint(problems, lint, entries));
    lastMarks.current = next;
    return next;
  }, [problems, lint, entries]);
  const documentStore = links?.document;
  const tags = useTags(documentStore);
  /** The rows last built, and what from: a change of the endpoints' text only patches them. */
  const built = useRef<{ entries: readonly NavEntry[]; options: BuildOptions; rows: NavRow[] }>(
    undefined,
  );
  const rows = useMemo(() => {
    const options: BuildOptions = { grouping: activeGrouping, terms, tags, collapsed, marks };
    const last = built.current;
    const patched =
      last !== undefined &&
      terms.length === 0 &&
      last.options.grouping === activeGrouping &&
      last.options.terms.length === 0 &&
      last.options.tags === tags &&
      last.options.collapsed === collapsed &&
      last.options.marks === marks
        ? patchRows(last.entries, entries, last.rows)
        : undefined;
    const next = patched ?? buildRows(entries, options);
    built.current = { entries, options, rows: next };
    return next;
  }, [entries, activeGrouping, terms, tags, collapsed, marks]);
  const matching = useMemo(
    () => (terms.length === 0 ? entries.length : new Set(endpointIds(rows)).size),
    [entries, rows, terms],
  );
  const [activeKey, setActiveKey] = useState<string | undefined>(undefined);
  const activeIndex = useMemo(
    () => (activeKey === undefined ? -1 : rows.findIndex((row) => row.key === activeKey)),
    [rows, activeKey],
  );
  const input = useRef<HTMLInputElement>(null);
  const tree = useRef<HTMLDivElement>(null);
  const virtual = rows.length > NAV_VIRTUALIZE_ABOVE;
  // The virtualizer is a mutable object by design; this component is not compiler-memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => tree.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
    enabled: virtual,
    // Its size without a forced layout when the tree turns virtual (a loaded document's).
    observeElementRect: observeRectOnceLaidOut,
    scrollToFn: scrollOnceLaidOut,
    initialRect: initialRect(),
  });

  const focusFilter = useCallback(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  useEffect(() => {
    if (hidden) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target;
      const commandK =
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === 'k' &&
        // Inside the YAML editor Ctrl+K starts Monaco's own chords (Ctrl+K Ctrl+C…).
        !(target instanceof Element && target.closest('.monaco-editor') !== null);
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTyping(target) &&
        !(target instanceof Element && target.closest('.monaco-editor, [role="dialog"]') !== null);
      if (!commandK && !slash) return;
      event.preventDefault();
      focusFilter();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [hidden, focusFilter]);

  // The active row stays in view (and, in a virtual tree, rendered: aria-activedescendant).
  useEffect(() => {
    if (activeIndex < 0) return;
    if (virtual) {
      virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
      return;
    }
    // In the next frame, after the browser's own layout (not a forced one inside the commit).
    const frame = requestAnimationFrame(() =>
      tree.current
        ?.querySelector(`[data-row="${activeIndex}"]`)
        ?.scrollIntoView?.({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [activeIndex, virtual, virtualizer]);

  const showInYaml = (row: NavRow | undefined) => {
    if (row?.kind !== 'endpoint') return;
    setActiveKey(row.key);
    const { path, method, webhook, additional } = row.entry;
    links?.showInYaml?.(path, method, { webhook, additional });
  };
  const open = (row: NavRow | undefined) => {
    if (row?.kind !== 'endpoint') return;
    // A kept operation has no panel: its lines in the YAML are where it is edited.
    if (row.entry.readOnly) return showInYaml(row);
    setActiveKey(row.key);
    onOpen(row.entry.id);
  };
  const toggle = (key: string, collapse?: boolean) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (collapse ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });
  const firstEndpoint = () => rows.find((row) => row.kind === 'endpoint');
  const moveTo = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (row) setActiveKey(row.key);
  };

  /**
   * The rows of the filter as typed. The list follows the filter a render behind (a deferred
   * value): a key pressed right after typing acts on what the user typed, not on the rows of a
   * shorter prefix still shown.
   */
  const rowsAsTyped = () =>
    query === deferredQuery
      ? rows
      : buildRows(entries, {
          grouping: activeGrouping,
          terms: queryTerms(query),
          tags,
          collapsed,
          marks,
        });
  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'Enter') {
      if (event.key === 'Escape' && query !== '') {
        event.preventDefault();
        setQuery('');
      }
      return;
    }
    event.preventDefault();
    const typed = rowsAsTyped();
    const active = typed.find((row) => row.key === activeKey);
    const first = typed.find((row) => row.kind === 'endpoint');
    if (event.key === 'ArrowDown') {
      const row = active ?? first;
      if (row) setActiveKey(row.key);
      tree.current?.focus();
    } else {
      const target = active?.kind === 'endpoint' ? active : first;
      if (event.shiftKey) showInYaml(target);
      else open(target);
    }
  };

  const onTreeKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex];
    const page = Math.max(1, Math.floor((tree.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        if (activeIndex <= 0) focusFilter();
        else moveTo(activeIndex - 1);
        break;
      case 'PageDown':
        moveTo(activeIndex + page);
        break;
      case 'PageUp':
        moveTo(Math.max(0, activeIndex - page));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row?.kind === 'group' && row.collapsed) toggle(row.key, false);
        else moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (row?.kind === 'group' && !row.collapsed && terms.length === 0) toggle(row.key, true);
        else if (row !== undefined) {
          // To the group that holds this row.
          for (let i = activeIndex - 1; i >= 0; i--) {
            const above = rows[i];
            if (above?.kind === 'group' && above.depth < row.depth) {
              moveTo(i);
              break;
            }
          }
        }
        break;
      case 'Enter':
      case ' ':
        if (row?.kind === 'group') {
          if (terms.length === 0) toggle(row.key);
        } else if (event.key === 'Enter' && event.shiftKey) showInYaml(row);
        else open(row);
        break;
      case 'Escape':
        focusFilter();
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const rowId = (index: number) => `${base}-row-${index}`;
  const renderRow = (row: NavRow, index: number, style?: CSSProperties) => {
    const active = index === activeIndex;
    const indent = { paddingLeft: 8 + row.depth * 14 };
    if (row.kind === 'group') {
      return (
        <div
          key={row.key}
          id={rowId(index)}
          role="treeitem"
          aria-level={row.depth + 1}
          aria-expanded={!row.collapsed}
          aria-selected={false}
          data-row={index}
          data-testid="nav-group"
          className={`gen-nav-row gen-nav-group${active ? ' gen-nav-row-active' : ''}`}
          style={{ ...style, ...indent }}
          onClick={() => {
            setActiveKey(row.key);
            if (terms.length === 0) toggle(row.key);
          }}
        >
          <span className="gen-nav-twisty" aria-hidden="true">
            {row.collapsed ? '▸' : '▾'}
          </span>
          <span className="gen-nav-group-label">
            {row.key === UNTAGGED_KEY ? (
              <em>{t`No tag`}</em>
            ) : row.key === WEBHOOKS_KEY ? (
              <strong>{t`Webhooks`}</strong>
            ) : (
              <Highlighted text={row.label} terms={terms} />
            )}
          </span>
          <Marks marks={row.marks} />
          <span className="gen-nav-count" data-testid="nav-count">
            {row.count}
          </span>
        </div>
      );
    }
    const { entry } = row;
    const secondary =
      entry.summary !== '' ? entry.summary : entry.operationId !== '' ? entry.operationId : '';
    const idMatches =
      terms.length > 0 &&
      entry.operationId !== '' &&
      secondary !== entry.operationId &&
      terms.some((term) => entry.operationId.toLowerCase().includes(term));
    const described = [entry.method, entry.path, entry.summary, entry.operationId]
      .filter(Boolean)
      .join(' ');
    return (
      <div
        key={row.key}
        id={rowId(index)}
        role="treeitem"
        aria-level={row.depth + 1}
        aria-selected={entry.id === selectedId}
        data-row={index}
        data-testid="nav-endpoint"
        data-endpoint={entry.id}
        data-kept={entry.readOnly ? 'true' : undefined}
        className={`gen-nav-row gen-nav-endpoint${entry.readOnly ? ' gen-nav-kept' : ''}${active ? ' gen-nav-row-active' : ''}`}
        style={{ ...style, ...indent }}
        title={
          entry.readOnly
            ? t`${described}: kept as written, the form does not edit this operation. Enter shows it in the YAML.`
            : described
        }
        onClick={() => open(row)}
      >
        <span className={`gen-nav-method gen-method-${entry.method.toLowerCase()}`}>
          <Highlighted text={entry.method} terms={terms} />
        </span>
        <span className="gen-nav-path">
          {entry.path === '' ? (
            <em className="gen-muted">{t`(no path)`}</em>
          ) : (
            <PathText path={entry.path} terms={terms} />
          )}
        </span>
        <span className="gen-nav-summary">
          <Highlighted text={idMatches ? entry.operationId : secondary} terms={terms} />
        </span>
        {entry.readOnly ? (
          <span className="gen-nav-kept-label" data-testid="nav-kept-label">
            {t`as written`}
          </span>
        ) : null}
        <Marks marks={row.marks} />
        {links?.showInYaml && entry.path !== '' ? (
          <button
            type="button"
            tabIndex={-1}
            className="gen-nav-yaml"
            title={t`Show in YAML (Shift+Enter)`}
            onClick={(event) => {
              event.stopPropagation();
              showInYaml(row);
            }}
          >
            {t`YAML`}
          </button>
        ) : null}
      </div>
    );
  };

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const shortcut = isMac ? '⌘K' : 'Ctrl+K';
  return (
    <nav
      className="gen-nav"
      aria-label={t`Endpoints`}
      hidden={hidden}
      data-testid="navigator"
      data-grouping={activeGrouping}
    >
      <div className="gen-nav-head">
        <div className="gen-nav-filter">
          <input
            ref={input}
            type="search"
            className="gen-nav-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onFilterKeyDown}
            placeholder={t`Filter endpoints`}
            aria-label={t`Filter endpoints by path, method, summary, operationId or tag`}
            aria-keyshortcuts="/ Control+K Meta+K"
            aria-controls={`${base}-tree`}
            data-testid="nav-filter"
          />
          <kbd className="gen-nav-kbd" aria-hidden="true" title={t`Press / or ${shortcut}`}>
            {shortcut}
          </kbd>
        </div>
        <div className="gen-nav-tools">
          <div className="gen-nav-grouping" role="group" aria-label={t`Group endpoints by`}>
            <button
              type="button"
              className="gen-nav-toggle"
              aria-pressed={activeGrouping === 'tag'}
              onClick={() => chooseGrouping('tag')}
              data-testid="nav-group-tag"
            >
              {t`By tag`}
            </button>
            <button
              type="button"
              className="gen-nav-toggle"
              aria-pressed={activeGrouping === 'path'}
              onClick={() => chooseGrouping('path')}
              data-testid="nav-group-path"
            >
              {t`By path`}
            </button>
          </div>
          <span className="gen-nav-total gen-muted" role="status" data-testid="nav-total">
            {terms.length > 0
              ? t`${matching} of ${entries.length}`
              : plural(entries.length, { one: '# endpoint', other: '# endpoints' })}
          </span>
        </div>
      </div>
      <div
        ref={tree}
        id={`${base}-tree`}
        role="tree"
        tabIndex={0}
        aria-label={t`Endpoints`}
        aria-activedescendant={activeIndex >= 0 ? rowId(activeIndex) : undefined}
        className="gen-nav-tree"
        // A phone sizes the tree to its rows (narrow-tabs.css), not a fixed empty box.
        style={{ '--gen-nav-rows': rows.length } as CSSProperties}
        data-testid="nav-tree"
        onKeyDown={onTreeKeyDown}
        onFocus={() => {
          if (activeIndex < 0) {
            const row = firstEndpoint() ?? rows[0];
            if (row) setActiveKey(row.key);
          }
        }}
      >
        {rows.length === 0 ? (
          <p className="gen-nav-empty gen-muted">
            {entries.length === 0 ? t`No endpoints yet.` : t`No endpoint matches the filter.`}
          </p>
        ) : virtual ? (
          <div className="gen-nav-sizer" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              return row
                ? renderRow(row, item.index, { transform: `translateY(${item.start}px)` })
                : null;
            })}
          </div>
        ) : (
          rows.map((row, index) => renderRow(row, index))
        )}
      </div>
      <p className="gen-nav-hint gen-muted">{t`↑ ↓ move · Enter opens · Shift+Enter shows the YAML`}</p>
    </nav>
  );
});

function* endpointIds(rows: readonly NavRow[]): Generator<string> {
  for (const row of rows) if (row.kind === 'endpoint') yield row.entry.id;
}

const NO_TAGS: never[] = [];
const NO_KEPT: readonly KeptOperation[] = [];

/** The document's tags (their order and parents), when the page has a document store. */
function useTags(store: DocumentStore | undefined) {
  const meta = useMetaOrUndefined(store);
  return meta?.tags ?? NO_TAGS;
}

function useMetaOrUndefined(store: DocumentStore | undefined) {
  const subscribe = useCallback(
    (listener: () => void) => store?.subscribe(listener) ?? (() => undefined),
    [store],
  );
  return useSyncExternalStore(subscribe, () => store?.getMeta());
}
