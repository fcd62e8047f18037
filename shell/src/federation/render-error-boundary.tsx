import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Catches render errors thrown inside a remote's tree so they cost only that area. */
export class RenderErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
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
