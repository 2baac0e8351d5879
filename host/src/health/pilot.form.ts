/**
 * The pilot dialog's values and schema (issue 42): the text the fields hold, checked with the
 * API's own schema's parts (PilotBodySchema) and turned into the body of PUT
 * remotes/{remoteId}/pilot, so a message shows under the same field whether the browser or the
 * server found it.
 */
import * as v from 'valibot';
import { PilotBodySchema, RemoteChannelMessages as M, type RemoteChannel } from 'contracts/auth';

/** What the dialog's fields hold (numbers as typed); `rollback` is sent only when `withRule`. */
export interface PilotValues {
  version: string;
  licenseIds: number[];
  percent: string;
  withRule: boolean;
  rollback: { factor: string; minViews: string };
}

/** The rule a new pilot is offered (off until ticked): twice the stable's errors, after 500 views. */
const SUGGESTED_RULE = { factor: '2', minViews: '500' };

/** The values a dialog starts from: the running pilot's (Change pilot), or none chosen yet. */
export function pilotValuesOf(channel: RemoteChannel | null): PilotValues {
  if (!channel?.pilotVersion) return { version: '', licenseIds: [], percent: '0', withRule: false, rollback: SUGGESTED_RULE };
  return {
    version: channel.pilotVersion,
    licenseIds: [...channel.pilotLicenseIds],
    percent: String(channel.pilotPercent),
    withRule: channel.rollback !== null,
    rollback: channel.rollback ? { factor: String(channel.rollback.factor), minViews: String(channel.rollback.minViews) } : SUGGESTED_RULE,
  };
}

/** A number field's text as a number ('' is NaN, so the body's schema says what is expected). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The text of a number field, checked with the body's own schema for it. */
const numberField = <S extends v.GenericSchema<number>>(schema: S) => v.pipe(v.string(), v.transform(numberOf), schema);

const body = PilotBodySchema.entries;
const rule = v.unwrap(v.unwrap(body.rollback)).entries;

/**
 * The dialog's schema: each field checked as the API checks it (every message at once), the
 * rule's fields only while the rule is on, and an audience (the API's noAudience, on the share's
 * field); its output is the body of PUT remotes/{remoteId}/pilot.
 */
export const PilotFormSchema = v.pipe(
  v.object({
    version: v.pipe(v.string(), v.nonEmpty(M.chooseVersion), body.version),
    licenseIds: body.licenseIds,
    percent: numberField(v.unwrap(body.percent)),
    withRule: v.boolean(),
    rollback: v.object({ factor: v.string(), minViews: v.string() }),
  }),
  v.forward(
    v.partialCheck([['licenseIds'], ['percent']], (input) => input.licenseIds.length > 0 || input.percent > 0, M.noAudience),
    ['percent'],
  ),
  v.forward(
    v.partialCheck([['withRule'], ['rollback', 'factor']], (input) => !input.withRule || v.is(rule.factor, numberOf(input.rollback.factor)), M.rollbackFactor),
    ['rollback', 'factor'],
  ),
  v.forward(
    v.partialCheck(
      [['withRule'], ['rollback', 'minViews']],
      (input) => !input.withRule || v.is(rule.minViews, numberOf(input.rollback.minViews)),
      M.rollbackMinViews,
    ),
    ['rollback', 'minViews'],
  ),
  v.transform(({ version, licenseIds, percent, withRule, rollback }) => ({
    version,
    licenseIds,
    percent,
    rollback: withRule ? { factor: numberOf(rollback.factor), minViews: numberOf(rollback.minViews) } : null,
  })),
);

export type PilotBody = v.InferOutput<typeof PilotFormSchema>;
