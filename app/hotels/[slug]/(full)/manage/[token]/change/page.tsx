export { default, generateMetadata } from "@/app/(site)/manage/[token]/change/page";
