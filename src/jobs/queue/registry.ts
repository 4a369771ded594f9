import type { JobDefinition } from "./job-definition";

/**
 * The kinds this process can enqueue and run. boot.ts registers the app's kinds after building
 * the services they call and before the runner starts; a kind registered twice keeps the last.
 */
export function createJobRegistry(initial: JobDefinition[] = []) {
  const definitions = new Map<string, JobDefinition>();

  function register(list: JobDefinition[]) {
    for (const definition of list) definitions.set(definition.kind, definition);
  }

  /** The definition of `kind`; enqueueing or running an unknown kind is a programming error. */
  function definitionOf(kind: string): JobDefinition {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`No job is defined for kind "${kind}"`);
    return definition;
  }

  register(initial);
  return {
    register,
    definitionOf,
    get: (kind: string) => definitions.get(kind),
    has: (kind: string) => definitions.has(kind),
    all: () => definitions.values(),
  };
}

export type JobRegistry = ReturnType<typeof createJobRegistry>;
