export { default, metadata } from "@/app/(site)/accessibility/page";
