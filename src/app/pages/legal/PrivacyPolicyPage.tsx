/** Placeholder; built out by the app-pages work. */
export default function PrivacyPolicyPage() {
  return <main />;
}
