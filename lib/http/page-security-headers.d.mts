export function pageSecurityHeaders(options: { production: boolean; frameAncestors?: readonly string[] }): { key: string; value: string }[];
