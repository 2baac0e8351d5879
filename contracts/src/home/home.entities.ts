/**
 * GET home/attention's answer (ours, issue 41): for each card the caller may open (./home.cards.ts),
 * how many things need attention and the few most urgent.
 */
import * as v from 'valibot';
import { int, IsoDate, tolerant } from '../common/fields';

/**
 * One thing that needs attention. `ref` names what the card's link opens (a licence id, a user
 * name, an integration reference); `at` is the moment that makes it urgent (an expiry date, a last
 * sign-in, an import's time), null when there is none (never signed in); `used` and `limit` are a
 * product licence's seats, `errors` an import's errors.
 */
export const HomeItemReplySchema = v.object({
  ref: v.string(),
  title: v.string(),
  licenseId: int,
  licenseName: v.string(),
  at: v.nullable(IsoDate),
  used: v.optional(int),
  limit: v.optional(int),
  errors: v.optional(int),
});
export const HomeItemSchema = tolerant(HomeItemReplySchema);
export type HomeItem = v.InferOutput<typeof HomeItemSchema>;

/** A card's count (all of them in the caller's scope) and its first items, most urgent first. */
export const HomeCardReplySchema = v.object({ id: v.string(), count: int, items: v.array(HomeItemReplySchema) });
export const HomeCardCountSchema = tolerant(HomeCardReplySchema, { items: v.array(HomeItemSchema) });
export type HomeCardCount = v.InferOutput<typeof HomeCardCountSchema>;

/** The home's cards with something to show, in the home's order (a card with nothing is left out). */
export const HomeAttentionReplySchema = v.object({ asOf: IsoDate, cards: v.array(HomeCardReplySchema) });
export const HomeAttentionSchema = tolerant(HomeAttentionReplySchema, { cards: v.array(HomeCardCountSchema) });
export type HomeAttention = v.InferOutput<typeof HomeAttentionSchema>;
