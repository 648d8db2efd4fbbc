import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { VideoSection } from './VideoSection';
import './landing.css';

/** The landing page of spec §2: title, subtitle, three feature cards, Get Started, video, screenshot. */
export default function LandingPage() {
  const { t } = useLingui();
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero-inner">
          <p className="landing-eyebrow">
            <Trans>OpenAPI 3.0 · 3.1 · 3.2 · Swagger 2.0 · JSON · YAML</Trans>
          </p>
          <h1 id="landing-title">
            <Trans>API specifications from a simple form</Trans>
          </h1>
          <p className="landing-subtitle">
            <Trans>
              Describe your HTTP endpoints — methods, paths, parameters, request and response bodies
              — and get a valid OpenAPI document in YAML or JSON. Load an existing OpenAPI 3.0, 3.1
              or 3.2 document back into the form to change it; Swagger 2.0 is converted.
            </Trans>
          </p>
          <div className="landing-actions">
            <Link to="/register" className="btn btn-primary landing-cta">
              <Trans>Get Started</Trans>
            </Link>
            <Link to="/pricing" className="btn landing-secondary">
              <Trans>See pricing</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="landing-features-title">
        <h2 id="landing-features-title" className="landing-visually-hidden">
          <Trans>Why Specform</Trans>
        </h2>
        <ul className="landing-features">
          <Feature icon={<ClockIcon />} title={t`Save time`}>
            <Trans>
              Fill in a form instead of hand-writing YAML or JSON. Schemas are inferred from your
              JSON examples, so a whole endpoint takes minutes, not an afternoon.
            </Trans>
          </Feature>
          <Feature icon={<BracesIcon />} title={t`JSON and YAML formatting and validation`}>
            <Trans>
              Examples are formatted and checked as you type; pasted JSON turns into YAML in one
              click, and the output follows the OpenAPI version of your document (3.0, 3.1 or 3.2).
            </Trans>
          </Feature>
          <Feature icon={<ShieldIcon />} title={t`Fewer errors`}>
            <Trans>
              Invalid paths, duplicate endpoints, missing response codes and conflicting responses
              are flagged on the form before you generate anything.
            </Trans>
          </Feature>
        </ul>
      </section>

      <VideoSection />

      <section className="landing-section" aria-labelledby="landing-example-title">
        <div className="landing-section-head">
          <h2 id="landing-example-title">
            <Trans>From form to YAML</Trans>
          </h2>
          <p>
            <Trans>
              On the left, the endpoint as you describe it; on the right, the document Specform
              generates.
            </Trans>
          </p>
        </div>
        <figure className="landing-shot">
          <img
            src="/example-screenshot.svg"
            width={1200}
            height={720}
            loading="lazy"
            decoding="async"
            alt={t`Example: a POST /users endpoint described in the form, next to the generated OpenAPI YAML`}
          />
        </figure>
      </section>

      <section className="landing-final" aria-labelledby="landing-final-title">
        <h2 id="landing-final-title">
          <Trans>Ready to describe your first endpoint?</Trans>
        </h2>
        <Link to="/register" className="btn btn-primary landing-cta">
          <Trans>Get Started</Trans>
        </Link>
      </section>
    </div>
  );
}

function Feature({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="landing-feature">
      <span className="landing-feature-icon" aria-hidden="true">
        {icon}
      </span>
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

const iconProps = {
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

function ClockIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function BracesIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8 4H7a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2 2 2 0 0 1 2 2v4a2 2 0 0 0 2 2h1" />
      <path d="M16 4h1a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2 2 2 0 0 0-2 2v4a2 2 0 0 1-2 2h-1" />
    </svg>
  );
}

function ShieldIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </svg>
  );
}
