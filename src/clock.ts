/** Where time comes from. Services take a Clock so tests can move time instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
