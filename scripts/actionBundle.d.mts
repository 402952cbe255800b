/** scripts/actionBundle.mjs: the GitHub Action's bundle, built in memory. */
export declare const ACTION_BUNDLE: string;
export declare function buildActionBundle(): Promise<string>;
