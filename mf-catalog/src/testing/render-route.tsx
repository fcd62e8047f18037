import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';

/** Shows where the router went, how (PUSH/REPLACE) and with what state. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)} data-navigation-type={useNavigationType()}>
      {location.pathname}
      {location.search}
    </output>
  );
}

/**
 * Renders `element` at `path` (matched by `pattern`) inside a memory router (declarative
 * mode: jsdom has no fetch Request for data routers), with a catch-all route that records
 * where a navigation landed.
 */
export function renderRoute(element: ReactElement, { path, pattern = path.split('?')[0] }: { path: string; pattern?: string }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

export function landedState(): unknown {
  const probe = document.querySelector('[data-testid="location"]');
  return probe ? JSON.parse(probe.getAttribute('data-state') ?? 'null') : undefined;
}
