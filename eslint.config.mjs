import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "dist/**",
      ".data/**",
      "lib/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  {
    // Tests read JSON bodies of many shapes; typing each one adds nothing.
    files: ["test/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["scripts/**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Domain code stays free of framework code (../shared/ARCHITECTURE.md).
    files: ["lib/**/*.ts"],
    ignores: ["lib/http/**", "lib/partner-client/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["next", "next/*"], message: "lib/ domain code must not import Next.js; only lib/http does." }] }],
    },
  },
];

export default config;
