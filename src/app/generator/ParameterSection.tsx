import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EndpointIssue, Parameter, ParameterLocation } from '../../shared';
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

function FieldError({ message }: { message: MessageDescriptor | undefined }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <span className="gen-field-error" role="alert">
      {i18n._(message)}
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
              <FieldError message={nameIssue && FIELD_MESSAGES[nameIssue.code]} />
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
              <FieldError message={exampleIssue && FIELD_MESSAGES[exampleIssue.code]} />
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
