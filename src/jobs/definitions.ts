import type { JobDefinition } from "./queue";

/**
 * Every kind of background job the app runs, one file each beside this one
 * (generate-plan, send-email, ...), registered here.
 */
export const jobDefinitions: JobDefinition<any>[] = [];
