import { resolve } from "node:path";
import { localDataDir as localDataDirOf } from "../../lib/local-data-dir";

const projectRoot = resolve(import.meta.dirname, "..", "..");

/** The default home of local state: .data in the project, which git ignores. */
export const DEFAULT_DATA_DIR = resolve(projectRoot, ".data");

/** lib/local-data-dir.ts, for the project's scripts wherever they are started from. */
export const localDataDir = (): string => localDataDirOf(projectRoot);
