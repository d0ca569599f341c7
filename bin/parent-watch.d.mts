// Types of parent-watch.mjs, for the tests that import it.
export declare const PARENT_GONE: string;
export declare const PARENT_POLL_MS: number;
export declare function watchParent(intervalMs?: number): NodeJS.Timeout | null;
