/** Placeholder; built out by the app-pages work. */
export default function LandingPage() {
  return <main />;
}
