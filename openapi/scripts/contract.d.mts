export declare const contractEntry: string;
export declare const bundlePath: string;
export declare function lintContract(): Promise<{ message: string; severity: string }[]>;
export declare function bundleContractText(): Promise<string>;
