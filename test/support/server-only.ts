// Stands in for the `server-only` package under vitest, which does not set the react-server condition.
export {};
