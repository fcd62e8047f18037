import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { remoteOf, type RemoteModuleId, type RemoteModules } from 'shared-contracts';
import { announceRecovery, onRecovery } from './recovery';
import { loadRemoteModule } from './remotes';
import './remote-boundary.css';

type LoadState<Id extends RemoteModuleId> =
  | { status: 'loading' }
  | { status: 'ready'; id: RemoteModuleId; Component: RemoteModules[Id] }
  | { status: 'failed'; error: unknown };

interface ErrorBoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Catches render errors thrown inside a remote's tree so they cost only that area. */
class RenderErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Set only while a page is pre-rendered (src/prerender/): told which remote modules the page
 * mounts, so the server can hint the browser to fetch them early.
 */
export const RemoteMountCollector = createContext<((id: RemoteModuleId) => void) | null>(null);

export interface RemoteBoundaryProps<Id extends RemoteModuleId> {
  id: Id;
  props: ComponentProps<RemoteModules[Id]>;
  /**
   * 'page': spinner and a fallback card; 'inline': compact, for the header slot;
   * 'hidden': invisible infrastructure (the modal host): nothing shown, it recovers when
   * another mount of the same remote is retried successfully.
   */
  variant?: 'page' | 'inline' | 'hidden';
  /** What a 'page' shows while it loads: placeholder game cards, or the game frame's box. */
  placeholder?: 'cards' | 'frame';
  /** Injected in tests; the real loader otherwise. */
  load?: typeof loadRemoteModule;
}

/**
 * The one boundary around every federated mount (ARCHITECTURE "Composition"):
 * loading placeholder, error fallback with a Retry that reloads the remote without a page
 * reload, and a console report.
 */
export function RemoteBoundary<Id extends RemoteModuleId>({
  id,
  props,
  variant = 'page',
  placeholder = 'cards',
  load = loadRemoteModule,
}: RemoteBoundaryProps<Id>) {
  useContext(RemoteMountCollector)?.(id);
  const [state, setState] = useState<LoadState<Id>>({ status: 'loading' });
  // `fresh`: re-register the remote first (a player's Retry after a failure). A retry because
  // another mount already recovered the remote must reuse it: re-registering again would
  // create a second container, and with it a second copy of the remote's state.
  const [{ attempt, fresh }, setAttempt] = useState({ attempt: 0, fresh: false });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    load(id, { fresh }).then(
      (module) => {
        if (cancelled) return;
        setState({ status: 'ready', id, Component: module.default });
        if (fresh) announceRecovery(remoteOf(id));
      },
      (error: unknown) => {
        console.error(`[remote] could not mount ${id}`, error);
        if (!cancelled) setState({ status: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, attempt, fresh, load]);

  const onRenderError = useCallback(
    (error: unknown) => {
      console.error(`[remote] ${id} crashed while rendering`, error);
      setState({ status: 'failed', error });
    },
    [id],
  );
  const retry = useCallback(() => setAttempt((a) => ({ attempt: a.attempt + 1, fresh: true })), []);
  const reuse = useCallback(() => setAttempt((a) => ({ attempt: a.attempt + 1, fresh: false })), []);

  // When a Retry elsewhere brought this remote back, mounts of it that failed try again too.
  const failed = state.status === 'failed';
  useEffect(() => (failed ? onRecovery(remoteOf(id), reuse) : undefined), [failed, id, reuse]);

  // On a route change React reuses this boundary: never render the previous id's component
  // with the new id's props while the new module loads.
  if (state.status === 'loading' || (state.status === 'ready' && state.id !== id)) {
    if (variant === 'hidden') return null;
    return variant === 'page' ? (
      <PagePlaceholder shape={placeholder} />
    ) : (
      <span className="remote-inline-placeholder" aria-hidden="true" />
    );
  }
  if (state.status === 'failed') {
    return variant === 'hidden' ? null : <RemoteFallback variant={variant} onRetry={retry} />;
  }
  // A generic JSX element cannot be built from a mapped component type without widening it.
  const Loaded = state.Component as unknown as ComponentType<Record<string, unknown>>;
  return (
    <RenderErrorBoundary key={attempt} onError={onRenderError}>
      <Loaded {...(props as Record<string, unknown>)} />
    </RenderErrorBoundary>
  );
}

/** Cards a page shows while its remote loads: the first screen's shape, before any game data. */
const PLACEHOLDER_CARDS = 12;

/**
 * The page's shape while its remote loads; also what the pre-rendered HTML shows before any
 * script has run, so the first paint already has the layout the content will fill.
 */
function PagePlaceholder({ shape }: { shape: 'cards' | 'frame' }) {
  return (
    <div className={`remote-placeholder remote-placeholder--${shape}`} role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      {shape === 'frame' ? (
        <span className="placeholder-frame" aria-hidden="true" />
      ) : (
        <>
          <span className="placeholder-title" aria-hidden="true" />
          <span className="placeholder-grid" aria-hidden="true">
            {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
              <span key={i} className="placeholder-card" />
            ))}
          </span>
        </>
      )}
    </div>
  );
}

function RemoteFallback({ variant, onRetry }: { variant: 'page' | 'inline'; onRetry: () => void }) {
  if (variant === 'inline') {
    return (
      <button
        type="button"
        className="remote-inline-retry"
        onClick={onRetry}
        title="This part of the site did not load. Try again."
      >
        Retry
      </button>
    );
  }
  return (
    <div className="remote-fallback" role="alert">
      <h2>This part of the site is taking a break</h2>
      <p>We couldn't load it just now. The rest of the site still works.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
