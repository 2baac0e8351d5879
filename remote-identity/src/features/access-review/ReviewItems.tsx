import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AccessReviewMessages as M, type AccessReview, type Decision, type ReviewItem } from 'contracts/identity';
import { Alert, Badge, Button, Card, Checkbox, ConfirmDialog, FormField, Spinner, Textarea, formatDate } from 'kit';
import { errorMessage } from 'shared';
import { useDecide } from './accessReview.api';
import { grantText, HolderLink, viaText } from './holdingColumns';

/** The items by holder, in the server's order. */
function byHolder(items: ReviewItem[]): ReviewItem[][] {
  const groups: ReviewItem[][] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.holderKind === item.holderKind && last[0]!.holderId === item.holderId) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

const dormancy = (item: ReviewItem) =>
  item.lastSeen === null
    ? item.holderKind === 'user'
      ? 'Never signed in'
      : 'Never used'
    : `${item.holderKind === 'user' ? 'Last sign-in' : 'Last used'} ${formatDate(item.lastSeen)} (${item.dormantDays} days ago)`;

/**
 * The holdings to decide, grouped by holder with last sign-in and dormancy; a reviewer selects
 * some and keeps or removes them with one comment (a removal asks first: it is applied at once).
 * A reviewer's own holdings cannot be selected.
 */
export function ReviewItems({ review, items }: { review: AccessReview; items: UseQueryResult<ReviewItem[]> }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const decide = useDecide(review.reviewId);
  const editable = review.state === 'open' && review.isReviewer;
  if (items.isPending) return <Spinner label="Loading holdings" />;
  if (items.isError) return <Alert variant="danger">{errorMessage(items.error, 'Failed to load the holdings.')}</Alert>;
  const chosen = items.data.filter((item) => selected.has(item.itemId));
  const send = (decision: Decision) =>
    decide.mutate(
      { items: chosen.map((item) => ({ itemId: item.itemId, version: item.version })), decision, comment },
      {
        onSuccess: () => {
          setSelected(new Set());
          setComment('');
        },
        onSettled: () => setConfirming(false),
      },
    );
  const toggle = (itemId: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  return (
    <div className="space-y-4">
      {editable ? (
        <Card title="Decide">
          <div className="space-y-3">
            <FormField label="Comment" hint="Saved with each selected holding.">
              <Textarea value={comment} maxLength={1000} rows={2} onChange={(event) => setComment(event.target.value)} />
            </FormField>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-gray-700" aria-live="polite">
                {chosen.length} selected
              </span>
              <Button size="sm" disabled={!chosen.length} loading={decide.isPending} onClick={() => send('keep')}>
                Keep selected
              </Button>
              <Button size="sm" variant="danger" disabled={!chosen.length} onClick={() => setConfirming(true)}>
                Remove selected
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
      {byHolder(items.data).map((group) => {
        const first = group[0]!;
        return (
          <Card key={`${first.holderKind}-${first.holderId}`}>
            <h2 className="flex flex-wrap items-baseline gap-x-2 text-base font-semibold">
              <HolderLink holding={first} />
              <span className="text-sm font-normal text-gray-700">
                {first.holderKind === 'user' ? 'User' : 'API key'}
                {first.holderLabel ? ` · ${first.holderLabel}` : ''}
              </span>
            </h2>
            <p className="text-sm text-gray-700">
              {dormancy(first)}
              {first.holderActive ? '' : ' · Inactive'}
            </p>
            <ul className="mt-2 divide-y divide-gray-100">
              {group.map((item) => (
                <li key={item.itemId} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2">
                  {editable && item.decision === null && !item.own ? (
                    <Checkbox
                      aria-label={`Select ${item.whatLabel} of ${item.holderName}`}
                      checked={selected.has(item.itemId)}
                      onChange={(event) => toggle(item.itemId, event.target.checked)}
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{item.whatLabel}</p>
                    <p className="text-sm text-gray-700">
                      {viaText(item)} · {item.grantedAt ? `granted ${grantText(item)}` : M.beforeRecords}
                    </p>
                    {item.decision ? (
                      <p className="text-sm text-gray-700">
                        {item.decision === 'keep' ? 'Kept' : 'Removed'} by {item.decidedBy}
                        {item.comment ? `: “${item.comment}”` : ''}
                      </p>
                    ) : null}
                  </div>
                  {item.decision ? (
                    <Badge variant={item.decision === 'keep' ? 'success' : 'danger'}>{item.decision === 'keep' ? 'Keep' : 'Remove'}</Badge>
                  ) : item.own && editable ? (
                    <Badge variant="neutral">Your own access</Badge>
                  ) : (
                    <Badge variant="warning">Undecided</Badge>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        );
      })}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${chosen.length} ${chosen.length === 1 ? 'holding' : 'holdings'}?`}
        message={
          "They are removed at once, as from the user's, group's or key's own tabs, and recorded in their " +
          'History. A holding through a user group is removed by taking the user out of that group.'
        }
        confirmLabel="Remove"
        variant="danger"
        busy={decide.isPending}
        onConfirm={() => send('remove')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
