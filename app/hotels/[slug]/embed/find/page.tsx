export { default, metadata } from "@/app/(site)/find/page";
