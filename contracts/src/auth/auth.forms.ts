import * as v from 'valibot';
import { AuthMessages, MAX_PASSWORD_LENGTH, passwordTooLong } from './auth.messages';
import { passwordProblems, type PasswordPolicy } from './password-policy';
import { SECOND_FACTORS } from './factors.entities';

/**
 * A required text field: a missing key, a non-string and a blank value all give `message`
 * (a plain v.string would answer valibot's own 'Invalid key' for a missing one).
 */
export const requiredText = (message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message));

/** Like requiredText, but kept as typed (passwords are not trimmed at login). */
export const requiredRaw = (message: string) => v.pipe(v.optional(v.string(message), ''), v.nonEmpty(message));

/** A user name to sign in with or recover: at most 256 characters, like the user form's. */
const signInUserName = (message: string) => v.pipe(requiredText(message), v.maxLength(256, AuthMessages.userNameTooLong));

/** The password login form, and the password half of `POST login`; too long a value is refused before any database work. */
export const LoginSchema = v.object({
  userName: signInUserName(AuthMessages.userNameRequired),
  password: v.pipe(requiredRaw(AuthMessages.passwordRequired), v.maxLength(256, AuthMessages.loginPasswordTooLong)),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/**
 * `POST login` with an OpenID Connect id_token from single sign-on: a body that names
 * `cognitoJwt` is a single sign-on, whatever else it holds.
 */
export const SsoLoginSchema = v.object({
  cognitoJwt: v.pipe(
    v.string(AuthMessages.ssoTokenInvalid),
    v.trim(),
    v.nonEmpty(AuthMessages.ssoTokenInvalid),
    v.maxLength(16_384, AuthMessages.ssoTokenInvalid),
  ),
  nonce: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type SsoLoginInput = v.InferOutput<typeof SsoLoginSchema>;

/**
 * The body of `POST login`: a password login (LoginSchema), or a single sign-on (SsoLoginSchema)
 * when the body names `cognitoJwt`. Each shape answers its own messages: a body without
 * `cognitoJwt` is read as a password login, one with it as a single sign-on; a body that is
 * neither (no object, an empty body) answers 'Highlighted fields are required'.
 */
export const LoginBodySchema = v.union(
  [v.object({ ...LoginSchema.entries, cognitoJwt: v.optional(v.never()) }), SsoLoginSchema],
  AuthMessages.highlightedFieldsRequired,
);
export type LoginBody = v.InferInput<typeof LoginBodySchema>;

/** The two-factor step: the e-mailed code (trimmed) and the challenge the login reply named. */
export const TwoFactorSchema = v.object({
  token: v.pipe(requiredText(AuthMessages.twoFactorRequired), v.maxLength(64, AuthMessages.twoFactorInvalid)),
  challenge: v.pipe(requiredText(AuthMessages.twoFactorInvalid), v.maxLength(64, AuthMessages.twoFactorInvalid)),
  /**
   * Ours (issue 40): which factor `token` is, as the login reply's `factors` offered it; without
   * it, the e-mailed code (the spec's step).
   */
  method: v.optional(v.picklist(SECOND_FACTORS, AuthMessages.twoFactorInvalid)),
});
export type TwoFactorInput = v.InferOutput<typeof TwoFactorSchema>;

/** Single sign-on asks for the user name that finds the provider. */
export const SsoUserNameSchema = v.object({
  userName: signInUserName(AuthMessages.userNameRequired),
});

/** Password recovery asks for a username only. */
export const RecoverySchema = v.object({
  userName: signInUserName(AuthMessages.recoveryUserNameRequired),
});

/** The new password, trimmed, under `policy`; the first problem is the field's message. */
export function newPasswordSchema(policy: PasswordPolicy) {
  return v.pipe(
    requiredText(AuthMessages.resetPasswordRequired),
    // Four times the longest in UTF-16 units: whatever this refuses is too long in characters too, and the checks below never read a megabyte.
    v.maxLength(4 * MAX_PASSWORD_LENGTH, passwordTooLong()),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const [first] = passwordProblems(dataset.value, policy);
      if (first) addIssue({ message: first });
    }),
  );
}

/** The reset form: new password and repeat. */
export function resetPasswordFormSchema(policy: PasswordPolicy) {
  return v.pipe(
    v.object({
      password: newPasswordSchema(policy),
      repeat: v.pipe(v.optional(v.string(), ''), v.trim()),
    }),
    v.forward(
      v.partialCheck([['password'], ['repeat']], (input) => input.password === input.repeat, AuthMessages.passwordsMustMatch),
      ['repeat'],
    ),
  );
}

/** Changing one's own password (the forced update): the current password, then the reset form. */
export function ownPasswordFormSchema(policy: PasswordPolicy) {
  return v.pipe(
    v.object({
      currentPassword: requiredRaw(AuthMessages.currentPasswordRequired),
      password: newPasswordSchema(policy),
      repeat: v.pipe(v.optional(v.string(), ''), v.trim()),
    }),
    v.forward(
      v.partialCheck([['password'], ['repeat']], (input) => input.password === input.repeat, AuthMessages.passwordsMustMatch),
      ['repeat'],
    ),
  );
}

/** The body of `PUT users/password/reset/{token}` and of a self-service password change, under the user's licence's policy. */
export function resetPasswordBodySchema(policy: PasswordPolicy) {
  return v.object({ password: newPasswordSchema(policy) });
}

/**
 * The body of `PUT users/password/reset/{token}` as the call sends it: the new password. Its
 * rules are the policy of the link's user's licence, so the API checks the link first and
 * then the password with `resetPasswordBodySchema(policy)`.
 */
export const ResetPasswordBodySchema = v.object({
  password: v.pipe(v.optional(v.string(AuthMessages.resetPasswordRequired), ''), v.maxLength(4 * MAX_PASSWORD_LENGTH, passwordTooLong())),
});
export type ResetPasswordBody = v.InferInput<typeof ResetPasswordBodySchema>;
