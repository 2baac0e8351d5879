import { jestConfig } from 'shared/build/jest';

export default jestConfig(import.meta.dirname);
