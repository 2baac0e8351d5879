import { jestConfig } from '../shared/build/jest.config.mjs';

export default jestConfig(import.meta.dirname);
