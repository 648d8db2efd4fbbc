/**
 * The project's Spectral ruleset, edited in the app ("Ruleset…" in the Problems panel). The text
 * is checked by the lint engine before it is saved; a ruleset the engine refuses (it would read
 * the network or the file system) or cannot read keeps the dialog open with the user's text and
 * says why. Saving the default's own text stores the default ('').
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { Result } from '../../shared/openapi/core-api';
import type { ErrorInfo } from '../../shared/openapi/errors';
import { DEFAULT_RULESET_YAML, type RulesetInfo } from '../../shared/openapi/lint/types';
import { RULESET_MAX_BYTES } from '../../shared/projects';
import { utf8Length } from '../../shared/sizes';
import { defaultWorker, LintClient } from '../core/lint-client';
import { Modal } from '../components/Modal';
import type { RulesetSyncState } from '../projects/project-ruleset';

/** Checks a ruleset text with the lint engine (its setRuleset). */
export type RulesetValidator = (yaml: string) => Promise<Result<RulesetInfo>>;

/** Longest wait for the lint engine's answer (its first start loads Spectral). */
export const RULESET_CHECK_TIMEOUT_MS = 60_000;

/** The engine did not answer (its worker failed or timed out): not a verdict on the ruleset. */
class CheckUnavailable extends Error {}

/**
 * A lint client of the dialog's own whose worker failing (an uncaught error, e.g. a policy that
 * refuses it) rejects the check instead of leaving it unanswered.
 */
function ownValidator(): { validate: RulesetValidator; dispose: () => void } {
  let fail: ((error: Error) => void) | undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  const client = new LintClient(() => {
    const worker = defaultWorker();
    worker?.addEventListener('error', (event) =>
      fail?.(new CheckUnavailable(event.message || 'The lint worker failed.')),
    );
    return worker;
  });
  return {
    validate: (yaml) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new CheckUnavailable('The lint engine did not answer in time.')),
          RULESET_CHECK_TIMEOUT_MS,
        );
      });
      return Promise.race([client.setRuleset(yaml), failed, timeout]).finally(() =>
        clearTimeout(timer),
      );
    },
    dispose: () => client.dispose(),
  };
}

export interface RulesetDialogProps {
  /** The ruleset in force ('' for the default). */
  ruleset: string;
  /** Saves a checked ruleset ('' for the default); the dialog closes. */
  onSave: (yaml: string) => void;
  onCancel: () => void;
  /** Where the ruleset is kept: a project's (its save state shown), or this browser's. */
  sync?: RulesetSyncState | undefined;
  /** After a conflict: the ruleset saved elsewhere replaces the user's. */
  onTakeTheirs?: (() => void) | undefined;
  /** The lint engine's check; a lint client of the dialog's own when not given. */
  validate?: RulesetValidator | undefined;
}

/** The ruleset as stored: the default's own text is the default. */
export function storedRuleset(text: string): string {
  return text.trim() === '' || text.trim() === DEFAULT_RULESET_YAML.trim() ? '' : text;
}

