export { default, generateMetadata } from "@/app/(site)/layout";
