export default function CategoryPage() {
  return <section className="page"><h1 className="page-title">CategoryPage</h1></section>;
}
