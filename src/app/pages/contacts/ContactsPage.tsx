/** Placeholder; built out by the app-pages work. */
export default function ContactsPage() {
  return <main />;
}
