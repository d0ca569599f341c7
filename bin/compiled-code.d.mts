// Types of compiled-code.mjs, for the tests that import it.
export declare const ROOT: string;
export declare function compiledCliPath(root?: string): string;
export declare function buildStampPath(root?: string): string;
export declare function sourcesKey(root?: string): string | null;
export declare function compiledCli(root?: string): string | null;
