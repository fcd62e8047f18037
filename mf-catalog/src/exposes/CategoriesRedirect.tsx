export default function CategoriesRedirect() {
  return <section className="page"><h1 className="page-title">CategoriesRedirect</h1></section>;
}
