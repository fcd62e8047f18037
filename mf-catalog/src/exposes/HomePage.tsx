import type { HomePageProps } from 'shared-contracts';

export default function HomePage({ brand }: HomePageProps) {
  return <section className="page"><h1 className="page-title">{brand.name}</h1><p>{brand.blurb}</p></section>;
}
