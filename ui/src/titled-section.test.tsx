import { render, screen } from '@testing-library/react';
import { TitledSection } from './titled-section';

describe('TitledSection', () => {
  test('is a region named by its heading, with the controls in its head and the content below', () => {
    const { container } = render(
      <TitledSection block="row" title="New games" controls={<button type="button">Next</button>}>
        <ul className="row__list" />
      </TitledSection>,
    );
    const region = screen.getByRole('region', { name: 'New games' });
    expect(region).toHaveClass('row');
    expect(screen.getByRole('heading', { level: 2, name: 'New games' })).toHaveClass('row__title');
    const head = container.querySelector('.row__head');
    expect(head?.children[0]).toHaveTextContent('New games');
    expect(head?.children[1]).toHaveAccessibleName('Next');
    expect(region.lastElementChild).toHaveClass('row__list');
  });

  test('gives each section its own heading id', () => {
    render(
      <>
        <TitledSection block="a" title="One">
          <p />
        </TitledSection>
        <TitledSection block="b" title="Two">
          <p />
        </TitledSection>
      </>,
    );
    expect(screen.getByRole('region', { name: 'One' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Two' })).toBeInTheDocument();
  });
});