export function RulesetDialog({
  ruleset,
  onSave,
  onCancel,
  sync,
  onTakeTheirs,
  validate,
}: RulesetDialogProps) {
  const { t } = useLingui();
  const [text, setText] = useState(ruleset.trim() === '' ? DEFAULT_RULESET_YAML : ruleset);
  const [error, setError] = useState<
    { headline: string; detail?: string; unchecked?: boolean } | undefined
  >();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const own = useRef<ReturnType<typeof ownValidator> | undefined>(undefined);
  useEffect(
    () => () => {
      own.current?.dispose();
      own.current = undefined;
    },
    [],
  );
  const check: RulesetValidator =
    validate ??
    ((yaml) => {
      own.current ??= ownValidator();
      return own.current.validate(yaml);
    });

  const describe = (info: ErrorInfo): { headline: string; detail?: string } => {
    const where = info.line === undefined ? '' : ` (${t`line ${info.line}`})`;
    const detail = `${info.message}${where}`;
    if (info.code === 'RULESET_REFUSED') {
      return {
        headline: t`This ruleset is refused: it would read the network or the file system. Nothing was fetched.`,
        detail,
      };
    }
    if (info.code === 'RULESET_INVALID') {
      return {
        headline: t`This ruleset cannot be used: it is not a valid Spectral ruleset.`,
        detail,
      };
    }
    return { headline: t`The ruleset could not be checked.`, detail };
  };

  const save = async () => {
    if (busy) return;
    const stored = storedRuleset(text);
    if (utf8Length(stored) > RULESET_MAX_BYTES) {
      setError({ headline: t`The ruleset is too large: at most 256 KiB can be saved.` });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await check(stored);
      if (!answer.ok) {
        setError(describe(answer.error));
        return;
      }
    } catch (failure) {
      // The engine could not run: no verdict on the ruleset, so the user may save it unchecked
      // (the lint says so if it cannot use it); the text is kept either way.
      if (failure instanceof CheckUnavailable) {
        own.current?.dispose();
        own.current = undefined;
      }
      setError({
        headline: t`The ruleset could not be checked: the lint engine did not answer.`,
        detail: failure instanceof Error ? failure.message : String(failure),
        unchecked: true,
      });
      return;
    } finally {
      setBusy(false);
    }
    onSave(stored);
  };

  const status = sync?.status;
  return (
    <Modal
      title={t`Ruleset`}
      onClose={onCancel}
      testId="ruleset-dialog"
      className="gen-ruleset-dialog"
      footer={
        <>
          <button
            type="button"
            className="gen-button"
            onClick={() => {
              setText(DEFAULT_RULESET_YAML);
              setError(undefined);
            }}
            data-testid="ruleset-reset"
          >
            <Trans>Reset to default</Trans>
          </button>
          <button type="button" className="gen-button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="gen-button gen-button-primary"
            disabled={busy}
            onClick={() => void save()}
            data-testid="ruleset-save"
          >
            {busy ? <Trans>Checking…</Trans> : <Trans>Save</Trans>}
          </button>
        </>
      }
    >
      <p className="gen-muted" data-testid="ruleset-default-note">
        <Trans>
          The default checks the document with Spectral's OpenAPI rules (spectral:oas) and
          Specform's own rules (specform). Use extends, rules and overrides to change it; rules are
          never fetched from the network or read from files.
        </Trans>
      </p>
      {status === 'conflict' ? (
        <div className="gen-notice" role="alert" data-testid="ruleset-conflict">
          <Trans>
            The ruleset was changed elsewhere (another tab or device). The text below is yours: Save
            replaces the other one.
          </Trans>{' '}
          {onTakeTheirs === undefined ? null : (
            <button
              type="button"
              className="gen-button gen-button-small"
              onClick={() => {
                setText(sync?.theirs?.trim() ? (sync.theirs ?? '') : DEFAULT_RULESET_YAML);
                onTakeTheirs();
              }}
              data-testid="ruleset-take-theirs"
            >
              <Trans>Use the other one</Trans>
            </button>
          )}
        </div>
      ) : status === 'offline' ? (
        <p className="gen-notice" role="status" data-testid="ruleset-offline">
          <Trans>
            Not saved to the project yet: the server cannot be reached. It is kept in this browser
            and saved when the connection is back.
          </Trans>
        </p>
      ) : status === 'failed' ? (
        <p className="gen-notice" role="status" data-testid="ruleset-failed">
          <Trans>Not saved to the project; it is kept in this browser.</Trans> {sync?.message ?? ''}
        </p>
      ) : null}
      <label htmlFor={fieldId} className="gen-ruleset-label">
        <Trans>Ruleset (YAML)</Trans>
      </label>
      <textarea
        id={fieldId}
        className="input gen-ruleset-text"
        value={text}
        spellCheck={false}
        autoFocus
        rows={16}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        data-testid="ruleset-text"
      />
      {error === undefined ? null : (
        <div className="gen-ruleset-error" role="alert" data-testid="ruleset-error">
          <p>{error.headline}</p>
          {error.detail === undefined ? null : <code>{error.detail}</code>}
          {error.unchecked === true ? (
            <button
              type="button"
              className="gen-button gen-button-small"
              onClick={() => onSave(storedRuleset(text))}
              data-testid="ruleset-save-unchecked"
            >
              <Trans>Save without checking</Trans>
            </button>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
