import { randomFillSync } from "node:crypto";

const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

/**
 * `size` bytes from the system's CSPRNG, drawn from a 4 KiB buffer refilled when used up (as
 * Node's own randomUUID does): one system call per couple of hundred ids instead of one per
 * id. For ids and request ids, made on every request, where the benchmark's profile showed a
 * system call per id costing 40 µs of CPU under load. Keys, secrets and salts use
 * crypto.randomBytes directly.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 1 || size > POOL_SIZE) throw new RangeError(`size must be 1 to ${POOL_SIZE}`);
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
