import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const docs = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`);

/** The relative links of a Markdown file ([text](path) and [text](path#anchor)), as paths from the project's root. */
function relativeLinks(file: string): string[] {
  return [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split("#")[0]!)
    .filter((target) => target !== "" && !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(file), target));
}

describe("the README, a newcomer's first page", () => {
  it("is short and shows the two commands", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
    expect(readme).toContain("npm install && npm run dev");
    expect(readme).toContain("npm install && npm test");
  });

  it("links every page of docs/, and no link of the README or docs/ leads nowhere", () => {
    expect(relativeLinks("README.md")).toEqual(expect.arrayContaining(docs));
    const broken = ["README.md", ...docs].flatMap((file) => relativeLinks(file).filter((target) => !existsSync(join(root, target))).map((target) => `${file} → ${target}`));
    expect(broken).toEqual([]);
  });
});
