/** The generator screen (spec §2 "Generator screen"); built out by the generator issue. */
export default function GeneratorPage() {
  return <main className="generator" />;
}
