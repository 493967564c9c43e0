/**
 * Everything src/main.tsx starts the page with. The build makes every lazy chunk import
 * this module too (esbuild.shellChunk.ts), so the whole first load is one chunk.
 */
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
export { App } from './App';
export { AppServicesProvider } from './AppServices';
export { startInspector } from './inspector';
export { startApp } from './startApp';
