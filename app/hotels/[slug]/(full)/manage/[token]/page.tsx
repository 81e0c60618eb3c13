export { default, metadata } from "@/app/(site)/manage/[token]/page";
