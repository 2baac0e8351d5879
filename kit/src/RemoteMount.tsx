/**
 * A part one section mounts from another (the project view shows tabs that remote-licensing
 * and remote-workflows expose). The host supplies the loader (the federation runtime, the
 * kernel check, the time limit: the kernel's configureMounts); a part that cannot load or crashes shows its own fallback
 * with Retry, and the screen around it keeps working, as a whole section does.
 */
import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { PartName, PartProps, PartRemote } from 'contracts/parts';
import { KernelMessages, loadMount } from 'shared';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** A mount of part `P` of remote `R`: its props are the ones the contract gives the part (contracts/parts.ts). */
export interface RemoteMountProps<R extends PartRemote, P extends PartName<R>> {
  /** The remote exposing the part ('workflows'). */
  remote: R;
  /** The exposed module ('./ProjectResourceTabs'); its default export is the component. */
  exposed: P;
  /** What the part is called in its fallback ('the workflow configuration'). */
  label: string;
  /** Props passed to the part, as contracts/parts.ts declares them. */
  props: PartProps<R, P>;
}

function MountUnavailable({ label, reason, onRetry }: { label: string; reason: string; onRetry: () => void }) {
  return (
    <Alert variant="warning" title={KernelMessages.partUnavailable} action={<Button onClick={onRetry}>{KernelMessages.retry}</Button>}>
      <p>{`${label[0]?.toUpperCase() ?? ''}${label.slice(1)} could not be loaded. The rest of the page keeps working.`}</p>
      <details className="mt-2 text-xs text-slate-600">
        <summary className="cursor-pointer">Technical details</summary>
        <p className="mt-1 break-words">{reason}</p>
      </details>
    </Alert>
  );
}

class MountBoundary extends Component<{ label: string; onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[console] ${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <MountUnavailable label={this.props.label} reason={this.state.error.message} onRetry={() => (this.setState({ error: null }), this.props.onRetry())} />
    );
  }
}

type MountState = { status: 'loading' } | { status: 'ready'; Part: ComponentType<Record<string, unknown>> } | { status: 'failed'; reason: string };

/** Mounts another section's exposed part with its own failure isolation. */
export function RemoteMount<R extends PartRemote, P extends PartName<R>>({ remote, exposed, label, props }: RemoteMountProps<R, P>) {
  const [attempt, setAttempt] = useState(0);
  // Each load is keyed by what it loads; a result for another key (an earlier attempt) means loading.
  const key = `${remote}|${exposed}|${attempt}`;
  const [result, setResult] = useState<{ key: string; state: MountState }>();
  useEffect(() => {
    let live = true;
    loadMount(remote, exposed).then(
      (Part) => live && setResult({ key, state: { status: 'ready', Part } }),
      (error: unknown) => live && setResult({ key, state: { status: 'failed', reason: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
  }, [remote, exposed, key]);
  const state: MountState = result?.key === key ? result.state : { status: 'loading' };
  const retry = () => setAttempt((n) => n + 1);
  if (state.status === 'loading') return <Spinner label={`Loading ${label}`} />;
  if (state.status === 'failed') return <MountUnavailable label={label} reason={state.reason} onRetry={retry} />;
  const { Part } = state;
  return (
    <MountBoundary key={attempt} label={label} onRetry={retry}>
      <Part {...(props as Record<string, unknown>)} />
    </MountBoundary>
  );
}
