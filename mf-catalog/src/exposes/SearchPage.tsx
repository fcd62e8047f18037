export default function SearchPage() {
  return <section className="page"><h1 className="page-title">SearchPage</h1></section>;
}
