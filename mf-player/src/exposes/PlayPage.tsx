export default function PlayPage() {
  return <section className="page"><h1 className="page-title">PlayPage</h1></section>;
}
