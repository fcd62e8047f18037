export default function AllGamesPage() {
  return <section className="page"><h1 className="page-title">AllGamesPage</h1></section>;
}
