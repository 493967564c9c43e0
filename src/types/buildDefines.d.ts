// Browser code has no Node `process`: esbuild replaces these two reads at build time (esbuild.config.ts `define`),
// and vitest runs the same code under Node, where they are real.
declare const process: { readonly env: { readonly NODE_ENV?: string; readonly FIELD_PLAYGROUND?: string } };
