export { default, generateMetadata } from "@/app/(site)/find/page";
