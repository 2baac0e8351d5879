import { jestConfig } from 'shared/build/jest';

const config = jestConfig(import.meta.dirname);

/**
 * OpenLayers (the site map) and the packages it loads ship ES modules only: jest transforms them,
 * as the shared configuration does ky (pnpm keeps them under node_modules/.pnpm).
 */
const ESM_PACKAGES = ['ky', 'ol', 'rbush', 'quickselect', 'earcut', 'pbf'].join('|');

export default { ...config, transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/(${ESM_PACKAGES})@|(${ESM_PACKAGES})/))`] };
