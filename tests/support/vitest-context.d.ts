import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    /** Environment the product runs with (table, bucket, pool and client ids, endpoints). */
    productEnv: Record<string, string>;
    dataDir: string;
  }
}
