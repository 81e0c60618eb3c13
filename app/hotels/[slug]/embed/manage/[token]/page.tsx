export { default, generateMetadata } from "@/app/(site)/manage/[token]/page";
