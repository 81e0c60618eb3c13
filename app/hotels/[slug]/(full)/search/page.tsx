export { default, generateMetadata } from "@/app/(site)/search/page";
