import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
export const SERVER_BUNDLE = 'dist/server/main.js';
