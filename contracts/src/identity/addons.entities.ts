/** Product licences (add-ons), their seat limits in a licence, and the vendors of vendor add-ons. */
import * as v from 'valibot';
import { int, list, maybeInt, text } from '../common/fields';

/** An add-on as a badge in the user list. */
export const AddonBadgeSchema = v.looseObject({ addOnId: int, name: v.string(), shortName: v.string(), color: v.string() });

/** An add-on's extra data; category 'VENDOR' means it is assigned together with vendors. */
export const AddonDataSchema = v.looseObject({ category: v.nullish(v.string()) });
export type AddonData = v.InferOutput<typeof AddonDataSchema>;

/** An add-on of the catalogue (GET addons). Add-on 1 is the base product. */
export const AddonSchema = v.looseObject({
  ...AddonBadgeSchema.entries,
  description: text(),
  addonData: v.nullish(AddonDataSchema),
});
export type Addon = v.InferOutput<typeof AddonSchema>;

/** An add-on in a licence: seat limit (-1 unlimited, 0 not offered) and seats used. */
export const LicenseAddonSchema = v.looseObject({
  addOnId: int,
  name: v.string(),
  shortName: text(),
  description: text(),
  color: text(),
  maxUsers: int,
  numUsers: v.optional(int, 0),
  /** Who holds a seat; the spec names the field without its shape. */
  users: v.optional(v.unknown()),
  addonData: v.nullish(AddonDataSchema),
});
export type LicenseAddon = v.InferOutput<typeof LicenseAddonSchema>;

/** Body of PUT licenses/{licenseId}/addons: the seat limit per add-on. */
export const LicenseAddonLimitsSchema = v.array(v.object({ addOnId: int, maxUsers: int }));
export type LicenseAddonLimits = v.InferOutput<typeof LicenseAddonLimitsSchema>;

/** A vendor of a licence (GET license/{licenseId}/vendors). */
export const VendorSchema = v.looseObject({ vendorId: int, name: v.string(), licenseId: maybeInt() });
export type Vendor = v.InferOutput<typeof VendorSchema>;

/** A user's vendor under a vendor add-on. */
export const UserVendorSchema = v.looseObject({ addOnId: int, vendorId: int, name: v.optional(v.string()) });
export type UserVendor = v.InferOutput<typeof UserVendorSchema>;

/** GET users/{username}/addons: the user's add-ons (those from a user group are read-only) and vendors. */
export const UserAddonsSchema = v.looseObject({
  addons: list(
    v.looseObject({
      addOnId: int,
      name: v.optional(v.string()),
      shortName: v.optional(v.string()),
      color: v.optional(v.string()),
      /** Granted by a user group: shown, not removable at user level. */
      fromUserGroup: v.optional(v.boolean(), false),
    }),
  ),
  vendors: list(UserVendorSchema),
});
export type UserAddons = v.InferOutput<typeof UserAddonsSchema>;
