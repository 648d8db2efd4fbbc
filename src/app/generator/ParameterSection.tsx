import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  isBlocking,
  type EndpointIssue,
  type Parameter,
  type ParameterLocation,
} from '../../shared/openapi';
import { FIELD_MESSAGES, fieldIssue } from './issue-messages';
import { sanitizeParameterName } from './names';

export interface ParameterSectionProps {
  title: string;
  addLabel: string;
  location: ParameterLocation;
  parameters: Parameter[];
  issues: readonly EndpointIssue[];
  onAdd: (location: ParameterLocation) => void;
  onChange: (id: string, change: Partial<Parameter>) => void;
  onRemove: (id: string) => void;
}

/**
 * The message under a field: a message, or the issue on the field (an error in red; a warning,
 * which does not block Generate, in the warning colour).
 */
function FieldError({
  message,
  issue,
}: {
  message?: MessageDescriptor | undefined;
  issue?: EndpointIssue | undefined;
}) {
  const { i18n } = useLingui();
  const shown = message ?? (issue && FIELD_MESSAGES[issue.code]);
  if (!shown) return null;
  const warning = issue !== undefined && !isBlocking(issue.code);
  return (
    <span
      className={warning ? 'gen-field-error gen-field-warning' : 'gen-field-error'}
      role={warning ? 'status' : 'alert'}
    >
      {i18n._(shown)}
    </span>
  );
}

/** One parameter section (headers, query or path) of an endpoint panel. */
export function ParameterSection({
  title,
  addLabel,
  location,
  parameters,
  issues,
  onAdd,
  onChange,
  onRemove,
}: ParameterSectionProps) {
  const { t } = useLingui();
  const rows = parameters.filter((p) => p.location === location);
  return (
    <fieldset className="gen-section gen-params" data-location={location}>
      <legend>{title}</legend>
      {rows.map((parameter) => {
        const nameIssue = fieldIssue(issues, `parameters.${parameter.id}.name`);
        const exampleIssue = fieldIssue(issues, `parameters.${parameter.id}.example`);
        return (
          <div className="gen-param-row" key={parameter.id} data-testid="param-row">
            <label className="gen-field">
              <span>{t`Name`}</span>
              <input
                aria-label={t`Name`}
                data-field={`parameters.${parameter.id}.name`}
                value={parameter.name}
                placeholder={t`Name`}
                aria-invalid={nameIssue !== undefined}
                onChange={(e) =>
                  onChange(parameter.id, { name: sanitizeParameterName(e.target.value) })
                }
              />
              <FieldError issue={nameIssue} />
            </label>
            <label className="gen-field">
              <span>{t`Example`}</span>
              <input
                aria-label={t`Example`}
                data-field={`parameters.${parameter.id}.example`}
                value={parameter.example}
                placeholder={t`Example`}
                aria-invalid={exampleIssue !== undefined}
                onChange={(e) => onChange(parameter.id, { example: e.target.value })}
              />
              <FieldError issue={exampleIssue} />
            </label>
            <label className="gen-field gen-field-wide">
              <span>{t`Description`}</span>
              <input
                aria-label={t`Description`}
                value={parameter.description}
                placeholder={t`Description`}
                onChange={(e) => onChange(parameter.id, { description: e.target.value })}
              />
            </label>
            {location === 'path' || parameter.hideRequired ? null : (
              <label className="gen-check">
                <input
                  type="checkbox"
                  checked={parameter.required}
                  onChange={(e) => onChange(parameter.id, { required: e.target.checked })}
                />
                <span>{t`Required`}</span>
              </label>
            )}
            <button
              type="button"
              className="gen-icon-button"
              aria-label={
                parameter.name ? t`Remove parameter ${parameter.name}` : t`Remove parameter`
              }
              title={t`Remove parameter`}
              onClick={() => onRemove(parameter.id)}
            >
              ×
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="gen-button gen-button-small"
        aria-label={addLabel}
        onClick={() => onAdd(location)}
      >
        + {t`Add`}
      </button>
    </fieldset>
  );
}

export { FieldError };
