export { default, generateMetadata } from "@/app/(site)/confirmation/[token]/page";
