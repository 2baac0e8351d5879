/** The access review calls (issue 41), derived from their endpoints. */
import { callOf } from '../common/call';
import { accessReviewEndpoints as e } from './access-review.endpoints';

export const getHolders = callOf(e.getHolders);
export const exportHolders = callOf(e.exportHolders);
/** `{ status: 'open', reviewer: 'me' }`: the reviews the caller still has to do (the home page's 'Reviews due'). */
export const getAccessReviews = callOf(e.getAccessReviews);
export const createAccessReview = callOf(e.createAccessReview);
export const getAccessReview = callOf(e.getAccessReview);
export const getAccessReviewItems = callOf(e.getAccessReviewItems);
export const decideAccessReviewItems = callOf(e.decideAccessReviewItems);
export const signOffAccessReview = callOf(e.signOffAccessReview);
export const exportAccessReviewCsv = callOf(e.exportAccessReviewCsv);
export const exportAccessReviewPdf = callOf(e.exportAccessReviewPdf);
