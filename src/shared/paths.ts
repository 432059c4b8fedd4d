import path from 'node:path';

/** The project folder (compiled code runs from dist/src/...). */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..', '..');
