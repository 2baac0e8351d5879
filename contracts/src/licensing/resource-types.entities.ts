/** Resource types (typeName, typeNumber); 707 is the fixed 'Adjustment' type. */
import * as v from 'valibot';
import { int } from '../common/fields';

export const ResourceTypeSchema = v.looseObject({ typeName: v.string(), typeNumber: int });
export type ResourceType = v.InferOutput<typeof ResourceTypeSchema>;
