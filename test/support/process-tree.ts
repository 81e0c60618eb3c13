import { readdirSync, readFileSync } from "node:fs";

/**
 * The processes a command started, found on Linux through /proc: every process whose environment
 * holds `marker` (a variable the test gave the command, which its children inherit) and every
 * descendant of one (PostgreSQL's own processes overwrite their environment with their titles).
 * A process is named by pid and start time, so a reused pid is never taken for it.
 */
export type RunningProcess = { pid: number; startTime: string; command: string };

type Stat = { pid: number; ppid: number; state: string; startTime: string };

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "latin1");
    // "pid (command) state ppid ...": the command may hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { pid, state: fields[0]!, ppid: Number(fields[1]), startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

function read(path: string): string {
  try {
    return readFileSync(path, "latin1");
  } catch {
    return "";
  }
}

const alive = (s: Stat | undefined): s is Stat => s !== undefined && s.state !== "Z" && s.state !== "X";

function running(s: Stat): RunningProcess {
  return { pid: s.pid, startTime: s.startTime, command: read(`/proc/${s.pid}/cmdline`).replaceAll("\0", " ").trim() };
}

/** The running processes started with `marker` in their environment, and their descendants. */
export function processTree(marker: string): RunningProcess[] {
  const all = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).map((entry) => stat(Number(entry))).filter(alive);
  const inTree = new Set(all.filter((s) => read(`/proc/${s.pid}/environ`).split("\0").includes(marker)).map((s) => s.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of all) {
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
    }
  }
  return all.filter((s) => inTree.has(s.pid)).map(running);
}

/** Those of `processes` still running. */
export function stillRunning(processes: RunningProcess[]): RunningProcess[] {
  return processes.filter((p) => {
    const now = stat(p.pid);
    return alive(now) && now.startTime === p.startTime;
  });
}
