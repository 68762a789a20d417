export declare const schemaPath: string;
export declare function renderSchema(contract: unknown): Promise<string>;
export declare const enumsPath: string;
export declare function renderEnums(contract: unknown): string;
