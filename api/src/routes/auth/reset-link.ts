/**
 * Password reset links (spec 1 §2, PasswordReset): the recovery mail, an administrator's
 * Email Link, and the mail to the owner of an account locked by failed sign-ins (lockout.ts),
 * whose link unlocks it.
 */
import { AuthMessages } from 'contracts/auth/model';
import { passwordResetTokens } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { describeError } from '../../services/log';
import { randomToken, sha256 } from '../../services/secrets';
import type { UserRow } from './auth.service';

/** A reset link works once, for 24 hours (spec 1 §9). */
export const RESET_LINK_HOURS = 24;

/** What a reset mail may say instead of the recovery mail's subject and last line. */
export interface ResetMailText {
  subject?: string;
  outro?: string;
}

/**
 * Issues a reset link for `user` and e-mails it with `intro` as the first paragraph; only a
 * hash of the link's token is stored. A refusal by the mail server is a 502 with the spec's text.
 */
export async function sendResetLink(
  deps: AppDeps,
  user: Pick<UserRow, 'userId' | 'userName' | 'firstName' | 'email'>,
  intro: string,
  text: ResetMailText = {},
): Promise<void> {
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId: user.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000),
  });
  const link = `${deps.config.publicUrl}/users/password/reset?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: text.subject ?? `Reset your ${deps.config.productName} password`,
      text:
        `Hello ${user.firstName || user.userName},\n\n${intro}\n` +
        `Use this link to choose a new password. It works once, within ${RESET_LINK_HOURS} hours:\n${link}\n\n` +
        (text.outro ?? 'If you did not ask for this, you can ignore this message.'),
    });
  } catch (error) {
    deps.log.error('reset mail failed', { userId: user.userId, ...describeError(error) });
    throw new HttpError(502, AuthMessages.recoveryFailed);
  }
}
