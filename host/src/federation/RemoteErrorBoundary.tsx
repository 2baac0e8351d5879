import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SectionUnavailable } from './SectionUnavailable';

interface Props {
  section: string;
  /** A change (the path) clears the error: another screen may well work. */
  resetKey: string;
  onRetry: () => void;
  /** Told what was caught (the release channels' report to Console health). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

/** Catches what a remote's screens throw while rendering, inside that remote's area only. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[console] the ${this.props.section} section failed`, error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <SectionUnavailable
        section={this.props.section}
        detail={this.state.error.message}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
