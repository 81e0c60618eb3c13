export { default, metadata } from "@/app/(site)/confirmation/[token]/page";
