// ofetch's type declarations import 'undici' (for a Node-only `dispatcher` option), and undici's
// declarations pull in all of @types/node. tsconfig.browser.json maps 'undici' to this file so
// browser code cannot see Node's globals (docs/decisions.md §13).
export declare class Dispatcher {}
