/** Moved to lib/secrets/secret-box.ts (it seals more than webhook secrets); kept only while prisma/seed.ts imports it from here. */
export * from "@/lib/secrets/secret-box";
