export { default, generateMetadata } from "@/app/(site)/book/page";
