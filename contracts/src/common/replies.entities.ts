/**
 * Answers shared by many writes, beside `MessageReply` and `Anything` in the client. Like
 * every file of entities/, free of the client (ky, the session), so the API can import it.
 */
import * as v from 'valibot';
import { int, tolerant } from './fields';

/** `{ Message }` as the API answers it: a write that has nothing else to say. */
export const MessageStrictReplySchema = v.object({ Message: v.string() });

/** `{ Message }`: the answer of most writes (the same shape as the client's `MessageReply`). */
export const MessageReplySchema = tolerant(MessageStrictReplySchema, { Message: v.optional(v.string()) });
const MessageBody = MessageReplySchema;

/** `{ success, message }`: writes the spec says answer a success flag (site update, workflow archive). */
export const SuccessReplySchema = v.looseObject({
  success: v.boolean(),
  message: v.nullish(v.string()),
});
export type SuccessReply = v.InferOutput<typeof SuccessReplySchema>;

/**
 * The body of a call that may answer 210 with a warning: `{ Message }` or plain JSON text.
 * Read it with `messageOf(body)` from the client.
 */
export const WarningReplySchema = v.union([v.string(), MessageBody]);
export type WarningReply = v.InferOutput<typeof WarningReplySchema>;

/** A delete's answer: `{ Message }`, or nothing at all (204). */
export const DeleteReplySchema = v.optional(MessageBody);
export type DeleteReply = v.InferOutput<typeof DeleteReplySchema>;

/** A list of ids as a body (project ids, workflow ids, …). */
export const IdListSchema = v.array(int);
export type IdList = v.InferOutput<typeof IdListSchema>;
