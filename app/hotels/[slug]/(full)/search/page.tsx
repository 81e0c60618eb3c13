export { default, metadata } from "@/app/(site)/search/page";
