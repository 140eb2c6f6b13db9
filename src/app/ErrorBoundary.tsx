// Unhandled render errors end here and show the error page instead of a blank screen.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from '../pages/error/ErrorPage.tsx';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a shown error, so navigating away recovers. */
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, { failed: boolean; key?: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key?: string }) {
    if (props.resetKey !== state.key) return { failed: false, key: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPage code={500} /> : this.props.children;
  }
}
