import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ScreenError } from './ScreenError';

interface ScreenErrorBoundaryProps {
  children: ReactNode;
}

interface ScreenErrorBoundaryState {
  error: unknown;
}

/**
 * Catches a screen that fails to load or render (most often its code chunk, after a new deployment) so that the
 * top bar stays usable. The layout keys it by path: moving elsewhere starts afresh.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ScreenErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ScreenError error={this.state.error} /> : this.props.children;
  }
}
