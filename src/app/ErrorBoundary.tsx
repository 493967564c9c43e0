import { Component, type ReactNode } from 'react';
import { errorStatus } from '../../machines/session.helpers';
import ErrorScreen from '../screens/ErrorScreen';

interface State {
  error: unknown;
}

/** A screen that throws while rendering shows the error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const e = this.state.error as { message?: string };
    return <ErrorScreen status={errorStatus(this.state.error)} message={e?.message} />;
  }
}
