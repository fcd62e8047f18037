import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { GAMES, gamePath, ROUTES } from 'shared-contracts';
import PlayPage from '../exposes/PlayPage';

/** The play page without the shell, for this team's development. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <nav style={{ display: 'flex', gap: 16, padding: 16, flexWrap: 'wrap' }}>
        {GAMES.slice(0, 5).map((game) => (
          <Link key={game.id} to={gamePath(game.id)}>
            {game.name}
          </Link>
        ))}
      </nav>
      <Routes>
        <Route path={ROUTES.game} element={<PlayPage />} />
        <Route path="*" element={<p style={{ padding: 16 }}>Pick a game above.</p>} />
      </Routes>
      <ToastContainer />
    </BrowserRouter>
  );
}
