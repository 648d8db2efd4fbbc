/** Title, version, description, contact, license and terms of service. */
import { useLingui } from '@lingui/react/macro';
import type { MetaIssue } from '../../../shared/openapi/document/validate-meta';
import type { OpenApiDialect } from '../../../shared/openapi/openapi-version';
import { baseDialect, featuresOf } from '../../../shared/openapi/versions';
import type {
  ContactObject,
  InfoObject,
  LicenseObject,
} from '../../../shared/openapi/document/meta';
import { useMetaEdit, type DocumentStore } from '../../model/document-store';
import { TextField } from './fields';
import { MarkdownField } from './MarkdownField';
import { metaMessage } from './meta-messages';
import { withOptional } from './meta-ops';

/** The contact or license object with one field set; an emptied object is removed. */
function editContact(info: InfoObject, key: keyof ContactObject, value: string): InfoObject {
  const contact = withOptional<ContactObject, keyof ContactObject>(info.contact ?? {}, key, value);
  return Object.keys(contact).length === 0
    ? withOptional(info, 'contact', undefined)
    : { ...info, contact };
}

function editLicense(
  info: InfoObject,
  key: 'name' | 'url' | 'identifier',
  value: string,
): InfoObject {
  const current: LicenseObject = info.license ?? { name: '' };
  const license: LicenseObject =
    key === 'name' ? { ...current, name: value } : withOptional(current, key, value);
  const empty = license.name === '' && Object.keys(license).every((k) => k === 'name');
  return empty ? withOptional(info, 'license', undefined) : { ...info, license };
}

export function InfoSection({
  store,
  info,
  issues,
  dialect = baseDialect(),
}: {
  store: DocumentStore;
  info: InfoObject;
  issues: readonly MetaIssue[];
  /** The document's dialect: 3.1 and 3.2 add `info.summary` and `license.identifier`. */
  dialect?: OpenApiDialect;
}) {
  const modern = featuresOf(dialect).infoSummary;
  const { t } = useLingui();
  const editMeta = useMetaEdit(store);
  const edit = (change: (info: InfoObject) => InfoObject) =>
    editMeta((meta) => ({ ...meta, info: change(meta.info) }));
  return (
    <fieldset className="gen-section doc-section" data-testid="doc-info">
      <legend>{t`General`}</legend>
      <div className="gen-row">
        <TextField
          label={t`Title`}
          value={info.title ?? ''}
          className="gen-field-wide"
          error={metaMessage(issues, 'info.title')}
          onChange={(title) => edit((x) => ({ ...x, title }))}
        />
        <TextField
          label={t`Version`}
          value={info.version ?? ''}
          className="doc-field-narrow"
          error={metaMessage(issues, 'info.version')}
          onChange={(version) => edit((x) => ({ ...x, version }))}
        />
      </div>
      {modern || info.summary !== undefined ? (
        <TextField
          label={t`Summary`}
          value={info.summary ?? ''}
          className="gen-field-wide"
          placeholder={t`One line about the API (OpenAPI 3.1+)`}
          onChange={(summary) => edit((x) => withOptional(x, 'summary', summary))}
        />
      ) : null}
      <MarkdownField
        label={t`Description`}
        value={info.description ?? ''}
        placeholder={t`What the API is for; Markdown is allowed`}
        onChange={(description) => edit((x) => withOptional(x, 'description', description))}
      />
      <div className="gen-row">
        <TextField
          label={t`Contact name`}
          value={info.contact?.name ?? ''}
          onChange={(value) => edit((x) => editContact(x, 'name', value))}
        />
        <TextField
          label={t`Contact URL`}
          type="url"
          value={info.contact?.url ?? ''}
          placeholder="https://example.com/support"
          error={metaMessage(issues, 'info.contact.url')}
          onChange={(value) => edit((x) => editContact(x, 'url', value))}
        />
        <TextField
          label={t`Contact e-mail`}
          type="email"
          value={info.contact?.email ?? ''}
          placeholder="api@example.com"
          error={metaMessage(issues, 'info.contact.email')}
          onChange={(value) => edit((x) => editContact(x, 'email', value))}
        />
      </div>
      <div className="gen-row">
        <TextField
          label={t`License name`}
          value={info.license?.name ?? ''}
          placeholder="MIT"
          error={metaMessage(issues, 'info.license.name')}
          onChange={(value) => edit((x) => editLicense(x, 'name', value))}
        />
        {modern || info.license?.identifier !== undefined ? (
          <TextField
            label={t`License identifier`}
            value={info.license?.identifier ?? ''}
            placeholder="Apache-2.0"
            onChange={(value) => edit((x) => editLicense(x, 'identifier', value))}
          />
        ) : null}
        <TextField
          label={t`License URL`}
          type="url"
          value={info.license?.url ?? ''}
          placeholder="https://opensource.org/licenses/MIT"
          error={metaMessage(issues, 'info.license.url')}
          onChange={(value) => edit((x) => editLicense(x, 'url', value))}
        />
        <TextField
          label={t`Terms of service`}
          type="url"
          value={info.termsOfService ?? ''}
          placeholder="https://example.com/terms"
          error={metaMessage(issues, 'info.termsOfService')}
          onChange={(value) => edit((x) => withOptional(x, 'termsOfService', value))}
        />
      </div>
    </fieldset>
  );
}
