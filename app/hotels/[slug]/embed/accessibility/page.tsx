export { default, generateMetadata } from "@/app/(site)/accessibility/page";
