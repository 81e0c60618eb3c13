/**
 * The samples of a Prometheus text exposition (format 0.0.4): `name{label="value",…} value`,
 * comments skipped, label values unescaped. The npm parsers tried (parse-prometheus-text-format,
 * prom2json-se) lose the labels of histogram series, which these tests read.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheusText(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const match = SAMPLE.exec(line.trim());
      if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? "").matchAll(LABEL)) labels[name!] = value!.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
      const raw = match[3]!;
      return { name: match[1]!, labels, value: raw === "+Inf" ? Infinity : raw === "-Inf" ? -Infinity : Number(raw) };
    });
}

/** The value of the one sample with this name and (at least) these labels; 0 when there is none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
