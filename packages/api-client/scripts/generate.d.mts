export declare const schemaPath: string;
export declare function renderSchema(contract: unknown): Promise<string>;
