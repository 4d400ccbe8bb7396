// Types of api-files.mjs, for the unit test that imports it (src/api/generate.test.ts).
export declare const GENERATED: { permissions: string; limits: string }
export declare function permissionsSource(doc: unknown): string
export declare function limitsSource(doc: unknown): string
export declare function generatedFiles(doc: unknown): Record<string, string>
