import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAdmin, RequireAuth } from './components/Guards';
import { Layout } from './components/Layout';
import { ErrorPage, NotFoundPage } from './pages/error/ErrorPage';

// Every page is its own chunk: public pages never load Monaco or the worker (generator only).
const LandingPage = lazy(() => import('./pages/landing/LandingPage'));
const PricingPage = lazy(() => import('./pages/pricing/PricingPage'));
const PrivacyPolicyPage = lazy(() => import('./pages/legal/PrivacyPolicyPage'));
const TermsOfUsePage = lazy(() => import('./pages/legal/TermsOfUsePage'));
const PersonalDataPage = lazy(() => import('./pages/legal/PersonalDataPage'));
const ContactsPage = lazy(() => import('./pages/contacts/ContactsPage'));
const GeneratorPage = lazy(() => import('./generator/GeneratorPage'));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage'));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage'));
const ProjectsPage = lazy(() => import('./projects/ProjectsPage'));
const VerifyEmailPage = lazy(() => import('./pages/verify/VerifyEmailPage'));
const AdminPage = lazy(() => import('./pages/admin/AdminPage'));
const LogoutPage = lazy(() => import('./pages/logout/LogoutPage'));
const ForgotPasswordPage = lazy(() => import('./pages/password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/password/ResetPasswordPage'));

/** The route table of spec §2 with its guards. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: 'register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: 'generator',
        element: (
          <RequireAuth>
            <GeneratorPage />
          </RequireAuth>
        ),
      },
      {
        path: 'projects',
        element: (
          <RequireAuth>
            <ProjectsPage />
          </RequireAuth>
        ),
      },
      {
        path: 'profile',
        element: (
          <RequireAuth>
            <ProfilePage />
          </RequireAuth>
        ),
      },
      // Password reset: not guarded, a link from the e-mail works in any state.
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'emailverification', element: <VerifyEmailPage /> },
      { path: 'emailverification/:id', element: <VerifyEmailPage /> },
      {
        path: 'renew-subscription',
        element: (
          <RequireAuth>
            <PricingPage mode="renew" />
          </RequireAuth>
        ),
      },
      { path: 'pricing', element: <PricingPage mode="public" /> },
      { path: 'policies/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'policies/terms-of-use', element: <TermsOfUsePage /> },
      { path: 'policies/personaldataprocessing', element: <PersonalDataPage /> },
      { path: 'contacts', element: <ContactsPage /> },
      {
        path: 'admin',
        element: (
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        ),
      },
      // Not guarded: a guest who opens /logout ends up on /login all the same.
      { path: 'logout', element: <LogoutPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
