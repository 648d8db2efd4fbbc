import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../session';
import './TopBar.css';

interface MenuLink {
  to: string;
  label: React.ReactNode;
}

/** The links of spec §2 "Top bar", filtered by signed-in state and the admin role. */
function useMenuLinks(): MenuLink[] {
  const { loading, signedIn, isAdmin } = useSession();
  if (loading) return [{ to: '/pricing', label: <Trans>Pricing</Trans> }];
  if (!signedIn) {
    return [
      { to: '/pricing', label: <Trans>Pricing</Trans> },
      { to: '/login', label: <Trans>Log in</Trans> },
      { to: '/register', label: <Trans>Sign up</Trans> },
    ];
  }
  return [
    { to: '/generator', label: <Trans>Generator</Trans> },
    { to: '/projects', label: <Trans>Projects</Trans> },
    { to: '/profile', label: <Trans>Profile</Trans> },
    { to: '/pricing', label: <Trans>Pricing</Trans> },
    ...(isAdmin ? [{ to: '/admin', label: <Trans>Admin panel</Trans> }] : []),
    { to: '/logout', label: <Trans>Log out</Trans> },
  ];
}

/** Top bar: logo to `/`, and a menu that collapses behind a toggle on narrow screens. */
export function TopBar() {
  const { t } = useLingui();
  const links = useMenuLinks();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const location = useLocation();

  // Close on navigation.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  // Close on a click outside the menu, or on Escape.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className="shell-topbar">
      <div className="container shell-topbar-inner" ref={ref}>
        <Link to="/" className="shell-logo" aria-label={t`Specform home`}>
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect width="32" height="32" rx="6" fill="currentColor" />
            <path
              d="M9 10h14M9 16h10M9 22h12"
              stroke="#fff"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
          <span>Specform</span>
        </Link>
        <button
          type="button"
          className="shell-menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t`Close menu` : t`Open menu`}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="shell-menu-icon" aria-hidden="true" />
        </button>
        <nav
          id={menuId}
          className={`shell-nav${open ? ' shell-nav-open' : ''}`}
          aria-label={t`Main menu`}
        >
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="shell-nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
