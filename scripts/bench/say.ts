/** Progress lines go to stderr; the results (tables) to stdout. */
export const say = (line: string) => console.error(`[bench] ${line}`);

/** Undone in reverse order when the run ends, whatever happened. */
export type Cleanups = (() => Promise<void>)[];
