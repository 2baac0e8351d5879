import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from 'shared';
import { Alert } from './Alert';
import { EmptyState } from './EmptyState';
import { PageSpinner } from './Spinner';

export interface EntityGateProps<T> {
  /** The query of the one entity the screen is about; its 404 is "not found". */
  query: UseQueryResult<T>;
  /** What the entity is called ('User', 'API key'): the title says 'User not found'. */
  noun: string;
  /** False when the URL cannot name one (an id that is not a number): not found, without a call. */
  valid?: boolean;
  /** The screen's message when the load fails and the server says nothing. */
  failure: string;
  children(entity: T): ReactNode;
}

/**
 * The one gate of a screen about one entity: not found (also another licence's, which the
 * server answers 404 like a missing one), loading, failed with the server's reason; then the
 * screen, with the entity.
 */
export function EntityGate<T>({ query, noun, valid = true, failure, children }: EntityGateProps<T>) {
  // Every page has a level-one heading; the screen's own comes with the entity.
  if (!valid || (query.error instanceof ApiError && query.error.status === 404))
    return (
      <>
        <h1 className="sr-only">{noun}</h1>
        <EmptyState title={`${noun} not found`}>It does not exist, or it is not yours to see.</EmptyState>
      </>
    );
  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return (
      <>
        <h1 className="sr-only">{noun}</h1>
        <Alert variant="danger">{errorMessage(query.error, failure)}</Alert>
      </>
    );
  return <>{children(query.data)}</>;
}
