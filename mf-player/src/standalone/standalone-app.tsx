import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { GAMES, gamePath, playStateOf, rememberPlayedGame, ROUTES, type Game } from '@portal/shared-contracts';
import PlayPage from '../exposes/play-page';

const SAMPLE = GAMES.slice(0, 4);
const linkStyle = { color: 'var(--color-accent-2)' };

/** Opens a game the way the catalogue's cards do: storage first, then link and name as state. */
function CardLikeLink({ game }: { game: Game }) {
  return (
    <Link to={gamePath(game.id)} state={playStateOf(game)} onClick={() => rememberPlayedGame(game, game.image)} style={linkStyle}>
      {game.name}
    </Link>
  );
}

/** The play page without the shell, for this team's development. */
export function StandaloneApp() {
  const shared = GAMES[GAMES.length - 1];
  return (
    <BrowserRouter>
      <nav style={{ display: 'flex', gap: 16, padding: 16, flexWrap: 'wrap', borderBottom: '1px solid var(--color-border)' }}>
        <strong>mf-player standalone:</strong>
        {SAMPLE.map((game) => (
          <CardLikeLink key={game.id} game={game} />
        ))}
        {shared && (
          <Link to={gamePath(shared.id)} style={linkStyle}>
            shared link (no state)
          </Link>
        )}
        <Link to={gamePath(99999)} style={linkStyle}>
          unknown id
        </Link>
      </nav>
      <Routes>
        <Route path={ROUTES.game} element={<PlayPage />} />
        <Route path="*" element={<p style={{ padding: 16 }}>Pick a game above.</p>} />
      </Routes>
      <ToastContainer />
    </BrowserRouter>
  );
}
