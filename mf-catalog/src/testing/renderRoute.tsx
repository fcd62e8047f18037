import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

/** Shows where the router is, so tests can assert navigation and its state. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </output>
  );
}

/**
 * Renders `element` at `path` (matched by `pattern`) inside a memory router, with a
 * fallback route that records where a navigation landed.
 */
export function renderRoute(element: ReactElement, { path, pattern = path }: { path: string; pattern?: string }) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

export function landedState(): unknown {
  const probe = document.querySelector('[data-testid="location"]');
  return probe ? JSON.parse(probe.getAttribute('data-state') ?? 'null') : undefined;
}
