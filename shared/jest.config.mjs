import { jestConfig } from './build/jest.config.mjs';

export default jestConfig(import.meta.dirname);
