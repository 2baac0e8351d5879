/** Resource types (typeName, typeNumber); 707 is the fixed 'Adjustment' type. */
import * as v from 'valibot';
import { int, tolerant } from '../common/fields';

/** A resource type as the API answers it. */
export const ResourceTypeReplySchema = v.object({ typeName: v.string(), typeNumber: int });
export const ResourceTypeSchema = tolerant(ResourceTypeReplySchema);
export type ResourceType = v.InferOutput<typeof ResourceTypeSchema>;
