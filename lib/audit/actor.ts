/** Who did something: a staff member (id and e-mail), or a tool ("admin CLI", "seed"). */
export type Actor = { staffId?: string; label: string };

export const ADMIN_CLI_ACTOR: Actor = { label: "admin CLI" };
export const SEED_ACTOR: Actor = { label: "seed" };
/** Tests that act as nobody in particular. */
export const TEST_ACTOR: Actor = { label: "test" };
