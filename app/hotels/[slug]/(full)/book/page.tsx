export { default, metadata } from "@/app/(site)/book/page";
