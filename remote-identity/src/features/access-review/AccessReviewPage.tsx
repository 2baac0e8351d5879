import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AccessReviewMessages as M, type AccessReview } from 'contracts/identity';
import { Button, Card, ConfirmDialog, EntityGate, PageHeader } from 'kit';
import { reviewItemsQuery, reviewQuery, useSignOff } from './accessReview.api';
import { accessReviewsRoute } from './accessReview.routes';
import { ReportButtons } from './ReportButtons';
import { ReviewItems } from './ReviewItems';

/** One access review (issue 41): its holdings by holder to keep or remove, the sign-off and the report. */
export default function AccessReviewPage() {
  const { id } = useParams();
  const reviewId = Number(id);
  const review = useQuery({ ...reviewQuery(reviewId), enabled: Number.isSafeInteger(reviewId) });
  return (
    <EntityGate query={review} noun="Access review" valid={Number.isSafeInteger(reviewId)} failure="Failed to load the review.">
      {(loaded) => <ReviewScreen review={loaded} />}
    </EntityGate>
  );
}

function ReviewScreen({ review }: { review: AccessReview }) {
  const items = useQuery(reviewItemsQuery(review.reviewId));
  const signOff = useSignOff(review.reviewId);
  const [confirming, setConfirming] = useState(false);
  const open = review.state === 'open';
  return (
    <div className="space-y-4">
      <PageHeader
        title={review.name}
        description={`${review.licenseName} · due ${review.dueDate} · ${review.scopeKind === 'administrative' ? 'All administrative roles' : review.scopeNames.join(', ')}`}
        back={{ to: accessReviewsRoute.to({}), label: M.reviewsTitle }}
        actions={<ReportButtons reviewId={review.reviewId} />}
      />
      <Card>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
          <Figure label="Holdings" value={review.items} />
          <Figure label="Kept" value={review.kept} />
          <Figure label="Removed" value={review.removed} />
          <Figure label="Undecided" value={review.undecided} />
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-gray-600">Reviewers</dt>
            <dd className="font-medium break-words">{review.reviewers.map((r) => r.userName).join(', ')}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-gray-700">
          {open
            ? `Open. Started by ${review.createdBy}.`
            : `Signed off by ${review.signedOffBy} on ${review.signedOffAt?.slice(0, 10)}. This review is read-only.`}
        </p>
        {open && review.maySignOff ? (
          <Button className="mt-3" variant="secondary" onClick={() => setConfirming(true)}>
            Sign off
          </Button>
        ) : null}
      </Card>
      <ReviewItems review={review} items={items} />
      <ConfirmDialog
        open={confirming}
        title="Sign off the review?"
        message={`The review becomes read-only.${review.undecided ? ` ${review.undecided} undecided holdings stay as they are and are reported as undecided.` : ''}`}
        confirmLabel="Sign off"
        busy={signOff.isPending}
        onConfirm={() => signOff.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
