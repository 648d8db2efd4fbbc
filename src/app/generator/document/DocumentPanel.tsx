/**
 * The document panel: everything of the document that is not an endpoint — title,
 * version, description, contact, license, servers, security, tags and the shared schemas. It sits
 * above the endpoints, collapsible; it reads and edits only its own store, so typing here never
 * re-renders an endpoint panel.
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { memo, useMemo, useState } from 'react';
import { validateMeta } from '../../../shared/openapi/document/validate-meta';
import { dialectOf } from '../../../shared/openapi/openapi-version';
import { baseDialect } from '../../../shared/openapi/versions';
import type { EndpointStore } from '../../model/endpoint-store';
import { useMeta, type DocumentStore } from '../../model/document-store';
import { InfoSection } from './InfoSection';
import { SchemasSection } from './SchemasSection';
import { SecuritySection } from './SecuritySection';
import { ServersSection } from './ServersSection';
import { TagsSection } from './TagsSection';
import { VersionControl } from './VersionControl';
import type { UpgradeTarget } from '../../../shared/openapi/document/upgrade';
import './document.css';

const COLLAPSED_KEY = 'specform.generator.documentPanel.collapsed';

function rememberedCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export const DocumentPanel = memo(function DocumentPanel({
  store,
  endpoints,
  isNew = false,
  onUpgrade,
  onRenameSchema,
}: {
  store: DocumentStore;
  endpoints: EndpointStore;
  /** A document started in the form (its version is chosen, not upgraded). */
  isNew?: boolean;
  /** Upgrades a loaded document to OpenAPI 3.1/3.2. */
  onUpgrade?: (target: UpgradeTarget) => void;
  /** Renames a shared schema in the worker's document. */
  onRenameSchema?: (from: string, to: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const meta = useMeta(store);
  const issues = useMemo(() => validateMeta(meta), [meta]);
  const dialect = dialectOf(meta.openapi) ?? baseDialect();
  const [collapsed, setCollapsed] = useState(rememberedCollapsed);
  const toggle = () => {
    setCollapsed(!collapsed);
    try {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
    } catch {
      // not remembered
    }
  };
  const [schemasOpen, setSchemasOpen] = useState(false);
  const title = meta.info.title?.trim() || t`(no title)`;
  return (
    <section
      className={
        issues.length > 0 ? 'gen-panel doc-panel gen-panel-invalid' : 'gen-panel doc-panel'
      }
      aria-labelledby="doc-panel-heading"
      data-testid="document-panel"
    >
      <header className="gen-panel-header">
        <button
          type="button"
          className="gen-collapse"
          aria-expanded={!collapsed}
          aria-controls="doc-panel-body"
          aria-label={collapsed ? t`Expand document` : t`Collapse document`}
          onClick={toggle}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        <h2 className="gen-panel-title doc-panel-title" id="doc-panel-heading">
          <span className="doc-panel-kind">{t`Document`}</span>
          <span className="doc-panel-name">{title}</span>
          <span className="doc-panel-version">{meta.info.version}</span>
          <span className="doc-panel-openapi" data-testid="document-openapi-version">
            {t`OpenAPI ${meta.openapi || baseDialect()}`}
          </span>
        </h2>
        {issues.length > 0 ? (
          <span className="gen-label" data-testid="document-problems">
            <Plural value={issues.length} one="# problem" other="# problems" />
          </span>
        ) : null}
      </header>
      {collapsed ? null : (
        <div className="gen-panel-body doc-panel-body" id="doc-panel-body">
          <VersionControl
            store={store}
            openapi={meta.openapi}
            dialect={dialect}
            isNew={isNew}
            onUpgrade={onUpgrade}
          />
          <InfoSection store={store} info={meta.info} issues={issues} dialect={dialect} />
          <ServersSection store={store} servers={meta.servers} issues={issues} />
          <SecuritySection
            store={store}
            schemes={meta.securitySchemes}
            security={meta.security}
            issues={issues}
          />
          <TagsSection store={store} tags={meta.tags} issues={issues} dialect={dialect} />
          <section className="gen-section doc-section" aria-labelledby="doc-schemas-heading">
            <h3 className="doc-subsection-head" id="doc-schemas-heading">
              <button
                type="button"
                className="gen-collapse"
                aria-expanded={schemasOpen}
                aria-controls="doc-schemas-body"
                onClick={() => setSchemasOpen(!schemasOpen)}
              >
                <span aria-hidden="true">{schemasOpen ? '▾ ' : '▸ '}</span>
                {t`Schemas`}
              </button>
            </h3>
            {schemasOpen ? (
              <div id="doc-schemas-body">
                <SchemasSection store={store} endpoints={endpoints} onRename={onRenameSchema} />
              </div>
            ) : null}
          </section>
        </div>
      )}
    </section>
  );
});
