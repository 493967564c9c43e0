import { Component, type ReactNode } from 'react';
import { toBootError } from '../../machines/session.helpers';
import { t } from '../i18n/i18n';
import ErrorScreen from '../screens/ErrorScreen';

interface State {
  error: unknown;
}

/** When even the error page fails (docs/spec.md §8), a plain sentence is all that is left. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    let message = 'An error occurred while showing the error page';
    try {
      message = t('errors.errorPageFailed');
    } catch {
      // The translation layer is what failed: keep the English sentence.
    }
    return (
      <p role="alert" className="p-8" data-testid="error-page-failed">
        {message}
      </p>
    );
  }
}

/** A screen that throws while rendering shows the error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string; fallback?: (error: unknown) => ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    // What failed is in the console (React logs it); the user reads what it means.
    const failure = toBootError(this.state.error);
    return (
      <ErrorPageGuard>
        {this.props.fallback ? this.props.fallback(this.state.error) : <ErrorScreen status={failure.status} message={t(failure.key)} />}
      </ErrorPageGuard>
    );
  }
}
